/**
 * The dice a rolled character is made with, rolled before it is placed so the GM
 * chooses equipment knowing STR: 3d6 for each attribute in 001's order (001 §Determining Core
 * Attributes), the creation 2d6 for Fatigue (RULINGS C3), and the mana pool when it is rolled
 * (RULINGS C8). `entered` is the same faces in the order `addFigure` rolls them, so the
 * placement carries them as its entered faces and the log replays it exactly.
 */
import type { Dice } from '../dice/types';
import { ATTRIBUTE_NAMES, type AttributeName } from './attributes';

export interface CreationRolls {
  readonly attributes: readonly { readonly name: AttributeName; readonly faces: readonly number[]; readonly total: number }[];
  readonly fatigue: readonly number[];
  readonly mana: { readonly notation: string; readonly faces: readonly number[]; readonly total: number } | null;
  readonly entered: readonly (readonly number[])[];
}

export function rollCreation(dice: Dice, manaNotation: string | null): CreationRolls {
  const attributes = ATTRIBUTE_NAMES.map((name) => {
    const roll = dice.roll('3d6', `creation preview: ${name}`);
    return { name, faces: roll.faces, total: roll.total };
  });
  const fatigue = dice.roll('2d6', 'creation preview: Fatigue 2d6').faces;
  const manaRoll = manaNotation === null ? null : dice.roll(manaNotation, 'creation preview: mana pool');
  const mana = manaRoll === null ? null : { notation: manaRoll.notation, faces: manaRoll.faces, total: manaRoll.total };
  return { attributes, fatigue, mana, entered: [...attributes.map((a) => a.faces), fatigue, ...(mana ? [mana.faces] : [])] };
}
