/**
 * The `turnRules` query and the GM view under an encounter's own rules (RULINGS O1–O4), through
 * the real dispatcher on a copy of the sample campaign.
 */
import { describe, expect, it } from 'vitest';
import type { TurnRules } from '../../../src/shared/contract/channels/rules';
import type { GmView } from '../../../src/shared/contract/views';
import { DEFAULT_RULES, type Rules } from '../../../src/main/engine/rules';
import { turnRulesOf } from '../../../src/main/engine/encounter/turn/turnRules';
import { gmView } from '../../../src/main/session/gmView';
import { gmCoreForTests } from '../../support/gmCore';

const gm = gmCoreForTests();
const { call, ok } = gm;
const turnRules = () => ok<TurnRules>(call('turnRules', {}));
const withOption = (key: keyof Rules['options']): Rules => ({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, [key]: true } });
const NO_HISTORY = { canUndo: false, canRedo: false, logLength: 0 };

describe('turnRules', () => {
  it('gives the sample encounter Pillars’ six phases and its 1d6 per side (RULINGS T1, T2)', async () => {
    const r = await turnRules();
    expect(r.encounterId).toBe('ford-ambush');
    expect(r.phases.map((p) => [p.id, p.label, p.movement])).toEqual([
      ['initiative', 'Initiative', false],
      ['renewSpells', 'Renew Spells', false],
      ['initialMovement', 'Initial Movement', true],
      ['finalMovement', 'Final Movement', true],
      ['actions', 'Actions', false],
      ['forcedRetreat', 'Forced Retreat', false],
    ]);
    expect(r.initiative).toMatchObject({ id: 'pillars', rollText: '1d6 per side', by: 'side', canYield: true });
    expect(r.options.map((o) => [o.key, o.on, o.ruling, o.document])).toEqual([
      ['classic', false, 'RULINGS O1', '004_48d5a15eb5ab9657.txt'],
      ['perCharacterInitiative', false, 'RULINGS O2', '000_89ee8f76616d0bc7.txt'],
      ['strideMomentum', false, 'RULINGS O3', '002_bc0590f0eac730f5.txt'],
      ['declaredIntent', false, 'RULINGS O4', '003_d9aa0f0375e8b107.txt'],
    ]);
    expect(r.strides).toEqual([]);
    expect(r.strideModes).toEqual([]);
  });
});

describe('turnRulesOf', () => {
  const state = () => gm.core.session.currentState;

  it('Classic (O1): first and second movement, one die per side', () => {
    const r = turnRulesOf(state(), withOption('classic'));
    expect(r.phases.map((p) => p.id)).toEqual(['initiative', 'renewSpells', 'firstMovement', 'secondMovement', 'actions', 'forcedRetreat']);
    expect(r.initiative).toMatchObject({ id: 'classic', rollText: '1 die per side', by: 'side' });
    expect(r.strides).toEqual([]);
  });

  it('Declared intent (O4): declarations come first and the stress die is in the roll text', () => {
    const r = turnRulesOf(state(), withOption('declaredIntent'));
    expect(r.phases.map((p) => p.id)).toEqual(['declarations', 'initiative', 'renewSpells', 'movement', 'actions', 'forcedRetreat']);
    expect(r.initiative.by).toBe('figure');
    expect(r.initiative.rollText).toBe(`stress d${DEFAULT_RULES.optionSettings.declaredIntent.stressDie.sides} + initiative score per figure`);
  });

  it('Stride & momentum (O3): every figure standing, momentum 0, 5 AP; the eight stride modes', () => {
    const r = turnRulesOf(state(), withOption('strideMomentum'));
    expect(r.movement.id).toBe('stride');
    expect(r.strideModes).toEqual(['stride-1', 'stride-2', 'stride-3', 'stride-4', 'stride-5', 'stride-6', 'stride-7', 'stride-8']);
    expect(r.strides.length).toBe(state().figures.length);
    for (const s of r.strides) {
      expect(s).toMatchObject({ stride: 0, band: 'standing', momentum: 0, apLeft: 5, text: 'standing · momentum 0 · 5 AP left' });
    }
  });

  it('reads a figure’s stride, momentum and AP spent (002 §Sprinting; RULINGS O3)', () => {
    const s = state();
    const f = s.figures[0]!;
    const moved = { ...s, figures: [{ ...f, momentum: 6, turn: { ...f.turn, mode: 'stride-7' as const, stride: 7, apSpent: 3 } }, ...s.figures.slice(1)] };
    const r = turnRulesOf(moved, withOption('strideMomentum'));
    expect(r.strides[0]).toEqual({
      figureId: f.id,
      stride: 7,
      band: 'sprinting',
      momentum: 6,
      apLeft: 2,
      text: 'stride-7 (sprinting) · momentum 6 · 2 AP left',
    });
  });
});

