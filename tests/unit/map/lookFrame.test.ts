/** "Look here" (gm/ping.ts, its arithmetic in map/projection.ts): the framing the projector holds after Shift+G. */
import { describe, expect, it } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list: imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'projection'].join('/');
type Frame = { x: number; y: number; width: number; height: number };
const { lookFrame } = (await import(/* @vite-ignore */ modulePath)) as { lookFrame: (centre: { x: number; y: number }, shown: Frame, whole: Frame) => Frame };

const whole = { x: 20, y: 15, width: 40, height: 30 };

describe('the framing “look here” holds', () => {
  it('keeps the size shown and centres on the hex when the map allows', () => {
    expect(lookFrame({ x: 18, y: 12 }, { x: 5, y: 5, width: 10, height: 6 }, whole)).toEqual({ x: 18, y: 12, width: 10, height: 6 });
  });
  it('stops at the map’s edge rather than show empty table; the hex stays in view', () => {
    const f = lookFrame({ x: 1, y: 29 }, { x: 20, y: 15, width: 10, height: 6 }, whole);
    expect(f).toEqual({ x: 5, y: 27, width: 10, height: 6 });
    expect(Math.abs(1 - f.x)).toBeLessThanOrEqual(f.width / 2);
    expect(Math.abs(29 - f.y)).toBeLessThanOrEqual(f.height / 2);
  });
  it('centres on the map along a side the framing is wider than the map', () => {
    expect(lookFrame({ x: 2, y: 3 }, { x: 0, y: 0, width: 60, height: 6 }, whole)).toEqual({ x: 20, y: 3, width: 60, height: 6 });
  });
});
