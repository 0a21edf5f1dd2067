/**
 * What a blow does to its target (001 §Protection; RULINGS A3–A5, A8, C4): damage × multiplier −
 * protection off the pools, bleeding, heavy blows, the posture that follows; and items put down
 * (a dropped weapon or shield).
 */
import { resolveDamage } from '../../combat/damage';
import { weaponById, type Weapon } from '../../equipment';
import type { Explained } from '../../explain';
import type { Roll } from '../../dice/types';
import type { AttackKind } from '../../combat/kinds';
import { withTurnChange } from '../copies';
import { damageSpec, protectionFor } from './attack';
import { turnStateOf } from '../schema';
import { markActed } from '../turn/turn';
import { setPosture, settlePosture } from '../figures/posture';
import type { Tx } from '../tx';
import { withoutWeapon } from './offHand';

export interface Blow {
  readonly damageRoll: Roll;
  readonly bonus?: Explained | undefined;
  readonly multiplier: 1 | 2 | 3;
  readonly toBody: boolean;
  readonly bleeding: boolean;
}

/** Damage × multiplier − protection off Fatigue (and Body), bleeding, posture (RULINGS A3–A5, C4). */
export function dealDamage(tx: Tx, attackerId: string, targetId: string, blow: Blow, physical: boolean): number {
  const t = tx.fig(targetId);
  const result = resolveDamage({
    damageRoll: blow.damageRoll,
    ...(blow.bonus ? { bonus: blow.bonus } : {}),
    multiplier: blow.multiplier,
    protection: protectionFor(t),
    toBody: blow.toBody,
  });
  // The rules' stat model says which pools the hits come off (RULINGS A3; O1).
  const loss = tx.rules.stats.losses({ hits: result.afterProtection, fatigue: result.fatigueLoss, body: result.bodyLoss });
  const after = tx.update(targetId, (x) => {
    const hit = withTurnChange(x, { hitsTaken: x.turn.hitsTaken + (physical ? result.afterProtection : 0) });
    hit.fatigue = { ...x.fatigue, current: x.fatigue.current - loss.fatigue };
    hit.body = { ...x.body, current: x.body.current - loss.body };
    return hit;
  });
  tx.emit?.({
    type: 'damageDealt',
    attackerId,
    targetId,
    rolled: blow.damageRoll.total,
    multiplier: blow.multiplier,
    protection: Math.min(protectionFor(t).value, Math.max(0, blow.damageRoll.total + (blow.bonus?.value ?? 0)) * blow.multiplier),
    taken: result.afterProtection,
    body: blow.toBody,
    fatigueAfter: after.fatigue.current,
    bodyAfter: after.body.current,
    source: '001 §Protection; RULINGS A3, A4',
  });
  if (physical && result.afterProtection > 0) {
    tx.update(attackerId, (x) => (x.turn.hitsDealtTo.includes(targetId) ? x : withTurnChange(x, { hitsDealtTo: [...x.turn.hitsDealtTo, targetId] })));
    heavyBlows(tx, targetId, t.turn.hitsTaken, after.turn.hitsTaken);
  }
  // RULINGS A5: a 3d6 roll of 4 sets the wound bleeding (when the setting is on).
  if (blow.bleeding && tx.rules.bleedingPerTurn > 0 && !after.conditions.includes('bleeding') && after.posture !== 'dead') {
    tx.update(targetId, (x) => ({ ...x, conditions: [...x.conditions, 'bleeding'] }));
    tx.emit?.({ type: 'conditionChanged', figureId: targetId, condition: 'bleeding', on: true, source: '001 §Attack Rolls; RULINGS A5' });
  }
  settlePosture(tx, targetId);
  return result.afterProtection;
}

/**
 * RULINGS A8 (004 §Injury Effects; on under Classic, O1, or the campaign's setting): the hits
 * taken this turn cross a threshold — −2 DEX next turn (kept as `hitsLastTurn` at the turn's end),
 * or the figure falls down at once and loses this turn's action if it has not acted.
 */
function heavyBlows(tx: Tx, figureId: string, before: number, after: number): void {
  const f = tx.fig(figureId);
  const hasActed = turnStateOf(tx.state).actionDone.includes(figureId);
  for (const e of tx.rules.heavyBlowRules.step(figureId, f.attributes.STR, before, after, hasActed)) {
    tx.emit?.(e);
    if (e.type !== 'heavyBlowFallsDown') continue;
    const now = tx.fig(figureId);
    if (now.posture === 'standing' || now.posture === 'kneeling') setPosture(tx, figureId, 'knockedDown', e.source);
    if (e.losesAction && tx.state.phase === 'actions') markActed(tx, figureId, null);
  }
}

/** Puts an item down in a hex (RULINGS A3 drop; 001 §Action Options m, q). */
export function dropItem(
  tx: Tx,
  figureId: string,
  kind: 'weapon' | 'shield',
  itemId: string,
  at = tx.fig(figureId).position,
  source = '001 §Attack Rolls; RULINGS A3',
): void {
  const id = `item-${tx.state.nextId ?? 1}`;
  const lbs = kind === 'weapon' ? (weaponById(itemId)?.weight.lbs ?? 0) : 0;
  tx.state = {
    ...tx.state,
    nextId: (tx.state.nextId ?? 1) + 1,
    items: [...(tx.state.items ?? []), { id, kind, itemId, lbs, position: at, ownerId: figureId }],
  };
  tx.update(figureId, (x) =>
    kind === 'weapon' ? { ...x, equipment: withoutWeapon(x.equipment, itemId) } : { ...x, equipment: { ...x.equipment, shieldId: null, shieldReady: false } },
  );
  tx.emit?.({ type: 'itemDropped', figureId, itemId: id, kind, what: itemId, at, source });
}

export function removeOne(list: readonly string[], id: string): string[] {
  const i = list.indexOf(id);
  return i === -1 ? [...list] : [...list.slice(0, i), ...list.slice(i + 1)];
}

/** Rolls the blow's damage (RULINGS A4). */
export function rollDamage(tx: Tx, attackerId: string, weapon: Weapon | null, kind: AttackKind, what: string): { roll: Roll; bonus: Explained | undefined } {
  const spec = damageSpec(tx.fig(attackerId), weapon, kind);
  return { roll: tx.roll(typeof spec.dice === 'string' ? spec.dice : spec.dice.notation, `damage: ${what}`), bonus: spec.bonus };
}
