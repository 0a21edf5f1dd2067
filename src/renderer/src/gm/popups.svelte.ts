import { untrack } from 'svelte';

/**
 * The GM page's popups (the projector's scale and handouts panels, the campaign menu, a figure's
 * menu, the shortcuts): at most one is open — opening one closes the one before, as menus do in
 * every desktop app — and Escape closes it (GmApp's keys). Each popup keeps its own open state
 * and says here when it opens and closes (`asPopup`).
 */
class Popups {
  current = $state<string | null>(null);
  private closer: (() => void) | null = null;

  /** `id` opened: the popup open before it closes. */
  opened(id: string, close: () => void): void {
    const before = this.closer;
    const was = this.current;
    this.current = id;
    this.closer = close;
    if (was !== null && was !== id) before?.();
  }

  /** `id` closed by itself. */
  closed(id: string): void {
    if (this.current !== id) return;
    this.current = null;
    this.closer = null;
  }

  /** Closes the popup open (Escape); false when none was. */
  closeOpen(): boolean {
    const close = this.closer;
    if (this.current === null || close === null) return false;
    this.current = null;
    this.closer = null;
    close();
    return true;
  }
}

export const popups = new Popups();

/** Called while a component is made: its popup `id`, open while `isOpen()`, closed by `close`. */
export function asPopup(id: string, isOpen: () => boolean, close: () => void): void {
  $effect(() => {
    const open = isOpen();
    untrack(() => (open ? popups.opened(id, close) : popups.closed(id)));
  });
  $effect(() => () => untrack(() => popups.closed(id)));
}
