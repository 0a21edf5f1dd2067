/**
 * The GM's figure commands and the map image: addFigure with
 * rolled, bought (RULINGS C2) and typed attributes, the creation 2d6 kept (RULINGS C3), the secret
 * mana pool (RULINGS C8), edits that keep the creation roll, removal that leaves no dangling ids,
 * and the image's placement and two-pin calibration.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../../src/main/engine/encounter/apply';
import { checkFigureSheet, figureIdFor } from '../../../../../src/main/engine/encounter/figures/roster';
import { hexBoundsInWorld } from '../../../../../src/main/engine/encounter/map/mapEdit';
import { createEnteredDice } from '../../../../../src/main/engine/dice/entered';
import type { Command, FigureSheetInput } from '../../../../../src/shared/contract/commands';
import { encounter, fig, figOf, refusal, step } from '../fixtures';

const ASSET = `${'ab'.repeat(32)}.png`;

/** 14 + 15 + 10 + 8 + 12 + 6 = 65 (RULINGS C2). */
const BOUGHT = { STR: 14, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 6 };

function sheet(extra: Partial<FigureSheetInput> = {}): FigureSheetInput {
  return {
    name: 'Aldric',
    sideId: 'a',
    kind: 'character',
    attributes: { method: 'pointBuy', values: BOUGHT },
    mana: null,
    equipment: { weaponIds: ['shortsword'], readyWeaponId: 'shortsword', armorId: 'leather-armor', shieldId: null },
    ...extra,
  };
}

const add = (figure: FigureSheetInput, more: Partial<Extract<Command, { type: 'addFigure' }>> = {}): Command => ({ type: 'addFigure', figure, ...more });

