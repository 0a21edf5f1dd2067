/**
 * What the tactics think a blow is worth: the hits expected through protection, from the attack
 * roll as the rule set reads it (001 §Attack Rolls; RULINGS A3) and the damage after the
 * multiplier less the stops (001 §Protection; RULINGS A4). Exact sums over the dice.
 */
import { describe, expect, it } from 'vitest';
import { diceSpec } from '../../../../src/main/engine/dice/parse';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { blowWorth } from '../../../../src/main/engine/tactics/blows';

const rules = rulesFor(DEFAULT_RULES);

describe('blowWorth', () => {
  it('adjDEX 10 on 3 dice hits on 108 of 216 totals; 3 triples, 4 doubles a 2d6 blow (001 §Attack Rolls: Automatic Results)', () => {
    const w = blowWorth(rules, 3, 10, diceSpec(2, 6, 0), 0, 0);
    expect(w.chance).toBeCloseTo(108 / 216, 12);
    // 1/216 × 3 × 7 + 3/216 × 2 × 7 + 104/216 × 7
    expect(w.hits).toBeCloseTo((21 + 42 + 728) / 216, 12);
  });

  it('armour comes off each blow after the multiplier, never below 0 (RULINGS A4)', () => {
    // A dagger (1d6−1) against 2 stops on an ordinary hit: 0,0,0,1,2,3 → 1 a hit.
    const ordinary = blowWorth(rules, 3, 10, diceSpec(1, 6, -1), 0, 2);
    const triple = (0 + 1 + 4 + 7 + 10 + 13) / 6;
    const double = (0 + 0 + 2 + 4 + 6 + 8) / 6;
    expect(ordinary.hits).toBeCloseTo((1 * triple + 3 * double + 104 * 1) / 216, 12);
  });

  it('a blow that armour always stops is worth only its criticals, and none past them', () => {
    // 1d6−1 is at most 5, doubled 10, tripled 15: 9 stops (fine plate and a tower shield) leave the criticals only.
    const w = blowWorth(rules, 3, 12, diceSpec(1, 6, -1), 0, 9);
    expect(w.hits).toBeCloseTo(((0 + 0 + 0 + 0 + 3 + 6) / 6) * (1 / 216) + (1 / 6) * (3 / 216), 12);
    expect(blowWorth(rules, 3, 12, diceSpec(1, 6, -1), 0, 15).hits).toBe(0);
  });

  it('against a defender the attacker rolls 4 dice, where 4–5 hit whatever adjDEX (RULINGS A6, A3)', () => {
    const w = blowWorth(rules, 4, 3, diceSpec(1, 6, 0), 0, 0);
    expect(w.chance).toBeCloseTo((1 + 4) / 1296, 12);
    expect(w.hits).toBeCloseTo(w.chance * 3.5, 12);
  });
});
