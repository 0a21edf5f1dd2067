import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DiceError, diceSpec, parseDice, toDiceSpec } from '../../../src/main/engine/dice';

const spec = (count: number, sides: number, modifier: number, notation: string) => ({ count, sides, modifier, notation });

describe('parseDice accepts (RULINGS G3; 004 §Dealing Damage)', () => {
  const cases: [string, ReturnType<typeof spec>][] = [
    ['3d6', spec(3, 6, 0, '3d6')],
    ['4d6', spec(4, 6, 0, '4d6')],
    ['2d6-1', spec(2, 6, -1, '2d6-1')],
    ['1d6+2', spec(1, 6, 2, '1d6+2')],
    ['1d12', spec(1, 12, 0, '1d12')],
    ['d8', spec(1, 8, 0, '1d8')], // dM = 1dM
    ['D20', spec(1, 20, 0, '1d20')],
    ['1 d20', spec(1, 20, 0, '1d20')], // 000 writes "1 d20"
    ['3d', spec(3, 6, 0, '3d6')], // RULINGS G3: bare Nd is d6
    ['2d+1', spec(2, 6, 1, '2d6+1')],
    ['d%', spec(1, 100, 0, '1d100')],
    ['1d100', spec(1, 100, 0, '1d100')],
    ['2 dice', spec(2, 6, 0, '2d6')], // 004 §Dealing Damage
    ['1 die', spec(1, 6, 0, '1d6')], // 001
    ['3 Dice', spec(3, 6, 0, '3d6')],
    ['2 dice + 1', spec(2, 6, 1, '2d6+1')],
    ['2-1', spec(2, 6, -1, '2d6-1')], // 004 shorthand
    ['1+1', spec(1, 6, 1, '1d6+1')], // 004 §Dealing Damage "1+1"
    ['2−2', spec(2, 6, -2, '2d6-2')], // 004 writes U+2212
    ['2+2', spec(2, 6, 2, '2d6+2')],
    ['3', spec(3, 6, 0, '3d6')], // decision: bare number is N d6
    ['2d6−1', spec(2, 6, -1, '2d6-1')], // 001 tables write U+2212
    ['1d6–4', spec(1, 6, -4, '1d6-4')], // en dash
    ['  2 D 6 - 1  ', spec(2, 6, -1, '2d6-1')],
    ['3d6+0', spec(3, 6, 0, '3d6')],
    ['100d1000', spec(100, 1000, 0, '100d1000')],
    ['1d2', spec(1, 2, 0, '1d2')],
  ];
  for (const [input, expected] of cases) {
    it(JSON.stringify(input), () => {
      expect(parseDice(input)).toEqual(expected);
    });
  }
});

describe('parseDice rejects with a clear DiceError', () => {
  const bad = ['', '   ', 'd', 'dice', 'abc', '3d6+', '3d6++1', '+3', '-2', '3x6', '2d6 fire', '1.5d6', '3d6*2', 'd-6', '2 dice dice'];
  for (const input of bad) {
    it(JSON.stringify(input), () => {
      expect(() => parseDice(input)).toThrow(DiceError);
      expect(() => parseDice(input)).toThrow(
        `Cannot read dice "${input}". Accepted forms: NdM, NdM+K, NdM-K, dM, Nd (d6), d%, "N dice", "1 die", or the damage shorthand N, N+K, N-K (N d6).`,
      );
    });
  }

  it('limits: count 1–100', () => {
    expect(() => parseDice('0d6')).toThrow('Dice "0d6": the number of dice must be a whole number from 1 to 100 (got 0).');
    expect(() => parseDice('101d6')).toThrow('the number of dice must be a whole number from 1 to 100 (got 101)');
    expect(() => parseDice('0')).toThrow('Dice "0": the number of dice must be a whole number from 1 to 100 (got 0).');
    expect(() => parseDice('0 dice')).toThrow(DiceError);
  });

  it('limits: sides 2–1000', () => {
    expect(() => parseDice('1d1')).toThrow('Dice "1d1": the number of sides must be a whole number from 2 to 1000 (got 1).');
    expect(() => parseDice('1d1001')).toThrow('(got 1001)');
    expect(() => parseDice('d0')).toThrow(DiceError);
  });

  it('reports several problems at once', () => {
    expect(() => parseDice('0d1')).toThrow(
      'Dice "0d1": the number of dice must be a whole number from 1 to 100 (got 0); the number of sides must be a whole number from 2 to 1000 (got 1).',
    );
  });

  it('modifier guard', () => {
    expect(() => parseDice('1d6+1001')).toThrow('the modifier must be a whole number from -1000 to +1000 (got 1001)');
  });

  it('non-string input', () => {
    expect(() => parseDice(3 as unknown as string)).toThrow(DiceError);
  });
});

describe('diceSpec / toDiceSpec', () => {
  it('canonicalises a hand-built spec', () => {
    expect(toDiceSpec({ count: 2, sides: 6, modifier: -1, notation: 'whatever' })).toEqual(spec(2, 6, -1, '2d6-1'));
    expect(diceSpec(3, 6)).toEqual(spec(3, 6, 0, '3d6'));
  });
  it('rejects a spec out of limits', () => {
    expect(() => toDiceSpec({ count: 2.5, sides: 6, modifier: 0, notation: 'x' })).toThrow('Dice "x": the number of dice');
  });
});

describe('parseDice round-trips its canonical notation (property)', () => {
  it('NdM±K → spec → notation → same spec', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 2, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (n, m, k) => {
        const s = diceSpec(n, m, k);
        expect(parseDice(s.notation)).toEqual(s);
        expect(parseDice(s.notation.toUpperCase().split('').join(' '))).toEqual(s);
      }),
    );
  });
});
