import { AppError } from '../../../shared/errors';
import { rollOff } from '../dice/rollOff';
import type { Dice, Roll } from '../dice/types';
import { explainSum, line } from '../explain';
import type { Explained } from '../explain';
import { borrowControl } from './control';
import { casterOf, withCaster, withMagic } from './internal';
import { payMana } from './mana';
import { runawayOf, startRunaway } from './runaway';
import type { ActiveSpell, Caster, MagicContext, MagicEvent, MagicSnapshot, MagicState, MagicStepResult, RenewalPhase } from './types';

/**
 * Phase 2, Renew Spells (001 §Renewing Spells, §Turn Sequence; RULINGS S2, T3, G4).
 *
 * `beginRenewPhase` fixes the order (DEX + INT + WIS high to low, roll-offs on ties, recorded)
 * and ends at once the spells of casters who are unconscious or dead (they renew nothing).
 * Casters then decide in that order, spell by spell: `renew` pays (or borrows, with its control
 * roll, RULINGS S4) or `letLapse`. `endRenewPhase` ends every spell not renewed, before movement.
 *
 * Decisions: a caster in runaway may renew from the mana it has but may not borrow (see
 * runaway.ts). A failed borrowing control roll while renewing ends the spell and starts a
 * runaway of that spell's level with no push.
 */

const RENEW = '001 §Renewing Spells; RULINGS S2';

/** DEX + INT + WIS, the renewal order's score (001 §Turn Sequence; RULINGS T3). */
export function renewalScore(caster: Caster): Explained {
  const source = '001 §Turn Sequence; RULINGS T3';
  return explainSum([line('DEX', caster.attributes.DEX, source), line('INT', caster.attributes.INT, source), line('WIS', caster.attributes.WIS, source)]);
}

function endSpell(magic: MagicState, activeId: string): MagicState {
  return { ...magic, active: magic.active.filter((a) => a.id !== activeId) };
}

/** Starts phase 2: the order with its roll-offs, and the lapse of spells whose caster is down. */
export function beginRenewPhase(snapshot: MagicSnapshot, dice: Dice, ctx: MagicContext): MagicStepResult {
  let magic = snapshot.magic;
  const events: MagicEvent[] = [];
  const rolls: Roll[] = [];
  for (const spell of snapshot.magic.active) {
    const caster = casterOf(snapshot, spell.casterId);
    if (caster.dead || !caster.conscious) {
      magic = endSpell(magic, spell.id);
      events.push({
        type: 'spellEnded',
        activeId: spell.id,
        casterId: caster.id,
        reason: caster.dead ? 'caster dead' : 'caster unconscious',
        source: `${RENEW}: an unconscious caster renews nothing`,
      });
    }
  }
  const casterIds = [...new Set(magic.active.map((a) => a.casterId))];
  const scored = casterIds.map((id) => ({ id, score: renewalScore(casterOf(snapshot, id)) }));
  const values = [...new Set(scored.map((s) => s.score.value))].sort((a, b) => b - a);
  const order: string[] = [];
  for (const v of values) {
    const group = scored.filter((s) => s.score.value === v).map((s) => s.id);
    if (group.length === 1) {
      order.push(...group);
    } else {
      const off = rollOff(group, dice, `renewal order tie at ${v}`); // RULINGS G4
      rolls.push(...off.rolls.map((r) => r.roll));
      order.push(...off.order);
    }
  }
  events.push({
    type: 'renewalOrder',
    order: order.map((id) => ({ casterId: id, score: scored.find((s) => s.id === id)?.score ?? { value: 0, breakdown: [] } })),
    source: '001 §Turn Sequence; RULINGS T3; RULINGS G4',
  });
  const renewal: RenewalPhase = { turn: ctx.turn, order, decided: {} };
  return { next: withMagic(snapshot, { ...magic, renewal }), events, rolls };
}

export type RenewalStatus = 'pending' | 'renewed' | 'lapsed';

export interface RenewalQueueSpell {
  readonly spell: ActiveSpell;
  readonly status: RenewalStatus;
  /** Mana the renewal would take from current mana, and the shortfall that would become Debt. */
  readonly fromMana: number;
  readonly wouldBorrow: number;
}

export interface RenewalQueueEntry {
  readonly casterId: string;
  readonly name: string;
  readonly score: Explained;
  readonly spells: readonly RenewalQueueSpell[];
}

export interface RenewalQueue {
  readonly turn: number | null;
  readonly entries: readonly RenewalQueueEntry[];
  /** Whose decisions are due now: the first caster in order with a pending spell. */
  readonly current: string | null;
}

/** The renewal panel's queue (GM only: it shows mana). Empty outside phase 2. */
export function renewalQueue(snapshot: MagicSnapshot): RenewalQueue {
  const renewal = snapshot.magic.renewal;
  if (renewal === null) return { turn: null, entries: [], current: null };
  const entries = renewal.order.map((casterId): RenewalQueueEntry => {
    const caster = casterOf(snapshot, casterId);
    const spells = snapshot.magic.active
      .filter((a) => a.casterId === casterId)
      .map((spell): RenewalQueueSpell => {
        const fromMana = Math.min(caster.mana.current, spell.renewalCost);
        return { spell, status: renewal.decided[spell.id] ?? 'pending', fromMana, wouldBorrow: spell.renewalCost - fromMana };
      });
    return { casterId, name: caster.name, score: renewalScore(caster), spells };
  });
  const current = entries.find((e) => e.spells.some((s) => s.status === 'pending'))?.casterId ?? null;
  return { turn: renewal.turn, entries, current };
}

