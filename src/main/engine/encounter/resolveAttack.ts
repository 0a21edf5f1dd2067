/**
 * The `attack` command (001 §Action Options b, f, j, l; RULINGS A1–A7, H4): checks the option,
 * rolls through friends in the line of fire and a body the target lies behind, rolls the attack,
 * applies criticals (drop, break), damage × multiplier − protection to Fatigue or Fatigue and
 * Body, bleeding and the resulting posture, and records the hits for forced retreat (H3).
 */
import { AppError } from '../../../shared/errors';
import { hexKey, hexLine } from '../../../shared/hex';
import type { CommandOf } from '../../../shared/commands';
import type { OptionLetter } from '../../../shared/schemas';
import { resolveDamage } from '../combat/damage';
import { proneBehindBody } from '../combat/missileHazards';
import { weaponById, type Weapon } from '../equipment';
import type { Explained } from '../explain';
import type { Roll } from '../dice/types';
import { attackApLeft, attackKind, attackPreview, damageSpec, friendsInPath, passingBy, protectionFor, type AttackPreview } from './attack';
import { NO_HAZARDS } from '../options/types';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../rules';
import { tumbleCheck } from '../options/strideMomentum/stride';
import type { GmTicks } from '../../../shared/schemas';
import type { EncounterState, TurnState } from './schema';
import { engagementState } from './engagement';
import { optionRefusal } from './options';
import { hasBody } from './state';
import { markActed, requireTurn, setPosture, settlePosture } from './turn';
import { takeMishapHits } from './mishaps';
import { turnStateOf } from './schema';
import type { Tx } from './tx';
import type { AttackKind } from '../combat/kinds';

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
  const after = tx.update(targetId, (x) => ({
    ...x,
    fatigue: { ...x.fatigue, current: x.fatigue.current - loss.fatigue },
    body: { ...x.body, current: x.body.current - loss.body },
    turn: { ...x.turn, hitsTaken: x.turn.hitsTaken + (physical ? result.afterProtection : 0) },
  }));
  tx.emit({
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
    tx.update(attackerId, (x) => (x.turn.hitsDealtTo.includes(targetId) ? x : { ...x, turn: { ...x.turn, hitsDealtTo: [...x.turn.hitsDealtTo, targetId] } }));
    heavyBlows(tx, targetId, t.turn.hitsTaken, after.turn.hitsTaken);
  }
  // RULINGS A5: a 3d6 roll of 4 sets the wound bleeding (when the setting is on).
  if (blow.bleeding && tx.rules.bleedingPerTurn > 0 && !after.conditions.includes('bleeding') && after.posture !== 'dead') {
    tx.update(targetId, (x) => ({ ...x, conditions: [...x.conditions, 'bleeding'] }));
    tx.emit({ type: 'conditionChanged', figureId: targetId, condition: 'bleeding', on: true, source: '001 §Attack Rolls; RULINGS A5' });
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
    tx.emit(e);
    if (e.type !== 'heavyBlowFallsDown') continue;
    const now = tx.fig(figureId);
    if (now.posture === 'standing' || now.posture === 'kneeling') setPosture(tx, figureId, 'knockedDown', e.source);
    if (e.losesAction && tx.state.phase === 'actions') markActed(tx, figureId, null);
  }
}

/** Puts an item down in a hex (RULINGS A3 drop; 001 §Action Options m, q). */
export function dropItem(tx: Tx, figureId: string, kind: 'weapon' | 'shield', itemId: string, at = tx.fig(figureId).position, source = '001 §Attack Rolls; RULINGS A3'): void {
  const id = `item-${tx.state.nextId ?? 1}`;
  const lbs = kind === 'weapon' ? (weaponById(itemId)?.weight.lbs ?? 0) : 0;
  tx.state = {
    ...tx.state,
    nextId: (tx.state.nextId ?? 1) + 1,
    items: [...(tx.state.items ?? []), { id, kind, itemId, lbs, position: at, ownerId: figureId }],
  };
  tx.update(figureId, (x) =>
    kind === 'weapon'
      ? {
          ...x,
          equipment: {
            ...x.equipment,
            weaponIds: removeOne(x.equipment.weaponIds, itemId),
            readyWeaponId: x.equipment.readyWeaponId === itemId ? null : x.equipment.readyWeaponId,
          },
        }
      : { ...x, equipment: { ...x.equipment, shieldId: null, shieldReady: false } },
  );
  tx.emit({ type: 'itemDropped', figureId, itemId: id, kind, what: itemId, at, source });
}

export function removeOne(list: readonly string[], id: string): string[] {
  const i = list.indexOf(id);
  return i === -1 ? [...list] : [...list.slice(0, i), ...list.slice(i + 1)];
}

