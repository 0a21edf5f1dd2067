import type { Component } from 'svelte';
import FigurePanel from '../panels/FigurePanel.svelte';
import LogPanel from '../panels/log/LogPanel.svelte';
import MagicPanel from '../panels/magic/MagicPanel.svelte';
import OddsPanel from '../panels/tactics/OddsPanel.svelte';

/**
 * The tabs of the GM page's right column, in order. Each is a component that takes its data
 * from `useConsole()`; adding a panel is one line here.
 */
export const RIGHT_TABS: readonly { readonly id: string; readonly label: string; readonly component: Component }[] = [
  { id: 'figure', label: 'Figure', component: FigurePanel },
  { id: 'log', label: 'Dice log', component: LogPanel },
  { id: 'magic', label: 'Magic', component: MagicPanel },
  { id: 'odds', label: 'Odds', component: OddsPanel },
];
