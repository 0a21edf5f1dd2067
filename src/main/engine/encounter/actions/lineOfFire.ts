/**
 * What a missile meets on its way (RULINGS H4, H5; 004 §Roll to Miss, §Crawling and Prone):
 * friends on the line of fire, each a roll to miss before the attack, and a body a prone or
 * kneeling target lies behind, which may take a missile that hit.
 */
import { hexKey, hexLine } from '../../../../shared/hex';
import { proneBehindBody } from '../../combat/missileHazards';
import type { Weapon } from '../../equipment';
import type { AttackKind } from '../../combat/kinds';
import { friendsInPath } from './attack';
import { dealDamage, rollDamage } from './dealDamage';
import type { FigureState } from '../schema';
import { hasBody } from '../state';
import type { Tx } from '../tx';

/** Whether the missile from `a` at `t` hit a friend on the way (rolled before the attack, RULINGS H4). */
export function friendTakesMissile(tx: Tx, a: FigureState, t: FigureState, adj: number, weapon: Weapon | null, kind: AttackKind): boolean {
  // RULINGS H4 (004 §Roll to Miss): each friend on the line of fire is a roll to miss.
  for (const friend of friendsInPath(tx.state, a, t)) {
    const miss = tx.rules.criticals.rollToMiss(tx.dice, adj, `roll to miss ${friend.name}`);
    tx.rolls.push(miss.roll);
    tx.emit?.({
      type: 'check',
      figureId: a.id,
      purpose: `miss ${friend.name} in the line of fire`,
      target: adj,
      roll: miss.roll.total,
      success: miss.missed,
      source: miss.source,
    });
    if (!miss.missed) {
      tx.emit?.({ type: 'missileRedirected', attackerId: a.id, intendedId: t.id, hitId: friend.id, reason: miss.reason, source: miss.source });
      const dmg = rollDamage(tx, a.id, weapon, kind, `${a.name} → ${friend.name}`);
      dealDamage(
        tx,
        a.id,
        friend.id,
        { damageRoll: dmg.roll, bonus: dmg.bonus, multiplier: miss.multiplier as 1 | 2 | 3, toBody: miss.toBody, bleeding: miss.bleeding },
        true,
      );
      return true;
    }
  }
  return false;
}

/**
 * RULINGS H5 (004 §Crawling and Prone): a missile that has hit a prone or kneeling target lying
 * behind a body may strike the body instead; whether it does, rolled only after the hit.
 */
export function bodyTakesMissile(tx: Tx, a: FigureState, t: FigureState): boolean {
  const line = hexLine(a.position, t.position);
  const before = line[line.length - 2];
  if (before !== undefined && hexKey(before) !== hexKey(a.position) && (t.posture === 'prone' || t.posture === 'kneeling') && hasBody(tx.state, before)) {
    const cover = proneBehindBody(tx.dice, t.posture, `missile at ${t.name} behind a body`);
    tx.rolls.push(cover.roll);
    tx.emit?.({
      type: 'check',
      figureId: t.id,
      purpose: 'cover behind a body',
      target: t.posture === 'prone' ? 3 : 4,
      roll: cover.roll.total,
      success: cover.hitsBody,
      source: cover.source,
    });
    if (cover.hitsBody) return true;
  }
  return false;
}