function optionFor(tx: Tx, attackerId: string, kind: AttackKind): OptionLetter {
  const a = tx.fig(attackerId);
  const es = engagementState(tx.state, a);
  if (kind === 'hth') return 't';
  if (kind === 'missile') return es === 'engaged' ? 'l' : 'f';
  if (kind === 'thrown') return es === 'engaged' ? 'j' : 'f';
  if (es === 'engaged') return optionRefusal(tx.state, a, 'j', es, tx.rules) === null || a.turn.engagedAtStart ? 'j' : 'b';
  return 'b';
}

/** Rolls the blow's damage (RULINGS A4). */
function rollDamage(tx: Tx, attackerId: string, weapon: Weapon | null, kind: AttackKind, what: string): { roll: Roll; bonus: Explained | undefined } {
  const spec = damageSpec(tx.fig(attackerId), weapon, kind);
  return { roll: tx.roll(typeof spec.dice === 'string' ? spec.dice : spec.dice.notation, `damage: ${what}`), bonus: spec.bonus };
}

export function applyAttack(tx: Tx, c: CommandOf<'attack'>): void {
  requireTurn(tx, c, ['actions']);
  const a = tx.fig(c.figureId);
  const t = tx.fig(c.targetId);
  const weapon = c.weaponId === null ? null : (weaponById(c.weaponId) ?? null);
  const kind = attackKind(a, t, weapon, c.throw === true);
  const option = optionFor(tx, a.id, kind);
  const refusal = optionRefusal(tx.state, a, option, undefined, tx.rules);
  if (refusal !== null) throw new AppError('rule', refusal);
  const preview = attackPreview(tx.state, a.id, t.id, c.weaponId, c.ticks ?? {}, { rules: tx.rules, throw: c.throw === true });
  if (!preview.allowed) throw new AppError('rule', preview.reason ?? 'That attack cannot be made.');
  if (option === 'b' && kind === 'melee' && passByFirstStrike(tx, a.id, t.id, c)) {
    // RULINGS O3 (002 §Charging): the defender won the roll-off; the charge is the attacker's
    // action, its blow waits on the defender's first strike (`firstStrike` / `waiveFirstStrike`).
    markActed(tx, a.id, option);
    return;
  }
  spendAttackAp(tx, a.id, `attack on ${t.name}`);
  const more = strike(tx, a.id, t.id, weapon, c.weaponId, kind, option, preview);
  if (more) {
    // RULINGS A7: a second shot this turn is still to come; the option is fixed.
    tx.update(a.id, (x) => ({ ...x, turn: { ...x.turn, option } }));
    tx.emit({ type: 'optionTaken', figureId: a.id, option, source: '001 §Action Options; RULINGS A7 (more shots this turn)' });
  } else {
    markActed(tx, a.id, option);
  }
}

/** RULINGS O3 (002 §Assigning Movement): the attack's AP come off the figure's AP for the turn. */
function spendAttackAp(tx: Tx, figureId: string, on: string): void {
  const hz = tx.rules.movement.hazards ?? NO_HAZARDS;
  const left = attackApLeft(tx.fig(figureId), tx.rules);
  if (left === null || hz.attackCost === 0) return;
  tx.update(figureId, (x) => ({ ...x, turn: { ...x.turn, apAttacks: (x.turn.apAttacks ?? 0) + hz.attackCost } }));
  tx.emit({ type: 'actionPointsSpent', figureId, ap: hz.attackCost, apLeft: left - hz.attackCost, on, source: '002 §Assigning Movement; RULINGS O3' });
}

type FirstStrikeOffer = NonNullable<TurnState['firstStrikes']>[number];

/**
 * Why `defenderId` cannot strike the charger back at once, or null (RULINGS O3, 002 §Charging):
 * standing or kneeling, not in HTH, a ready melee weapon, the charger in its front hexes and
 * within the weapon's reach, an AP left — attackPreview's own checks.
 */
