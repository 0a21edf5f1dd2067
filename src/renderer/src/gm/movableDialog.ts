/**
 * A floating dialog the GM can drag by its header, so it never has to cover the part of the map
 * they are looking at (the console's choice, as in Foundry VTT's windows). It reopens where the GM
 * last left it, by name, for the rest of the page's life.
 */
export interface Placement {
  left: number;
  top: number;
}

/** How much of a dialog must stay inside its area: enough of the header to grab it again. */
const KEEP_VISIBLE = 48;

const lastPlaced = new Map<string, Placement>();

/** Keeps a dialog of `size` inside an area of `area`, at least its grab strip visible. */
export function clampPlacement(want: Placement, size: { width: number; height: number }, area: { width: number; height: number }): Placement {
  const maxLeft = Math.max(0, area.width - Math.min(size.width, area.width));
  const maxTop = Math.max(0, area.height - Math.min(size.height, KEEP_VISIBLE));
  return { left: Math.round(Math.min(maxLeft, Math.max(0, want.left))), top: Math.round(Math.min(maxTop, Math.max(0, want.top))) };
}

const CONTROLS = 'button, select, input, textarea, a';

/** Svelte action: drag `dialog` by its `[data-drag-handle]` child; double-click the handle to put it back. */
export function movable(dialog: HTMLElement, name: string): { destroy(): void } {
  const handle = dialog.querySelector<HTMLElement>('[data-drag-handle]') ?? dialog;
  const area = (): HTMLElement => (dialog.offsetParent as HTMLElement | null) ?? document.body;
  const place = (want: Placement): void => {
    const at = clampPlacement(want, { width: dialog.offsetWidth, height: dialog.offsetHeight }, { width: area().clientWidth, height: area().clientHeight });
    dialog.style.left = `${at.left}px`;
    dialog.style.top = `${at.top}px`;
    dialog.style.right = 'auto';
    lastPlaced.set(name, at);
  };
  const remembered = lastPlaced.get(name);
  if (remembered) place(remembered);

  let grab: { x: number; y: number; left: number; top: number; pointer: number } | null = null;
  const down = (e: PointerEvent): void => {
    if (e.button !== 0 || (e.target as Element).closest(CONTROLS)) return;
    grab = { x: e.clientX, y: e.clientY, left: dialog.offsetLeft, top: dialog.offsetTop, pointer: e.pointerId };
    handle.setPointerCapture(e.pointerId);
    e.preventDefault();
  };
  const move = (e: PointerEvent): void => {
    if (grab?.pointer === e.pointerId) place({ left: grab.left + e.clientX - grab.x, top: grab.top + e.clientY - grab.y });
  };
  const up = (e: PointerEvent): void => {
    if (grab?.pointer === e.pointerId) grab = null;
  };
  const reset = (e: MouseEvent): void => {
    if ((e.target as Element).closest(CONTROLS)) return;
    lastPlaced.delete(name);
    dialog.style.left = dialog.style.top = dialog.style.right = '';
  };
  handle.addEventListener('pointerdown', down);
  handle.addEventListener('pointermove', move);
  handle.addEventListener('pointerup', up);
  handle.addEventListener('pointercancel', up);
  handle.addEventListener('dblclick', reset);
  return {
    destroy(): void {
      handle.removeEventListener('pointerdown', down);
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      handle.removeEventListener('dblclick', reset);
    },
  };
}
