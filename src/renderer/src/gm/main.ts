import { mount } from 'svelte';
import '../global.css';
import { connectApi } from '../api/client';
import GmApp from './GmApp.svelte';

mount(GmApp, { target: document.getElementById('app')!, props: { api: connectApi('gm') } });