describe('gmView under the encounter’s rules', () => {
  it('movementLeft and the initiative prompt follow the rules passed in', () => {
    const s = gm.core.session.currentState;
    const pillars = gmView({ id: 'c', name: 'C' }, s, NO_HISTORY, 1);
    const stride = gmView({ id: 'c', name: 'C' }, s, NO_HISTORY, 1, withOption('strideMomentum'));
    const classic = gmView({ id: 'c', name: 'C' }, s, NO_HISTORY, 1, withOption('classic'));
    expect(pillars.encounter.tracker.waitingFor).toBe('Roll initiative (1d6 per side).');
    expect(classic.encounter.tracker.waitingFor).toBe('Roll initiative (1 die per side).');
    const left = (v: GmView) => v.encounter.figures.map((f) => `${f.id} ${f.movementLeft.hexes} ${f.movementLeft.how}`);
    expect(left(pillars)).toEqual(['bram 1 walk', 'ilsa 18 sprint', 'grak 1 walk', 'sella 19 sprint']);
    // RULINGS O3 (002): from a standstill at most +6 the first AP, then stride-8 for the other 4: 6 + 4 × 8 = 38.
    // RULINGS O3 (amended), M4: Bram's Heavy load caps him at stride 2 (5 AP × 2 = 10); Grak,
    // Overloaded, at 1 hex a turn.
    expect(left(stride)).toEqual(['bram 10 stride-2', 'ilsa 38 stride-8', 'grak 1 stride-1', 'sella 38 stride-8']);
    // RULINGS O1 (004): Classic movement allowances, not Pillars' gaits.
    expect(left(classic)).toEqual(['bram 2 walk', 'ilsa 9 run', 'grak 1 walk', 'sella 12 run']);
  });
});

describe('switching the campaign’s rules', () => {
  it('a new encounter takes the switched campaign rules (O2); the open one keeps Pillars’', async () => {
    await ok(call('setRules', { rules: withOption('perCharacterInitiative') }));
    expect((await turnRules()).phases.map((p) => p.id)).toEqual(['initiative', 'renewSpells', 'initialMovement', 'finalMovement', 'actions', 'forcedRetreat']);
    const made = await ok<{ id: string }>(call('createEncounter', { name: 'Per figure' }));
    const view = await ok<GmView>(call('openEncounter', { id: made.id }));
    expect(view.encounter.tracker.waitingFor).toBe('Roll initiative (1d20 per figure).');
    const r = await turnRules();
    expect(r.encounterId).toBe(made.id);
    // 000 §Turn Sequence: one movement phase, and a Cleanup phase ends the turn (RULINGS O2).
    expect(r.phases.map((p) => p.id)).toEqual(['initiative', 'renewSpells', 'movement', 'actions', 'forcedRetreat', 'cleanup']);
    expect(r.initiative).toMatchObject({ id: 'perCharacter', rollText: '1d20 per figure', by: 'figure' });
    expect(r.options.filter((o) => o.on).map((o) => o.key)).toEqual(['perCharacterInitiative']);
  });

  it('a spell effect the engine could never use is refused with the reason, and nothing is stored', async () => {
    const before = await ok(call('getRules', {}));
    const effect = { kind: 'wall', shape: 'hex', size: 1, shown: true };
    const r = await call('setRules', { rules: { ...DEFAULT_RULES, spellEdits: { 'mending-heal': { effect } } } });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-args', message: expect.stringContaining('make Heal continuing') } });
    expect(await ok(call('getRules', {}))).toEqual(before);
    const saved = await ok<Rules>(call('setRules', { rules: { ...DEFAULT_RULES, spellEdits: { 'elemental-barrier': { effect } } } }));
    expect(saved.spellEdits).toEqual({ 'elemental-barrier': { effect } });
  });
});
