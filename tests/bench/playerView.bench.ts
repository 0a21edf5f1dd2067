/**
 * The player view at 250 figures (secrecy at the player boundary must not slow a push): opaque ids,
 * "to act" without the 25 hidden figures, a map image with 300 fogged hexes. Run with
 * `npm run bench`.
 */
import { bench, describe } from 'vitest';
import { EncounterStateSchema, FigureStateSchema, turnStateOf, type EncounterState } from '../../src/main/engine/encounter/schema';
import { frameOf } from '../../src/main/projection/frame';

function figure(i: number) {
  const col = (i * 37) % 100;
  const row = (i * 53) % 100;
  return FigureStateSchema.parse({
    id: `goblin-${i + 1}`,
    name: `Goblin ${i + 1}`,
    sideId: i % 2 ? 'b' : 'a',
    position: { q: col, r: row - Math.floor(col / 2) },
    facing: i % 6,
    size: 1,
    posture: 'standing',
    hidden: i % 10 === 0,
    gmNotes: '',
    attributes: { STR: 12, DEX: 11 + (i % 4), INT: 10, WIS: 10, CON: 12, CHR: 10 },
    fatigue: { starting: 60, current: 60 },
    body: { starting: 40, current: 40 },
    mana: null,
    equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: null, shieldId: null },
  });
}

function table(): EncounterState {
  const figures = Array.from({ length: 250 }, (_, i) => figure(i));
  const hidden: string[] = [];
  for (let col = 60; col < 80; col++) for (let row = 0; row < 15; row++) hidden.push(`${col},${row - Math.floor(col / 2)}`);
  const state = EncounterStateSchema.parse({
    id: 'table',
    name: 'Table',
    map: {
      cols: 100,
      rows: 100,
      orientation: 'flat',
      terrain: {},
      hidden,
      image: { asset: `${'ab'.repeat(32)}.png`, width: 4000, height: 4000, x: 0, y: 0, scale: 0.04 },
    },
    sides: [
      { id: 'a', name: 'A', color: '#000000' },
      { id: 'b', name: 'B', color: '#ffffff' },
    ],
    figures,
    spells: [],
    turn: 1,
    phase: 'actions',
  });
  return { ...state, turnState: { ...turnStateOf(state), actionOrder: figures.map((f) => f.id) } };
}

const state = table();

describe('player view budget', () => {
  bench('playerView: 250 figures, 25 hidden and first due, 300 fogged hexes, a map image', () => {
    // A fresh state object each time, as after a command.
    frameOf({ ...state, figures: [...state.figures] });
  });
});
