import { AppError } from '../../../shared/errors';
import { hexEquals, type Hex } from '../../../shared/hex';
import type { Dice, Roll } from '../dice/types';
import { explainSum, line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import { explainMissileRange, explainThrownRange } from '../range';
import type { Rules } from '../rules';
import { masteryBenefits, spellById } from './catalogue';
import type { SpellDefinition } from './catalogue';
import { borrowControl, pushControl } from './control';
import { counterContest, counterDefender, type CounterContest, type DeclaredCounter } from './counterspell';
import { casterOf, checkWhole, injuryLines, nextId, requireConscious, rollUnder, target, withCaster, withMagic } from './internal';
import { payMana } from './mana';
import { runawayOf, startRunaway } from './runaway';
import type {
  ActiveSpell,
  Caster,
  CastingOutcome,
  CastingRecord,
  MagicContext,
  MagicEvent,
  MagicSnapshot,
  MagicState,
  MagicStepResult,
  SpecialEffect,
} from './types';

/**
 * Casting (001 §Casting Spells, §Spell Mastery; RULINGS S1, S3, S4).
 *
 * Order of a casting: pay (cost + push, borrowing the shortfall as Debt), the push control roll
 * (if pushed), the borrowing control roll (if borrowed), the casting roll, then the adjDEX roll
 * for a spell that must hit. Decisions where the documents are silent:
 * - Mana is paid when the casting is attempted, so a failed casting roll or a miss still spends
 *   it (RULINGS S3 speaks of failure "losing the mana", i.e. it was already committed).
 * - A pushed casting that also borrows makes both control rolls, each as its ruling says; either
 *   can stop the spell. A lost or runaway spell makes no casting roll and has no effect.
 * - Natural 3–4 and 17–18 on the casting roll do not change success (the number decides); they
 *   are flagged for the GM, who writes the effect as free text (`recordGmRuling`).
 * - The adjDEX roll uses the caller's adjDEX breakdown plus the spell's range line, and 001's
 *   automatic results (RULINGS A3) decide hit or miss only: a spell's effect is the GM's. Dodge
 *   gives a missile spell's caster 4 dice (001 §Action Options c, RULINGS A6).
 * - An escalation (RULINGS S8) is a new casting of the countered spell at the same target by the
 *   same caster the next turn, pushed harder than the countered casting.
 * - A counter declared with the casting (RULINGS S8, counterspell.ts) is rolled after the casting
 *   and hit rolls, once the spell would take effect, and before it does: a defender who wins
 *   stops it, and a continuing spell never starts.
 */

const CASTING = '001 §Casting Spells; RULINGS S1';

/** Mana for one casting: level, less the mastery discount (minimum 1), plus push (RULINGS S1, S3). */
export function spellCost(level: number, mastery: number, push: number, rules: Rules): Explained {
  checkWhole(level, 'A spell level', 1);
  checkWhole(push, 'Push');
  const lines: BreakdownLine[] = [line(`level ${level}`, level, '001 §Casting Spells')];
  const discount = mastery >= 5 ? rules.masteryDiscount.mastery5 : mastery >= 4 ? rules.masteryDiscount.mastery4 : 0;
  if (discount > 0) {
    const applied = Math.min(discount, level - 1); // minimum cost 1
    lines.push(line(`mastery ${mastery}${applied < discount ? ' (cost stays at least 1)' : ''}`, -applied + 0, '001 §Spell Mastery; RULINGS S1 (setting)'));
  }
  if (push > 0) lines.push(line(`push`, push, '001 §Push (Boosting); RULINGS S3'));
  return explainSum(lines);
}

/**
 * Casting roll target: 3d6 ≤ INT or WIS (as the spell says) with the injury penalty (RULINGS S1).
 * The GM may say that one figure casts a spell with the other attribute.
 */
export function castingTarget(caster: Caster, spell: SpellDefinition): Explained {
  const chosen = caster.castingAttributes?.[spell.id];
  const attr = chosen ?? spell.castingAttribute;
  const why = chosen === undefined ? `${CASTING} (${spell.name} uses ${attr})` : `${CASTING}; the GM's choice: ${caster.name} casts ${spell.name} with ${attr}`;
  return target([line(attr, caster.attributes[attr], why), ...injuryLines(caster)]);
}

export interface HitInput {
  /** The caster's adjDEX with its breakdown (RULINGS A1), from the combat code. */
  readonly adjDex: Explained;
  /** The caster's and the target's hexes: the spell's range line is added from them. */
  readonly from?: Hex;
  readonly to?: Hex;
  /**
   * Set instead of `from`/`to` when `adjDex` already carries the range line (combat's
   * `adjustedDex` with kind 'missile-spell' or 'thrown' adds it), so it is not counted twice.
   */
  readonly rangeIncluded?: boolean;
  /** Anchor of the map's megahex tiling (RULINGS A2). */
  readonly tilingAnchor?: Hex;
  /** The target dodges (001 option c): a missile spell's caster rolls 4 dice (RULINGS A6). */
  readonly targetDodging?: boolean;
}

/** adjDEX target for a spell that must hit: the caller's adjDEX plus range (RULINGS A2, S1). */
export function hitTarget(spell: SpellDefinition, hit: HitInput): { target: Explained; dice: 3 | 4 } {
  const dice = spell.rangeKind === 'missile' && hit.targetDodging === true ? 4 : 3;
  if (hit.from === undefined || hit.to === undefined) {
    if (hit.rangeIncluded !== true) {
      throw new AppError('invalid-args', `${spell.name} must hit: give the caster's and the target's hexes, or an adjDEX that already has its range.`);
    }
    return { target: hit.adjDex, dice };
  }
  if (hit.rangeIncluded === true) throw new AppError('invalid-args', 'The range is either in the adjDEX or given by hexes, not both.');
  const range = spell.rangeKind === 'missile' ? explainMissileRange(hit.from, hit.to, hit.tilingAnchor) : explainThrownRange(hit.from, hit.to);
  const lines = [...hit.adjDex.breakdown, ...range.breakdown.map((l) => ({ ...l, source: `${l.source}; RULINGS S1 (${spell.rangeKind} spell)` }))];
  return { target: { value: hit.adjDex.value + range.value, breakdown: lines }, dice };
}

/** RULINGS A3's automatic results, hit or miss only. */
function automaticResult(total: number, dice: 3 | 4): 'hit' | 'miss' | null {
  if (dice === 3) return total <= 5 ? 'hit' : total >= 16 ? 'miss' : null;
  return total <= 5 ? 'hit' : total >= 20 ? 'miss' : null;
}

function specialOf(total: number): SpecialEffect | null {
  if (total === 3 || total === 4) return { natural: total, kind: 'low', gmRuling: null };
  if (total === 17 || total === 18) return { natural: total, kind: 'high', gmRuling: null };
  return null;
}

/* ---- The cast step ---- */

export interface CastIntent {
  readonly casterId: string;
  readonly spellId: string;
  readonly targetId?: string | null;
  /**
   * The hex aimed at when the spell goes to no figure (001 §Facing: the caster's hex, an
   * adjacent hex or a hex in front; the encounter checks the facing). Not with `targetId`.
   */
  readonly at?: Hex | null;
  readonly push?: number;
  readonly variant?: string | null;
  /** Required when the spell must hit. */
  readonly hit?: HitInput;
  /** The countered casting this escalates (RULINGS S8). */
  readonly escalationOf?: string;
  /** A defender who counters this casting as it is cast (RULINGS S8). */
  readonly counter?: DeclaredCounter;
}

function checkVariant(spell: SpellDefinition, variant: string | null | undefined): string | null {
  const v = variant ?? null;
  if (spell.variants.length === 0 && !spell.openVariants) {
    if (v !== null) throw new AppError('invalid-args', `${spell.name} has no variants (got "${v}").`);
    return null;
  }
  if (v === null || v.trim() === '') {
    throw new AppError('invalid-args', `${spell.name} needs a variant: ${spell.variants.join(', ')}${spell.openVariants ? ', or another the GM allows' : ''}.`);
  }
  if (!spell.openVariants && !spell.variants.includes(v)) {
    throw new AppError('invalid-args', `${spell.name} has no variant "${v}"; choose ${spell.variants.join(', ')}.`);
  }
  return v;
}

function checkEscalation(magic: MagicState, caster: Caster, spell: SpellDefinition, intent: CastIntent, push: number, turn: number): CastingRecord | null {
  if (intent.escalationOf === undefined) return null;
  const prior = magic.castings.find((c) => c.id === intent.escalationOf);
  if (prior === undefined) throw new AppError('not-found', `There is no casting "${intent.escalationOf}" to escalate.`);
  if (prior.casterId !== caster.id || prior.spellId !== spell.id) {
    throw new AppError('rule', `Only ${caster.name}'s own countered ${spell.name} can be escalated (RULINGS S8).`);
  }
  if (prior.counter?.winner !== 'defender') throw new AppError('rule', `Casting ${prior.id} was not countered; there is nothing to escalate.`);
  if (turn !== prior.turn + 1) throw new AppError('rule', `An escalation comes the turn after the counterspell (turn ${prior.turn + 1}).`);
  if (magic.castings.some((c) => c.escalationOf === prior.id)) throw new AppError('rule', `Casting ${prior.id} has already been escalated.`);
  const at = intent.at ?? null;
  const sameHex = at === null ? prior.at === undefined : prior.at !== undefined && hexEquals(at, prior.at);
  if ((intent.targetId ?? null) !== prior.targetId || !sameHex) {
    throw new AppError('rule', `An escalation is the same spell at the same target as casting ${prior.id}.`);
  }
  if (push <= prior.push) {
    throw new AppError('rule', `Escalating means pushing harder than before: more than ${prior.push} (RULINGS S8).`);
  }
  return prior;
}

/**
 * Casts a spell (RULINGS S1, S3, S4): returns the next state with the mana paid, the casting
 * recorded, a continuing spell made active, or a runaway started, and every roll.
 */
export function cast(snapshot: MagicSnapshot, intent: CastIntent, dice: Dice, ctx: MagicContext): MagicStepResult {
  let caster = casterOf(snapshot, intent.casterId);
  const spell = spellById(ctx.catalogue, intent.spellId);
  requireConscious(caster, 'cast');
  if (runawayOf(snapshot.magic, caster.id) !== null) {
    throw new AppError('rule', `${caster.name} is in runaway and cannot cast (RULINGS S6).`);
  }
  const mastery = caster.mastery[spell.id] ?? 0;
  if (!masteryBenefits(Math.min(5, Math.max(0, mastery))).canCast) {
    throw new AppError('rule', `${caster.name} does not know ${spell.name} (001 §Spell Mastery: mastery 1 to cast).`);
  }
  const push = intent.push ?? 0;
  checkWhole(push, 'Push');
  const variant = checkVariant(spell, intent.variant);
  const targetId = intent.targetId ?? null;
  const at = intent.at ?? null;
  if (targetId !== null && at !== null) {
    throw new AppError('invalid-args', `${spell.name} is aimed at a figure or at a hex, not both.`);
  }
  if (spell.mustHit && intent.hit === undefined) {
    throw new AppError('invalid-args', `${spell.name} must hit: the caster's adjDEX and the target's hex are needed.`);
  }
  const prior = checkEscalation(snapshot.magic, caster, spell, intent, push, ctx.turn);
  // A declared counter is checked before any die is rolled.
  const defender = intent.counter === undefined ? null : counterDefender(snapshot, caster.id, intent.counter);

  const events: MagicEvent[] = [];
  const rolls: Roll[] = [];
  const cost = spellCost(spell.level, mastery, push, ctx.rules);
  const paid = payMana(caster.mana, cost.value);
  caster = { ...caster, mana: paid.mana };
  events.push({
    type: 'manaSpent',
    casterId: caster.id,
    amount: cost.value,
    cost,
    fromMana: paid.fromMana,
    borrowed: paid.borrowed,
    reason: `casting ${spell.name}`,
    source: paid.borrowed > 0 ? '001 §Casting Spells; RULINGS S1; RULINGS S4' : '001 §Casting Spells; RULINGS S1',
  });

  let magic = snapshot.magic;
  const made = nextId(magic, 'cast');
  magic = made.magic;
  const castingId = made.id;

  let outcome: CastingOutcome | null = null;
  const runawaySpell = { spellId: spell.id, spellName: spell.name, level: spell.level, push };
  if (push > 0) {
    const control = pushControl(caster, push, ctx.rules, dice);
    rolls.push(control.roll);
    events.push(control.event);
    if (control.result === 'runaway') {
      const started = startRunaway(magic, caster, runawaySpell, 'push', ctx.turn);
      magic = started.magic;
      events.push(started.event);
      outcome = 'runaway';
    } else if (control.result === 'lost') {
      outcome = 'lost';
    }
  }
  if (outcome === null && paid.borrowed > 0) {
    const control = borrowControl(caster, caster.mana.debt, dice);
    rolls.push(control.roll);
    events.push(control.event);
    if (control.result === 'runaway') {
      const started = startRunaway(magic, caster, runawaySpell, 'borrow', ctx.turn);
      magic = started.magic;
      events.push(started.event);
      outcome = 'runaway';
    }
  }
  let special: SpecialEffect | null = null;
  if (outcome === null) {
    const goal = castingTarget(caster, spell);
    const check = rollUnder(dice, `casting ${spell.name}: ${caster.name}`, goal);
    rolls.push(check.roll);
    special = specialOf(check.roll.total);
    events.push({
      type: 'castingRoll',
      casterId: caster.id,
      spellId: spell.id,
      target: goal,
      roll: check.roll.total,
      success: check.success,
      special,
      source: special === null ? CASTING : `${CASTING}: special effect, the GM decides`,
    });
    if (!check.success) outcome = 'failed';
  }
  if (outcome === null && spell.mustHit && intent.hit !== undefined) {
    const { target: goal, dice: count } = hitTarget(spell, intent.hit);
    const roll = dice.roll(`${count}d6`, `${spell.name} to hit: ${caster.name}`);
    rolls.push(roll);
    const automatic = automaticResult(roll.total, count);
    const hit = automatic === 'hit' ? true : automatic === 'miss' ? false : roll.total <= goal.value;
    events.push({
      type: 'hitRoll',
      casterId: caster.id,
      spellId: spell.id,
      target: goal,
      dice: count,
      roll: roll.total,
      hit,
      automatic,
      source: `001 §Casting Spells (must hit); RULINGS S1; RULINGS A1${automatic !== null ? '; RULINGS A3' : ''}${count === 4 ? '; RULINGS A6' : ''}`,
    });
    if (!hit) outcome = 'missed';
  }
  const finalOutcome: CastingOutcome = outcome ?? 'succeeded';
  // RULINGS S8: the declared counter's contest, once the spell would take effect.
  let contest: CounterContest | null = null;
  if (finalOutcome === 'succeeded' && defender !== null && intent.counter !== undefined) {
    contest = counterContest({ id: castingId, cost: cost.value - push, push }, caster, defender, intent.counter.committed, dice, ctx.turn);
    rolls.push(...contest.rolls);
  }
  let started: MagicEvent | null = null;
  if (finalOutcome === 'succeeded' && spell.continuing && contest?.counter.winner !== 'defender') {
    const sid = nextId(magic, 'spell');
    magic = sid.magic;
    const active: ActiveSpell = {
      id: sid.id,
      castingId,
      spellId: spell.id,
      name: spell.name,
      variant,
      casterId: caster.id,
      targetId,
      at: at === null ? null : { q: at.q, r: at.r },
      level: spell.level,
      renewalCost: spell.renewalCost,
      turnsActive: 0,
      castTurn: ctx.turn,
    };
    magic = { ...magic, active: [...magic.active, active] };
    started = { type: 'spellActive', spell: active, source: '001 §Renewing Spells; RULINGS S2' };
  }
  const record: CastingRecord = {
    id: castingId,
    casterId: caster.id,
    spellId: spell.id,
    variant,
    targetId,
    ...(at !== null ? { at: { q: at.q, r: at.r } } : {}),
    turn: ctx.turn,
    level: spell.level,
    cost: cost.value - push,
    push,
    outcome: finalOutcome,
    special,
    escalationOf: prior?.id ?? null,
    counter: contest?.counter ?? null,
  };
  magic = { ...magic, castings: [...magic.castings, record] };
  if (contest === null && started !== null) events.push(started);
  events.push({
    type: 'spellCast',
    castingId,
    casterId: caster.id,
    spellId: spell.id,
    targetId,
    ...(at !== null ? { at: { q: at.q, r: at.r } } : {}),
    outcome: finalOutcome,
    source: prior === null ? CASTING : `${CASTING}; RULINGS S8 (escalation of ${prior.id})`,
  });
  // The contest comes after the casting it answers; a spell that held starts after it.
  if (contest !== null) {
    events.push(...contest.events);
    if (started !== null) events.push(started);
  }
  const after = withCaster(snapshot, caster);
  return { next: withMagic(contest === null ? after : withCaster(after, contest.defender), magic), events, rolls };
}

/** The GM's ruling on a special effect, as free text (RULINGS S1: "the GM decides"). */
export function recordGmRuling(snapshot: MagicSnapshot, castingId: string, text: string): MagicStepResult {
  const record = snapshot.magic.castings.find((c) => c.id === castingId);
  if (record === undefined) throw new AppError('not-found', `There is no casting "${castingId}".`);
  if (record.special === null) throw new AppError('rule', `Casting ${castingId} rolled no special effect.`);
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 2000) throw new AppError('invalid-args', 'A ruling is 1 to 2000 characters of text.');
  const updated: CastingRecord = { ...record, special: { ...record.special, gmRuling: trimmed } };
  return {
    next: withMagic(snapshot, { ...snapshot.magic, castings: snapshot.magic.castings.map((c) => (c.id === castingId ? updated : c)) }),
    events: [{ type: 'gmRuling', castingId, text: trimmed, source: 'RULINGS S1' }],
    rolls: [],
  };
}
