/**
 * The figure channel group through the real dispatcher and the sample campaign: the sheet's derived
 * numbers come from the engine with their rules (RULINGS C1–C4, M1, M4, A1, A4), the point-buy
 * check speaks before placing (RULINGS C2), the roster round-trips a figure with its kept 2d6
 * (RULINGS C3), hidden NPCs and mana never reach the player view (RULINGS C8), the map image does,
 * and the rules screen learns each setting's ruling.
 */
import { describe, expect, it } from 'vitest';
import type { FigureSheet, RosterItem, SheetCheck } from '../../../src/shared/contract/channels/figure';
import type { Command, FigureSheetInput } from '../../../src/shared/contract/commands';
import type { GmView } from '../../../src/shared/contract/views';
import { gmCoreForTests } from '../../support/gmCore';

const gm = gmCoreForTests();
const { call, ok } = gm;
const send = (command: Command, entered?: number[][]) => ok<GmView>(call('sendCommand', entered ? { command, entered } : { command }));

const ALDRIC: FigureSheetInput = {
  name: 'Aldric',
  sideId: 'party',
  kind: 'character',
  attributes: { method: 'pointBuy', values: { STR: 14, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 6 } },
  mana: null,
  equipment: { weaponIds: ['shortsword'], readyWeaponId: 'shortsword', armorId: 'leather-armor', shieldId: null },
};