describe('addFigure (001 §Determining Core Attributes; RULINGS C2, C3, C8)', () => {
  it('places a 65-point character with Fatigue from the attributes and one recorded 2d6', () => {
    const state = encounter([]);
    const result = step(state, add(sheet(), { position: { q: 3, r: 4 }, facing: 2 }), [[3, 4]]);
    const f = figOf(result.state, 'aldric');
    expect(f.attributes).toEqual(BOUGHT);
    // RULINGS C3: CON 12 + WIS 8 + INT 10 + max(DEX 15, STR 14) + 2d6 7 = 52; Body ceil(2/3 × 52) = 35.
    expect(f.fatigue).toEqual({ starting: 52, current: 52 });
    expect(f.body).toEqual({ starting: 35, current: 35 });
    expect(f.fatigueDice).toEqual([3, 4]);
    expect(f.position).toEqual({ q: 3, r: 4 });
    expect(f.facing).toBe(2);
    expect(f.kind).toBe('character');
    expect(f.mana).toBeNull();
    expect(f.equipment).toEqual({
      weaponIds: ['shortsword'],
      readyWeaponId: 'shortsword',
      armorId: 'leather-armor',
      shieldId: null,
      shieldReady: false,
      packLbs: 0,
    });
    expect(result.rolls.map((r) => [r.label, r.total])).toEqual([['creation: Fatigue 2d6', 7]]);
    expect(result.events).toEqual([
      {
        type: 'figureAdded',
        figureId: 'aldric',
        name: 'Aldric',
        sideId: 'a',
        at: { q: 3, r: 4 },
        method: 'pointBuy',
        fatigue: 52,
        body: 35,
        source: '001 §Determining Core Attributes; RULINGS C2, C3',
      },
    ]);
  });

  it('refuses 66 points, naming the overspend (RULINGS C2)', () => {
    const state = encounter([]);
    const over = sheet({ attributes: { method: 'pointBuy', values: { ...BOUGHT, CHR: 7 } } });
    expect(checkFigureSheet(state, over)).toEqual(['66 points spent: 1 over the 65 allowed.']);
    expect(refusal(state, add(over), [[3, 4]])).toBe('66 points spent: 1 over the 65 allowed.');
  });

  it('refuses an attribute outside 3–18 in a point-buy and reports every problem at once', () => {
    const state = encounter([]);
    const bad = sheet({ name: '  ', sideId: 'nobody', attributes: { method: 'pointBuy', values: { ...BOUGHT, STR: 19, CHR: 1 } } });
    expect(checkFigureSheet(state, bad)).toEqual([
      'The figure needs a name.',
      'There is no side "nobody" in this encounter.',
      'STR is 19; the highest allowed is 18.',
      'CHR is 1; the lowest allowed is 3.',
    ]);
  });

  it('rolls 3d6 per attribute in 001 order, then the 2d6 and the mana pool with the campaign dice', () => {
    const state = encounter([]);
    const rolled = sheet({ attributes: { method: 'roll' }, mana: { method: 'roll' } });
    const faces = [
      [6, 5, 4],
      [3, 3, 3],
      [4, 4, 4],
      [2, 2, 2],
      [5, 5, 1],
      [1, 1, 1],
      [6, 6],
      [2, 3, 4],
    ];
    const result = step(state, add(rolled), faces);
    const f = figOf(result.state, 'aldric');
    expect(f.attributes).toEqual({ STR: 15, DEX: 9, INT: 12, WIS: 6, CON: 11, CHR: 3 });
    // 11 + 6 + 12 + max(9, 15) + 12 = 56; Body ceil(112/3) = 38.
    expect(f.fatigue.starting).toBe(56);
    expect(f.body.starting).toBe(38);
    expect(f.mana).toEqual({ pool: 9, current: 9, debt: 0 });
    expect(result.rolls.map((r) => r.label)).toEqual([
      'creation: STR',
      'creation: DEX',
      'creation: INT',
      'creation: WIS',
      'creation: CON',
      'creation: CHR',
      'creation: Fatigue 2d6',
      'creation: mana pool',
    ]);
    // No position given: the free hex nearest the map's centre (offset 10,10 → axial 10,5).
    expect(f.position).toEqual({ q: 10, r: 5 });
  });

  it('leaves a weapon slung when the rolled STR is below its STR column', () => {
    const state = encounter([]);
    const rolled = sheet({
      attributes: { method: 'roll' },
      equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: null, shieldId: null },
    });
    const result = step(state, add(rolled), [
      [3, 3, 3],
      [3, 3, 3],
      [3, 3, 3],
      [3, 3, 3],
      [3, 3, 3],
      [3, 3, 3],
      [1, 1],
    ]);
    const f = figOf(result.state, 'aldric');
    expect(f.attributes.STR).toBe(9);
    expect(f.equipment.weaponIds).toEqual(['broadsword']);
    expect(f.equipment.readyWeaponId).toBeNull();
  });

  it('types a quick NPC with a mana pool; a roster figure keeps its 2d6 and rolls nothing', () => {
    const state = encounter([fig('x', 'b', 10, 5)]);
    const npc = sheet({
      name: 'Raider',
      sideId: 'b',
      kind: 'npc',
      attributes: { method: 'set', values: { STR: 22, DEX: 9, INT: 7, WIS: 7, CON: 20, CHR: 5 } },
      fatigueDice: [6, 2],
      mana: { method: 'set', pool: 11 },
      hidden: true,
      equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
    });
    const result = step(state, add(npc), []);
    expect(result.rolls).toEqual([]);
    const f = figOf(result.state, 'raider');
    // 20 + 7 + 7 + 22 + 8 = 64; Body ceil(128/3) = 43.
    expect(f.fatigue.starting).toBe(64);
    expect(f.body.starting).toBe(43);
    expect(f.mana).toEqual({ pool: 11, current: 11, debt: 0 });
    expect(f.hidden).toBe(true);
    // (10,5) is taken: the spiral's first free hex around it.
    expect(f.position).not.toEqual({ q: 10, r: 5 });
    expect(Math.abs(f.position.q - 10) + Math.abs(f.position.r - 5) + Math.abs(f.position.q + f.position.r - 15)).toBe(2);
    // A second figure of the same name gets the next free id.
    expect(figureIdFor(result.state, 'Raider')).toBe('raider-2');
  });

  it('a second figure of a name already in the encounter gets the next number, and the kept 2d6 again (RULINGS C3)', () => {
    const raider = sheet({
      name: 'Raider',
      sideId: 'b',
      kind: 'npc',
      attributes: { method: 'set', values: { STR: 12, DEX: 11, INT: 9, WIS: 9, CON: 10, CHR: 8 } },
      fatigueDice: [6, 2],
      equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
    });
    let state = encounter([fig('x', 'b', 10, 5)]);
    const names: string[] = [];
    for (const name of ['Raider', 'raider', 'Raider 2', 'Grak']) {
      const result = step(state, add({ ...raider, name }), []);
      expect(result.rolls).toEqual([]);
      state = result.state;
      const added = state.figures.at(-1)!;
      names.push(`${added.id}:${added.name}`);
      expect(added.fatigueDice).toEqual([6, 2]);
    }
    expect(names).toEqual(['raider:Raider', 'raider-2:raider 2', 'raider-3:Raider 3', 'grak:Grak']);
    // A visible figure is numbered only against what the players see: a hidden Orc tells no count.
    const hidden = step(state, add({ ...raider, name: 'Orc', hidden: true }), []).state;
    const visible = step(hidden, add({ ...raider, name: 'Orc' }), []).state;
    expect(visible.figures.filter((f) => f.name === 'Orc').map((f) => [f.id, f.hidden])).toEqual([
      ['orc', true],
      ['orc-2', false],
    ]);
    const another = step(visible, add({ ...raider, name: 'Orc', hidden: true }), []).state;
    expect(another.figures.at(-1)!.name).toBe('Orc 2');
  });

  it('a visible figure is never numbered because of a hidden one: the number would tell the players it exists', () => {
    const goblin = sheet({
      name: 'Goblin',
      sideId: 'b',
      kind: 'npc',
      attributes: { method: 'set', values: { STR: 10, DEX: 10, INT: 8, WIS: 8, CON: 10, CHR: 6 } },
      fatigueDice: [3, 3],
      equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
    });
    let state = encounter([fig('x', 'b', 10, 5)]);
    state = step(state, add({ ...goblin, hidden: true }), []).state;
    state = step(state, add(goblin), []).state;
    state = step(state, add(goblin), []).state;
    state = step(state, add({ ...goblin, hidden: true }), []).state;
    expect(state.figures.slice(1).map((f) => `${f.name}${f.hidden ? ' (hidden)' : ''}`)).toEqual([
      'Goblin (hidden)',
      'Goblin',
      'Goblin 2',
      'Goblin 3 (hidden)',
    ]);
  });

  it('refuses a wall, an occupied hex, an unknown weapon and a ready weapon not carried', () => {
    const state = encounter([fig('x', 'b', 5, 5)], { terrain: { '2,2': 'wall' } });
    expect(refusal(state, add(sheet(), { position: { q: 2, r: 2 } }), [[1, 1]])).toBe('A wall stands there.');
    expect(refusal(state, add(sheet(), { position: { q: 5, r: 5 } }), [[1, 1]])).toBe('Another figure stands there.');
    expect(checkFigureSheet(state, sheet({ equipment: { weaponIds: ['laser'], readyWeaponId: 'shortsword', armorId: 'tin-foil', shieldId: null } }))).toEqual([
      'There is no weapon "laser" in the weapon tables.',
      'The weapon in hand must be one of the weapons carried.',
      'There is no armour "tin-foil" in the armour table.',
    ]);
  });

  it('refuses a ready weapon the bought STR is too weak for (001 STR column)', () => {
    const state = encounter([]);
    const weak = sheet({
      attributes: { method: 'pointBuy', values: { STR: 10, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 10 } },
      equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: null, shieldId: null },
    });
    const problems = checkFigureSheet(state, weak);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Broadsword needs STR 12/);
  });
});

