/**
 * Spell effects on the map (src/renderer/src/map/effectOverlay.ts, fromViews.ts): the areas come
 * from main's views, every one on the GM's, the ones main kept on the players'; the overlay asks
 * for a redraw only when an area changed. The drawing itself needs a canvas: checked in Chromium.
 */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../../src/shared/hex';
import type { GmView, PlayerView } from '../../../src/shared/contract/views';

type Area = { id: string; kind: string; hexes: readonly Hex[] };
// Renderer code is outside tsconfig.node.json's file list (see projection.test.ts): imported by a
// computed path.
const mapDir = ['..', '..', '..', 'src', 'renderer', 'src', 'map'];
const { gmEffects, playerEffects } = (await import(/* @vite-ignore */ [...mapDir, 'fromViews'].join('/'))) as {
  gmEffects: (view: GmView) => Area[];
  playerEffects: (view: PlayerView) => Area[];
};
const { EffectOverlay } = (await import(/* @vite-ignore */ [...mapDir, 'effectOverlay'].join('/'))) as {
  EffectOverlay: new (
    layout: () => unknown,
    view: () => unknown,
  ) => { setAreas(areas: readonly Area[]): boolean; readonly shown: readonly { kind: string; hexes: readonly Hex[] }[] };
};

const wall = [
  { q: 1, r: 0 },
  { q: 2, r: 0 },
];
const dark = [{ q: 4, r: 2 }];

/** Only what the functions read: each figure's spells, and the players' active spells. */
const gmView = {
  encounter: {
    figures: [
      {
        id: 'ilsa',
        spells: [
          { spellId: 'shield', name: 'Shield', targetId: 'ilsa', renewalCost: 1 },
          { spellId: 'wall', name: 'Wall', targetId: null, renewalCost: 2, at: { q: 1, r: 0 }, effect: { kind: 'wall', hexes: wall } },
        ],
      },
      { id: 'grak', spells: [{ spellId: 'dark', name: 'Darkness', targetId: null, renewalCost: 1, at: dark[0], effect: { kind: 'darkness', hexes: dark } }] },
      { id: 'bram', spells: [] },
    ],
  },
} as unknown as GmView;

const playerView = {
  encounter: {
    magic: {
      active: [
        { id: 's1', name: 'Light', variant: null, casterId: 'ilsa', targetId: null, at: { q: 0, r: 0 }, effect: { kind: 'light', hexes: [{ q: 0, r: 0 }] } },
        { id: 's2', name: 'Shield', variant: null, casterId: 'ilsa', targetId: 'ilsa' },
      ],
      inRunaway: [],
    },
  },
} as unknown as PlayerView;

describe('spell effects from the views', () => {
  it('the GM map gets every effect of every caster, one area a spell', () => {
    expect(gmEffects(gmView)).toEqual([
      { id: 'ilsa:1:wall', kind: 'wall', hexes: wall },
      { id: 'grak:0:dark', kind: 'darkness', hexes: dark },
    ]);
  });

  it('the player map gets the effects main put in the player view, and no others', () => {
    expect(playerEffects(playerView)).toEqual([{ id: 's1', kind: 'light', hexes: [{ q: 0, r: 0 }] }]);
  });
});

describe('the effect overlay', () => {
  const overlay = () =>
    new EffectOverlay(
      () => ({ size: 30, origin: { x: 0, y: 0 } }),
      () => ({ x0: 0, y0: 0, x1: 800, y1: 600 }),
    );

  it('asks for a redraw for new areas, not for the same ones again, and again when a hex changes', () => {
    const o = overlay();
    const areas = gmEffects(gmView);
    expect(o.setAreas(areas)).toBe(true);
    expect(o.setAreas(gmEffects(gmView))).toBe(false);
    expect(o.shown).toEqual([
      { kind: 'wall', hexes: wall },
      { kind: 'darkness', hexes: dark },
    ]);
    const moved = areas.map((a) => (a.kind === 'wall' ? { ...a, hexes: [wall[0]!, { q: 2, r: 1 }] } : a));
    expect(o.setAreas(moved)).toBe(true);
    expect(o.setAreas(moved.map((a) => (a.kind === 'darkness' ? { ...a, kind: 'light' } : a)))).toBe(true);
    expect(o.setAreas([])).toBe(true);
    expect(o.setAreas([])).toBe(false);
  });
});
