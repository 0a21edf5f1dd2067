import type { FigureSheetInput } from '../../../../shared/contract/commands';
import type { FigureState } from '../schema';
import { creationDiceOf } from './creationRoll';

/** A figure as a roster sheet: typed attributes and its kept creation 2d6, ready for `addFigure` (RULINGS C3). */
export function sheetOfFigure(f: FigureState): FigureSheetInput {
  return {
    name: f.name,
    sideId: f.sideId,
    kind: f.kind,
    size: f.size,
    attributes: { method: 'set', values: { ...f.attributes } },
    ...(creationDiceOf(f) ? { fatigueDice: creationDiceOf(f)! } : {}),
    mana: f.mana ? { method: 'set', pool: f.mana.pool } : null,
    equipment: {
      weaponIds: [...f.equipment.weaponIds],
      readyWeaponId: f.equipment.readyWeaponId,
      armorId: f.equipment.armorId,
      shieldId: f.equipment.shieldId,
      packLbs: f.equipment.packLbs,
    },
    mastery: { ...(f.mastery ?? {}) },
    ...(f.castingAttributes ? { castingAttributes: { ...f.castingAttributes } } : {}),
    hidden: f.hidden,
    gmNotes: f.gmNotes,
    ...(f.art ? { art: f.art } : {}),
  };
}
