import type { Component } from 'svelte';
import FigurePanel from '../panels/FigurePanel.svelte';
import LogPanel from '../panels/log/LogPanel.svelte';
import type { LazyComponent } from './lazy';

/**
 * The tabs of the GM page's right column, in order. Each is a component that takes its data
 * from `useConsole()`; adding a panel is one line here. The rarely used ones (the magic forms,
 * the odds and their replays) are their own chunks, loaded when first shown.
 */
export type RightTab = { readonly id: string; readonly label: string } & (
  { readonly component: Component; readonly load?: undefined } | { readonly load: LazyComponent; readonly component?: undefined }
);

export const RIGHT_TABS: readonly RightTab[] = [
  { id: 'figure', label: 'Figure', component: FigurePanel },
  { id: 'log', label: 'Dice log', component: LogPanel },
  { id: 'magic', label: 'Magic', load: () => import('../panels/magic/MagicPanel.svelte') },
  { id: 'odds', label: 'Odds', load: () => import('../panels/tactics/OddsPanel.svelte') },
];
