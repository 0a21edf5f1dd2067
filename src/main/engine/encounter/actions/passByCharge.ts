/**
 * The pass-by charge's first strike (002 §Charging; RULINGS O3, G4): the roll-off, the
 * defender's strike back or its waiver, and the charger's blow that waited on it.
 */
import { AppError } from '../../../../shared/errors';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { GmTicks } from '../../../../shared/contract/schemas';
import { weaponById } from '../../equipment';
import { NO_HAZARDS } from '../../options/types';
import { DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import { tumbleCheck } from '../../options/strideMomentum/stride';
import { attackPreview, passingBy } from './attack';
import { turnStateOf, type EncounterState, type TurnState } from '../schema';
import { settlePosture } from '../figures/posture';
import { takeMishapHits } from './mishaps';
import { spendAttackAp, strike } from './strike';
import type { Tx } from '../tx';

type FirstStrikeOffer = NonNullable<TurnState['firstStrikes']>[number];

/**
 * Why `defenderId` cannot strike the charger back at once, or null (RULINGS O3, 002 §Charging):
 * standing or kneeling, not in HTH, a ready melee weapon, the charger in its front hexes and
 * within the weapon's reach, an AP left — attackPreview's own checks.
 */
export function firstStrikeRefusal(
  state: EncounterState,
  defenderId: string,
  attackerId: string,
  rules: Rules | RuleSet = DEFAULT_RULES,
  ticks: Partial<GmTicks> = {},
): string | null {
  const d = state.figures.find((f) => f.id === defenderId);
  if (d === undefined) return `There is no figure "${defenderId}".`;
  if (d.posture !== 'standing' && d.posture !== 'kneeling') return `${d.name} is ${d.posture}.`;
  if (d.hthWith.length > 0) return `${d.name} is in hand-to-hand combat.`;
  const weaponId = d.equipment.readyWeaponId;
  if (weaponId === null) return `${d.name} holds no ready weapon.`;
  const preview = attackPreview(state, d.id, attackerId, weaponId, ticks, { rules });
  if (preview.kind !== 'melee') return `${d.name}'s ${weaponById(weaponId)?.name ?? weaponId} is not a melee weapon.`;
  return preview.allowed ? null : preview.reason;
}

/**
 * RULINGS O3, G4 (002 §Charging): a pass-by charge — the attacker swinging as it comes on at
 * stride 4+ — rolls off who strikes first. Returns true when the defender won and can strike back
 * at once: the first strike is then offered and the attacker's blow waits. False: the attacker
 * strikes now (it won, the defender cannot answer, or the rules have no roll-off).
 */
export function passByFirstStrike(tx: Tx, attackerId: string, targetId: string, c: CommandOf<'attack'>): boolean {
  const a = tx.fig(attackerId);
  if (!passingBy(a)) return false;
  const stride = a.turn.stride ?? 0;
  const order = (tx.rules.movement.hazards ?? NO_HAZARDS).passByOrder(tx.dice, a.id, targetId, stride);
  if (order === null) return false;
  tx.rolls.push(...order.rolls.map((r) => r.roll));
  const t = tx.fig(targetId);
  const rolls = order.rolls.map((r) => ({ figureId: r.figureId, total: r.roll.total }));
  const refusal = order.first === a.id ? null : firstStrikeRefusal(tx.state, t.id, a.id, tx.rules);
  const reason =
    order.first === a.id
      ? `${a.name} strikes first.`
      : refusal === null
        ? `${t.name} strikes first.`
        : `${t.name} won the roll-off but cannot strike back now (${refusal}): ${a.name}'s blow goes in.`;
  tx.emit?.({ type: 'passByRolled', attackerId: a.id, defenderId: t.id, rolls, firstId: order.first, reason, source: order.source });
  if (order.first === a.id || refusal !== null) return false;
  const offer: FirstStrikeOffer = {
    defenderId: t.id,
    attackerId: a.id,
    weaponId: t.equipment.readyWeaponId,
    stride,
    blow: { targetId: t.id, weaponId: c.weaponId, ...(c.ticks ? { ticks: c.ticks } : {}) },
  };
  const ts = turnStateOf(tx.state);
  tx.state = { ...tx.state, turnState: { ...ts, firstStrikes: [...(ts.firstStrikes ?? []).filter((o) => o.attackerId !== a.id), offer] } };
  tx.emit?.({
    type: 'firstStrikeOffered',
    figureId: t.id,
    attackerId: a.id,
    weaponId: offer.weaponId,
    reason: `${t.name} won the roll-off: it strikes ${a.name} first; ${a.name}'s blow follows.`,
    source: '002 §Charging; RULINGS O3',
  });
  return true;
}

function takeFirstStrikeOffer(tx: Tx, defenderId: string, attackerId: string): FirstStrikeOffer {
  const ts = turnStateOf(tx.state);
  const offer = (ts.firstStrikes ?? []).find((o) => o.defenderId === defenderId && o.attackerId === attackerId);
  if (offer === undefined) throw new AppError('rule', `${tx.fig(defenderId).name} has no first strike on ${tx.fig(attackerId).name} (002 §Charging).`);
  tx.state = { ...tx.state, turnState: { ...ts, firstStrikes: (ts.firstStrikes ?? []).filter((o) => o !== offer) } };
  return offer;
}

/**
 * RULINGS O3 (002 §Charging): the defender of a pass-by charge strikes first (with its "Meeting a
 * charge" +1 from attackPreview), then the charger's waiting blow is resolved. Console's choices,
 * as for an attack of opportunity: the first strike is not the defender's action for the turn,
 * and it spends an AP.
 */
export function applyFirstStrike(tx: Tx, c: CommandOf<'firstStrike'>): void {
  const d = tx.fig(c.figureId);
  const a = tx.fig(c.attackerId);
  const pending = (turnStateOf(tx.state).firstStrikes ?? []).find((o) => o.defenderId === d.id && o.attackerId === a.id);
  if (pending !== undefined && d.equipment.readyWeaponId !== pending.weaponId)
    throw new AppError('rule', `${d.name} no longer holds the weapon it was to strike with.`);
  const offer = takeFirstStrikeOffer(tx, d.id, a.id);
  const refusal = firstStrikeRefusal(tx.state, d.id, a.id, tx.rules, c.ticks ?? {});
  if (refusal !== null) throw new AppError('rule', `${refusal} Waive the first strike instead.`);
  const weapon = offer.weaponId === null ? null : (weaponById(offer.weaponId) ?? null);
  const preview = attackPreview(tx.state, d.id, a.id, offer.weaponId, c.ticks ?? {}, { rules: tx.rules });
  const before = a.turn.hitsTaken;
  spendAttackAp(tx, d.id, `first strike on ${a.name}`);
  strike(tx, d.id, a.id, weapon, offer.weaponId, 'melee', 'j', preview);
  chargerBlow(tx, offer, tx.fig(a.id).turn.hitsTaken > before);
}

/** RULINGS O3 (002 §Charging): the defender lets its first strike go; the charger's blow is struck. */
export function applyWaiveFirstStrike(tx: Tx, c: CommandOf<'waiveFirstStrike'>): void {
  const offer = takeFirstStrikeOffer(tx, c.figureId, c.attackerId);
  tx.emit?.({ type: 'firstStrikeWaived', figureId: offer.defenderId, attackerId: offer.attackerId, source: '002 §Charging; RULINGS O3' });
  chargerBlow(tx, offer, false);
}

/**
 * RULINGS O3 (002 §Charging): the charger's blow after the defender's first strike. Decisions
 * where 002 is silent: "stunned" reads as hurt by the first strike (damage past protection) while
 * still conscious — the charger then rolls tumbleCheck (3d6 ≤ DEX − 4); a tumble is 1d4 off
 * Fatigue, stops it (stride 0; it stops where its move ended, the hex it struck from) and its
 * blow is lost. A charger knocked out, or no longer able to make the attack (attackPreview), loses
 * its blow too. The blow's AP is spent when it is struck; a lost blow spends none.
 */
function chargerBlow(tx: Tx, offer: FirstStrikeOffer, hurt: boolean): void {
  const a = tx.fig(offer.attackerId);
  const t = tx.fig(offer.blow.targetId);
  const lost = (reason: string): void => {
    tx.emit?.({ type: 'chargeBlowLost', figureId: a.id, targetId: t.id, reason, source: '002 §Charging; RULINGS O3' });
  };
  if (a.posture === 'dead' || a.posture === 'unconscious') return lost(`${a.name} is ${a.posture}.`);
  if (hurt) {
    const check = tumbleCheck(tx.dice, a.attributes.DEX, `keep footing: ${a.name} stunned in a pass-by charge`);
    tx.rolls.push(check.roll);
    tx.emit?.({
      type: 'check',
      figureId: a.id,
      purpose: 'keep footing after the first strike (stunned in a pass-by charge)',
      target: check.target.value,
      roll: check.roll.total,
      success: check.kept,
      source: `${check.source}; 002 §Charging`,
    });
    if (check.tumble !== null) {
      tx.rolls.push(check.tumble.roll);
      const damage = check.tumble.damage;
      takeMishapHits(tx, a.id, damage);
      const after = tx.update(a.id, (x) => ({ ...x, turn: { ...x.turn, stride: 0 } }));
      tx.emit?.({ type: 'tumbled', figureId: a.id, damage, fatigueAfter: after.fatigue.current, source: `${check.source}; 002 §Charging` });
      settlePosture(tx, a.id);
      return lost(`${a.name} tumbled.`);
    }
  }
  const preview = attackPreview(tx.state, a.id, t.id, offer.blow.weaponId, offer.blow.ticks ?? {}, { rules: tx.rules });
  if (!preview.allowed) return lost(preview.reason ?? 'The blow can no longer be struck.');
  const weapon = offer.blow.weaponId === null ? null : (weaponById(offer.blow.weaponId) ?? null);
  spendAttackAp(tx, a.id, `attack on ${t.name}`);
  strike(tx, a.id, t.id, weapon, offer.blow.weaponId, preview.kind, 'b', preview);
}
