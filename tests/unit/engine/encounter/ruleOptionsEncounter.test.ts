/**
 * The rule options' last gaps in the encounter engine: a fresh encounter starts in its rules' first
 * phase (RULINGS T1, O4), the tracker's Initiative status follows the rules' roll (T2, O1, O2,
 * O4), a pass-by charge may swing at stride 4+ (002 §Charging; O3), the AP invariant reads the
 * figure's own AP and the figure commands carry a monster's attacks (002 §Assigning Movement; O3).
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import { legalOptions, moveAllowsOption, optionMaxMode, optionRefusal } from '../../../../src/main/engine/encounter/turn/options';
import { checkFigureSheet } from '../../../../src/main/engine/encounter/figures/roster';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { initiativeBy, phaseStatus } from '../../../../src/main/engine/encounter/turn/turn';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { DEFAULT_RULES, rulesFor, type Rules } from '../../../../src/main/engine/rules';
import { blankEncounter } from '../../../../src/main/store/newCampaign';
import type { FigureSheetInput } from '../../../../src/shared/contract/commands';
import { CommandSchema } from '../../../../src/shared/contract/commands';
import { encounter, fig, refusal, step } from './fixtures';

const withOption = (key: keyof Rules['options']): Rules => ({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, [key]: true } });
const O1 = withOption('classic');
const O2 = withOption('perCharacterInitiative');
const O3 = rulesFor(withOption('strideMomentum'));
const O4 = withOption('declaredIntent');

describe('a new encounter starts in its rules’ first phase (RULINGS T1, O1–O4)', () => {
  it('Pillars, O1, O2 start in Initiative; O4 in Declarations (003 §1 Movement)', () => {
    expect(blankEncounter('e', 'E').phase).toBe('initiative');
    expect(blankEncounter('e', 'E', O1).phase).toBe('initiative');
    expect(blankEncounter('e', 'E', O2).phase).toBe('initiative');
    expect(blankEncounter('e', 'E', O4).phase).toBe('declarations');
  });

  it('an O4 encounter built blank takes a declaration at once, with no phase change first', () => {
    const s0 = blankEncounter('e', 'E', O4);
    const s = { ...s0, figures: [fig('ann', 'party', 3, 3)] };
    const r = apply(s, { type: 'declare', figureId: 'ann', declaration: { action: 'other', movement: 'none' } }, createEnteredDice([]), O4);
    expect(r.state.figures[0]!.turn.declaration).toEqual({ action: 'other', movement: 'none' });
    expect(phaseStatus(r.state, O4)).toMatchObject({ phase: 'declarations', pending: [], waitingFor: 'Every figure has declared: roll initiative.' });
    expect(r.events.map((e) => e.type)).toEqual(['declared']);
    expect(apply(r.state, { type: 'advancePhase' }, createEnteredDice([]), O4).state.phase).toBe('initiative');
  });
});

describe('phaseStatus follows the rules’ initiative (RULINGS T2, O1, O2, O4)', () => {
  const s = encounter([fig('ann', 'a', 0, 0), fig('ben', 'b', 3, 0), fig('cat', 'a', 0, 2), fig('dan', 'b', 3, 2, { posture: 'dead' })]);

  it('Pillars and O1 wait on the sides; O2 and O4 on the figures that can act', () => {
    expect(phaseStatus(s)).toMatchObject({ order: ['a', 'b'], due: [], pending: ['a', 'b'], waitingFor: 'Roll initiative (1d6 per side).' });
    expect(phaseStatus(s, O1)).toMatchObject({ order: ['a', 'b'], pending: ['a', 'b'], waitingFor: 'Roll initiative (1 die per side).' });
    expect(phaseStatus(s, O2)).toMatchObject({
      order: ['ann', 'ben', 'cat'],
      due: [],
      pending: ['ann', 'ben', 'cat'],
      waitingFor: 'Roll initiative (1d20 per figure).',
    });
    expect(phaseStatus(s, O4)).toMatchObject({
      pending: ['ann', 'ben', 'cat'],
      waitingFor: `Roll initiative (stress d${DEFAULT_RULES.optionSettings.declaredIntent.stressDie.sides} + initiative score per figure).`,
    });
  });

  it('the rules say whether sides or figures roll, without a die', () => {
    expect([DEFAULT_RULES, O1, O2, O3, O4].map((r) => initiativeBy(r))).toEqual(['side', 'side', 'figure', 'side', 'figure']);
  });

  it('once O2’s roll settles the order, the status names the next of O2’s phases', () => {
    // 1d20 each: ann 12, ben 17, cat 3 (000 §Turn Sequence (1)).
    const r = apply(s, { type: 'rollInitiative' }, createEnteredDice([[12], [17], [3]]), O2);
    expect(phaseStatus(r.state, O2)).toMatchObject({ order: ['ben', 'ann', 'cat'], pending: [], waitingFor: 'Initiative is settled: go on to Renew Spells.' });
  });
});

describe('a pass-by charge at stride 4+ may swing (002 §Charging; RULINGS O3)', () => {
  /** Ann came on at `stride` and is now engaged with Ben, who stands in her front hex. */
  const charged = (stride: number): EncounterState =>
    encounter(
      [
        fig('ann', 'a', 2, 2, {
          equipment: { weaponIds: ['shortsword'], readyWeaponId: 'shortsword' },
          turn: { ...fig('x', 'a', 0, 0).turn, mode: `stride-${stride}` as 'stride-4', stride, engagedAtStart: false },
        }),
        fig('ben', 'b', 3, 2, { facing: 3 }),
      ],
      { phase: 'actions' },
    );

  it('Pillars’ table refuses a charge attack after a run; O3 opens it to every stride', () => {
    const s = charged(4);
    const ann = s.figures[0]!;
    expect(optionRefusal(s, ann, 'b')).toBe('Ann moved at stride-4; Charge attack (b) allows at most jog (001 §Action Options).');
    expect(optionRefusal(s, ann, 'b', undefined, O3)).toBeNull();
    const b = legalOptions(s, 'ann', O3).options.find((o) => o.option === 'b');
    expect(b).toMatchObject({ available: true, reason: null, maxMove: 'stride-8' });
    expect(legalOptions(s, 'ann').options.find((o) => o.option === 'b')).toMatchObject({ available: false, maxMove: 'jog' });
  });

  it('strides map onto the gait limits: 1 Walk (slow), 2 Walk, 3 Jog, 4–5 Run, 6–8 Sprint', () => {
    // Ready weapon (e) allows Walk: stride-2 fits, stride-3 (Jog) does not — under any rules.
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => moveAllowsOption('e', `stride-${n}` as 'stride-1', O3))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    // Missile attack (f) allows Walk (slow): stride-1 only.
    expect([1, 2].map((n) => moveAllowsOption('f', `stride-${n}` as 'stride-1', O3))).toEqual([true, false]);
    // Charge attack (b): up to Jog (stride-3) by the table; O3's pass-by opens 4–8.
    expect([3, 4, 5, 6, 8].map((n) => moveAllowsOption('b', `stride-${n}` as 'stride-1'))).toEqual([true, false, false, false, false]);
    expect([3, 4, 5, 6, 8].map((n) => moveAllowsOption('b', `stride-${n}` as 'stride-1', O3))).toEqual([true, true, true, true, true]);
    expect(moveAllowsOption('b', 'run', O3)).toBe(false);
    expect(optionMaxMode('b', O3)).toBe('stride-8');
    expect(optionMaxMode('j', O3)).toBe('shift');
    expect(optionMaxMode('b')).toBe('jog');
  });
});

