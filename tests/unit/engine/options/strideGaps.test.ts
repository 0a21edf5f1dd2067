/**
 * RULINGS O3's last gaps, end to end through `apply` with entered dice:
 * (a) the pass-by charge's roll-off and the defender's first strike (002 §Charging; RULINGS G4),
 * (b) monsters' pace and attacks of opportunity (002 §Assigning Movement, §Attacks of Opportunity),
 * (c) tumbles between two APs stop the figure short (002 §Sprinting).
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { opportunityPreview } from '../../../../src/main/engine/encounter/actions/resolveAttack';
import { turnStateOf, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import { phaseStatus } from '../../../../src/main/engine/encounter/turn/turn';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { DEFAULT_RULES, rulesFor, type RuleSet } from '../../../../src/main/engine/rules';
import { NO_HAZARDS } from '../../../../src/main/engine/options/types';
import { STRIDE_HAZARDS, monsterPace } from '../../../../src/main/engine/options/strideMomentum';
import type { Command } from '../../../../src/shared/contract/commands';
import { hex } from '../../../../src/shared/hex';
import { encounter, fig } from '../encounter/fixtures';
import { ofType, underRules } from './underRules';

const O3: RuleSet = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, strideMomentum: true } });
const PILLARS: RuleSet = rulesFor(DEFAULT_RULES);

const { run, refused, moving } = underRules(O3);

const fig$ = (s: EncounterState, id: string) => s.figures.find((f) => f.id === id)!;
const SWORD = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };

describe('(a) the pass-by charge: a roll-off says who strikes first (002 §Charging; RULINGS G4)', () => {
  /**
   * Ann (DEX 12) runs east at stride-4 from (2,5) to (6,5) and keeps going, past Bob (DEX 10) at
   * (7,4), who faces her; Bob stands still; on to the Actions phase, where Ann (adjDEX 12) acts first.
   */
  function charged(bob: Parameters<typeof fig>[4] = {}): EncounterState {
    let s = moving(
      encounter([fig('ann', 'a', 2, 5, { attributes: { DEX: 12 }, equipment: SWORD }), fig('bob', 'b', 7, 4, { facing: 2, equipment: SWORD, ...bob })]),
    );
    s = run(s, { type: 'move', figureId: 'ann', mode: 'stride-4', to: hex(6, 5), keepGoing: true, strides: [4], facing: 0 }).state;
    s = run(s, { type: 'move', figureId: 'bob', mode: 'stand-still', to: hex(7, 4) }).state;
    while (s.phase !== 'actions') s = run(s, { type: 'advancePhase' }).state;
    expect(fig$(s, 'ann').turn.stride).toBe(4);
    return s;
  }
  const charge: Command = { type: 'attack', figureId: 'ann', targetId: 'bob', weaponId: 'broadsword' };

  it('the defender wins (2 to 5): its first strike is offered and the charger’s blow waits', () => {
    const r = run(charged(), charge, [[2], [5]]);
    expect(ofType(r.events, 'passByRolled')).toEqual([
      {
        type: 'passByRolled',
        attackerId: 'ann',
        defenderId: 'bob',
        rolls: [
          { figureId: 'ann', total: 2 },
          { figureId: 'bob', total: 5 },
        ],
        firstId: 'bob',
        reason: 'Bob strikes first.',
        source: '002 §Charging; RULINGS O3; RULINGS G4',
      },
    ]);
    expect(ofType(r.events, 'firstStrikeOffered')).toEqual([
      {
        type: 'firstStrikeOffered',
        figureId: 'bob',
        attackerId: 'ann',
        weaponId: 'broadsword',
        reason: "Bob won the roll-off: it strikes Ann first; Ann's blow follows.",
        source: '002 §Charging; RULINGS O3',
      },
    ]);
    expect(ofType(r.events, 'attackRolled')).toEqual([]);
    expect(r.rolls.map((x) => x.label)).toEqual(['pass-by charge: who strikes first: ann', 'pass-by charge: who strikes first: bob']);
    expect(turnStateOf(r.state).firstStrikes).toEqual([
      { defenderId: 'bob', attackerId: 'ann', weaponId: 'broadsword', stride: 4, blow: { targetId: 'bob', weaponId: 'broadsword' } },
    ]);
    // The charge is Ann's action (option b); its AP is spent when the blow is struck.
    expect(turnStateOf(r.state).actionDone).toEqual(['ann']);
    expect(fig$(r.state, 'ann').turn.option).toBe('b');
    expect(fig$(r.state, 'ann').turn.apAttacks).toBeUndefined();
    // Nobody else strikes Ann's blow for her; Bob has no first strike on anyone else.
    expect(refused(r.state, { type: 'firstStrike', figureId: 'ann', attackerId: 'bob' })).toBe('Ann has no first strike on Bob (002 §Charging).');
  });

  it('while the first strike waits, the defender is due: nobody else acts and the phase does not end (RULINGS T5, O3)', () => {
    const offered = run(charged(), charge, [[2], [5]]).state;
    const st = phaseStatus(offered, O3);
    expect(st.due).toEqual(['bob']);
    expect(st.pending).toEqual(['bob']);
    expect(st.waitingFor).toBe('Bob may strike Ann first (pass-by charge), or let it go.');
    expect(refused(offered, { type: 'advancePhase' })).toBe('Bob has still to act in Actions. Use override to move on.');
    // Bob's own action does not settle it: the offer still waits after he passes.
    const passed = run(offered, { type: 'pass', figureId: 'bob' }).state;
    expect(phaseStatus(passed, O3).due).toEqual(['bob']);
    expect(refused(passed, { type: 'advancePhase' })).toBe('Bob has still to act in Actions. Use override to move on.');
    const waived = run(offered, { type: 'waiveFirstStrike', figureId: 'bob', attackerId: 'ann' }, [
      [2, 2, 2],
      [4, 4],
    ]).state;
    expect(phaseStatus(waived, O3).due).toEqual(['bob']);
    expect(phaseStatus(waived, O3).waitingFor).toBe('Figures act by adjDEX.');
  });

  it('the first strike carries Meeting a charge +1; hurt, Ann fails DEX 12 − 4 and tumbles: her blow is lost', () => {
    const offered = run(charged(), charge, [[2], [5]]).state;
    const preview = attackPreview(offered, 'bob', 'ann', 'broadsword', {}, { rules: O3 });
    expect(preview.adjDex.value).toBe(11);
    expect(preview.adjDex.breakdown.at(-1)).toEqual({ label: 'Meeting a charge', value: 1, source: '002 §Charging; RULINGS O3' });
    // 3d6 = 9 ≤ 11 hits; broadsword 2d6 = 5; Ann wears nothing: Fatigue 50 → 45. Stunned: 3d6 = 12 > 8, tumble 1d4 = 3 → 42.
    const r = run(offered, { type: 'firstStrike', figureId: 'bob', attackerId: 'ann' }, [[3, 3, 3], [2, 3], [4, 4, 4], [3]]);
    expect(ofType(r.events, 'attackRolled')).toMatchObject([{ attackerId: 'bob', targetId: 'ann', adjDex: 11, roll: 9, hit: true }]);
    expect(ofType(r.events, 'attackRolled')[0]!.breakdown.at(-1)).toEqual({ label: 'Meeting a charge', value: 1, source: '002 §Charging; RULINGS O3' });
    expect(ofType(r.events, 'damageDealt')).toMatchObject([{ attackerId: 'bob', targetId: 'ann', rolled: 5, taken: 5, fatigueAfter: 45 }]);
    expect(ofType(r.events, 'check')).toEqual([
      {
        type: 'check',
        figureId: 'ann',
        purpose: 'keep footing after the first strike (stunned in a pass-by charge)',
        target: 8,
        roll: 12,
        success: false,
        source: '002 §Sprinting; RULINGS O3; 002 §Charging',
      },
    ]);
    expect(ofType(r.events, 'tumbled')).toEqual([
      { type: 'tumbled', figureId: 'ann', damage: 3, fatigueAfter: 42, source: '002 §Sprinting; RULINGS O3; 002 §Charging' },
    ]);
    expect(ofType(r.events, 'chargeBlowLost')).toEqual([
      { type: 'chargeBlowLost', figureId: 'ann', targetId: 'bob', reason: 'Ann tumbled.', source: '002 §Charging; RULINGS O3' },
    ]);
    const ann = fig$(r.state, 'ann');
    expect([ann.fatigue.current, ann.turn.stride, ann.turn.apAttacks]).toEqual([42, 0, undefined]);
    // Bob's strike spends his AP but is not his action (as an attack of opportunity).
    expect(fig$(r.state, 'bob').turn.apAttacks).toBe(1);
    expect(turnStateOf(r.state).actionDone).toEqual(['ann']);
    expect(turnStateOf(r.state).firstStrikes).toEqual([]);
  });

  it('hurt but keeping her feet (3d6 = 5 ≤ 8), Ann swings next, with Charging +2', () => {
    const offered = run(charged(), charge, [[2], [5]]).state;
    // Bob: 9 hits for 2d6 = 4 → 46. Ann's check 5 passes; her blow: adjDEX 12 + 2 = 14, 3d6 = 6 hits, 2d6 = 7 → Bob 43.
    const r = run(offered, { type: 'firstStrike', figureId: 'bob', attackerId: 'ann' }, [
      [3, 3, 3],
      [2, 2],
      [1, 2, 2],
      [2, 2, 2],
      [3, 4],
    ]);
    const rolled = ofType(r.events, 'attackRolled');
    expect(rolled.map((e) => [e.attackerId, e.adjDex, e.roll, e.hit])).toEqual([
      ['bob', 11, 9, true],
      ['ann', 14, 6, true],
    ]);
    expect(rolled[1]!.breakdown.at(-1)).toEqual({ label: 'Charging', value: 2, source: '002 §Charging; RULINGS O3' });
    expect(ofType(r.events, 'check')[0]).toMatchObject({ figureId: 'ann', target: 8, roll: 5, success: true });
    expect(r.state.figures.map((f) => f.fatigue.current)).toEqual([46, 43]);
    expect(r.state.figures.map((f) => f.turn.apAttacks)).toEqual([1, 1]);
    expect(ofType(r.events, 'chargeBlowLost')).toEqual([]);
  });

  it('a first strike that misses calls for no check: the charger’s blow follows at once', () => {
    const offered = run(charged(), charge, [[2], [5]]).state;
    // Bob 15 > 11 misses; Ann 6 ≤ 14 hits for 2d6 = 8 → Bob 42.
    const r = run(offered, { type: 'firstStrike', figureId: 'bob', attackerId: 'ann' }, [
      [6, 5, 4],
      [2, 2, 2],
      [4, 4],
    ]);
    expect(ofType(r.events, 'attackRolled').map((e) => [e.attackerId, e.roll, e.hit])).toEqual([
      ['bob', 15, false],
      ['ann', 6, true],
    ]);
    expect(ofType(r.events, 'check')).toEqual([]);
    expect(fig$(r.state, 'bob').fatigue.current).toBe(42);
  });

  it('the defender may waive its first strike: the charger’s blow is struck then', () => {
    const offered = run(charged(), charge, [[2], [5]]).state;
    const r = run(offered, { type: 'waiveFirstStrike', figureId: 'bob', attackerId: 'ann' }, [
      [1, 2, 3],
      [5, 5],
    ]);
    expect(r.events.map((e) => e.type)).toEqual(['firstStrikeWaived', 'actionPointsSpent', 'attackRolled', 'damageDealt']);
    expect(ofType(r.events, 'attackRolled')[0]).toMatchObject({ attackerId: 'ann', adjDex: 14, roll: 6, hit: true });
    expect(fig$(r.state, 'bob').fatigue.current).toBe(40);
    expect(fig$(r.state, 'bob').turn.apAttacks).toBeUndefined();
    expect(refused(r.state, { type: 'waiveFirstStrike', figureId: 'bob', attackerId: 'ann' })).toBe('Bob has no first strike on Ann (002 §Charging).');
  });

  it('the charger wins (5 to 2), or a tie re-rolled (3–3, then 4 to 1): it strikes at once', () => {
    const won = run(charged(), charge, [[5], [2], [2, 2, 2], [3, 3]]);
    expect(ofType(won.events, 'passByRolled')[0]).toMatchObject({ firstId: 'ann', reason: 'Ann strikes first.' });
    expect(ofType(won.events, 'attackRolled')[0]).toMatchObject({ attackerId: 'ann', adjDex: 14, roll: 6, hit: true });
    expect(turnStateOf(won.state).firstStrikes).toBeUndefined();
    const tie = run(charged(), charge, [[3], [3], [4], [1], [6, 6, 4]]);
    expect(ofType(tie.events, 'passByRolled')[0]!.rolls).toEqual([
      { figureId: 'ann', total: 3 },
      { figureId: 'bob', total: 3 },
      { figureId: 'ann', total: 4 },
      { figureId: 'bob', total: 1 },
    ]);
    expect(ofType(tie.events, 'attackRolled')[0]).toMatchObject({ attackerId: 'ann', roll: 16, hit: false });
  });

  it('a defender that wins but cannot strike back (a bow in hand) lets the charger’s blow go in', () => {
    const r = run(charged({ equipment: { weaponIds: ['small-bow'], readyWeaponId: 'small-bow' } }), charge, [[1], [6], [2, 2, 2], [1, 1]]);
    expect(ofType(r.events, 'passByRolled')[0]).toMatchObject({
      firstId: 'bob',
      reason: "Bob won the roll-off but cannot strike back now (Bob's Small Bow is not a melee weapon.): Ann's blow goes in.",
    });
    expect(ofType(r.events, 'firstStrikeOffered')).toEqual([]);
    expect(ofType(r.events, 'damageDealt')[0]).toMatchObject({ targetId: 'bob', rolled: 2, fatigueAfter: 48 });
  });

  it('no roll-off below stride 4, nor under rules without pass-by charges', () => {
    expect(STRIDE_HAZARDS.passByOrder(createEnteredDice([]), 'ann', 'bob', 3)).toBeNull();
    expect(NO_HAZARDS.passByOrder(createEnteredDice([]), 'ann', 'bob', 8)).toBeNull();
    expect(PILLARS.movement.hazards?.passByOrder(createEnteredDice([]), 'ann', 'bob', 8)).toBeNull();
  });
});

