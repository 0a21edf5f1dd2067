/**
 * What the new-figure form is told before placing (engine/encounter/figures/sheetCheck.ts): the
 * problems, the point-buy's total and what is left (RULINGS C2), and the load and gaits.
 */
import { describe, expect, it } from 'vitest';
import { sheetCheckOf } from '../../../../../src/main/engine/encounter/figures/sheetCheck';
import { sheetPreview } from '../../../../../src/main/engine/encounter/figures/sheetPreview';
import { asRuleSet, DEFAULT_RULES } from '../../../../../src/main/engine/rules';
import type { FigureSheetInput } from '../../../../../src/shared/contract/commands';
import { encounter } from '../fixtures';

/** 14 + 15 + 10 + 8 + 12 + 6 = 65 (RULINGS C2). */
const ALDRIC: FigureSheetInput = {
  name: 'Aldric',
  sideId: 'a',
  kind: 'character',
  attributes: { method: 'pointBuy', values: { STR: 14, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 6 } },
  mana: null,
  equipment: { weaponIds: ['shortsword'], readyWeaponId: 'shortsword', armorId: 'leather-armor', shieldId: null },
};
const state = encounter([]);

describe('sheetCheckOf', () => {
  it('passes a 65-point sheet with 0 left and previews its load and gaits', () => {
    const r = sheetCheckOf(state, ALDRIC, DEFAULT_RULES);
    expect(r.problems).toEqual([]);
    expect(r.pointBuy).toEqual({ total: 65, remaining: 0 });
    expect(r.preview).toEqual(sheetPreview(ALDRIC, asRuleSet(DEFAULT_RULES)));
    expect(r.preview!.gaits.length).toBeGreaterThan(0);
  });

  it('finds 66 points one too many (RULINGS C2)', () => {
    const over: FigureSheetInput = { ...ALDRIC, attributes: { method: 'pointBuy', values: { STR: 14, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 7 } } };
    expect(sheetCheckOf(state, over, DEFAULT_RULES)).toMatchObject({
      problems: ['66 points spent: 1 over the 65 allowed.'],
      pointBuy: { total: 66, remaining: -1 },
    });
  });

  it('has no point-buy and no preview while the attributes are still to roll', () => {
    const rolled: FigureSheetInput = { ...ALDRIC, attributes: { method: 'roll' } };
    expect(sheetCheckOf(state, rolled, DEFAULT_RULES)).toMatchObject({ pointBuy: null, preview: null });
  });
});
