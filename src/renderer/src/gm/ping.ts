import type { ClientApi } from '../../../shared/contract';
import type { Hex } from '../../../shared/hex';

/**
 * The GM's ping: G points at the hex under the pointer for the table (or a finger held on a hex
 * of a touch screen), and both maps pulse there (map/pingOverlay.ts). The pointer is followed
 * over the whole page, since G comes from the keyboard.
 */
let pointer: { x: number; y: number } | null = null;

/** Follows the pointer; returns the function that stops following it. */
export function followPointer(): () => void {
  const moved = (e: PointerEvent): void => void (pointer = { x: e.clientX, y: e.clientY });
  window.addEventListener('pointermove', moved, { passive: true });
  return () => window.removeEventListener('pointermove', moved);
}

export async function pingUnderPointer(api: ClientApi<'gm'>, hexAt: (x: number, y: number) => Hex | null, toast: (text: string) => void): Promise<void> {
  const hex = pointer && hexAt(pointer.x, pointer.y);
  if (!hex) return toast('Point at a hex on the map, then press G to ping it for the table.');
  await pingHex(api, hex, toast);
}

/** Pings `hex` for the table; a refusal is told. */
export async function pingHex(api: ClientApi<'gm'>, hex: Hex, toast: (text: string) => void): Promise<void> {
  const result = await api.pingHex({ hex: { q: hex.q, r: hex.r } });
  if (!result.ok) toast(result.error.message);
}
