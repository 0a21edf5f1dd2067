import { mount } from 'svelte';
import '../global.css';
import { connectApi } from '../api/client';
import SeatApp from './SeatApp.svelte';

mount(SeatApp, { target: document.getElementById('app')!, props: { api: connectApi('seat') } });
