import type { FigureSheetInput } from '../../../../shared/contract/commands';
import { encumbranceLevel } from '../../encumbrance';
import type { RuleSet } from '../../rules';
import { sheetAllowanceOf } from '../movement/sheetAllowance';
import { equipmentLbs } from '../state';

/** What a sheet not yet placed will carry and how far it will move, by the encounter's rules. */
export interface SheetPreview {
  readonly load: { readonly carriedLbs: number; readonly maxLbs: number | null; readonly name: string };
  readonly gaits: { readonly name: string; readonly hexes: number; readonly allowed: boolean }[];
}

/**
 * The load and gaits of a sheet before it is placed, read by the same rules the placed figure's
 * sheet is (001 §Encumbrance; the movement rules' allowance, RULINGS M1, O1, O3), from its
 * attributes and equipment as typed; null while its attributes are not known (still to roll).
 */
export function sheetPreview(input: FigureSheetInput, rules: RuleSet): SheetPreview | null {
  if (input.attributes.method === 'roll') return null;
  const attributes = input.attributes.values;
  const carried = equipmentLbs(input.equipment);
  let load: SheetPreview['load'];
  try {
    const band = encumbranceLevel(carried, attributes.STR);
    load = { carriedLbs: carried, maxLbs: band.maxLbs, name: band.band.name };
  } catch {
    return null; // a STR the sheet check already refuses
  }
  const allowance = sheetAllowanceOf(rules, {
    attributes,
    carriedLbs: carried,
    armorId: input.equipment.armorId,
    fatigueSpent: 0,
    momentum: 0,
    attacks: input.attacks,
  });
  return { load, gaits: allowance.map((a) => ({ name: a.name, hexes: a.hexes.value, allowed: a.allowed })) };
}
