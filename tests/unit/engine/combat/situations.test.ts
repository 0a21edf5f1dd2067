// Special situations: Disengaging (RULINGS H2), Forced Retreat (H3), missiles through friends and behind bodies (H4), rate of fire (A7).
import { describe, expect, it } from 'vitest';
import {
  disengageStrikes,
  fireWindow,
  forcedRetreatFall,
  forcedRetreatRights,
  proneBehindBody,
  retreatHexes,
  rollToMissFriend,
} from '../../../../src/main/engine/combat';
import { createEnteredDice } from '../../../../src/main/engine/dice';
import { weaponById } from '../../../../src/main/engine/equipment';
import { hex, hexKey } from '../../../../src/shared/hex';

describe('disengageStrikes (001 §Disengaging option n; RULINGS H2)', () => {
  const s = disengageStrikes({ id: 'Ana', adjDex: 12 }, [
    { id: 'fast', adjDex: 14 },
    { id: 'tied', adjDex: 12 },
    { id: 'slow', adjDex: 9 },
  ]);
  it('faster enemies strike as usual', () => {
    expect(s[0]).toMatchObject({ enemy: 'fast', mayStrike: true, timing: 'before', penalty: 0, line: null });
  });
  it('slower enemies strike at the difference in adjDEX', () => {
    expect(s[2]).toMatchObject({ enemy: 'slow', mayStrike: true, timing: 'after', penalty: -3 });
    expect(s[2]?.line).toEqual({
      label: 'Ana disengaged first (adjDEX 12 vs 9)',
      value: -3,
      source: '001 §Disengaging (From Engaged, option n); RULINGS H2',
    });
  });
  it('an equal adjDEX gives no penalty either way', () => {
    expect(s[1]).toMatchObject({ enemy: 'tied', timing: 'tied', penalty: 0 });
  });
});

describe('forced retreat (001 §Forced Retreat; RULINGS H3)', () => {
  it('goes to figures that dealt hits through protection and took none', () => {
    const rights = forcedRetreatRights([
      { attacker: 'A', target: 'X', hits: 4 },
      { attacker: 'A', target: 'Y', hits: 2 },
      { attacker: 'B', target: 'X', hits: 3 },
      { attacker: 'X', target: 'B', hits: 1 },
      { attacker: 'C', target: 'Y', hits: 0 }, // stopped by armour: dealt none
      { attacker: 'Y', target: 'C', hits: 0 }, // C took none either
    ]);
    expect(rights.map((r) => [r.figure, r.mayPush, r.hitsDealt])).toEqual([['A', ['X', 'Y'], 6]]);
  });
  it('free hexes around the pushed enemy', () => {
    const blocked = new Set([hexKey(hex(1, 0)), hexKey(hex(0, 1)), hexKey(hex(-1, 1))]);
    const free = retreatHexes(hex(0, 0), (h) => !blocked.has(hexKey(h)));
    expect(free.map(hexKey).sort()).toEqual([hexKey(hex(-1, 0)), hexKey(hex(0, -1)), hexKey(hex(1, -1))].sort());
    expect(retreatHexes(hex(0, 0), () => false)).toEqual([]);
  });
  it('with nowhere to go: 3d6 ≤ DEX or fall prone', () => {
    expect(forcedRetreatFall(createEnteredDice([[5, 5, 1]]), { dex: 11 }).fallsProne).toBe(false);
    expect(forcedRetreatFall(createEnteredDice([[5, 5, 2]]), { dex: 11 }).fallsProne).toBe(true);
  });
});

