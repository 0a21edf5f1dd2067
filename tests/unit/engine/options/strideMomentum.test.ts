/**
 * Stride & momentum (RULINGS O3; 002), with 002's worked examples: the walking 4-AP example,
 * the sprint build-up, the stop from stride-8, Marcus (stride-4 ×2 to stop) and Ute (opportunity
 * shot at 6 hexes).
 */
import { describe, expect, it } from 'vitest';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import {
  STRIDE_BANDS,
  actionPoints,
  carriedMomentum,
  chargeBonuses,
  checkMonsterStrides,
  collision,
  crash,
  crashDice,
  cruisingDistance,
  opportunityAttack,
  passByCharge,
  planStride,
  strideBand,
  strideStatus,
  tumbleCheck,
} from '../../../../src/main/engine/options/strideMomentum';

describe('002 §Movement (stride): bands and action points', () => {
  it('wary 1, walking 2–3, running 4–5, sprinting 6–8', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(strideBand)).toEqual(['wary', 'walking', 'walking', 'running', 'running', 'sprinting', 'sprinting', 'sprinting']);
    expect(STRIDE_BANDS.map((b) => b.text)).toEqual(['1', '2-3', '4-5', '6-8']);
    expect(() => strideBand(9)).toThrow(RangeError);
    expect(() => strideBand(0)).toThrow(RangeError);
  });
  it('humanoids 5 AP; monsters one per attack; a GM adjustment on its own line', () => {
    expect(actionPoints({ kind: 'humanoid' }).value).toBe(5);
    expect(actionPoints({ kind: 'monster', attacks: 3 }).value).toBe(3);
    const adj = actionPoints({ kind: 'humanoid', adjustment: 1 });
    expect([adj.value, adj.breakdown.length]).toEqual([6, 2]);
    expect(() => actionPoints({ kind: 'monster', attacks: 0 })).toThrow(RangeError);
  });
  it('example: 4 AP at walking speed covers 8 to 12 hexes', () => {
    expect(planStride({ momentum: 0, strides: [2, 2, 2, 2], actionPoints: 4, stop: true }).hexes.value).toBe(8);
    expect(planStride({ momentum: 0, strides: [3, 3, 3, 3], actionPoints: 4, stop: true }).hexes.value).toBe(12);
  });
  it("the previous turn's stride counts only when sprinting", () => {
    expect([0, 3, 5, 6, 8].map(carriedMomentum)).toEqual([0, 0, 0, 6, 8]);
  });
});

describe('002 §Sprinting: speeding up and slowing down', () => {
  it('stride-8 from a standstill is refused (+8 > +6); 2–6 then 8 is fine', () => {
    const direct = planStride({ momentum: 0, strides: [8], actionPoints: 5, stop: false });
    expect(direct.legal).toBe(false);
    expect(direct.steps[0]?.problem).toBe('too-fast');
    const built = planStride({ momentum: 0, strides: [6, 8], actionPoints: 5, stop: false });
    expect([built.legal, built.hexes.value, built.momentumNext]).toEqual([true, 14, 8]);
    expect(planStride({ momentum: 0, strides: [8], actionPoints: 5, stop: false, runningProficiency: true }).legal).toBe(true);
  });
  it('from stride-8, one AP at stride-4 then a clean stop; stopping at once needs the check', () => {
    const safe = planStride({ momentum: 8, strides: [4], actionPoints: 5, stop: true });
    expect([safe.legal, safe.checks, safe.hexes.value, safe.endStride]).toEqual([true, [], 4, 0]);
    const abrupt = planStride({ momentum: 8, strides: [], actionPoints: 5, stop: true });
    expect(abrupt.checks).toEqual([{ ap: 'stop', from: 8, to: 0 }]);
    const midTurn = planStride({ momentum: 0, strides: [6, 8, 3], actionPoints: 5, stop: true });
    expect(midTurn.checks).toEqual([{ ap: 3, from: 8, to: 3 }]);
  });
  it('more AP than the figure has is refused', () => {
    expect(planStride({ momentum: 0, strides: [2, 2, 2], actionPoints: 2, stop: true }).legal).toBe(false);
  });
  it('Marcus: stride-4 for 2 AP covers the 8 hexes and stops clean; stride-8 cannot stop there', () => {
    const marcus = planStride({ momentum: 0, strides: [4, 4], actionPoints: 5, stop: true });
    expect([marcus.legal, marcus.hexes.value, marcus.apSpent, marcus.checks.length, marcus.endStride]).toEqual([true, 8, 2, 0, 0]);
    // At stride-8 he reaches the hex in one AP only by coming on from a sprint, and cannot stop.
    const sprint = planStride({ momentum: 8, strides: [8], actionPoints: 5, stop: true });
    expect([sprint.hexes.value, sprint.checks]).toEqual([8, [{ ap: 'stop', from: 8, to: 0 }]]);
  });
  it('cruising distance builds up at +6 per AP', () => {
    const c = cruisingDistance(0, 5, 8);
    expect(c.breakdown.map((l) => l.value)).toEqual([6, 8, 8, 8, 8]);
    expect(c.value).toBe(38);
    expect(cruisingDistance(8, 5, 8).value).toBe(40);
    expect(cruisingDistance(0, 5, 4).value).toBe(20);
  });
});