describe('figure channels', () => {
  it('checks a sheet before it is placed: 66 points are one too many (RULINGS C2)', async () => {
    const over = { ...ALDRIC, attributes: { method: 'pointBuy', values: { STR: 14, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 7 } } };
    expect(await ok<SheetCheck>(call('checkFigureSheet', { figure: over }))).toMatchObject({
      problems: ['66 points spent: 1 over the 65 allowed.'],
      pointBuy: { total: 66, remaining: -1 },
    });
    expect(await ok<SheetCheck>(call('checkFigureSheet', { figure: ALDRIC }))).toMatchObject({ problems: [], pointBuy: { total: 65, remaining: 0 } });
  });

  it("shows a sheet's load and gaits before it is placed, as the placed figure's sheet has them", async () => {
    const aldwin = { ...ALDRIC, name: 'Aldwin', equipment: { ...ALDRIC.equipment, packLbs: 9 } };
    const check = await ok<SheetCheck>(call('checkFigureSheet', { figure: aldwin }));
    await send({ type: 'addFigure', figure: aldwin, position: { q: 6, r: 4 } }, [[3, 4]]);
    const placed = await ok<FigureSheet>(call('figureSheet', { figureId: 'aldwin' }));
    expect(check.preview?.load).toEqual({ carriedLbs: placed.encumbrance.carriedLbs, maxLbs: placed.encumbrance.maxLbs, name: placed.encumbrance.name });
    expect(check.preview?.gaits).toEqual(placed.movement.gaits.map((g) => ({ name: g.name, hexes: g.hexes.value, allowed: g.allowed })));
    expect(check.preview?.gaits.length).toBeGreaterThan(3);
  });

  it('derives the whole sheet in main, every number explained', async () => {
    const view = await send({ type: 'addFigure', figure: ALDRIC, position: { q: 4, r: 4 } }, [[3, 4]]);
    expect(view.encounter.figures.some((f) => f.id === 'aldric')).toBe(true);
    const s = await ok<FigureSheet>(call('figureSheet', { figureId: 'aldric' }));
    expect(s.attributes.map((a) => [a.name, a.value, a.modifier.value])).toEqual([
      ['STR', 14, 1],
      ['DEX', 15, 2],
      ['INT', 10, 0],
      ['WIS', 8, 0],
      ['CON', 12, 0],
      ['CHR', 6, -2],
    ]);
    expect(s.attributes[5]!.modifier.breakdown).toEqual([{ label: 'CHR 6 modifier', value: -2, source: '001 §Determining Core Attributes' }]);
    // RULINGS C3: 12 + 8 + 10 + 15 + [3, 4] = 52; Body 35.
    expect(s.fatigue.starting.value).toBe(52);
    expect(s.fatigue.starting.breakdown.at(-1)).toEqual({ label: '2d6 at creation [3, 4]', value: 7, source: 'RULINGS C3' });
    expect(s.body.starting.value).toBe(35);
    expect(s.fatigueDice).toEqual([3, 4]);
    expect(s.injury.penalty.value).toBe(0);
    // RULINGS A1: DEX 15 + Leather Armor −2.
    expect(s.adjDex.value).toBe(13);
    expect(s.protection.value).toBe(2);
    // RULINGS M1: CON 0 + STR +1 + DEX +2, and 20 lbs at STR 14 is Light: −1 (001 §Encumbrance).
    // Leather Armor cannot sprint (RULINGS M4).
    expect(s.movement.modifier.value).toBe(2);
    expect(s.movement.gaits.map((g) => [g.gait, g.hexes.value, g.allowed])).toEqual([
      ['sprint', 20, false],
      ['run', 14, true],
      ['jog', 9, true],
      ['walk', 6, true],
      ['walk-slow', 2, true],
      ['stand-still', 0, true],
    ]);
    expect(s.encumbrance).toMatchObject({ level: 'light', carriedLbs: 20, maxLbs: 21, penalty: -1 });
    expect(s.movement.gaits[0]!.forbiddenBy).toBe('Leather Armor: Cannot Sprint (RULINGS M4)');
    expect(s.weapons).toEqual([expect.objectContaining({ id: 'shortsword', damage: '2d6−1', ready: true, strength: expect.objectContaining({ ok: true }) })]);
    expect(s.mana).toBeNull();
  });

  it('a sample figure made before the 2d6 was stored goes to the roster and back with the same Fatigue, nothing rolled (RULINGS C3)', async () => {
    // Bram: CON + WIS + INT + max(DEX, STR) = 46 of his starting 53, so his creation 2d6 made 7.
    const roster = await ok<RosterItem[]>(call('saveToRoster', { figureId: 'bram', kind: 'character' }));
    const entry = roster.find((e) => e.name === 'Bram')!;
    expect(entry.sheet?.fatigueDice).toEqual([6, 1]);
    const before = gm.core.session.entries.length;
    const view = await send({ type: 'addFigure', figure: entry.sheet!, position: { q: 2, r: 9 } });
    expect(gm.core.session.entries[before]!.rolls).toEqual([]);
    expect(view.encounter.figures.find((f) => f.id === 'bram-2')).toMatchObject({ name: 'Bram 2', fatigue: { starting: 53 }, body: { starting: 36 } });
    await ok(call('undo', {}));
    await ok(call('removeFromRoster', { id: entry.id }));
  });

  it('keeps a figure in the roster and places it again without rolling (RULINGS C3)', async () => {
    const roster = await ok<RosterItem[]>(call('saveToRoster', { figureId: 'aldric', kind: 'character' }));
    const entry = roster.find((e) => e.name === 'Aldric')!;
    expect(entry).toMatchObject({ id: 'pc-aldric', kind: 'character', problem: null });
    expect(entry.sheet).toMatchObject({ attributes: { method: 'set' }, fatigueDice: [3, 4], mana: null });
    const before = gm.core.session.entries.length;
    const view = await send({ type: 'addFigure', figure: entry.sheet!, position: { q: 4, r: 6 } });
    expect(gm.core.session.entries[before]!.rolls).toEqual([]);
    expect(view.encounter.figures.find((f) => f.id === 'aldric-2')).toMatchObject({
      name: 'Aldric 2',
      fatigue: { starting: 52, current: 52 },
      body: { starting: 35, current: 35 },
      pools: { text: '52/35', title: 'Fatigue 52/52 · Body 35/35' },
    });
    // Saving again replaces the entry of the same name and kind.
    expect((await ok<RosterItem[]>(call('saveToRoster', { figureId: 'aldric', kind: 'character' }))).filter((e) => e.name === 'Aldric')).toHaveLength(1);
    expect(await ok<RosterItem[]>(call('removeFromRoster', { id: 'pc-aldric' }))).toEqual(roster.filter((e) => e.id !== 'pc-aldric'));
    expect(await call('removeFromRoster', { id: 'pc-aldric' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('keeps a hidden NPC and every mana pool out of the player view (RULINGS C8)', async () => {
    const npc: FigureSheetInput = {
      name: 'Lurker',
      sideId: 'foes',
      kind: 'npc',
      attributes: { method: 'set', values: { STR: 12, DEX: 11, INT: 9, WIS: 9, CON: 12, CHR: 8 } },
      mana: { method: 'set', pool: 13 },
      equipment: { weaponIds: ['dagger'], readyWeaponId: 'dagger', armorId: null, shieldId: null },
      hidden: true,
    };
    const view = await send({ type: 'addFigure', figure: npc, position: { q: 12, r: 2 } }, [[2, 2]]);
    expect(view.encounter.figures.find((f) => f.id === 'lurker')).toMatchObject({ hidden: true, mana: { pool: 13, current: 13, debt: 0 } });
    const player = gm.core.session.playerView();
    expect(player.encounter.figures.some((f) => f.id === 'lurker')).toBe(false);
    expect(JSON.stringify(player)).not.toContain('"mana"');
    await send({ type: 'removeFigure', figureId: 'lurker' });
    expect(gm.core.session.gmView().encounter.figures.some((f) => f.id === 'lurker')).toBe(false);
  });

  it('carries the map image to both views', async () => {
    const asset = `${'0f'.repeat(32)}.png`;
    await send({ type: 'setMapImage', image: { asset, width: 300, height: 200 } });
    await send({ type: 'calibrateMap', placement: { x: 0.5, y: 0.25, scale: 0.1 } });
    const image = { asset, width: 300, height: 200, x: 0.5, y: 0.25, scale: 0.1 };
    expect(gm.core.session.gmView().encounter.map.image).toEqual(image);
    // The players get their own copy, fogged hexes painted out, under a name of its own.
    const shown = gm.core.session.playerView().encounter.map.image!;
    const name = expect.stringMatching(/^[0-9a-f]{64}\.png$/);
    // In pieces too: 300 × 200 pixels is one piece of 512.
    expect(shown).toEqual({ ...image, asset: name, tiles: { size: 512, overlap: 16, names: [name] } });
    expect(shown.asset).not.toBe(asset);
    expect(shown.tiles!.names).not.toContain(asset);
    expect(shown.tiles!.names).not.toContain(shown.asset);
    const bad = await call('sendCommand', { command: { type: 'setMapImage', image: { asset: '../../etc/passwd', width: 1, height: 1 } } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
  });

  it('names the ruling behind each rules setting and the options’ documents', async () => {
    const info = await ok<{ sources: Record<string, string>; defaults: { manaPoolDice: string } }>(call('describeRules', {}));
    expect(info.defaults.manaPoolDice).toBe('3d6');
    expect(info.sources).toMatchObject({
      manaPoolDice: 'RULINGS C8',
      brokenGroundCost: 'RULINGS M7',
      heavyBlows: 'RULINGS A8',
      'options.classic': 'RULINGS O1 (004)',
      'options.declaredIntent': 'RULINGS O4 (003)',
    });
  });

  it('lists weapons, armour, shields and spells to choose from', async () => {
    const cat = await ok<{ weapons: { id: string }[]; armor: { id: string }[]; pointBuy: unknown; manaPoolDice: string }>(call('figureCatalogue', {}));
    expect(cat.weapons.map((w) => w.id)).toContain('broadsword');
    expect(cat.armor.map((a) => a.id)).toEqual(['cloth-armor', 'leather-armor', 'chainmail', 'half-plate', 'plate-armor', 'fine-plate']);
    expect(cat.pointBuy).toEqual({ total: 65, min: 3, max: 18 });
    expect(cat.manaPoolDice).toBe('3d6');
  });
});