describe('(b) monsters: ambling gives +1 to the opportunity, top speed gives none (002 §Assigning Movement)', () => {
  /** A monster (3 attacks: 3 AP) 7 hexes or 8 hexes from Charles, who faces it with a loaded small bow. */
  function field(monster: Parameters<typeof fig>[4], q: number): EncounterState {
    return moving(
      encounter([
        fig('ogre', 'a', q, 5, { equipment: SWORD, ...monster }),
        fig('charles', 'b', 14, 5, { facing: 3, equipment: { weaponIds: ['small-bow'], readyWeaponId: 'small-bow' } }),
      ]),
    );
  }

  it('the pace a monster’s stride reads as: 1 feeding, 2–3 ambling, 4+ strike/flee', () => {
    expect([1, 2, 3, 4, 5, 6, 8].map(monsterPace)).toEqual(['feeding', 'ambling', 'ambling', 'strike', 'strike', 'strike', 'strike']);
  });

  it('ambling at stride-3 into melee: Charles shoots first at half of 7 = 3 hexes, with +1', () => {
    const moved = run(field({ attacks: 3 }, 7), { type: 'move', figureId: 'ogre', mode: 'stride-3', to: hex(13, 5), strides: [3, 3] });
    const amb = { label: 'Ambling monster', value: 1, source: '002 §Assigning Movement; RULINGS O3' };
    expect(ofType(moved.events, 'opportunityOffered')).toEqual([
      {
        type: 'opportunityOffered',
        figureId: 'charles',
        moverId: 'ogre',
        weaponId: 'small-bow',
        rangeHexes: 3,
        at: hex(11, 5),
        reason: 'Stride-3 into melee: the defender attacks first, at 3 hexes (half of 7).',
        bonus: amb,
        source: '002 §Attacks of Opportunity; RULINGS O3',
      },
    ]);
    expect(turnStateOf(moved.state).opportunities).toEqual([
      { defenderId: 'charles', moverId: 'ogre', weaponId: 'small-bow', rangeHexes: 3, at: hex(11, 5), bonus: amb },
    ]);
    // The preview shows the line; the shot carries it: adjDEX 10 + 1 = 11 (3 hexes: 1 megahex, no range penalty).
    const preview = opportunityPreview(moved.state, 'charles', 'ogre', O3)!;
    expect(preview.adjDex.value).toBe(11);
    expect(preview.adjDex.breakdown.at(-1)).toEqual(amb);
    const shot = run(moved.state, { type: 'opportunityAttack', figureId: 'charles', moverId: 'ogre' }, [[4, 3, 4], [5]]);
    expect(ofType(shot.events, 'attackRolled')[0]).toMatchObject({ attackerId: 'charles', targetId: 'ogre', adjDex: 11, roll: 11, hit: true });
    expect(ofType(shot.events, 'attackRolled')[0]!.breakdown.at(-1)).toEqual(amb);
    // Small bow 1d6 − 1 = 4 off the ogre's Fatigue.
    expect(fig$(shot.state, 'ogre').fatigue.current).toBe(46);
    expect(opportunityPreview(shot.state, 'charles', 'ogre', O3)).toBeNull();
  });

  it('a humanoid at the same stride gives the shot without the +1', () => {
    const moved = run(field({}, 7), { type: 'move', figureId: 'ogre', mode: 'stride-3', to: hex(13, 5), strides: [3, 3] });
    expect(turnStateOf(moved.state).opportunities).toEqual([{ defenderId: 'charles', moverId: 'ogre', weaponId: 'small-bow', rangeHexes: 3, at: hex(11, 5) }]);
    expect(opportunityPreview(moved.state, 'charles', 'ogre', O3)!.adjDex.value).toBe(10);
  });

  it('a monster at its top speed (stride-4) gives no attack of opportunity; a humanoid would', () => {
    const monster = run(field({ attacks: 3 }, 5), { type: 'move', figureId: 'ogre', mode: 'stride-4', to: hex(13, 5), strides: [4, 4] });
    expect(ofType(monster.events, 'opportunityOffered')).toEqual([]);
    expect(turnStateOf(monster.state).opportunities).toBeUndefined();
    const man = run(field({}, 5), { type: 'move', figureId: 'ogre', mode: 'stride-4', to: hex(13, 5), strides: [4, 4] });
    expect(ofType(man.events, 'opportunityOffered')[0]).toMatchObject({ rangeHexes: 4, at: hex(10, 5) });
    expect(ofType(man.events, 'opportunityOffered')[0]!.bonus).toBeUndefined();
  });
});

