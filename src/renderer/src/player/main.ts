import { mount } from 'svelte';
import '../global.css';
import { connectApi } from '../api/client';
import PlayerApp from './PlayerApp.svelte';

mount(PlayerApp, { target: document.getElementById('app')!, props: { api: connectApi('player') } });
