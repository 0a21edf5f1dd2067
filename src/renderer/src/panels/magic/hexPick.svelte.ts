import type { Hex } from '../../../../shared/hex';
import type { SpellAimMarker } from '../../map/spellOverlay';
import { sameArea } from '../../map/effectOverlay';

/**
 * The cast flow's hold on the GM map (001 §Facing: a spell may go to a bare hex): while
 * `active`, the next click on any hex, with a figure or without, goes to the cast flow instead of
 * selecting or dragging; `aim` rings the hex the flow is aiming at, in the colour of main's
 * verdict on it. Only intent lives here: which hexes are allowed is main's answer (castPreview).
 */
class HexPick {
  active = $state(false);
  aim = $state<SpellAimMarker | null>(null);
  private handler: ((hex: Hex) => void) | null = null;

  /** The next map click on a hex goes to `handler`. */
  start(handler: (hex: Hex) => void): void {
    this.handler = handler;
    this.active = true;
  }

  stop(): void {
    this.handler = null;
    this.active = false;
  }

  /** The map reports a click on `hex` (only while active). */
  pick(hex: Hex): void {
    const handler = this.handler;
    if (!this.active || handler === null) return;
    this.stop();
    handler({ q: hex.q, r: hex.r });
  }

  setAim(aim: SpellAimMarker | null): void {
    const a = this.aim;
    if (a === aim || (a && aim && a.ok === aim.ok && a.hex.q === aim.hex.q && a.hex.r === aim.hex.r && sameArea(a.area, aim.area))) return;
    this.aim = aim;
  }
}

export const hexPick = new HexPick();