describe('002 §Sprinting: tumbles and crashes; §Charging: collisions', () => {
  it('the DEX − 4 check: kept on 8 at DEX 12; on 9 a tumble of 1d4', () => {
    const kept = tumbleCheck(createEnteredDice([[3, 3, 2]]), 12);
    expect([kept.target.value, kept.kept, kept.tumble]).toEqual([8, true, null]);
    const fell = tumbleCheck(createEnteredDice([[3, 3, 3], [3]]), 12);
    expect([fell.kept, fell.tumble?.damage, fell.tumble?.stopsInNextHex]).toEqual([false, 3, true]);
  });
  it('crash dice by stride: 1d6 to 6, 1d8 at 7, 1d10 at 8', () => {
    expect([1, 6, 7, 8].map(crashDice)).toEqual(['1d6', '1d6', '1d8', '1d10']);
    const c = crash(createEnteredDice([[9]]), 8);
    expect([c.damage, c.roll.sides]).toEqual([9, 10]);
  });
  it('a collision does 1d6 to each', () => {
    const c = collision(createEnteredDice([[2], [5]]), 'a', 'b');
    expect(c.damage).toEqual([
      { figureId: 'a', damage: 2 },
      { figureId: 'b', damage: 5 },
    ]);
  });
  it('charge bonuses +2 / +1; pass-by needs stride 4, a roll-off says who swings first', () => {
    const b = chargeBonuses();
    expect([b.attacker.value, b.defender.value]).toEqual([2, 1]);
    expect(passByCharge(createEnteredDice([]), 'a', 'd', 3).allowed).toBe(false);
    const p = passByCharge(createEnteredDice([[2], [6]]), 'a', 'd', 4);
    expect([p.allowed, p.strikeOrder, p.freeExit, p.attackerBonus?.value, p.defenderBonus?.value]).toEqual([true, ['d', 'a'], true, 2, 1]);
  });
});

describe('002 §Attacks of Opportunity', () => {
  it('Ute: 3 AP at stride-4 over 12 hexes; Charles, bow loaded, shoots first at 6 hexes', () => {
    const ute = planStride({ momentum: 0, strides: [4, 4, 4], actionPoints: 5, stop: true });
    expect(ute.hexes.value).toBe(12);
    const o = opportunityAttack({ stride: 4, engages: true, defenderWeapon: 'loaded-missile', startDistance: 12 });
    expect([o.allowed, o.rangeHexes, o.bonus]).toEqual([true, 6, null]);
  });
  it('no attack without a loaded or throwable weapon, below stride 3, or without engagement', () => {
    expect(opportunityAttack({ stride: 4, engages: true, defenderWeapon: 'none', startDistance: 12 }).allowed).toBe(false);
    expect(opportunityAttack({ stride: 2, engages: true, defenderWeapon: 'throwable-in-hand', startDistance: 12 }).allowed).toBe(false);
    expect(opportunityAttack({ stride: 4, engages: false, defenderWeapon: 'loaded-missile', startDistance: 12 }).allowed).toBe(false);
    expect(opportunityAttack({ stride: 3, engages: true, defenderWeapon: 'throwable-in-hand', startDistance: 9 }).rangeHexes).toBe(4);
  });
  it('monsters: none at top speed; +1 when ambling', () => {
    expect(
      opportunityAttack({ stride: 6, engages: true, defenderWeapon: 'loaded-missile', startDistance: 10, mover: { kind: 'monster', pace: 'strike' } }).allowed,
    ).toBe(false);
    const amb = opportunityAttack({
      stride: 3,
      engages: true,
      defenderWeapon: 'loaded-missile',
      startDistance: 10,
      mover: { kind: 'monster', pace: 'ambling' },
    });
    expect([amb.allowed, amb.rangeHexes, amb.bonus?.value]).toEqual([true, 5, 1]);
  });
  it('monster strides: feeding wary, ambling walking, strike its top speed', () => {
    expect(checkMonsterStrides({ attacks: 2, feeding: 1, ambling: 3, strike: 7 })).toEqual([]);
    expect(checkMonsterStrides({ attacks: 2, feeding: 2, ambling: 4, strike: 3 })).toHaveLength(3);
  });
});

describe('the tracker line (RULINGS O3)', () => {
  it('stride, band, momentum and AP left', () => {
    expect(strideStatus({ stride: 6, momentum: 6, apSpent: 3, actionPoints: 5 }).text).toBe('stride-6 (sprinting) · momentum 6 · 2 AP left');
    expect(strideStatus({ stride: 0, momentum: 0, apSpent: 0, actionPoints: 5 }).text).toBe('standing · momentum 0 · 5 AP left');
  });
});