describe('rollToMissFriend (004 §Rolling to Hit: Roll to Miss; RULINGS H4)', () => {
  const roll = (faces: number[], adj: number) => rollToMissFriend(createEnteredDice([faces]), adj);
  it('at or under adjDEX the missile flies on', () => {
    expect(roll([4, 4, 4], 12)).toMatchObject({ missed: true, hitsFriend: false, multiplier: 0 });
  });
  it('over adjDEX (below 14) hits the friend for ordinary damage', () => {
    expect(roll([4, 4, 5], 12)).toMatchObject({ missed: false, hitsFriend: true, multiplier: 1, toBody: false });
  });
  it('14 hits whatever adjDEX; 15–16 double; 17–18 triple', () => {
    expect(roll([4, 5, 5], 16)).toMatchObject({ hitsFriend: true, multiplier: 1 });
    expect(roll([5, 5, 5], 18)).toMatchObject({ hitsFriend: true, multiplier: 2, toBody: true, bleeding: true });
    expect(roll([6, 5, 5], 18)).toMatchObject({ hitsFriend: true, multiplier: 2 });
    expect(roll([6, 6, 5], 18)).toMatchObject({ hitsFriend: true, multiplier: 3, toBody: true, bleeding: false });
    expect(roll([6, 6, 6], 18)).toMatchObject({ hitsFriend: true, multiplier: 3 });
  });
});

describe('proneBehindBody (004 §Crawling and Prone; RULINGS H5)', () => {
  it('prone: 1–3 strikes the body', () => {
    expect(proneBehindBody(createEnteredDice([[3]]), 'prone').hitsBody).toBe(true);
    expect(proneBehindBody(createEnteredDice([[4]]), 'prone').hitsBody).toBe(false);
  });
  it('kneeling: 1–4 strikes the body', () => {
    expect(proneBehindBody(createEnteredDice([[4]]), 'kneeling').hitsBody).toBe(true);
    expect(proneBehindBody(createEnteredDice([[5]]), 'kneeling').hitsBody).toBe(false);
  });
});

describe('fireWindow (001 §Missile Weapons notes; RULINGS A7)', () => {
  const w = (id: string) => weaponById(id)!;
  it('Longbow: 1 shot a turn, 2 at adjDEX 18+', () => {
    expect(fireWindow(w('longbow'), 17, 4, 3)).toMatchObject({ canFire: true, shots: 1, everyTurns: 1, nextFireTurn: 4 });
    expect(fireWindow(w('longbow'), 18, 4, 3)).toMatchObject({ canFire: true, shots: 2, everyTurns: 1 });
  });
  it('Light Crossbow: every other turn, every turn at 14+', () => {
    expect(fireWindow(w('light-crossbow'), 13, 1, null)).toMatchObject({ canFire: true, shots: 1, everyTurns: 2 });
    expect(fireWindow(w('light-crossbow'), 13, 4, 3)).toMatchObject({ canFire: false, shots: 0, nextFireTurn: 5 });
    expect(fireWindow(w('light-crossbow'), 13, 5, 3)).toMatchObject({ canFire: true, shots: 1 });
    expect(fireWindow(w('light-crossbow'), 14, 4, 3)).toMatchObject({ canFire: true, shots: 1, everyTurns: 1 });
  });
  it('Heavy Crossbow: every 3rd turn, every other at 16+', () => {
    expect(fireWindow(w('heavy-crossbow'), 15, 5, 3)).toMatchObject({ canFire: false, nextFireTurn: 6 });
    expect(fireWindow(w('heavy-crossbow'), 15, 6, 3)).toMatchObject({ canFire: true });
    expect(fireWindow(w('heavy-crossbow'), 16, 5, 3)).toMatchObject({ canFire: true, everyTurns: 2 });
  });
  it('thrown weapons once a turn; melee-only weapons have no rate', () => {
    expect(fireWindow(w('dagger'), 10, 2, 1)).toMatchObject({ canFire: true, shots: 1, everyTurns: 1 });
    expect(fireWindow(w('thrown-rock'), 10, 2, 2)).toMatchObject({ canFire: false, nextFireTurn: 3 });
    expect(fireWindow(w('broadsword'), 10, 2, null)).toBeNull();
    expect(fireWindow(w('arrows-20'), 10, 2, null)).toBeNull();
  });
  it('refuses a last shot in the future', () => {
    expect(() => fireWindow(w('longbow'), 10, 2, 3)).toThrow(RangeError);
  });
});
