// 001 §DEX Adjustments: every row of every table, with its exact value (RULINGS A1, A2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARMOR_AND_SHIELD,
  CLASSIC_YOUR_CONDITIONS,
  DEX_ADJUSTMENT_ROWS,
  DEX_ROW_FOR_PROTECTION,
  MISSILE_RANGE_ROWS,
  POSITIONAL_ADVANTAGE,
  TARGET_CONDITIONS,
  THROWN_RANGE_ROW,
  YOUR_CONDITIONS,
  dexRow,
  dexRowsFor,
} from '../../../../src/main/engine/combat';
import { ARMOR, SHIELDS } from '../../../../src/main/engine/equipment';
import { missileRangeModifier, thrownRangeModifier } from '../../../../src/main/engine/range';

const rows = (rs: readonly { text: string; valueText: string; value: number }[]) => rs.map((r) => [r.text, r.valueText, r.value]);

describe('001 §DEX Adjustments tables, transcribed', () => {
  it('Positional Advantage: all seven rows', () => {
    expect(rows(POSITIONAL_ADVANTAGE)).toEqual([
      ["Striking from enemy's side hex", '+2', 2],
      ["Striking from enemy's rear hex", '+4', 4],
      ['Pole-weapon vs. charging opponent', '+2', 2],
      ['Crossbow fired from prone', '+1', 1],
      ['Waiting for an opening (1 turn)', '+1', 1],
      ['Waiting for an opening (2+ turns)', '+2', 2],
      ['HTH combat', '+4 (both)', 4],
    ]);
    for (const r of POSITIONAL_ADVANTAGE) expect(r.source).toBe('001 §DEX Adjustments: Positional Advantage');
  });

  it('Target Conditions: all five rows', () => {
    expect(rows(TARGET_CONDITIONS)).toEqual([
      ['Target is invisible', '−6', -6],
      ['Target is in a shadow hex', '−4', -4],
      ['Target is a one-hex figure in flight', '−4', -4],
      ['Target is a giant snake', '−3', -3],
      ['Target is a multi-hex figure in flight', '−1', -1],
    ]);
    for (const r of TARGET_CONDITIONS) expect(r.source).toBe('001 §DEX Adjustments: Target Conditions');
  });

  it('Your Conditions: all six rows', () => {
    expect(rows(YOUR_CONDITIONS)).toEqual([
      ['In shadow hex or firing through shadow', '−6', -6],
      ['Two-weapon fighting', '−4 on both', -4],
      ['Sweeping blow (all 3 front hexes)', '−4', -4],
      ['Standing in fire', '−2', -2],
      ['Standing on a body', '−2', -2],
      ['Moving over broken ground', '−2', -2],
    ]);
    for (const r of YOUR_CONDITIONS) expect(r.source).toBe('001 §DEX Adjustments: Your Conditions');
  });

  it('Armor and Shield: all eight rows', () => {
    expect(rows(ARMOR_AND_SHIELD)).toEqual([
      ['Small/spike shield', '0', 0],
      ['Large shield', '−1', -1],
      ['Tower shield', '−2', -2],
      ['Cloth armor', '−1', -1],
      ['Leather armor', '−2', -2],
      ['Chainmail', '−3', -3],
      ['Half-plate armor', '−4', -4],
      ['Plate armor', '−5', -5],
    ]);
  });

  it('has 26 rows with unique ids, each found by id', () => {
    expect(DEX_ADJUSTMENT_ROWS).toHaveLength(26);
    expect(new Set(DEX_ADJUSTMENT_ROWS.map((r) => r.id)).size).toBe(26);
    for (const r of DEX_ADJUSTMENT_ROWS) expect(dexRow(r.id)).toBe(r);
  });

  it('marks the GM-ticked rows of RULINGS A1: waiting, two weapons, sweeping blow', () => {
    expect(DEX_ADJUSTMENT_ROWS.filter((r) => r.gm).map((r) => r.id)).toEqual(['waiting-1-turn', 'waiting-2-turns', 'two-weapons', 'sweeping-blow']);
  });

  it('agrees with the DEX column of 001 §Armor and Shields wherever both name an item', () => {
    const named = [...ARMOR, ...SHIELDS].filter((i) => DEX_ROW_FOR_PROTECTION[i.id] !== undefined);
    expect(named.map((i) => i.id).sort()).toEqual([
      'chainmail',
      'cloth-armor',
      'half-plate',
      'large-shield',
      'leather-armor',
      'plate-armor',
      'small-shield',
      'spike-shield',
      'tower-shield',
    ]);
    for (const i of named) expect(dexRow(DEX_ROW_FOR_PROTECTION[i.id]!).value, i.id).toBe(i.dex);
  });

  it('range tables match range.ts (RULINGS A2)', () => {
    expect(MISSILE_RANGE_ROWS.map((r) => [r.text, r.valueText])).toEqual([
      ['0–2 MH', '0'],
      ['3–4 MH', '−1'],
      ['5–6 MH', '−2'],
      ['7–8 MH', '−3'],
      ['(continues)', '−1 per 2 MH'],
    ]);
    for (const r of MISSILE_RANGE_ROWS) {
      if (r.value === null || r.toMH === null) continue;
      for (let mh = r.fromMH; mh <= r.toMH; mh++) expect(missileRangeModifier(mh), `${mh} MH`).toBe(r.value);
    }
    expect(THROWN_RANGE_ROW.perHex).toBe(-1);
    fc.assert(
      fc.property(fc.nat(200), (h) => {
        expect(thrownRangeModifier(h)).toBe(h * THROWN_RANGE_ROW.perHex + 0);
      }),
    );
  });

  it('keeps 004-only rows apart, each naming the ruling that switches it on', () => {
    expect(CLASSIC_YOUR_CONDITIONS.heavyBlow.value).toBe(-2);
    expect(CLASSIC_YOUR_CONDITIONS.heavyBlow.source).toContain('RULINGS A8');
    expect(CLASSIC_YOUR_CONDITIONS.exhausted.value).toBe(-2);
    expect(CLASSIC_YOUR_CONDITIONS.exhausted.source).toContain('RULINGS O1');
  });

  it('lists the rows that can concern each kind of attack', () => {
    expect(dexRowsFor('missile-spell').map((r) => r.id)).toEqual([
      'target-invisible',
      'target-in-shadow',
      'target-one-hex-flying',
      'target-giant-snake',
      'target-multi-hex-flying',
      'in-shadow',
      'standing-in-fire',
      'standing-on-body',
      'broken-ground',
    ]);
    expect(dexRowsFor('hth').map((r) => r.id)).toContain('hth');
    expect(dexRowsFor('melee').map((r) => r.id)).not.toContain('hth');
    expect(dexRowsFor('missile').map((r) => r.id)).toContain('crossbow-prone');
    expect(dexRowsFor('melee').map((r) => r.id)).toContain('sweeping-blow');
    expect(dexRowsFor('thrown').map((r) => r.id)).not.toContain('sweeping-blow');
  });
});