describe('updateFigure and removeFigure', () => {
  const placed = () => step(encounter([fig('foe', 'b', 6, 6)]), add(sheet(), { position: { q: 5, r: 6 } }), [[3, 4]]).state;

  it('recomputes the pools from the kept 2d6 and keeps damage taken (RULINGS C3)', () => {
    let state = placed();
    state = {
      ...state,
      figures: state.figures.map((f) => (f.id === 'aldric' ? { ...f, fatigue: { starting: 52, current: 40 }, body: { starting: 35, current: 30 } } : f)),
    };
    const result = step(state, { type: 'updateFigure', figureId: 'aldric', changes: { attributes: { ...BOUGHT, CON: 14 }, gmNotes: 'Owes the ferryman.' } });
    const f = figOf(result.state, 'aldric');
    // 14 + 8 + 10 + 15 + 7 = 54; Body ceil(108/3) = 36.
    expect(f.fatigue).toEqual({ starting: 54, current: 42 });
    expect(f.body).toEqual({ starting: 36, current: 31 });
    expect(f.gmNotes).toBe('Owes the ferryman.');
    expect(result.events).toEqual([
      { type: 'figureUpdated', figureId: 'aldric', changed: ['attributes', 'gmNotes'], source: '001 §Determining Core Attributes; RULINGS C3' },
    ]);
  });

  it('checks names, equipment and mana typed by the GM (RULINGS C8)', () => {
    const state = placed();
    expect(refusal(state, { type: 'updateFigure', figureId: 'aldric', changes: {} })).toBe('Nothing to change.');
    expect(refusal(state, { type: 'updateFigure', figureId: 'aldric', changes: { name: '' } })).toBe('The figure needs a name.');
    expect(refusal(state, { type: 'updateFigure', figureId: 'aldric', changes: { attributes: { ...BOUGHT, DEX: 41 } } })).toBe(
      "DEX is 41; a figure's attributes run from 1 to 40.",
    );
    expect(refusal(state, { type: 'updateFigure', figureId: 'aldric', changes: { mastery: { 'no-such-spell': 2 } } })).toBe(
      'There is no spell "no-such-spell" in the catalogue.',
    );
    const withMana = step(state, { type: 'updateFigure', figureId: 'aldric', changes: { manaPool: 12, hidden: true, name: ' Aldric the Grey ' } }).state;
    expect(figOf(withMana, 'aldric')).toMatchObject({ name: 'Aldric the Grey', hidden: true, mana: { pool: 12, current: 12, debt: 0 } });
    const spent = { ...withMana, figures: withMana.figures.map((f) => (f.id === 'aldric' ? { ...f, mana: { pool: 12, current: 5, debt: 0 } } : f)) };
    expect(figOf(step(spent, { type: 'updateFigure', figureId: 'aldric', changes: { manaPool: 10 } }).state, 'aldric').mana).toEqual({
      pool: 10,
      current: 3,
      debt: 0,
    });
  });

  it('removes a figure from hand-to-hand, the turn orders and spells', () => {
    let state = placed();
    state = {
      ...state,
      figures: state.figures.map((f) =>
        f.id === 'foe' ? { ...f, position: { q: 5, r: 6 }, hthWith: ['aldric'] } : f.id === 'aldric' ? { ...f, hthWith: ['foe'] } : f,
      ),
      turnState: {
        initiative: null,
        renewOrder: [],
        renewDone: [],
        moveOrder: ['aldric', 'foe'],
        moveDone: ['aldric'],
        actionOrder: ['foe', 'aldric'],
        actionDone: [],
        retreatOffers: [{ figureId: 'foe', targetIds: ['aldric'] }],
        retreatDone: [],
        moveGroups: [
          { phase: 'initialMovement', ids: ['aldric', 'foe'] },
          { phase: 'finalMovement', ids: [] },
        ],
        opportunities: [{ defenderId: 'foe', moverId: 'aldric', weaponId: 'dagger', rangeHexes: 2, at: { q: 5, r: 5 } }],
        firstStrikes: [{ defenderId: 'foe', attackerId: 'aldric', weaponId: null, stride: 4, blow: { targetId: 'foe', weaponId: null } }],
      },
    };
    const result = step(state, { type: 'removeFigure', figureId: 'aldric' });
    // RULINGS T4, O3: its movement group and the offers made to or against it go too.
    expect(result.state.turnState).toMatchObject({
      moveGroups: [
        { phase: 'initialMovement', ids: ['foe'] },
        { phase: 'finalMovement', ids: [] },
      ],
      opportunities: [],
      firstStrikes: [],
    });
    expect(result.state.figures.map((f) => f.id)).toEqual(['foe']);
    expect(figOf(result.state, 'foe').hthWith).toEqual([]);
    expect(result.state.turnState).toMatchObject({ moveOrder: ['foe'], moveDone: [], actionOrder: ['foe'], retreatOffers: [] });
    expect(result.events).toEqual([{ type: 'figureRemoved', figureId: 'aldric', name: 'Aldric', source: 'DESIGN §One picture' }]);
    expect(refusal(result.state, { type: 'removeFigure', figureId: 'aldric' })).toBe('There is no figure with id "aldric" in this encounter.');
  });
});

