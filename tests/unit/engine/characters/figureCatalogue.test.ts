/** What the new-figure form picks from (engine/characters/figureCatalogue.ts), read from the engine's own tables. */
import { describe, expect, it } from 'vitest';
import { figureCatalogue } from '../../../../src/main/engine/characters/figureCatalogue';
import { POINT_BUY_MAX, POINT_BUY_MIN, POINT_BUY_TOTAL } from '../../../../src/main/engine/characters';
import { ARMOR, SHIELDS, WEAPONS } from '../../../../src/main/engine/equipment';
import { DEFAULT_CATALOGUE } from '../../../../src/main/engine/magic/catalogue';

describe('the figure catalogue', () => {
  const catalogue = figureCatalogue('4d6');

  it('lists every weapon a figure can ready, none of the ammunition, with its damage as written', () => {
    const readied = WEAPONS.filter((w) => w.use !== 'ammunition');
    expect(readied.length).toBeLessThan(WEAPONS.length);
    expect(catalogue.weapons.map((w) => w.id)).toEqual(readied.map((w) => w.id));
    for (const w of catalogue.weapons) expect(w.damage).toBe(WEAPONS.find((x) => x.id === w.id)!.damage.text);
  });

  it('lists all armour, shields and catalogue spells, the point-buy bounds and the campaign’s mana dice', () => {
    expect(catalogue.armor.map((a) => a.id)).toEqual(ARMOR.map((a) => a.id));
    expect(catalogue.shields.map((s) => s.id)).toEqual(SHIELDS.map((s) => s.id));
    expect(catalogue.spells.map((s) => s.id)).toEqual(DEFAULT_CATALOGUE.spells.map((s) => s.id));
    expect(catalogue.pointBuy).toEqual({ total: POINT_BUY_TOTAL, min: POINT_BUY_MIN, max: POINT_BUY_MAX });
    expect(catalogue.manaPoolDice).toBe('4d6');
  });
});
