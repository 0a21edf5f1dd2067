import type { FigureCatalogue } from '../../../shared/contract/channels/figure';
import { ARMOR, SHIELDS, WEAPONS } from '../equipment';
import { DEFAULT_CATALOGUE } from '../magic/catalogue';
import { POINT_BUY_MAX, POINT_BUY_MIN, POINT_BUY_TOTAL } from './creation';

/**
 * What the new-figure form picks from: the weapons a figure can ready (not their ammunition), the
 * armour and shields, the spells of the catalogue, the point-buy bounds (001 §Determining Core
 * Attributes) and the campaign's mana pool dice (RULINGS C8).
 */
export function figureCatalogue(manaPoolDice: string): FigureCatalogue {
  return {
    weapons: WEAPONS.filter((w) => w.use !== 'ammunition').map((w) => ({
      id: w.id,
      name: w.name,
      category: w.category,
      damage: w.damage.text,
      minStr: w.minStr,
      hands: w.hands,
      use: w.use,
    })),
    armor: ARMOR.map((a) => ({ id: a.id, name: a.name, stops: a.stops, dex: a.dex })),
    shields: SHIELDS.map((s) => ({ id: s.id, name: s.name, stops: s.stops, dex: s.dex })),
    spells: DEFAULT_CATALOGUE.spells.map((s) => ({
      id: s.id,
      name: s.name,
      school: s.school,
      level: s.level,
      castingAttribute: s.castingAttribute,
      continuing: s.continuing,
    })),
    pointBuy: { total: POINT_BUY_TOTAL, min: POINT_BUY_MIN, max: POINT_BUY_MAX },
    manaPoolDice,
  };
}
