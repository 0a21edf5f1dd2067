/**
 * The attack roll once an attack is allowed (001 §Attack Rolls; RULINGS A3, A4, A7, H4, O3): what
 * the missile meets on the way, the roll the rules read, the damage, a dropped or broken weapon,
 * a thrown weapon landing, the missile shots counted, and the AP an attack spends.
 */
import type { OptionLetter } from '../../../../shared/contract/schemas';
import type { Weapon } from '../../equipment';
import type { AttackKind } from '../../combat/kinds';
import { NO_HAZARDS } from '../../options/types';
import { attackApLeft, type AttackPreview } from './attack';
import { withTurnChange } from '../copies';
import { dealDamage, dropItem, rollDamage } from './dealDamage';
import { bodyTakesMissile, friendTakesMissile } from './lineOfFire';
import type { Tx } from '../tx';
import { withoutWeapon } from './offHand';

/** RULINGS O3 (002 §Assigning Movement): the attack's AP come off the figure's AP for the turn. */
export function spendAttackAp(tx: Tx, figureId: string, on: string): void {
  const hz = tx.rules.movement.hazards ?? NO_HAZARDS;
  const left = attackApLeft(tx.fig(figureId), tx.rules);
  if (left === null || hz.attackCost === 0) return;
  tx.update(figureId, (x) => withTurnChange(x, { apAttacks: (x.turn.apAttacks ?? 0) + hz.attackCost }));
  tx.emit?.({ type: 'actionPointsSpent', figureId, ap: hz.attackCost, apLeft: left - hz.attackCost, on, source: '002 §Assigning Movement; RULINGS O3' });
}

/**
 * The attack itself once it is allowed: friends in the line of fire, the roll, a body the target
 * lies behind (after a hit, RULINGS H5), the damage, a dropped or broken weapon, a thrown weapon landing, the missile
 * shots counted. Returns whether the weapon has more shots this turn (RULINGS A7).
 */
export function strike(
  tx: Tx,
  attackerId: string,
  targetId: string,
  weapon: Weapon | null,
  weaponId: string | null,
  kind: AttackKind,
  option: OptionLetter,
  preview: AttackPreview,
): boolean {
  const a = tx.fig(attackerId);
  const t = tx.fig(targetId);
  const c = { weaponId };
  const adj = preview.adjDex.value;
  const what = `${a.name} → ${t.name}`;

  let target = t;
  const isMissile = kind === 'missile' || kind === 'thrown';
  const resolved = isMissile && friendTakesMissile(tx, a, t, adj, weapon, kind);

  if (!resolved) {
    const roll = tx.roll(`${preview.dice.count}d6`, `attack: ${what}`);
    // RULINGS A3 (O1: 004's automatic results): the rules read the roll.
    const out = tx.rules.criticals.read(roll, adj);
    tx.emit?.({
      type: 'attackRolled',
      attackerId: a.id,
      targetId: target.id,
      weaponId: c.weaponId,
      kind,
      adjDex: adj,
      breakdown: preview.adjDex.breakdown.map((l) => ({ label: l.label, value: l.value, source: l.source })),
      dice: preview.dice.count,
      roll: roll.total,
      hit: out.hit,
      result: out.reason,
      source: out.source,
    });
    // RULINGS H5: the body cover is rolled only once the missile has hit; a miss or fumble stands.
    if (out.hit && !(isMissile && bodyTakesMissile(tx, a, target))) {
      const dmg = rollDamage(tx, a.id, weapon, kind, what);
      dealDamage(
        tx,
        a.id,
        target.id,
        { damageRoll: dmg.roll, bonus: dmg.bonus, multiplier: out.multiplier as 1 | 2 | 3, toBody: out.toBody, bleeding: out.bleeding },
        true,
      );
    }
    if (weapon !== null && (out.dropWeapon || out.breakWeapon)) {
      if (out.dropWeapon) dropItem(tx, a.id, 'weapon', weapon.id);
      else {
        tx.update(a.id, (x) => ({ ...x, equipment: withoutWeapon(x.equipment, weapon.id) }));
        tx.emit?.({ type: 'weaponBroken', figureId: a.id, weaponId: weapon.id, source: '001 §Attack Rolls; RULINGS A3' });
      }
    }
  }
  target = tx.fig(t.id);

  // A thrown weapon leaves the hand and lands by the target (console's choice: 001 is silent where).
  if (kind === 'thrown' && weapon !== null && tx.fig(a.id).equipment.weaponIds.includes(weapon.id)) {
    dropItem(tx, a.id, 'weapon', weapon.id, target.position, '001 §Action Options f (thrown weapon)');
  }
  let more = false;
  if (kind === 'missile') {
    const shots = tx.fig(a.id).lastShotTurn === tx.state.turn ? tx.fig(a.id).turn.shots + 1 : 1;
    tx.update(a.id, (x) => {
      const shot = withTurnChange(x, { shots, lastShot: option === 'l' ? true : x.turn.lastShot });
      shot.lastShotTurn = tx.state.turn;
      return shot;
    });
    more = (preview.shotsLeft ?? 1) - 1 > 0 && tx.fig(a.id).equipment.readyWeaponId === weapon?.id;
  }
  return more;
}
