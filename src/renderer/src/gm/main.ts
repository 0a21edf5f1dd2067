import { mount } from 'svelte';
import '../global.css';
import './controls.css';
import { connectApi } from '../api/client';
import { consoleContext, GmConsole } from './console.svelte';
import GmApp from './GmApp.svelte';

mount(GmApp, { target: document.getElementById('app')!, context: consoleContext(new GmConsole(connectApi('gm'))) });