export function firstStrikeRefusal(state: EncounterState, defenderId: string, attackerId: string, rules: Rules | RuleSet = DEFAULT_RULES, ticks: Partial<GmTicks> = {}): string | null {
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
function passByFirstStrike(tx: Tx, attackerId: string, targetId: string, c: CommandOf<'attack'>): boolean {
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
  tx.emit({ type: 'passByRolled', attackerId: a.id, defenderId: t.id, rolls, firstId: order.first, reason, source: order.source });
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
  tx.emit({
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
  if (pending !== undefined && d.equipment.readyWeaponId !== pending.weaponId) throw new AppError('rule', `${d.name} no longer holds the weapon it was to strike with.`);
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
  tx.emit({ type: 'firstStrikeWaived', figureId: offer.defenderId, attackerId: offer.attackerId, source: '002 §Charging; RULINGS O3' });
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
    tx.emit({ type: 'chargeBlowLost', figureId: a.id, targetId: t.id, reason, source: '002 §Charging; RULINGS O3' });
  };
  if (a.posture === 'dead' || a.posture === 'unconscious') return lost(`${a.name} is ${a.posture}.`);
  if (hurt) {
    const check = tumbleCheck(tx.dice, a.attributes.DEX, `keep footing: ${a.name} stunned in a pass-by charge`);
    tx.rolls.push(check.roll);
    tx.emit({ type: 'check', figureId: a.id, purpose: 'keep footing after the first strike (stunned in a pass-by charge)', target: check.target.value, roll: check.roll.total, success: check.kept, source: `${check.source}; 002 §Charging` });
    if (check.tumble !== null) {
      tx.rolls.push(check.tumble.roll);
      const damage = check.tumble.damage;
      takeMishapHits(tx, a.id, damage);
      const after = tx.update(a.id, (x) => ({ ...x, turn: { ...x.turn, stride: 0 } }));
      tx.emit({ type: 'tumbled', figureId: a.id, damage, fatigueAfter: after.fatigue.current, source: `${check.source}; 002 §Charging` });
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

/**
 * RULINGS O3 (002 §Attacks of Opportunity, §Assigning Movement): the shot offered to `defenderId`
 * at `moverId` as it stands: attackPreview with the mover where it then was (`at`) and the offer's
 * line from the mover's pace (an ambling monster: +1). Null when no such offer is waiting.
 */
export function opportunityPreview(state: EncounterState, defenderId: string, moverId: string, rules: Rules | RuleSet = DEFAULT_RULES, ticks: Partial<GmTicks> = {}): AttackPreview | null {
  const offer = (turnStateOf(state).opportunities ?? []).find((o) => o.defenderId === defenderId && o.moverId === moverId);
  if (offer === undefined) return null;
  const weapon = weaponById(offer.weaponId);
  const there = { ...state, figures: state.figures.map((x) => (x.id === moverId ? { ...x, position: offer.at } : x)) };
  const preview = attackPreview(there, defenderId, moverId, offer.weaponId, ticks, { rules: asRuleSet(rules), throw: weapon?.use !== 'missile' });
  if (offer.bonus === undefined) return preview;
  return { ...preview, adjDex: { value: preview.adjDex.value + offer.bonus.value, breakdown: [...preview.adjDex.breakdown, offer.bonus] } };
}

/**
 * RULINGS O3 (002 §Attacks of Opportunity): the defender takes the shot it was offered, rolled as
 * any attack from where the mover then was (`at`, half the starting distance away). Console's
 * choices: the shot is not the defender's action for the turn (it counts toward its rate of fire
 * and spends its AP); a thrown weapon lands where the mover was struck at; the offer is gone once
 * taken and at the turn's end.
 */
export function applyOpportunityAttack(tx: Tx, c: CommandOf<'opportunityAttack'>): void {
  const ts = turnStateOf(tx.state);
  const offer = (ts.opportunities ?? []).find((o) => o.defenderId === c.figureId && o.moverId === c.moverId);
  const d = tx.fig(c.figureId);
  const m = tx.fig(c.moverId);
  if (offer === undefined) throw new AppError('rule', `${d.name} has no attack of opportunity on ${m.name} (002 §Attacks of Opportunity).`);
  if (d.equipment.readyWeaponId !== offer.weaponId) throw new AppError('rule', `${d.name} no longer holds the weapon the shot was offered with.`);
  const weapon = weaponById(offer.weaponId) ?? null;
  const throwIt = weapon?.use !== 'missile';
  const realPosition = m.position;
  tx.state = { ...tx.state, turnState: { ...ts, opportunities: (ts.opportunities ?? []).filter((o) => o !== offer) } };
  // The shot is taken with the mover where it then was.
  tx.update(m.id, (x) => ({ ...x, position: offer.at }));
  const kind = attackKind(tx.fig(d.id), tx.fig(m.id), weapon, throwIt);
  let preview = attackPreview(tx.state, d.id, m.id, offer.weaponId, c.ticks ?? {}, { rules: tx.rules, throw: throwIt });
  if (!preview.allowed) throw new AppError('rule', preview.reason ?? 'That shot cannot be taken.');
  // 002 §Assigning Movement: an ambling monster gives the shot +1 (the offer keeps the line).
  if (offer.bonus !== undefined) preview = { ...preview, adjDex: { value: preview.adjDex.value + offer.bonus.value, breakdown: [...preview.adjDex.breakdown, offer.bonus] } };
  spendAttackAp(tx, d.id, `attack of opportunity on ${m.name}`);
  strike(tx, d.id, m.id, weapon, offer.weaponId, kind, 'f', preview);
  tx.update(m.id, (x) => ({ ...x, position: realPosition }));
}

/**
 * The attack itself once it is allowed: friends in the line of fire, a body the target lies
 * behind, the roll, the damage, a dropped or broken weapon, a thrown weapon landing, the missile
 * shots counted. Returns whether the weapon has more shots this turn (RULINGS A7).
 */
function strike(tx: Tx, attackerId: string, targetId: string, weapon: Weapon | null, weaponId: string | null, kind: AttackKind, option: OptionLetter, preview: AttackPreview): boolean {
  const a = tx.fig(attackerId);
  const t = tx.fig(targetId);
  const c = { weaponId };
  const adj = preview.adjDex.value;
  const what = `${a.name} → ${t.name}`;

  let target = t;
  let resolved = false;
  if (kind === 'missile' || kind === 'thrown') {
    // RULINGS H4 (004 §Roll to Miss): each friend on the line of fire is a roll to miss.
    for (const friend of friendsInPath(tx.state, a, t)) {
      const miss = tx.rules.criticals.rollToMiss(tx.dice, adj, `roll to miss ${friend.name}`);
      tx.rolls.push(miss.roll);
      tx.emit({ type: 'check', figureId: a.id, purpose: `miss ${friend.name} in the line of fire`, target: adj, roll: miss.roll.total, success: miss.missed, source: miss.source });
      if (!miss.missed) {
        tx.emit({ type: 'missileRedirected', attackerId: a.id, intendedId: t.id, hitId: friend.id, reason: miss.reason, source: miss.source });
        const dmg = rollDamage(tx, a.id, weapon, kind, `${a.name} → ${friend.name}`);
        dealDamage(tx, a.id, friend.id, { damageRoll: dmg.roll, bonus: dmg.bonus, multiplier: miss.multiplier as 1 | 2 | 3, toBody: miss.toBody, bleeding: miss.bleeding }, true);
        resolved = true;
        break;
      }
    }
    // 004 §Crawling and Prone: a prone or kneeling target behind a body may have the body take the missile.
    const line = hexLine(a.position, t.position);
    const before = line[line.length - 2];
    if (!resolved && before !== undefined && hexKey(before) !== hexKey(a.position) && (t.posture === 'prone' || t.posture === 'kneeling') && hasBody(tx.state, before)) {
      const cover = proneBehindBody(tx.dice, t.posture, `missile at ${t.name} behind a body`);
      tx.rolls.push(cover.roll);
      tx.emit({ type: 'check', figureId: t.id, purpose: 'cover behind a body', target: t.posture === 'prone' ? 3 : 4, roll: cover.roll.total, success: cover.hitsBody, source: cover.source });
      if (cover.hitsBody) resolved = true;
    }
  }

  if (!resolved) {
    const roll = tx.roll(`${preview.dice.count}d6`, `attack: ${what}`);
    // RULINGS A3 (O1: 004's automatic results): the rules read the roll.
    const out = tx.rules.criticals.read(roll, adj);
    tx.emit({
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
    if (out.hit) {
      const dmg = rollDamage(tx, a.id, weapon, kind, what);
      dealDamage(tx, a.id, target.id, { damageRoll: dmg.roll, bonus: dmg.bonus, multiplier: out.multiplier as 1 | 2 | 3, toBody: out.toBody, bleeding: out.bleeding }, true);
    }
    if (weapon !== null && (out.dropWeapon || out.breakWeapon)) {
      if (out.dropWeapon) dropItem(tx, a.id, 'weapon', weapon.id);
      else {
        tx.update(a.id, (x) => ({ ...x, equipment: { ...x.equipment, weaponIds: removeOne(x.equipment.weaponIds, weapon.id), readyWeaponId: null } }));
        tx.emit({ type: 'weaponBroken', figureId: a.id, weaponId: weapon.id, source: '001 §Attack Rolls; RULINGS A3' });
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
    tx.update(a.id, (x) => ({ ...x, lastShotTurn: tx.state.turn, turn: { ...x.turn, shots, lastShot: option === 'l' ? true : x.turn.lastShot } }));
    more = (preview.shotsLeft ?? 1) - 1 > 0 && tx.fig(a.id).equipment.readyWeaponId === weapon?.id;
  }
  return more;
}
