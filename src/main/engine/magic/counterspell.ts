import { AppError } from '../../../shared/errors';
import type { Dice, Roll } from '../dice/types';
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
 * Two moments, one contest (`counterContest`): declared as the spell is cast (`cast` with
 * `counter`), the contest comes once the casting roll (and the hit roll of a spell that must hit)
 * says the spell takes effect, and before it does: a defender who wins stops it (001: "If the
 * defender wins, the spell is countered. If the caster wins, the spell goes through"). Or, when
 * nobody declared one, later in the turn against a casting that took effect (`counterspell`),
 * which ends its continuing spell.
 *
 * Decisions: a counter answers a casting that takes effect, in the turn of the casting (a failed,
 * lost or missed spell needs no counter, and a counter declared against one is not rolled and
 * costs nothing). D comes from current mana: S4 lets a caster borrow for casting and renewing,
 * not for a counter. The injury penalty applies to both rolls as to all rolls (RULINGS C4). A
 * defender must be a mage, conscious, and not in runaway.
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

/** A counter declared as the spell is cast: who counters, with how much mana (RULINGS S8). */
export interface DeclaredCounter {
  readonly defenderId: string;
  readonly committed: number;
}

/** The defender, checked able to counter `casterId`'s spell with `committed` mana; throws the reason otherwise. */
export function counterDefender(snapshot: MagicSnapshot, casterId: string, counter: DeclaredCounter): Caster {
  const defender = casterOf(snapshot, counter.defenderId);
  const caster = casterOf(snapshot, casterId);
  if (defender.id === caster.id) throw new AppError('rule', `${caster.name} cannot counter its own spell.`);
  if (!isMage(defender)) throw new AppError('rule', `${defender.name} knows no spells and cannot counter (001 §Counterspell).`);
  requireConscious(defender, 'counter a spell');
  if (runawayOf(snapshot.magic, defender.id) !== null) throw new AppError('rule', `${defender.name} is in runaway and cannot counter.`);
  checkWhole(counter.committed, 'Committed mana', 1);
  if (counter.committed > defender.mana.current) {
    throw new AppError('rule', `${defender.name} has ${defender.mana.current} mana and cannot commit ${counter.committed}.`);
  }
  return defender;
}

/** What the contest did: the defender with D paid, the record's counter, its events and rolls. */
export interface CounterContest {
  readonly defender: Caster;
  readonly counter: CounterAttempt;
  readonly events: readonly MagicEvent[];
  readonly rolls: readonly Roll[];
}

/** The contest itself (RULINGS S8): D paid, both rolls, the margins and the winner. */
export function counterContest(
  record: Pick<CastingRecord, 'id' | 'cost' | 'push'>,
  caster: Caster,
  defender: Caster,
  committed: number,
  dice: Dice,
  turn: number,
): CounterContest {
  const paid = payMana(defender.mana, committed);
  const after = { ...defender, mana: paid.mana };
  const casterGoal = counterTarget(caster, record.cost + record.push, `casting mana (cost ${record.cost} + push ${record.push})`);
  const defenderGoal = counterTarget(defender, committed, `committed mana`);
  const casterCheck = rollUnder(dice, `counterspell contest: ${caster.name} (caster)`, casterGoal);
  const defenderCheck = rollUnder(dice, `counterspell contest: ${defender.name} (defender)`, defenderGoal);
  const winner = defenderCheck.margin >= casterCheck.margin ? 'defender' : 'caster';
  const events: MagicEvent[] = [
    {
      type: 'manaSpent',
      casterId: defender.id,
      amount: committed,
      cost: { value: committed, breakdown: [line('mana committed to the counter', committed, COUNTER)] },
      fromMana: paid.fromMana,
      borrowed: 0,
      reason: `counterspell against casting ${record.id}`,
      source: `${COUNTER}: committed mana is spent either way`,
    },
    {
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
    },
  ];
  const counter: CounterAttempt = {
    defenderId: defender.id,
    committed,
    casterMargin: casterCheck.margin,
    defenderMargin: defenderCheck.margin,
    winner,
    turn,
  };
  return { defender: after, counter, events, rolls: [casterCheck.roll, defenderCheck.roll] };
}

/** A counter later in the turn against a casting that took effect (RULINGS S8): a defender who wins ends its continuing spell. */
export function counterspell(snapshot: MagicSnapshot, intent: CounterIntent, dice: Dice, ctx: MagicContext): MagicStepResult {
  const record = snapshot.magic.castings.find((c) => c.id === intent.castingId);
  if (record === undefined) throw new AppError('not-found', `There is no casting "${intent.castingId}".`);
  const caster = casterOf(snapshot, record.casterId);
  if (intent.defenderId === caster.id) throw new AppError('rule', `${caster.name} cannot counter its own spell.`);
  if (record.turn !== ctx.turn)
    throw new AppError('rule', `A counterspell answers a casting in the turn it is cast (casting ${record.id} was turn ${record.turn}).`);
  if (record.outcome !== 'succeeded') throw new AppError('rule', `Casting ${record.id} did not take effect (${record.outcome}); there is nothing to counter.`);
  if (record.counter !== null)
    throw new AppError('rule', `Casting ${record.id} has already been countered once; the defender gets one try per casting (RULINGS S8).`);
  const defender = counterDefender(snapshot, caster.id, { defenderId: intent.defenderId, committed: intent.committed });

  const contest = counterContest(record, caster, defender, intent.committed, dice, ctx.turn);
  const events: MagicEvent[] = [...contest.events];
  let magic = snapshot.magic;
  const updated: CastingRecord = { ...record, counter: contest.counter };
  magic = { ...magic, castings: magic.castings.map((c) => (c.id === record.id ? updated : c)) };
  if (contest.counter.winner === 'defender') {
    const ended = magic.active.filter((a) => a.castingId === record.id);
    magic = { ...magic, active: magic.active.filter((a) => a.castingId !== record.id) };
    for (const a of ended) events.push({ type: 'spellEnded', activeId: a.id, casterId: a.casterId, reason: 'countered', source: COUNTER });
  }
  return { next: withMagic(withCaster(snapshot, contest.defender), magic), events, rolls: [...contest.rolls] };
}
