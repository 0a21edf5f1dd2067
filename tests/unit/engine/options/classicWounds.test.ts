/**
 * RULINGS O1 (004 §Injury Effects, §Fatigue): under Classic, ST is the hit points and the fatigue
 * pool. The encounter asks the stat model where a blow's hits go (Classic: the stored Body, kept as
 * the hit record) and what losses mean — ST less the hits: 3 or less costs 3 DX, 1 is unconscious,
 * 0 or less dead; fatigue spent (the stored Fatigue's loss) up to ST exhausts but never kills — and
 * nobody makes Pillars survival saves. Pillars keeps RULINGS A3, C4, C5.
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { type EncounterState, type FigureState } from '../../../../src/main/engine/encounter/schema';
import { baseAdjDex } from '../../../../src/main/engine/encounter/state';
import { DEFAULT_RULES, rulesFor, type RuleSet } from '../../../../src/main/engine/rules';
import type { Command } from '../../../../src/shared/contract/commands';
import { encounter, fig, figOf, withActionOrder } from '../encounter/fixtures';
import { underRules } from './underRules';

const CLASSIC: RuleSet = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, classic: true } });
const PILLARS: RuleSet = rulesFor(DEFAULT_RULES);
const SWORD = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };

const { run } = underRules(CLASSIC);

/** Ann (DX 12) faces Bob (ST 12; stored Fatigue 50, Body 34) who has taken `hits` and spent `spent` fatigue. */
function duel(hits: number, spent = 0): EncounterState {
  const s = encounter(
    [
      fig('ann', 'a', 5, 5, { attributes: { DEX: 12 }, equipment: SWORD }),
      fig('bob', 'b', 6, 5, {
        facing: 3,
        attributes: { STR: 12 },
        fatigue: { starting: 50, current: 50 - spent },
        body: { starting: 34, current: 34 - hits },
        equipment: SWORD,
      }),
    ],
    { phase: 'actions' },
  );
  return withActionOrder(s, ['ann', 'bob']);
}
const bob = (s: EncounterState): FigureState => figOf(s, 'bob');
const hit: Command = { type: 'attack', figureId: 'ann', targetId: 'bob', weaponId: 'broadsword' };

describe('Classic wounds come from the stat model (RULINGS O1; 004 §Injury Effects)', () => {
  it('ST 12 with 9 hits has 3 left: −3 DX on its attacks and in its adjDX; the tracker reads ST 3/12', () => {
    const s = duel(9);
    const classic = attackPreview(s, 'bob', 'ann', 'broadsword', {}, { rules: CLASSIC });
    expect(classic.adjDex.breakdown).toContainEqual({ label: 'ST 3 (3 or less)', value: -3, source: '004 §Injury Effects; RULINGS O1' });
    expect(baseAdjDex(bob(s), CLASSIC.stats).value).toBe(7);
    expect(CLASSIC.stats.poolSummary(bob(s)).text).toBe('ST 3/12');
    // Pillars reads the same stored pools its own way: Body 25/34 is above half (RULINGS C4).
    expect(baseAdjDex(bob(s), PILLARS.stats).value).toBe(10);
    expect(PILLARS.stats.poolSummary(bob(s)).text).toBe('50/25');
  });

  it('a blow’s hits come off Body under Classic (the hit record), off Fatigue under Pillars (RULINGS A3, O1)', () => {
    // 3d6 = 9 hits (DX 12); broadsword 2d6 = 1 + 2 = 3, no armour.
    const classic = run(
      duel(0),
      hit,
      [
        [3, 3, 3],
        [1, 2],
      ],
      CLASSIC,
    );
    expect([bob(classic.state).fatigue.current, bob(classic.state).body.current]).toEqual([50, 31]);
    expect(classic.events.find((e) => e.type === 'damageDealt')).toMatchObject({ taken: 3, fatigueAfter: 50, bodyAfter: 31 });
    const pillars = run(
      duel(0),
      hit,
      [
        [3, 3, 3],
        [1, 2],
      ],
      PILLARS,
    );
    expect([bob(pillars.state).fatigue.current, bob(pillars.state).body.current]).toEqual([47, 34]);
  });

  it('a 3-hit blow takes ST 12 with 10 hits to −1: dead at once under Classic; Pillars, reading Body 21/34, keeps it standing', () => {
    const classic = run(
      duel(10),
      hit,
      [
        [3, 3, 3],
        [1, 2],
      ],
      CLASSIC,
    );
    expect(bob(classic.state).posture).toBe('dead');
    expect(classic.events.filter((e) => e.type === 'postureChanged')).toEqual([
      { type: 'postureChanged', figureId: 'bob', from: 'standing', to: 'dead', source: '004 §Injury Effects; RULINGS O1' },
    ]);
    const pillars = run(
      duel(10),
      hit,
      [
        [3, 3, 3],
        [1, 2],
      ],
      PILLARS,
    );
    expect([bob(pillars.state).posture, bob(pillars.state).fatigue.current]).toEqual(['standing', 47]);
  });

  it('12 fatigue spent at ST 12 exhausts (−2 DX) but neither wounds nor kills; a blow then counts only its hits', () => {
    const tired = duel(0, 12);
    expect(CLASSIC.stats.wounds(bob(tired)).condition).toBe('fighting');
    const preview = attackPreview(tired, 'bob', 'ann', 'broadsword', {}, { rules: CLASSIC });
    expect(preview.adjDex.breakdown.filter((l) => l.value < 0).map((l) => l.value)).toEqual([-2]);
    expect(CLASSIC.stats.poolSummary(bob(tired)).text).toBe('ST 12/12 · F12');
    const r = run(
      tired,
      hit,
      [
        [3, 3, 3],
        [1, 2],
      ],
      CLASSIC,
    );
    expect([bob(r.state).posture, CLASSIC.stats.poolSummary(bob(r.state)).text]).toEqual(['standing', 'ST 9/12 · F12']);
  });

  it('brought to ST 1 exactly, the figure is unconscious (004: "ST reduced to 1")', () => {
    const r = run(
      duel(8),
      hit,
      [
        [3, 3, 3],
        [1, 2],
      ],
      CLASSIC,
    );
    expect(CLASSIC.stats.wounds(bob(r.state)).condition).toBe('unconscious');
    expect(bob(r.state).posture).toBe('unconscious');
  });

  it('no survival saves at the end of a Classic turn; Pillars rolls them (RULINGS C5)', () => {
    // Bob's Fatigue is below −½ (−30 of 50): under Pillars a save is due; Classic has none.
    const hurt = (s: EncounterState): EncounterState => ({
      ...s,
      phase: 'forcedRetreat',
      figures: s.figures.map((f) => (f.id === 'bob' ? { ...f, posture: 'prone', fatigue: { starting: 50, current: -30 } } : f)),
    });
    const classic = run(hurt(duel(0)), { type: 'advancePhase' }, [], CLASSIC);
    expect(classic.events.some((e) => e.type === 'check' && e.purpose === 'survival save')).toBe(false);
    const pillars = run(hurt(duel(0)), { type: 'advancePhase' }, [[6, 6, 6]], PILLARS);
    expect(pillars.events.filter((e) => e.type === 'check' && e.purpose === 'survival save')).toHaveLength(1);
  });
});
