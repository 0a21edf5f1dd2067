// One attack from start to finish through the engine's public surface (RULINGS A1, A3, A4, A5, A6).
import { describe, expect, it } from 'vitest';
import * as engine from '../../../../src/main/engine';

describe('an attack through the engine surface', () => {
  it('side-hex broadsword blow on a defending, armoured target: 4 dice, a 4-dice auto-hit, armour stops', () => {
    const dice = engine.createEnteredDice([
      [1, 1, 1, 1],
      [6, 5],
    ]);
    const adj = engine.adjustedDex({
      kind: 'melee',
      dex: 13,
      armor: engine.armorById('leather-armor')!,
      shield: engine.shieldById('small-shield')!,
      zone: 'side',
      standingOnBody: true,
    });
    expect(adj.value).toBe(13 - 2 + 0 + 2 - 2);
    const attack = engine.rollAttack(dice, { defence: 'defend', kind: 'melee', adjDex: adj.value });
    expect(attack.dice.count).toBe(4);
    expect(attack.outcome).toMatchObject({ hit: true, critical: 'auto-hit-fatigue-only', multiplier: 1, toBody: false });
    const weapon = engine.weaponById('broadsword')!;
    if (weapon.damage.kind !== 'dice') throw new Error('broadsword has dice');
    const damageRoll = dice.roll(weapon.damage.dice, 'Broadsword damage');
    const protection = engine.protectionOf({ armor: engine.armorById('chainmail')!, shield: engine.shieldById('large-shield')! });
    const dmg = engine.resolveDamage({ damageRoll, multiplier: attack.outcome.multiplier, protection, toBody: attack.outcome.toBody });
    expect(dmg).toMatchObject({ hits: 11, afterProtection: 6, fatigueLoss: 6, bodyLoss: 0 });
    const after = engine.applyDamage({ fatigue: { current: 12, starting: 40 }, body: { current: 27, starting: 27 } }, dmg);
    expect(after.pools.fatigue.current).toBe(6);
    expect(after.injury.penalty).toBe(-1);
    expect(dice.remaining()).toBe(0);
  });

  it('a rolled 4 bleeds: double damage to both pools, then 1 Body at the end of each turn', () => {
    const dice = engine.createEnteredDice([[2, 1, 1], [3]]);
    const attack = engine.rollAttack(dice, { defence: 'none', kind: 'melee', adjDex: 9 });
    expect(attack.outcome).toMatchObject({ critical: 'double-bleed', bleeding: true, toBody: true, multiplier: 2 });
    const dmg = engine.resolveDamage({ damageRoll: dice.roll('1d6+1', 'Hammer damage'), multiplier: 2, protection: 1, toBody: true });
    expect(dmg).toMatchObject({ hits: 8, afterProtection: 7, fatigueLoss: 7, bodyLoss: 7 });
    const hurt = engine.applyDamage({ fatigue: { current: 40, starting: 40 }, body: { current: 27, starting: 27 } }, dmg);
    const bled = engine.applyBleeding(hurt.pools, engine.DEFAULT_RULES);
    expect([bled.pools.fatigue.current, bled.pools.body.current]).toEqual([33, 19]);
  });
});