function pendingSpell(snapshot: MagicSnapshot, activeId: string, ctx: MagicContext): { spell: ActiveSpell; renewal: RenewalPhase } {
  const renewal = snapshot.magic.renewal;
  if (renewal === null || renewal.turn !== ctx.turn) throw new AppError('rule', 'Spells are renewed in phase 2 (Renew Spells) only.');
  const spell = snapshot.magic.active.find((a) => a.id === activeId);
  if (spell === undefined) throw new AppError('not-found', `There is no continuing spell "${activeId}".`);
  if (renewal.decided[spell.id] !== undefined) throw new AppError('rule', `${spell.name} has already been decided this turn.`);
  const current = renewalQueue(snapshot).current;
  if (current !== spell.casterId) {
    const whose = current === null ? 'no one' : casterOf(snapshot, current).name;
    throw new AppError('rule', `It is ${whose}'s turn to renew (DEX + INT + WIS order, RULINGS T3).`);
  }
  return { spell, renewal };
}

function decide(magic: MagicState, renewal: RenewalPhase, activeId: string, status: 'renewed' | 'lapsed'): MagicState {
  return { ...magic, renewal: { ...renewal, decided: { ...renewal.decided, [activeId]: status } } };
}

/** Pays a continuing spell's renewal cost, borrowing the shortfall with its control roll (RULINGS S2, S4). */
export function renew(snapshot: MagicSnapshot, activeId: string, dice: Dice, ctx: MagicContext): MagicStepResult {
  const { spell, renewal } = pendingSpell(snapshot, activeId, ctx);
  let caster = casterOf(snapshot, spell.casterId);
  const paid = payMana(caster.mana, spell.renewalCost);
  if (paid.borrowed > 0 && runawayOf(snapshot.magic, caster.id) !== null) {
    throw new AppError('rule', `${caster.name} is in runaway and cannot borrow to renew ${spell.name}.`);
  }
  caster = { ...caster, mana: paid.mana };
  const events: MagicEvent[] = [
    {
      type: 'manaSpent',
      casterId: caster.id,
      amount: spell.renewalCost,
      cost: { value: spell.renewalCost, breakdown: [line(`renewal cost of ${spell.name}`, spell.renewalCost, 'RULINGS S2; RULINGS S9')] },
      fromMana: paid.fromMana,
      borrowed: paid.borrowed,
      reason: `renewing ${spell.name}`,
      source: paid.borrowed > 0 ? `${RENEW}; RULINGS S4` : RENEW,
    },
  ];
  const rolls: Roll[] = [];
  let magic = snapshot.magic;
  if (paid.borrowed > 0) {
    const control = borrowControl(caster, caster.mana.debt, dice);
    rolls.push(control.roll);
    events.push(control.event);
    if (control.result === 'runaway') {
      const started = startRunaway(magic, caster, { spellId: spell.spellId, spellName: spell.name, level: spell.level, push: 0 }, 'borrow', ctx.turn);
      magic = decide(endSpell(started.magic, spell.id), renewal, spell.id, 'lapsed');
      events.push(started.event, { type: 'spellEnded', activeId: spell.id, casterId: caster.id, reason: 'runaway', source: 'RULINGS S4; RULINGS S6' });
      return { next: withMagic(withCaster(snapshot, caster), magic), events, rolls };
    }
  }
  magic = decide(
    { ...magic, active: magic.active.map((a) => (a.id === spell.id ? { ...a, turnsActive: a.turnsActive + 1 } : a)) },
    renewal,
    spell.id,
    'renewed',
  );
  events.push({ type: 'spellRenewed', activeId: spell.id, casterId: caster.id, cost: spell.renewalCost, source: RENEW });
  return { next: withMagic(withCaster(snapshot, caster), magic), events, rolls };
}

/** The caster lets a continuing spell go (RULINGS S2). */
export function letLapse(snapshot: MagicSnapshot, activeId: string, ctx: MagicContext): MagicStepResult {
  const { spell, renewal } = pendingSpell(snapshot, activeId, ctx);
  const magic = decide(endSpell(snapshot.magic, spell.id), renewal, spell.id, 'lapsed');
  return {
    next: withMagic(snapshot, magic),
    events: [{ type: 'spellEnded', activeId: spell.id, casterId: spell.casterId, reason: 'lapsed', source: RENEW }],
    rolls: [],
  };
}

/** Ends phase 2: every spell not renewed ends before movement (RULINGS S2). */
export function endRenewPhase(snapshot: MagicSnapshot, ctx: MagicContext): MagicStepResult {
  const renewal = snapshot.magic.renewal;
  if (renewal === null || renewal.turn !== ctx.turn) throw new AppError('rule', 'Phase 2 (Renew Spells) has not begun this turn.');
  const unrenewed = snapshot.magic.active.filter((a) => renewal.decided[a.id] !== 'renewed');
  const events: MagicEvent[] = unrenewed.map((a) => ({
    type: 'spellEnded',
    activeId: a.id,
    casterId: a.casterId,
    reason: 'not renewed',
    source: `${RENEW}: unrenewed spells end before movement`,
  }));
  const magic: MagicState = {
    ...snapshot.magic,
    active: snapshot.magic.active.filter((a) => renewal.decided[a.id] === 'renewed'),
    renewal: null,
  };
  return { next: withMagic(snapshot, magic), events, rolls: [] };
}
