import { mount } from 'svelte';
import '../global.css';
import { connectApi } from '../api/client';
import { SEAT_NAMES } from '../api/seatNames';
import SeatApp from './SeatApp.svelte';

mount(SeatApp, { target: document.getElementById('app')!, props: { api: connectApi('seat', SEAT_NAMES) } });