describe('(c) a tumble between two APs stops the figure in the next hex (002 §Sprinting)', () => {
  it('stride-8 then 3: slowing by 5 at AP 2, DEX 10 − 4 fails on 18: 1d4 = 2, stopped at (10,5) after 9 hexes and 2 AP', () => {
    const s = moving(encounter([fig('ann', 'a', 1, 5, { momentum: 8 })], { sides: ['a'] }));
    const r = run(s, { type: 'move', figureId: 'ann', mode: 'stride-8', to: hex(12, 5), strides: [8, 3] }, [[6, 6, 6], [2]]);
    expect(ofType(r.events, 'check')).toMatchObject([
      { figureId: 'ann', purpose: 'keep footing slowing from stride-8 to 3', target: 6, roll: 18, success: false },
    ]);
    expect(ofType(r.events, 'tumbled')).toEqual([{ type: 'tumbled', figureId: 'ann', damage: 2, fatigueAfter: 48, source: '002 §Sprinting; RULINGS O3' }]);
    expect(ofType(r.events, 'strideCutShort')).toEqual([
      {
        type: 'strideCutShort',
        figureId: 'ann',
        ap: 2,
        at: hex(10, 5),
        spent: 9,
        apSpent: 2,
        reason: 'Ann slowed from stride-8 at 9,5 and tumbled: it stops in the next hex, 10,5, after 9 hexes and 2 AP.',
        source: '002 §Sprinting; RULINGS O3',
      },
    ]);
    const ann = fig$(r.state, 'ann');
    expect([ann.position, ann.turn.spent, ann.turn.apSpent, ann.turn.stride, ann.fatigue.current]).toEqual([hex(10, 5), 9, 2, 0, 48]);
    expect(ofType(r.events, 'crashed')).toEqual([]);
  });

  it('kept footing (3d6 = 6 ≤ 6): the figure goes the whole way', () => {
    const s = moving(encounter([fig('ann', 'a', 1, 5, { momentum: 8 })], { sides: ['a'] }));
    const r = run(s, { type: 'move', figureId: 'ann', mode: 'stride-8', to: hex(12, 5), strides: [8, 3] }, [[1, 2, 3]]);
    expect(ofType(r.events, 'strideCutShort')).toEqual([]);
    const ann = fig$(r.state, 'ann');
    expect([ann.position, ann.turn.spent, ann.turn.apSpent]).toEqual([hex(12, 5), 11, 2]);
  });

  it('broken ground counts its cost: 8 hexes of movement end at (8,5), the tumble stops at (9,5)', () => {
    const s = moving(encounter([fig('ann', 'a', 1, 5, { momentum: 8 })], { sides: ['a'], terrain: { '5,5': 'broken' } }));
    const r = run(s, { type: 'move', figureId: 'ann', mode: 'stride-8', to: hex(11, 5), strides: [8, 3] }, [[6, 6, 5], [4]]);
    expect(ofType(r.events, 'strideCutShort')[0]).toMatchObject({ at: hex(9, 5), spent: 9, apSpent: 2 });
    expect(fig$(r.state, 'ann').turn.brokenGround).toBe(true);
  });

  it('a carried sprint braking in AP 1 stops in the first hex', () => {
    const s = moving(encounter([fig('ann', 'a', 1, 5, { momentum: 8 })], { sides: ['a'] }));
    const r = run(s, { type: 'move', figureId: 'ann', mode: 'stride-3', to: hex(7, 5), strides: [3, 3] }, [[6, 6, 6], [1]]);
    expect(ofType(r.events, 'strideCutShort')[0]).toMatchObject({ ap: 1, at: hex(2, 5), spent: 1, apSpent: 1 });
  });

  it('the path already ended where it slowed: the next hex is beyond it — a wall there is a crash by the stride it was going', () => {
    // Stride-6 then 1 over a 6-hex path: the AP 2 check comes at the end; a wall at (8,5): 1d4 = 1, crash 1d6 = 4.
    const s = moving(encounter([fig('ann', 'a', 1, 5)], { sides: ['a'], terrain: { '8,5': 'wall' } }));
    const r = run(s, { type: 'move', figureId: 'ann', mode: 'stride-6', to: hex(7, 5), strides: [6, 1] }, [[6, 6, 6], [1], [4]]);
    expect(ofType(r.events, 'strideCutShort')).toEqual([]);
    expect(ofType(r.events, 'crashed')).toEqual([
      { type: 'crashed', figureId: 'ann', stride: 6, dice: '1d6', damage: 4, fatigueAfter: 45, into: hex(8, 5), source: '002 §Sprinting; RULINGS O3' },
    ]);
    expect(fig$(r.state, 'ann').position).toEqual(hex(7, 5));
  });

  it('a figure in that hex beyond: a collision, 1d6 to both', () => {
    const s = moving(encounter([fig('ann', 'a', 1, 5), fig('cal', 'a', 8, 5)], { sides: ['a'] }));
    const r = run(s, { type: 'move', figureId: 'ann', mode: 'stride-6', to: hex(7, 5), strides: [6, 1] }, [[6, 6, 6], [2], [3], [5]]);
    expect(ofType(r.events, 'collided')[0]).toMatchObject({
      figureId: 'ann',
      struckId: 'cal',
      damage: [
        { figureId: 'ann', damage: 3, fatigueAfter: 45 },
        { figureId: 'cal', damage: 5, fatigueAfter: 45 },
      ],
    });
  });
});
