import { AppError } from '../../../shared/errors';
import type { Dice } from '../dice/types';
import { line } from '../explain';
import type { Explained } from '../explain';
import { casterOf, checkWhole, injuryLines, requireConscious, rollUnder, target, withCaster, withMagic } from './internal';
import { payMana } from './mana';
import { isMage, runawayOf } from './runaway';
import type { Caster, CastingRecord, CounterAttempt, MagicContext, MagicEvent, MagicSnapshot, MagicStepResult } from './types';

/**
 * Counterspell (001 §Counterspell; RULINGS S8). The defender commits mana D; caster and
 * defender each roll 3d6 against INT; each margin is INT + mana in the contest − roll (the
 * caster's mana is the casting's cost + push, the defender's D). The higher margin wins; a tie
 * goes to the defender. One try per casting; D is spent either way. The caster's answer is an
 * escalation next turn: `cast` with `escalationOf` (casting.ts).
 *
 * Decisions: the counter comes in the turn of the casting, against a casting that took effect
 * (a failed, lost or missed spell needs no counter). D comes from current mana: S4 lets a
 * caster borrow for casting and renewing, not for a counter. The injury penalty applies to both
 * rolls as to all rolls (RULINGS C4). A defender must be a mage, conscious, and not in runaway.
 */

const COUNTER = '001 §Counterspell; RULINGS S8';

export function counterTarget(who: Caster, manaInContest: number, label: string): Explained {
  return target([line(`${who.name} INT`, who.attributes.INT, COUNTER), line(label, manaInContest, COUNTER), ...injuryLines(who)]);
}

export interface CounterIntent {
  readonly defenderId: string;
  readonly castingId: string;
  /** Mana D the defender commits. */
  readonly committed: number;
}

export function counterspell(snapshot: MagicSnapshot, intent: CounterIntent, dice: Dice, ctx: MagicContext): MagicStepResult {
  const record = snapshot.magic.castings.find((c) => c.id === intent.castingId);
  if (record === undefined) throw new AppError('not-found', `There is no casting "${intent.castingId}".`);
  let defender = casterOf(snapshot, intent.defenderId);
  const caster = casterOf(snapshot, record.casterId);
  if (defender.id === caster.id) throw new AppError('rule', `${caster.name} cannot counter its own spell.`);
  if (record.turn !== ctx.turn)
    throw new AppError('rule', `A counterspell answers a casting in the turn it is cast (casting ${record.id} was turn ${record.turn}).`);
  if (record.outcome !== 'succeeded') throw new AppError('rule', `Casting ${record.id} did not take effect (${record.outcome}); there is nothing to counter.`);
  if (record.counter !== null)
    throw new AppError('rule', `Casting ${record.id} has already been countered once; the defender gets one try per casting (RULINGS S8).`);
  if (!isMage(defender)) throw new AppError('rule', `${defender.name} knows no spells and cannot counter (001 §Counterspell).`);
  requireConscious(defender, 'counter a spell');
  if (runawayOf(snapshot.magic, defender.id) !== null) throw new AppError('rule', `${defender.name} is in runaway and cannot counter.`);
  checkWhole(intent.committed, 'Committed mana', 1);
  if (intent.committed > defender.mana.current) {
    throw new AppError('rule', `${defender.name} has ${defender.mana.current} mana and cannot commit ${intent.committed}.`);
  }

  const paid = payMana(defender.mana, intent.committed);
  defender = { ...defender, mana: paid.mana };
  const events: MagicEvent[] = [
    {
      type: 'manaSpent',
      casterId: defender.id,
      amount: intent.committed,
      cost: { value: intent.committed, breakdown: [line('mana committed to the counter', intent.committed, COUNTER)] },
      fromMana: paid.fromMana,
      borrowed: 0,
      reason: `counterspell against casting ${record.id}`,
      source: `${COUNTER}: committed mana is spent either way`,
    },
  ];
  const casterGoal = counterTarget(caster, record.cost + record.push, `casting mana (cost ${record.cost} + push ${record.push})`);
  const defenderGoal = counterTarget(defender, intent.committed, `committed mana`);
  const casterCheck = rollUnder(dice, `counterspell contest: ${caster.name} (caster)`, casterGoal);
  const defenderCheck = rollUnder(dice, `counterspell contest: ${defender.name} (defender)`, defenderGoal);
  const winner = defenderCheck.margin >= casterCheck.margin ? 'defender' : 'caster';
  events.push({
    type: 'counterspell',
    castingId: record.id,
    casterId: caster.id,
    defenderId: defender.id,
    casterTarget: casterGoal,
    casterRoll: casterCheck.roll.total,
    casterMargin: casterCheck.margin,
    defenderTarget: defenderGoal,
    defenderRoll: defenderCheck.roll.total,
    defenderMargin: defenderCheck.margin,
    winner,
    source: `${COUNTER}${defenderCheck.margin === casterCheck.margin ? ': a tie goes to the defender' : ''}`,
  });
  const counter: CounterAttempt = {
    defenderId: defender.id,
    committed: intent.committed,
    casterMargin: casterCheck.margin,
    defenderMargin: defenderCheck.margin,
    winner,
    turn: ctx.turn,
  };
  let magic = snapshot.magic;
  const updated: CastingRecord = { ...record, counter };
  magic = { ...magic, castings: magic.castings.map((c) => (c.id === record.id ? updated : c)) };
  if (winner === 'defender') {
    const ended = magic.active.filter((a) => a.castingId === record.id);
    magic = { ...magic, active: magic.active.filter((a) => a.castingId !== record.id) };
    for (const a of ended) events.push({ type: 'spellEnded', activeId: a.id, casterId: a.casterId, reason: 'countered', source: COUNTER });
  }
  return { next: withMagic(withCaster(snapshot, defender), magic), events, rolls: [casterCheck.roll, defenderCheck.roll] };
}
