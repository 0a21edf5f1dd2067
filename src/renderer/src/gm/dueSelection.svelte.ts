import { untrack } from 'svelte';
import type { GmConsole } from './console.svelte';

/** The figure the console selected because its turn came (null before any). */
export const dueSelection = $state<{ id: string | null }>({ id: null });

/**
 * When a figure's turn comes, it is selected on the map and in the sheet, as Foundry VTT selects
 * the active token; the GM may select another meanwhile, and it stays selected until the next turn.
 * Called while GmApp is made.
 */
export function selectTheDueFigure(gm: GmConsole): void {
  $effect(() => {
    const due = gm.view?.encounter.tracker.due[0] ?? null;
    if (due === dueSelection.id) return;
    dueSelection.id = due;
    if (due) untrack(() => gm.select(due));
  });
}
