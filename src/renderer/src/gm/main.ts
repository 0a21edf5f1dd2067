import { mount } from 'svelte';
import '../global.css';
import './controls.css';
import '../api/zodConfig';
import { channelNamesFor, eventNamesFor } from '../../../shared/contract';
import { connectApi } from '../api/client';
import { consoleContext, GmConsole } from './console.svelte';
import GmApp from './GmApp.svelte';

mount(GmApp, { target: document.getElementById('app')!, context: consoleContext(new GmConsole(connectApi('gm', { channels: channelNamesFor('gm'), events: eventNamesFor('gm') }))) });
