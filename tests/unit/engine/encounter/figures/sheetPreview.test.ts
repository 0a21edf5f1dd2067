/**
 * The load and gaits a sheet shows before it is placed: read by the same
 * rules a placed figure's are, from the attributes and equipment as typed.
 */
import { describe, expect, it } from 'vitest';
import { sheetPreview } from '../../../../../src/main/engine/encounter/figures/sheetPreview';
import { asRuleSet, DEFAULT_RULES } from '../../../../../src/main/engine/rules';
import type { FigureSheetInput } from '../../../../../src/shared/contract/commands';

/** 001 §Movement's example: CON 14 (+1), STR 10 (0), DEX 12 (0), a movement modifier of +1. */
const EXAMPLE = { STR: 10, DEX: 12, INT: 10, WIS: 10, CON: 14, CHR: 9 };

function sheet(packLbs: number, attributes: FigureSheetInput['attributes'] = { method: 'set', values: EXAMPLE }): FigureSheetInput {
  return {
    name: 'Example',
    sideId: 'a',
    kind: 'npc',
    attributes,
    mana: null,
    equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null, packLbs },
  };
}

const gaits = (packLbs: number) =>
  Object.fromEntries(sheetPreview(sheet(packLbs), asRuleSet(DEFAULT_RULES))!.gaits.map((g) => [g.name, g.allowed ? g.hexes : 'closed']));

describe('a sheet before it is placed', () => {
  it("carrying nothing, 001 §Movement's example walks 5, jogs 8, runs 13 and sprints 19", () => {
    const preview = sheetPreview(sheet(0), asRuleSet(DEFAULT_RULES))!;
    expect(preview.load).toEqual({ carriedLbs: 0, maxLbs: 10, name: 'Unencumbered' });
    expect(gaits(0)).toMatchObject({ Walk: 5, Jog: 8, Run: 13, Sprint: 19 });
  });

  it('a 12 lb pack at STR 10 is a Light load (11–15 lbs): −1, walk 4, sprint 18 (001 §Encumbrance)', () => {
    expect(sheetPreview(sheet(12), asRuleSet(DEFAULT_RULES))!.load).toEqual({ carriedLbs: 12, maxLbs: 15, name: 'Light' });
    expect(gaits(12)).toMatchObject({ Walk: 4, Jog: 7, Run: 12, Sprint: 18 });
  });

  it('a 16 lb pack at STR 10 is Medium (16–20 lbs): −2, and it can neither run nor sprint', () => {
    expect(sheetPreview(sheet(16), asRuleSet(DEFAULT_RULES))!.load).toEqual({ carriedLbs: 16, maxLbs: 20, name: 'Medium' });
    expect(gaits(16)).toMatchObject({ Walk: 3, Jog: 6, Run: 'closed', Sprint: 'closed' });
  });

  it('has nothing to show while the attributes are still to roll', () => {
    expect(sheetPreview(sheet(0, { method: 'roll' }), asRuleSet(DEFAULT_RULES))).toBeNull();
  });
});
