import type { ClientApi } from '../../../shared/contract';
import type { Frame, ProjectorUpdate } from '../../../shared/contract/channels/display';
import type { Hex } from '../../../shared/hex';
import { lookFrame } from '../map/projection';

/**
 * The GM's ping: G points at the hex under the pointer for the table (or a finger held on a hex
 * of a touch screen), and both maps pulse there (map/pingOverlay.ts); Shift+G also turns the
 * players' eyes there ("look here"). The pointer is followed over the whole page, since G comes
 * from the keyboard.
 */
let pointer: { x: number; y: number } | null = null;

/** Follows the pointer; returns the function that stops following it. */
export function followPointer(): () => void {
  const moved = (e: PointerEvent): void => void (pointer = { x: e.clientX, y: e.clientY });
  window.addEventListener('pointermove', moved, { passive: true });
  return () => window.removeEventListener('pointermove', moved);
}

/** What "look here" needs of the map: a hex's centre, the whole map, the framing the projector shows now. */
export interface LookHere {
  readonly centreOf: (hex: Hex) => { x: number; y: number } | null;
  readonly whole: Frame | null;
  /** What the projector shows now; null = the whole map, which has every hex in view already. */
  readonly shown: Frame | null;
  readonly setProjector: (update: ProjectorUpdate) => Promise<boolean>;
}

export async function pingUnderPointer(
  api: ClientApi<'gm'>,
  hexAt: (x: number, y: number) => Hex | null,
  toast: (text: string) => void,
  look?: LookHere,
): Promise<void> {
  const hex = pointer && hexAt(pointer.x, pointer.y);
  if (!hex) return toast('Point at a hex on the map, then press G to ping it for the table.');
  // Look here: the projector holds a framing of the size it shows now, centred on the hex; then the
  // ping (a later change to the projector would end it).
  const centre = look?.centreOf(hex);
  const frame = look?.shown && look.whole && centre ? lookFrame(centre, look.shown, look.whole) : null;
  if (frame && !(await look!.setProjector({ mode: 'hold', frame }))) return;
  await pingHex(api, hex, toast);
}

/** Pings `hex` for the table; a refusal is told. */
export async function pingHex(api: ClientApi<'gm'>, hex: Hex, toast: (text: string) => void): Promise<void> {
  const result = await api.pingHex({ hex: { q: hex.q, r: hex.r } });
  if (!result.ok) toast(result.error.message);
}
