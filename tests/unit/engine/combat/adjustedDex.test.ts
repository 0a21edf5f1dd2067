// adjDEX (RULINGS A1; 001 §DEX Adjustments, all cumulative).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustedDex, DEX_ADJUSTMENT_ROWS } from '../../../../src/main/engine/combat';
import type { AttackSituation } from '../../../../src/main/engine/combat';
import { armorById, shieldById } from '../../../../src/main/engine/equipment';
import { injuryPenalty } from '../../../../src/main/engine/characters';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';

const chain = armorById('chainmail')!;
const large = shieldById('large-shield')!;
const tower = shieldById('tower-shield')!;
const small = shieldById('small-shield')!;
const finePlate = armorById('fine-plate')!;
const mainGauche = shieldById('main-gauche')!;

const sum = (e: { breakdown: readonly { value: number }[] }) => e.breakdown.reduce((t, l) => t + l.value, 0);

describe('adjustedDex', () => {
  it('plain melee from the front: DEX alone', () => {
    const e = adjustedDex({ kind: 'melee', dex: 12 });
    expect(e.value).toBe(12);
    expect(e.breakdown).toEqual([{ label: 'DEX', value: 12, source: '001 §Attributes; RULINGS A1' }]);
  });

  it('adds armour, shield and injury with their sources', () => {
    const e = adjustedDex({ kind: 'melee', dex: 13, armor: chain, shield: large, injury: -1 });
    expect(e.value).toBe(13 - 3 - 1 - 1);
    expect(e.breakdown).toEqual([
      { label: 'DEX', value: 13, source: '001 §Attributes; RULINGS A1' },
      { label: 'Chainmail', value: -3, source: '001 §DEX Adjustments: Armor and Shield; RULINGS A1' },
      { label: 'Large Shield', value: -1, source: '001 §DEX Adjustments: Armor and Shield; RULINGS A1' },
      { label: 'Injury penalty', value: -1, source: '001 §Injury Thresholds & Death; RULINGS C4' },
    ]);
  });

  it('a small shield shows its 0 line; Fine Plate and Main-Gauche come from the equipment table', () => {
    const e = adjustedDex({ kind: 'melee', dex: 12, armor: finePlate, shield: small });
    expect(e.value).toBe(8);
    expect(e.breakdown[1]).toEqual({ label: 'Fine Plate', value: -4, source: '001 §Armor and Shields (DEX column); RULINGS A1' });
    expect(e.breakdown[2]).toEqual({ label: 'Small Shield', value: 0, source: '001 §DEX Adjustments: Armor and Shield; RULINGS A1' });
    expect(adjustedDex({ kind: 'melee', dex: 12, shield: mainGauche }).value).toBe(11);
  });

  it('refuses a shield worn as armour', () => {
    expect(() => adjustedDex({ kind: 'melee', dex: 12, armor: tower })).toThrow(/not armour/);
  });

  it('keeps the lines of an explained injury penalty (RULINGS C4)', () => {
    const injury = injuryPenalty({ fatigue: { current: 4, starting: 40 }, body: { current: 27, starting: 27 } }).explained;
    const e = adjustedDex({ kind: 'melee', dex: 14, injury });
    expect(e.value).toBe(12);
    expect(e.breakdown.map((l) => l.value)).toEqual([14, -2]);
    expect(e.breakdown[1]?.label).toBe('Fatigue 4/40 (1 to 5)');
  });

  it('side +2 and rear +4 for weapon attacks; nothing for a missile spell', () => {
    expect(adjustedDex({ kind: 'melee', dex: 10, zone: 'side' }).value).toBe(12);
    expect(adjustedDex({ kind: 'melee', dex: 10, zone: 'rear' }).value).toBe(14);
    expect(adjustedDex({ kind: 'thrown', dex: 10, zone: 'rear', rangeHexes: 1 }).value).toBe(13);
    expect(adjustedDex({ kind: 'missile', dex: 10, zone: 'side', rangeMegahexes: 1 }).value).toBe(12);
    expect(adjustedDex({ kind: 'missile-spell', dex: 10, zone: 'rear', rangeMegahexes: 1 }).value).toBe(10);
    expect(adjustedDex({ kind: 'melee', dex: 10, zone: 'rear' }).breakdown[1]).toEqual({
      label: "Striking from enemy's rear hex",
      value: 4,
      source: '001 §DEX Adjustments: Positional Advantage',
    });
  });

  it('HTH: +4 for both, never stacked with the rear-hex bonus (RULINGS H1; 004 §Hand-to-Hand Combat)', () => {
    const e = adjustedDex({ kind: 'hth', dex: 11, zone: 'rear', armor: chain });
    expect(e.value).toBe(11 - 3 + 4);
    expect(e.breakdown.map((l) => l.label)).toEqual(['DEX', 'Chainmail', 'HTH combat']);
  });

  it('every target and own condition, cumulative', () => {
    const s: AttackSituation = {
      kind: 'melee',
      dex: 30,
      targetInvisible: true,
      targetInShadow: true,
      targetInFlight: 'one-hex',
      targetIsGiantSnake: true,
      inShadow: true,
      standingInFire: true,
      standingOnBody: true,
      movedOverBrokenGround: true,
      twoWeapons: true,
      sweepingBlow: true,
    };
    const e = adjustedDex(s);
    expect(e.value).toBe(30 - 6 - 4 - 4 - 3 - 6 - 4 - 4 - 2 - 2 - 2);
    expect(adjustedDex({ kind: 'melee', dex: 10, targetInFlight: 'multi-hex' }).value).toBe(9);
    for (const l of e.breakdown.slice(1)) expect(l.source).toMatch(/^001 §DEX Adjustments: (Target|Your) Conditions$/);
  });

  it('waiting for an opening: +1 after 1 turn, +2 after 2 or more', () => {
    expect(adjustedDex({ kind: 'melee', dex: 10, waitedTurns: 0 }).value).toBe(10);
    expect(adjustedDex({ kind: 'melee', dex: 10, waitedTurns: 1 }).value).toBe(11);
    expect(adjustedDex({ kind: 'melee', dex: 10, waitedTurns: 2 }).value).toBe(12);
    expect(adjustedDex({ kind: 'melee', dex: 10, waitedTurns: 5 }).value).toBe(12);
    expect(() => adjustedDex({ kind: 'melee', dex: 10, waitedTurns: -1 })).toThrow(RangeError);
  });

  it('pole weapon vs a charge +2 (melee); crossbow from prone +1 (missile); refused on other kinds', () => {
    expect(adjustedDex({ kind: 'melee', dex: 10, poleVsCharge: true }).value).toBe(12);
    expect(adjustedDex({ kind: 'missile', dex: 10, crossbowFromProne: true, rangeMegahexes: 3 }).value).toBe(10);
    expect(() => adjustedDex({ kind: 'missile', dex: 10, poleVsCharge: true, rangeMegahexes: 1 })).toThrow(/does not apply/);
    expect(() => adjustedDex({ kind: 'melee', dex: 10, crossbowFromProne: true })).toThrow(/does not apply/);
    expect(() => adjustedDex({ kind: 'missile', dex: 10, sweepingBlow: true, rangeMegahexes: 1 })).toThrow(/does not apply/);
  });

  it('range: thrown −1 per hex, missile and missile spell by megahexes (RULINGS A2)', () => {
    const t = adjustedDex({ kind: 'thrown', dex: 12, rangeHexes: 3 });
    expect(t.value).toBe(9);
    expect(t.breakdown[1]).toEqual({ label: 'Thrown range 3 hexes', value: -3, source: '001 §DEX Adjustments: Range (Thrown Weapons); RULINGS A2' });
    const m = adjustedDex({ kind: 'missile', dex: 12, rangeMegahexes: 5 });
    expect(m.value).toBe(10);
    expect(m.breakdown[1]).toEqual({ label: 'Missile range 5 MH', value: -2, source: '001 §DEX Adjustments: Range (Missile Weapons); RULINGS A2' });
    expect(adjustedDex({ kind: 'missile-spell', dex: 12, rangeMegahexes: 8 }).value).toBe(9);
    expect(() => adjustedDex({ kind: 'thrown', dex: 12 })).toThrow(/range in hexes/);
    expect(() => adjustedDex({ kind: 'missile', dex: 12 })).toThrow(/megahexes/);
    expect(() => adjustedDex({ kind: 'melee', dex: 12, rangeHexes: 1 })).toThrow(RangeError);
    expect(() => adjustedDex({ kind: 'melee', dex: 12, rangeMegahexes: 1 })).toThrow(RangeError);
  });

  it('004-only rows count only when their rule set is on (RULINGS A8, O1)', () => {
    expect(adjustedDex({ kind: 'melee', dex: 12, tookHeavyBlowLastTurn: true, exhausted: true }).value).toBe(12);
    const heavy = { ...DEFAULT_RULES, heavyBlows: true };
    expect(adjustedDex({ kind: 'melee', dex: 12, tookHeavyBlowLastTurn: true }, heavy).value).toBe(10);
    const classic = { ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, classic: true } };
    expect(adjustedDex({ kind: 'melee', dex: 12, exhausted: true }, classic).value).toBe(10);
  });

  it('the value is always the sum of its lines, and every line names a source', () => {
    const kinds = ['melee', 'thrown', 'missile', 'missile-spell', 'hth'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.integer({ min: 3, max: 18 }),
        fc.constantFrom('front', 'side', 'rear') as fc.Arbitrary<'front' | 'side' | 'rear'>,
        fc.integer({ min: -2, max: 0 }),
        fc.nat(20),
        fc.boolean(),
        fc.boolean(),
        (kind, dex, zone, injury, range, invisible, fire) => {
          const s: AttackSituation = {
            kind,
            dex,
            zone,
            injury,
            armor: chain,
            targetInvisible: invisible,
            standingInFire: fire,
            ...(kind === 'thrown' ? { rangeHexes: range } : {}),
            ...(kind === 'missile' || kind === 'missile-spell' ? { rangeMegahexes: range } : {}),
          };
          const e = adjustedDex(s);
          expect(e.value).toBe(sum(e));
          for (const l of e.breakdown) expect(l.source.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('each situation row used cites a row of the tables', () => {
    const sources = new Set(DEX_ADJUSTMENT_ROWS.map((r) => r.source));
    const e = adjustedDex({ kind: 'melee', dex: 10, zone: 'side', targetInShadow: true, standingOnBody: true, waitedTurns: 1 });
    for (const l of e.breakdown.slice(1)) expect(sources.has(l.source)).toBe(true);
  });
});