describe('the map image', () => {
  const SQ3 = Math.sqrt(3);

  it('measures the hexes in world units: a 20 × 20 flat map is 30.5 wide and 20.5·√3 tall', () => {
    const b = hexBoundsInWorld(encounter([]).map);
    expect(b.x0).toBeCloseTo(0, 9);
    expect(b.x1).toBeCloseTo(30.5, 9);
    expect(b.y0).toBeCloseTo(1 - SQ3 / 2, 9);
    expect(b.y1).toBeCloseTo(1 + 20 * SQ3, 9);
  });

  it('fits a new image inside the hexes, centred, and takes it away again', () => {
    const state = encounter([]);
    const set = step(state, { type: 'setMapImage', image: { asset: ASSET, width: 400, height: 300 } });
    // min(30.5 / 400, 20.5√3 / 300) = 0.07625; centred vertically in the hexes' box.
    expect(set.state.map.image).toEqual({ asset: ASSET, width: 400, height: 300, x: 0, y: expect.any(Number), scale: 0.07625 });
    expect(set.state.map.image!.y).toBeCloseTo((2 + 19.5 * SQ3 - 300 * 0.07625) / 2, 5);
    expect(set.events).toEqual([{ type: 'mapImageSet', asset: ASSET, source: 'DESIGN §Rendering' }]);
    const gone = step(set.state, { type: 'setMapImage', image: null });
    expect(gone.state.map.image).toBeUndefined();
    expect(refusal(gone.state, { type: 'setMapImage', image: null })).toBe('This map has no image to take away.');
  });

  it('calibrates with two pins (scale and offset) and with one (offset only)', () => {
    const state = step(encounter([]), { type: 'setMapImage', image: { asset: ASSET, width: 400, height: 300 } }).state;
    const two = step(state, {
      type: 'calibrateMap',
      pins: [
        { image: { x: 0, y: 0 }, world: { x: 2, y: 3 } },
        { image: { x: 100, y: 0 }, world: { x: 7, y: 3 } },
      ],
    });
    expect(two.state.map.image).toMatchObject({ x: 2, y: 3, scale: 0.05 });
    expect(two.events).toEqual([{ type: 'mapCalibrated', x: 2, y: 3, scale: 0.05, source: 'DESIGN §Rendering' }]);
    const one = step(two.state, { type: 'calibrateMap', pins: [{ image: { x: 10, y: 10 }, world: { x: 5, y: 5 } }] });
    expect(one.state.map.image).toMatchObject({ x: 4.5, y: 4.5, scale: 0.05 });
    const typed = step(one.state, { type: 'calibrateMap', placement: { x: -1, y: 2.5, scale: 0.1 } });
    expect(typed.state.map.image).toMatchObject({ x: -1, y: 2.5, scale: 0.1 });
  });

  it('refuses pins on one spot and calibration without an image', () => {
    const state = step(encounter([]), { type: 'setMapImage', image: { asset: ASSET, width: 400, height: 300 } }).state;
    expect(
      refusal(state, {
        type: 'calibrateMap',
        pins: [
          { image: { x: 5, y: 5 }, world: { x: 1, y: 1 } },
          { image: { x: 6, y: 6 }, world: { x: 4, y: 4 } },
        ],
      }),
    ).toBe('The two pins are on the same spot of the image: put them further apart.');
    expect(
      refusal(state, {
        type: 'calibrateMap',
        pins: [
          { image: { x: 5, y: 5 }, world: { x: 1, y: 1 } },
          { image: { x: 90, y: 6 }, world: { x: 1, y: 1 } },
        ],
      }),
    ).toBe('The two pins are on the same spot of the grid: put them on different corners.');
    expect(refusal(encounter([]), { type: 'calibrateMap', placement: { x: 0, y: 0, scale: 1 } })).toBe('Import a map image before calibrating it.');
    // Deterministic: the same command on the same state gives the same image.
    const cmd: Command = { type: 'calibrateMap', pins: [{ image: { x: 0, y: 0 }, world: { x: 1, y: 1 } }] };
    expect(apply(state, cmd, createEnteredDice([])).state).toEqual(apply(state, cmd, createEnteredDice([])).state);
  });
});