describe('the AP invariant reads the figure’s own AP (002 §Assigning Movement; RULINGS O3)', () => {
  const spent = (attacks: number | undefined, apSpent: number, apAttacks = 0): EncounterState =>
    encounter([fig('wolf', 'a', 2, 2, { ...(attacks === undefined ? {} : { attacks }), turn: { ...fig('x', 'a', 0, 0).turn, apSpent, apAttacks } })], {
      phase: 'actions',
    });

  it('a humanoid has 5; a 3-attack monster 3; an 8-attack monster 8', () => {
    expect(checkInvariants(spent(undefined, 5), O3)).toEqual([]);
    expect(checkInvariants(spent(undefined, 5, 1), O3)).toEqual(['wolf spent 6 AP (5 on movement, 1 on attacks); it has 5.']);
    expect(checkInvariants(spent(3, 2, 1), O3)).toEqual([]);
    expect(checkInvariants(spent(3, 3, 1), O3)).toEqual(['wolf spent 4 AP (3 on movement, 1 on attacks); it has 3.']);
    expect(checkInvariants(spent(8, 7), O3)).toEqual([]);
  });

  it('rules that count no AP spend none', () => {
    expect(checkInvariants(spent(undefined, 0))).toEqual([]);
    expect(checkInvariants(spent(undefined, 1))).toEqual(['wolf spent 1 AP (1 on movement, 0 on attacks); it has 0.']);
  });
});

