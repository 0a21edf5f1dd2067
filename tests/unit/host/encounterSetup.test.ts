/**
 * Setting an encounter up through the real dispatcher on a temp campaign: the open encounter's
 * rule options change at its start (turn 1, only setting-up in its log) and are refused, changing
 * nothing, once anything is played; a new encounter starts with a side copied from another and a
 * roster character, each keeping its kept creation 2d6 (RULINGS C3).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type Rules } from '../../../src/main/engine/rules';
import { gmCoreForTests } from '../../support/gmCore';

const gm = gmCoreForTests();
const { call, ok, send } = gm;

type View = {
  encounter: {
    id: string;
    phase: string;
    turn: number;
    sides: { id: string; name: string; color: string }[];
    figures: { id: string; name: string; sideId: string; position: { q: number; r: number }; facing: number; fatigue: { starting: number } }[];
  };
};
type RulesState = { encounterId: string; rules: Rules; locked: string | null };

const fighter = (name: string, sideId: string, mana: number | null = null) => ({
  name,
  sideId,
  kind: 'npc',
  attributes: { method: 'set', values: { STR: 12, DEX: 11, INT: 10, WIS: 10, CON: 12, CHR: 10 } },
  fatigueDice: [5, 1],
  mana: mana === null ? null : { method: 'set', pool: mana },
  equipment: { weaponIds: ['shortsword'], readyWeaponId: 'shortsword', armorId: null, shieldId: null },
});
const o4: Rules = { ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, declaredIntent: true } };

describe('an encounter’s rules at its start', () => {
  it('change while only the table is set up; refused with the reason once the initiative is rolled', async () => {
    await ok(call('createCampaign', { name: 'Setup rules' }));
    await send({ type: 'addFigure', figure: fighter('Ann', 'party'), position: { q: 3, r: 5 } });
    await send({ type: 'addFigure', figure: fighter('Grak', 'foes'), position: { q: 9, r: 5 } });
    expect((await ok<RulesState>(call('describeEncounterRules', {}))).locked).toBeNull();

    // RULINGS O4: declared intent starts its turn with Declarations; the figures placed stay.
    const declared = await ok<View>(call('setEncounterRules', { rules: o4 }));
    expect(declared.encounter.phase).toBe('declarations');
    expect(declared.encounter.figures.map((f) => f.name)).toEqual(['Ann', 'Grak']);
    expect((await ok<RulesState>(call('describeEncounterRules', {}))).rules.options.declaredIntent).toBe(true);
    // The encounter's file keeps them: read back from disk.
    const { file, log } = await gm.core.folder.readEncounter(declared.encounter.id);
    await log.close();
    expect(file.rules.options.declaredIntent).toBe(true);
    expect(file.initial.phase).toBe('declarations');

    // Back to Pillars (RULINGS T1: Initiative first), then the first command of play.
    expect((await ok<View>(call('setEncounterRules', { rules: DEFAULT_RULES }))).encounter.phase).toBe('initiative');
    await send({ type: 'rollInitiative' });
    const locked = await ok<RulesState>(call('describeEncounterRules', {}));
    expect(locked.locked).toMatch(/has begun: the initiative was rolled/);
    const refused = await call('setEncounterRules', { rules: o4 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect((await ok<RulesState>(call('describeEncounterRules', {}))).rules.options.declaredIntent).toBe(false);
    // Undoing the roll gives the start back.
    await ok(call('undo', {}));
    expect((await ok<RulesState>(call('describeEncounterRules', {}))).locked).toBeNull();
  });
});

describe('a new encounter with the figures of another', () => {
  it('copies a side (names, colours, places, sheets) and places a roster character', async () => {
    await ok(call('createCampaign', { name: 'Setup figures' }));
    await send({ type: 'updateSide', sideId: 'foes', name: 'Orcs', color: '#228833' });
    await send({ type: 'addFigure', figure: fighter('Grak', 'foes', 9), position: { q: 10, r: 4 }, facing: 3 });
    await send({ type: 'addFigure', figure: fighter('Urk', 'foes'), position: { q: 11, r: 6 } });
    const first = await send<View>({ type: 'addFigure', figure: fighter('Ann', 'party'), position: { q: 3, r: 5 } });
    await ok(call('saveToRoster', { figureId: 'ann', kind: 'character' }));
    const sides = await ok<{ sideId: string; name: string; figures: string[] }[]>(call('encounterSides', { id: first.encounter.id }));
    expect(sides.map((s) => [s.sideId, s.name, s.figures])).toEqual([
      ['party', 'Party', ['Ann']],
      ['foes', 'Orcs', ['Grak', 'Urk']],
    ]);

    const made = await ok<{ id: string }>(
      call('createEncounter', { name: 'Round two', figures: { copy: { encounterId: first.encounter.id, sideIds: ['foes'] }, rosterIds: ['pc-ann'] } }),
    );
    const view = await ok<View>(call('openEncounter', { id: made.id }));
    const figures = view.encounter.figures.map((f) => [f.name, f.sideId, f.position.q, f.position.r, f.facing, f.fatigue.starting]);
    // Fatigue = CON 12 + WIS 10 + INT 10 + max(DEX, STR) 12 + the kept 2d6 6 = 50 (RULINGS C3).
    expect(figures).toEqual([
      ['Grak', 'foes', 10, 4, 3, 50],
      ['Urk', 'foes', 11, 6, 0, 50],
      ['Ann', 'party', expect.any(Number), expect.any(Number), 0, 50],
    ]);
    expect(view.encounter.sides.find((s) => s.id === 'foes')).toMatchObject({ name: 'Orcs', color: '#228833' });
    expect(view.encounter.turn).toBe(1);
    expect(gm.core.session.entries).toHaveLength(0);
    expect(gm.core.session.currentState.figures.find((f) => f.name === 'Grak')?.mana).toEqual({ pool: 9, current: 9, debt: 0 });

    expect(await call('createEncounter', { name: 'Bad', figures: { copy: { encounterId: first.encounter.id, sideIds: ['nobody'] } } })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(await call('createEncounter', { name: 'Bad', figures: { rosterIds: ['pc-nobody'] } })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
