/**
 * Stride & momentum's hazards through `apply` (RULINGS O3; 002 §Sprinting, §Charging, §Attacks of
 * Opportunity, §Assigning Movement): crashes, collisions, tumbles into walls, pass-by charges,
 * attacks of opportunity (the Ute example end to end) and AP spent on attacks. Scripted dice.
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { turnStateOf, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor, type RuleSet } from '../../../../src/main/engine/rules';
import { NO_HAZARDS } from '../../../../src/main/engine/options/types';
import { STRIDE_HAZARDS } from '../../../../src/main/engine/options/strideMomentum';
import { hex } from '../../../../src/shared/hex';
import { encounter, fig } from '../encounter/fixtures';
import { ofType, underRules } from './underRules';

const O3: RuleSet = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, strideMomentum: true } });

const { run, refused, moving } = underRules(O3);

const mover = (q: number, r: number, extra: Parameters<typeof fig>[4] = {}) => fig('ann', 'a', q, r, extra);

describe('the seam: only O3 has hazards', () => {
  it('Pillars and Classic answer nothing; O3 gives 5 AP, monsters one per attack', () => {
    expect(rulesFor(DEFAULT_RULES).movement.hazards).toBe(NO_HAZARDS);
    expect(rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, classic: true } }).movement.hazards).toBe(NO_HAZARDS);
    expect(O3.movement.hazards).toBe(STRIDE_HAZARDS);
    expect(NO_HAZARDS.actionPoints({})).toBeNull();
    expect(NO_HAZARDS.passBy(8)).toBeNull();
    expect(STRIDE_HAZARDS.actionPoints({})).toBe(5);
    expect(STRIDE_HAZARDS.actionPoints({ attacks: 2 })).toBe(2);
    expect(STRIDE_HAZARDS.passBy(3)).toBeNull();
    expect(STRIDE_HAZARDS.passBy(4)).toEqual({
      attacker: { label: 'Charging', value: 2, source: '002 §Charging; RULINGS O3' },
      defender: { label: 'Meeting a charge', value: 1, source: '002 §Charging; RULINGS O3' },
    });
  });

  it('Pillars: no opportunityAttack without an offer', () => {
    const s = encounter([mover(2, 5), fig('bob', 'b', 4, 5)], { phase: 'initialMovement' });
    expect(refused(s, { type: 'opportunityAttack', figureId: 'bob', moverId: 'ann' }, rulesFor(DEFAULT_RULES))).toBe(
      'Bob has no attack of opportunity on Ann (002 §Attacks of Opportunity).',
    );
  });
});

describe('crashes (002 §Sprinting): a keepGoing move with a wall ahead', () => {
  const cases = [
    { stride: 4, strides: [4], from: 2, to: 6, dice: '1d6', face: 5, after: 45 },
    { stride: 7, strides: [6, 7], from: 1, to: 14, dice: '1d8', face: 8, after: 42 },
    { stride: 8, strides: [4, 8], from: 1, to: 13, dice: '1d10', face: 10, after: 40 },
  ];
  for (const c of cases) {
    it(`stride-${c.stride}: ${c.dice} off Fatigue, stopped`, () => {
      const s = moving(encounter([mover(c.from, 5)], { cols: 20, terrain: { [`${c.to + 1},5`]: 'wall' }, sides: ['a'] }));
      const r = run(s, { type: 'move', figureId: 'ann', mode: `stride-${c.stride}` as 'stride-4', to: hex(c.to, 5), strides: c.strides, keepGoing: true }, [
        [c.face],
      ]);
      expect(ofType(r.events, 'crashed')).toEqual([
        {
          type: 'crashed',
          figureId: 'ann',
          stride: c.stride,
          dice: c.dice,
          damage: c.face,
          fatigueAfter: c.after,
          into: hex(c.to + 1, 5),
          source: '002 §Sprinting; RULINGS O3',
        },
      ]);
      const ann = r.state.figures[0]!;
      expect(ann.position).toEqual(hex(c.to, 5));
      expect(ann.fatigue.current).toBe(c.after);
      expect(ann.turn.stride).toBe(0);
      expect(r.rolls.map((x) => x.total)).toEqual([c.face]);
    });
  }

  it('the map edge is a wall; stopping (no keepGoing) at stride-4 beside a wall is safe', () => {
    const edge = moving(encounter([mover(2, 5)], { cols: 7, sides: ['a'] }));
    const r = run(edge, { type: 'move', figureId: 'ann', mode: 'stride-4', to: hex(6, 5), strides: [4], keepGoing: true }, [[3]]);
    expect(ofType(r.events, 'crashed')[0]?.damage).toBe(3);
    expect(r.state.figures[0]!.fatigue.current).toBe(47);
    const safe = run(moving(encounter([mover(2, 5)], { terrain: { '7,5': 'wall' }, sides: ['a'] })), {
      type: 'move',
      figureId: 'ann',
      mode: 'stride-4',
      to: hex(6, 5),
      strides: [4],
    });
    expect(ofType(safe.events, 'crashed')).toEqual([]);
    expect(safe.state.figures[0]!.fatigue.current).toBe(50);
  });

  it('Pillars: the same run to the wall is no crash (no stride moves at all)', () => {
    const pillars = rulesFor(DEFAULT_RULES);
    const s = moving(encounter([mover(2, 5)], { terrain: { '7,5': 'wall' }, sides: ['a'] }), pillars);
    expect(refused(s, { type: 'move', figureId: 'ann', mode: 'stride-4', to: hex(6, 5), keepGoing: true }, pillars)).toMatch(
      /^Ann cannot move by stride-4 under /,
    );
    const r = run(s, { type: 'move', figureId: 'ann', to: hex(6, 5) }, [], pillars);
    expect(ofType(r.events, 'crashed')).toEqual([]);
  });

  it('a tumble on the stop carries the figure into the wall: 1d4 and the crash die of its stride', () => {
    // Momentum 8 and a stop at once: 3d6 ≤ DEX 10 − 4 = 6 fails on 18; tumble 1d4 = 2; crash at stride-8, 1d10 = 7.
    const s = moving(encounter([mover(1, 5, { momentum: 8 })], { terrain: { '10,5': 'wall' }, sides: ['a'] }));
    const r = run(s, { type: 'move', figureId: 'ann', mode: 'stride-8', to: hex(9, 5), strides: [8] }, [[6, 6, 6], [2], [7]]);
    expect(ofType(r.events, 'check')[0]).toMatchObject({ target: 6, roll: 18, success: false });
    expect(ofType(r.events, 'tumbled')[0]).toMatchObject({ damage: 2, fatigueAfter: 48 });
    expect(ofType(r.events, 'crashed')[0]).toMatchObject({ stride: 8, dice: '1d10', damage: 7, fatigueAfter: 41 });
    expect(r.state.figures[0]!.fatigue.current).toBe(41);
  });
});

describe('collisions (002 §Charging): 1d6 to both, whatever the speed', () => {
  it('a keepGoing move into a figure', () => {
    const s = moving(encounter([mover(2, 5), fig('bob', 'b', 7, 5, { facing: 3 })]));
    const r = run(s, { type: 'move', figureId: 'ann', mode: 'stride-4', to: hex(6, 5), strides: [4], keepGoing: true }, [[3], [5]]);
    expect(ofType(r.events, 'collided')).toEqual([
      {
        type: 'collided',
        figureId: 'ann',
        struckId: 'bob',
        damage: [
          { figureId: 'ann', damage: 3, fatigueAfter: 47 },
          { figureId: 'bob', damage: 5, fatigueAfter: 45 },
        ],
        source: '002 §Charging; RULINGS O3',
      },
    ]);
    expect(r.rolls.map((x) => x.label)).toEqual(['collision: ann', 'collision: bob']);
    expect(r.state.figures.map((f) => f.fatigue.current)).toEqual([47, 45]);
    expect(r.state.figures[0]!.turn.stride).toBe(0);
  });
});

describe('the pass-by charge (002 §Charging): +2 attacker, +1 defender, at stride 4+', () => {
  function passed(stride: number): EncounterState {
    // Ann runs east past Bob, who stands beside her line (direction 5 of her end hex), facing her.
    const s = moving(
      encounter([
        mover(6 - stride, 5, { equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
        fig('bob', 'b', 7, 4, { facing: 2, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
      ]),
    );
    const moved = run(s, {
      type: 'move',
      figureId: 'ann',
      mode: `stride-${stride}` as 'stride-4',
      to: hex(6, 5),
      keepGoing: true,
      strides: [stride],
      facing: 0,
    }).state;
    expect(moved.figures[0]!.turn.stride).toBe(stride);
    return { ...moved, phase: 'actions' };
  }

  it('stride-4 and not stopped: Charging +2 on the attack, Meeting a charge +1 on the answer', () => {
    const s = passed(4);
    const base = attackPreview(s, 'ann', 'bob', 'broadsword', {}, { rules: rulesFor(DEFAULT_RULES) }).adjDex.value;
    const mine = attackPreview(s, 'ann', 'bob', 'broadsword', {}, { rules: O3 });
    expect(mine.adjDex.value).toBe(base + 2);
    expect(mine.adjDex.breakdown.at(-1)).toEqual({ label: 'Charging', value: 2, source: '002 §Charging; RULINGS O3' });
    const theirs = attackPreview(s, 'bob', 'ann', 'broadsword', {}, { rules: O3 });
    expect(theirs.adjDex.breakdown.at(-1)).toEqual({ label: 'Meeting a charge', value: 1, source: '002 §Charging; RULINGS O3' });
    // Through apply: Bob's answer carries the +1; 3d6 = 3 is triple damage (RULINGS A3): 2d6 = 4 + 4 = 8, × 3.
    const r = run(s, { type: 'attack', figureId: 'bob', targetId: 'ann', weaponId: 'broadsword', override: true }, [
      [1, 1, 1],
      [4, 4],
    ]);
    const rolled = ofType(r.events, 'attackRolled')[0]!;
    expect(rolled.adjDex).toBe(theirs.adjDex.value);
    expect(rolled.adjDex).toBe(attackPreview(s, 'bob', 'ann', 'broadsword', {}, { rules: rulesFor(DEFAULT_RULES) }).adjDex.value + 1);
    expect(rolled.breakdown.at(-1)).toEqual({ label: 'Meeting a charge', value: 1, source: '002 §Charging; RULINGS O3' });
    expect(ofType(r.events, 'damageDealt')[0]).toMatchObject({ rolled: 8, multiplier: 3, taken: 24, fatigueAfter: 26 });
    expect(ofType(r.events, 'actionPointsSpent')).toEqual([
      { type: 'actionPointsSpent', figureId: 'bob', ap: 1, apLeft: 4, on: 'attack on Ann', source: '002 §Assigning Movement; RULINGS O3' },
    ]);
  });

  it('stride-3 gives no pass-by line', () => {
    const s = passed(3);
    const base = attackPreview(s, 'ann', 'bob', 'broadsword', {}, { rules: rulesFor(DEFAULT_RULES) }).adjDex.value;
    expect(attackPreview(s, 'ann', 'bob', 'broadsword', {}, { rules: O3 }).adjDex.value).toBe(base);
  });
});

describe('action points (002 §Assigning Movement): attacks spend them too', () => {
  it('5 AP of movement leave none for an attack', () => {
    const s = moving(
      encounter([mover(2, 5, { equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }), fig('bob', 'b', 13, 5, { facing: 3 })]),
    );
    const moved = run(s, { type: 'move', figureId: 'ann', mode: 'stride-2', to: hex(12, 5), strides: [2, 2, 2, 2, 2] }).state;
    expect(moved.figures[0]!.turn.apSpent).toBe(5);
    expect(refused({ ...moved, phase: 'actions' }, { type: 'attack', figureId: 'ann', targetId: 'bob', weaponId: 'broadsword', override: true })).toBe(
      'Ann has 0 AP left: an attack needs 1 (002 §Assigning Movement).',
    );
  });

  it('a monster with 2 attacks has 2 AP: 3 AP of movement are refused', () => {
    const s = moving(encounter([mover(2, 5, { attacks: 2 })], { sides: ['a'] }));
    expect(refused(s, { type: 'move', figureId: 'ann', mode: 'stride-3', to: hex(11, 5), strides: [3, 3, 3] })).toBe(
      'Ann: 3 AP of movement, but only 2 AP (002 §Movement (stride)).',
    );
    const ok = run(s, { type: 'move', figureId: 'ann', mode: 'stride-3', to: hex(8, 5), strides: [3, 3] });
    expect(ok.state.figures[0]!.turn.apSpent).toBe(2);
  });
});

describe('attacks of opportunity (002 §Attacks of Opportunity)', () => {
  /** Ute 12 hexes from Charles, who faces her with a loaded small bow. */
  function field(charles: Parameters<typeof fig>[4] = {}): EncounterState {
    return encounter(
      [
        fig('ute', 'a', 2, 5, { equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
        fig('charles', 'b', 14, 5, { facing: 3, equipment: { weaponIds: ['small-bow'], readyWeaponId: 'small-bow' }, ...charles }),
      ],
      { cols: 20 },
    );
  }

  it('Ute: 3 AP at stride-4 over 12 hexes into melee; Charles shoots first at 6 hexes (end to end)', () => {
    // RULINGS T2: side a rolls 6, side b 1; a moves first.
    const s = moving(field());
    const moved = run(s, { type: 'move', figureId: 'ute', mode: 'stride-4', to: hex(13, 5), strides: [4, 4, 4] });
    expect(ofType(moved.events, 'strideMoved')[0]).toMatchObject({ strides: [4, 4, 4], apSpent: 3, endStride: 0 });
    expect(ofType(moved.events, 'opportunityOffered')).toEqual([
      {
        type: 'opportunityOffered',
        figureId: 'charles',
        moverId: 'ute',
        weaponId: 'small-bow',
        rangeHexes: 6,
        at: hex(8, 5),
        reason: 'Stride-4 into melee: the defender attacks first, at 6 hexes (half of 12).',
        source: '002 §Attacks of Opportunity; RULINGS O3',
      },
    ]);
    expect(turnStateOf(moved.state).opportunities).toEqual([{ defenderId: 'charles', moverId: 'ute', weaponId: 'small-bow', rangeHexes: 6, at: hex(8, 5) }]);
    // The preview of the shot, taken from where Ute then was (6 hexes off).
    const there = { ...moved.state, figures: moved.state.figures.map((f) => (f.id === 'ute' ? { ...f, position: hex(8, 5) } : f)) };
    const preview = attackPreview(there, 'charles', 'ute', 'small-bow', {}, { rules: O3 });
    expect(preview.allowed).toBe(true);
    // 3d6 = 6 hits; the small bow's 1d6−1 = 4 − 1 = 3 (001 §Equipment); Ute wears nothing.
    const shot = run(moved.state, { type: 'opportunityAttack', figureId: 'charles', moverId: 'ute' }, [[2, 2, 2], [4]]);
    const rolled = ofType(shot.events, 'attackRolled')[0]!;
    expect(rolled).toMatchObject({
      attackerId: 'charles',
      targetId: 'ute',
      weaponId: 'small-bow',
      kind: 'missile',
      roll: 6,
      hit: true,
      adjDex: preview.adjDex.value,
    });
    expect(ofType(shot.events, 'damageDealt')[0]).toMatchObject({ rolled: 3, taken: 3, fatigueAfter: 47 });
    const ute = shot.state.figures.find((f) => f.id === 'ute')!;
    expect(ute.position).toEqual(hex(13, 5));
    expect(ute.fatigue.current).toBe(47);
    const charles = shot.state.figures.find((f) => f.id === 'charles')!;
    expect(charles.turn.apAttacks).toBe(1);
    expect(charles.lastShotTurn).toBe(1);
    expect(charles.turn.option).toBeNull();
    expect(shot.rolls.map((r) => r.label)).toEqual(['attack: Charles → Ute', 'damage: Charles → Ute']);
    expect(turnStateOf(shot.state).opportunities).toEqual([]);
    // Taken once only.
    expect(refused(shot.state, { type: 'opportunityAttack', figureId: 'charles', moverId: 'ute' })).toBe(
      'Charles has no attack of opportunity on Ute (002 §Attacks of Opportunity).',
    );
  });

  it('a defender that moves instead lets its offered shot go', () => {
    const moved = run(moving(field()), { type: 'move', figureId: 'ute', mode: 'stride-4', to: hex(13, 5), strides: [4, 4, 4] });
    expect(turnStateOf(moved.state).opportunities).toHaveLength(1);
    const stays = run(moved.state, { type: 'move', figureId: 'charles', mode: 'stand-still', to: hex(14, 5) });
    expect(turnStateOf(stays.state).opportunities).toEqual([]);
    expect(refused(stays.state, { type: 'opportunityAttack', figureId: 'charles', moverId: 'ute' })).toBe(
      'Charles has no attack of opportunity on Ute (002 §Attacks of Opportunity).',
    );
  });

  it('no shot below stride 3, without a loaded or throwable weapon, or when the move does not engage', () => {
    const slow = run(moving(field()), { type: 'move', figureId: 'ute', mode: 'stride-2', to: hex(12, 5), strides: [2, 2, 2, 2, 2] });
    expect(ofType(slow.events, 'opportunityOffered')).toEqual([]);
    const unarmed = run(moving(field({ equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } })), {
      type: 'move',
      figureId: 'ute',
      mode: 'stride-4',
      to: hex(13, 5),
      strides: [4, 4, 4],
    });
    expect(ofType(unarmed.events, 'opportunityOffered')).toEqual([]);
    const short = run(moving(field()), { type: 'move', figureId: 'ute', mode: 'stride-4', to: hex(10, 5), strides: [4, 4] });
    expect(ofType(short.events, 'opportunityOffered')).toEqual([]);
  });

  it('a throwable weapon in hand: at half of 10 = 5 hexes', () => {
    const s = moving(
      encounter([fig('ute', 'a', 4, 5), fig('charles', 'b', 14, 5, { facing: 3, equipment: { weaponIds: ['dagger'], readyWeaponId: 'dagger' } })], {
        cols: 20,
      }),
    );
    const r = run(s, { type: 'move', figureId: 'ute', mode: 'stride-3', to: hex(13, 5), strides: [3, 3, 3] });
    expect(ofType(r.events, 'opportunityOffered')[0]).toMatchObject({ weaponId: 'dagger', rangeHexes: 5, at: hex(9, 5) });
  });
});
