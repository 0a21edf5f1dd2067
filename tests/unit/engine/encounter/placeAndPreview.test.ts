/**
 * Placing by click (a hex the engine checks: RULINGS M7; out of engagement, the
 * console's choice on 001 §Engagement / RULINGS M6), a drag's preview that is the drop itself, and
 * a rolled character's dice shown before placing that replay exactly once placed.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { placementEngagement, placementRefusal } from '../../../../src/main/engine/encounter/figures/placement';
import { previewDrop } from '../../../../src/main/engine/encounter/movement/dropPreview';
import { rollCreation } from '../../../../src/main/engine/characters/creationRolls';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import type { Command, FigureSheetInput } from '../../../../src/shared/contract/commands';
import { encounter, fig, figOf, refusal, step, withMoveOrder } from './fixtures';

const spear = { weaponIds: ['spear'], readyWeaponId: 'spear' };
const BOUGHT = { STR: 14, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 6 };
const sheet = (extra: Partial<FigureSheetInput> = {}): FigureSheetInput => ({
  name: 'Aldric',
  sideId: 'a',
  kind: 'character',
  attributes: { method: 'pointBuy', values: BOUGHT },
  mana: null,
  equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
  ...extra,
});
const add = (more: Partial<Extract<Command, { type: 'addFigure' }>> = {}, figure = sheet()): Command => ({ type: 'addFigure', figure, ...more });

describe('placing a new figure where the GM clicks', () => {
  // Foe (side b) at (10,5) faces direction 3: its front hexes are its neighbours 2, 3 and 4.
  const s = () => encounter([fig('foe', 'b', 10, 5, { facing: 3, equipment: spear })], { terrain: { '3,3': 'wall' } });

  it('puts it on the clicked hex with the chosen facing', () => {
    const f = figOf(step(s(), add({ position: { q: 4, r: 4 }, facing: 5 }), [[2, 5]]).state, 'aldric');
    expect(f.position).toEqual({ q: 4, r: 4 });
    expect(f.facing).toBe(5);
  });

  it('refuses a wall, a figure and off the map, each with its reason (RULINGS M7)', () => {
    expect(placementRefusal(s(), { at: { q: 3, r: 3 }, facing: 0, size: 1, sideId: 'a' })).toBe('A wall stands there.');
    expect(placementRefusal(s(), { at: { q: 10, r: 5 }, facing: 0, size: 1, sideId: 'a' })).toBe('Another figure stands there.');
    expect(placementRefusal(s(), { at: { q: -5, r: 0 }, facing: 0, size: 1, sideId: 'a' })).toBe('That place is (partly) off the map.');
    expect(refusal(s(), add({ position: { q: 3, r: 3 } }), [[1, 1]])).toBe('A wall stands there.');
  });

  it('in a foe’s front hex it is placed, engaged, and the GM was told so (001 §Engagement; RULINGS M6; the console’s choice)', () => {
    const at = { q: 9, r: 5 };
    expect(placementRefusal(s(), { at, facing: 0, size: 1, sideId: 'a' })).toBeNull();
    expect(placementEngagement(s(), { at, facing: 0, size: 1, sideId: 'a' })).toBe(
      'Foe would engage it there: it starts engaged (001 §Engagement; RULINGS M6).',
    );
    expect(figOf(step(s(), add({ position: at }), [[1, 1]]).state, 'aldric').position).toEqual(at);
    // Behind the foe is no front hex; a friend of the foe is never engaged by it.
    expect(placementEngagement(s(), { at: { q: 11, r: 5 }, facing: 0, size: 1, sideId: 'a' })).toBeNull();
    expect(placementEngagement(s(), { at, facing: 0, size: 1, sideId: 'b' })).toBeNull();
  });

  it('without a hex, the nearest place to the centre that is free and out of engagement', () => {
    // The centre (10,5) is the foe's; the spiral's first hexes in its front are skipped.
    const f = figOf(step(s(), add(), [[3, 4]]).state, 'aldric');
    expect(placementRefusal(s(), { at: f.position, facing: 0, size: 1, sideId: 'a' })).toBeNull();
    expect(placementEngagement(s(), { at: f.position, facing: 0, size: 1, sideId: 'a' })).toBeNull();
  });
});

describe('the drag preview is the drop (RULINGS M1–M7)', () => {
  const moving = () =>
    withMoveOrder(encounter([fig('me', 'a', 2, 5), fig('pal', 'a', 4, 5)], { terrain: { '3,4': 'broken' }, phase: 'initialMovement' }), ['me', 'pal']);

  it('gives the path the move takes, its cost, the gait and the Fatigue', () => {
    const command: Command = { type: 'move', figureId: 'me', to: { q: 5, r: 5 } };
    const p = previewDrop(moving(), command, DEFAULT_RULES);
    const moved = apply(moving(), command, createSeededDice(9), DEFAULT_RULES).events.find((e) => e.type === 'moved');
    expect(p).toMatchObject({ ok: true, reason: null, cost: 4 }); // round Pal at (4,5)
    expect(p.path).toHaveLength(5);
    expect(p.path).toEqual(moved && 'path' in moved ? moved.path : null);
    expect(p.path[0]).toEqual({ q: 2, r: 5 });
    expect(p.path.at(-1)).toEqual({ q: 5, r: 5 });
    expect(p.gait).toMatch(/\(\d+ hexes\)$/);
    expect(p.fatigue).toBe(0);
  });

  it('names the gait the turn counts and the Fatigue it costs (RULINGS T5 amended, M3)', () => {
    // Set out at Sprint: 3 hexes are a walk, free; 17 hexes (round Pal) need the sprint and cost its Fatigue.
    const short = previewDrop(moving(), { type: 'move', figureId: 'me', mode: 'sprint', to: { q: 2, r: 8 } }, DEFAULT_RULES);
    expect(short).toMatchObject({ ok: true, mode: 'sprint', cost: 3, fatigue: 0 });
    expect(short.gait).toMatch(/^Walk/);
    const long = previewDrop(moving(), { type: 'move', figureId: 'me', mode: 'sprint', to: { q: 18, r: 5 } }, DEFAULT_RULES);
    expect(long).toMatchObject({ ok: true, mode: 'sprint', cost: 17, fatigue: 6 });
    expect(long.gait).toMatch(/^Sprint/);
  });

  it('a refused drop gives the engine’s reason and leaves the state alone', () => {
    const s = moving();
    const p = previewDrop(s, { type: 'move', figureId: 'me', to: { q: 4, r: 5 } }, DEFAULT_RULES);
    expect(p).toMatchObject({ ok: false, reason: 'Pal is already in that hex.', path: [{ q: 2, r: 5 }], cost: 0 });
    expect(figOf(s, 'me').position).toEqual({ q: 2, r: 5 });
  });

  it('outside movement the drop is the GM’s one-step placement', () => {
    const s = encounter([fig('me', 'a', 2, 5)]);
    expect(previewDrop(s, { type: 'moveFigure', figureId: 'me', to: { q: 3, r: 5 } })).toMatchObject({
      ok: true,
      cost: 1,
      path: [
        { q: 2, r: 5 },
        { q: 3, r: 5 },
      ],
    });
    expect(previewDrop(s, { type: 'moveFigure', figureId: 'me', to: { q: 5, r: 5 } })).toMatchObject({
      ok: false,
      reason: 'Me can only step to an adjacent hex here.',
    });
  });
});

describe('a rolled character’s dice before it is placed (001 §Determining Core Attributes; RULINGS C3, C8)', () => {
  it('the previewed faces, sent as the placement’s entered dice, make exactly the previewed figure, every replay', () => {
    const rolls = rollCreation(createSeededDice(77), '3d6');
    expect(rolls.attributes.map((a) => a.name)).toEqual(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']);
    for (const a of rolls.attributes) {
      expect(a.faces).toHaveLength(3);
      expect(a.total).toBe(a.faces.reduce((x, y) => x + y, 0));
    }
    const rolled = sheet({ attributes: { method: 'roll' }, mana: { method: 'roll' } });
    const place = () => apply(encounter([]), add({ position: { q: 4, r: 4 } }, rolled), createEnteredDice(rolls.entered), DEFAULT_RULES);
    const first = place();
    const f = figOf(first.state, 'aldric');
    expect(f.attributes).toEqual(Object.fromEntries(rolls.attributes.map((a) => [a.name, a.total])));
    expect(f.fatigueDice).toEqual(rolls.fatigue);
    expect(f.mana?.pool).toBe(rolls.mana!.total);
    expect(first.rolls.map((r) => r.faces)).toEqual(rolls.entered);
    expect(place().state).toEqual(first.state);
  });

  it('each roll of main’s generator is a new set of faces (the re-roll)', () => {
    const dice = createSeededDice(5);
    const a = rollCreation(dice, null);
    const b = rollCreation(dice, null);
    expect(a.mana).toBeNull();
    expect(a.entered).toHaveLength(7);
    expect(b.entered).not.toEqual(a.entered);
  });
});