describe('the figure commands carry a monster’s attacks (002 §Assigning Movement; RULINGS O3)', () => {
  const WOLF: FigureSheetInput = {
    name: 'Wolf',
    sideId: 'b',
    kind: 'npc',
    attributes: { method: 'set', values: { STR: 12, DEX: 13, INT: 4, WIS: 6, CON: 12, CHR: 3 } },
    mana: null,
    equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
    attacks: 3,
  };
  const s = encounter([fig('ann', 'a', 0, 0)], { phase: 'actions' });

  it('addFigure keeps them; without them the figure is a humanoid', () => {
    const wolf = step(s, { type: 'addFigure', figure: WOLF, position: { q: 5, r: 5 } }, [[2, 3]]).state.figures.find((f) => f.id === 'wolf');
    expect(wolf?.attacks).toBe(3);
    const { attacks: _, ...man } = WOLF;
    const person = step(s, { type: 'addFigure', figure: { ...man, name: 'Man' }, position: { q: 5, r: 5 } }, [[2, 3]]).state.figures.find(
      (f) => f.id === 'man',
    );
    expect(person).toBeDefined();
    expect(person && 'attacks' in person).toBe(false);
  });

  it('1 to 10 attacks: the command schema and the engine both refuse 0 and 11', () => {
    expect(CommandSchema.safeParse({ type: 'addFigure', figure: { ...WOLF, attacks: 11 } }).success).toBe(false);
    expect(CommandSchema.safeParse({ type: 'addFigure', figure: { ...WOLF, attacks: 10 } }).success).toBe(true);
    expect(CommandSchema.safeParse({ type: 'updateFigure', figureId: 'ann', changes: { attacks: 0 } }).success).toBe(false);
    expect(CommandSchema.safeParse({ type: 'updateFigure', figureId: 'ann', changes: { attacks: null } }).success).toBe(true);
    expect(checkFigureSheet(s, { ...WOLF, attacks: 0 })).toEqual(['A monster has 1 to 10 attacks (its AP, 002 §Assigning Movement); got 0.']);
    expect(refusal(s, { type: 'updateFigure', figureId: 'ann', changes: { attacks: 11 } })).toBe(
      'A monster has 1 to 10 attacks (its AP, 002 §Assigning Movement); got 11.',
    );
  });

  it('updateFigure sets them, and null makes the figure a humanoid again', () => {
    const three = step(s, { type: 'updateFigure', figureId: 'ann', changes: { attacks: 3 } }).state;
    expect(three.figures[0]!.attacks).toBe(3);
    const back = step(three, { type: 'updateFigure', figureId: 'ann', changes: { attacks: null } }).state;
    expect('attacks' in back.figures[0]!).toBe(false);
  });

  it('under O3 the count cannot drop below the AP already spent this turn', () => {
    const tired = encounter([fig('ann', 'a', 0, 0, { turn: { ...fig('x', 'a', 0, 0).turn, apSpent: 4 } })], { phase: 'actions' });
    expect(() => apply(tired, { type: 'updateFigure', figureId: 'ann', changes: { attacks: 3 } }, createEnteredDice([]), O3)).toThrow(
      'Ann has spent 4 AP this turn: it cannot have fewer than that (002 §Assigning Movement).',
    );
    expect(apply(tired, { type: 'updateFigure', figureId: 'ann', changes: { attacks: 4 } }, createEnteredDice([]), O3).state.figures[0]!.attacks).toBe(4);
  });
});
