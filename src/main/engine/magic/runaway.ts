import { AppError } from '../../../shared/errors';
import { makeSurvivalSave } from '../characters/survival';
import type { Dice, Roll } from '../dice/types';
import { explainSum, line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import type { Rules } from '../rules';
import { casterOf, injuryLines, requireConscious, rollUnder, target, withCaster, withMagic } from './internal';
import type { Caster, MagicContext, MagicEvent, MagicSnapshot, MagicState, MagicStepResult, RunawayCause, RunawayState } from './types';

/**
 * Runaway (001 §Runaway, RULINGS S6) and Intervention (001 §Intervention, RULINGS S7).
 *
 * Decisions where the documents are silent:
 * - One runaway per caster. A caster in runaway cannot cast, borrow or intervene: all its will
 *   goes into the anchor roll (001 §Runaway: "each moment you struggle to regain control").
 * - The turn a runaway starts is its turn 1, so that turn's anchor roll has no penalty and each
 *   later turn one more (S6: WIS − (turns in runaway − 1)). One anchor roll per turn.
 * - The drain takes mana first; the part of one turn's drain that mana cannot cover comes out of
 *   Body in the same turn (S6: "when mana is 0 … the drain takes Body instead").
 * - When mana reaches 0 the caster falls unconscious and stays so when the runaway ends; waking
 *   is the GM's call (001 §Runaway says nothing of waking).
 * - End of turn follows RULINGS T1's order: the survival save (C5) comes before the drain. The
 *   save is made here for casters in runaway (option `survivalSaves`, default on); an encounter
 *   that makes everyone's saves in its own pass turns it off so no one saves twice.
 * - A mage that fails an intervention runs away with the same spell, level and push (S7: "with
 *   its own drain and anchor rolls"), from this turn.
 */

const RUNAWAY = '001 §Runaway; RULINGS S6';
const INTERVENTION = '001 §Intervention; RULINGS S7';

export function runawayOf(magic: MagicState, casterId: string): RunawayState | null {
  return magic.runaways.find((r) => r.casterId === casterId) ?? null;
}

/** The runaway's turn now: 1 in the turn it started (see the decisions above). */
export function turnsInRunaway(r: RunawayState): number {
  return r.turnsElapsed + 1;
}

/** What the runaway takes at the end of this turn: level, plus push if the setting says so (RULINGS S6). */
export function runawayDrain(r: RunawayState, rules: Rules): Explained {
  const lines: BreakdownLine[] = [line(`${r.spellName} level ${r.level}`, r.level, RUNAWAY)];
  if (rules.runawayDrainIncludesPush && r.push > 0) lines.push(line(`push ${r.push}`, r.push, 'RULINGS S6 (setting)'));
  return explainSum(lines);
}

function turnsLine(r: RunawayState): BreakdownLine {
  const n = turnsInRunaway(r);
  return line(`runaway turn ${n} (− ${n - 1})`, -(n - 1) + 0, 'RULINGS S6');
}

/** Anchor roll target: 3d6 ≤ WIS − (turns in runaway − 1), with the injury penalty (RULINGS S6, C4). */
export function anchorTarget(caster: Caster, r: RunawayState): Explained {
  return target([line('WIS', caster.attributes.WIS, '001 §Runaway, Anchor Roll'), turnsLine(r), ...injuryLines(caster)]);
}

/** Intervention target: the helping mage's WIS − (turns in runaway − 1), with its injury (RULINGS S7, C4). */
export function interventionTarget(mage: Caster, r: RunawayState): Explained {
  return target([line(`${mage.name} WIS`, mage.attributes.WIS, INTERVENTION), turnsLine(r), ...injuryLines(mage)]);
}

export function startRunaway(
  magic: MagicState,
  caster: Caster,
  spell: { spellId: string; spellName: string; level: number; push: number },
  cause: RunawayCause,
  turn: number,
): { magic: MagicState; event: MagicEvent } {
  if (runawayOf(magic, caster.id) !== null) {
    throw new AppError('rule', `${caster.name} is already in runaway.`);
  }
  const runaway: RunawayState = { casterId: caster.id, ...spell, cause, startedTurn: turn, turnsElapsed: 0, lastAnchorTurn: null };
  const source = cause === 'push' ? 'RULINGS S3; RULINGS S6' : cause === 'borrow' ? 'RULINGS S4; RULINGS S6' : 'RULINGS S7; RULINGS S6';
  return { magic: { ...magic, runaways: [...magic.runaways, runaway] }, event: { type: 'runawayStarted', runaway, source } };
}

function endRunaway(magic: MagicState, casterId: string): MagicState {
  return { ...magic, runaways: magic.runaways.filter((r) => r.casterId !== casterId) };
}

export interface EndOfTurnOptions {
  /** Make the survival saves of casters in runaway here (default true); see the decisions above. */
  readonly survivalSaves?: boolean;
}

/**
 * End of turn for every runaway (RULINGS T1, S6, C5): the survival save if one is due, then the
 * drain from mana and, once mana is empty, from Body with the caster unconscious.
 */
export function endOfTurnRunaway(snapshot: MagicSnapshot, dice: Dice, ctx: MagicContext, options: EndOfTurnOptions = {}): MagicStepResult {
  const saves = options.survivalSaves ?? true;
  let next = snapshot;
  const events: MagicEvent[] = [];
  const rolls: Roll[] = [];
  for (const r of snapshot.magic.runaways) {
    let caster = casterOf(next, r.casterId);
    if (caster.dead) {
      next = withMagic(next, endRunaway(next.magic, r.casterId));
      events.push({ type: 'runawayEnded', casterId: r.casterId, reason: 'death', source: RUNAWAY });
      continue;
    }
    if (saves) {
      const save = makeSurvivalSave(caster.attributes.CON, { fatigue: caster.fatigue, body: caster.body }, dice, `survival save: ${caster.name}`);
      if (save.due) {
        rolls.push(save.roll);
        const survived = save.outcome === 'survived';
        events.push({
          type: 'survivalSave',
          casterId: caster.id,
          target: save.check.target,
          roll: save.roll.total,
          survived,
          source: '001 §Injury Thresholds & Death; RULINGS C5',
        });
        if (!survived) {
          caster = { ...caster, dead: true, conscious: false };
          next = withMagic(withCaster(next, caster), endRunaway(next.magic, r.casterId));
          events.push({ type: 'casterDied', casterId: caster.id, source: 'RULINGS C5; 001 §Runaway' });
          events.push({ type: 'runawayEnded', casterId: caster.id, reason: 'death', source: RUNAWAY });
          continue;
        }
      }
    }
    const drain = runawayDrain(r, ctx.rules);
    const fromMana = Math.min(caster.mana.current, drain.value);
    const fromBody = drain.value - fromMana;
    const mana = { ...caster.mana, current: caster.mana.current - fromMana };
    const body = { ...caster.body, current: caster.body.current - fromBody };
    const fallsUnconscious = mana.current === 0 && caster.conscious;
    caster = { ...caster, mana, body, conscious: caster.conscious && !fallsUnconscious };
    next = withCaster(next, caster);
    events.push({ type: 'runawayDrain', casterId: caster.id, drain, fromMana, fromBody, source: RUNAWAY });
    if (fallsUnconscious) events.push({ type: 'casterUnconscious', casterId: caster.id, source: RUNAWAY });
    next = withMagic(next, {
      ...next.magic,
      runaways: next.magic.runaways.map((x) => (x.casterId === r.casterId ? { ...x, turnsElapsed: x.turnsElapsed + 1 } : x)),
    });
  }
  return { next, events, rolls };
}

/** The caster's anchor roll for this turn (RULINGS S6): success ends the runaway. */
export function anchor(snapshot: MagicSnapshot, casterId: string, dice: Dice, ctx: MagicContext): MagicStepResult {
  const caster = casterOf(snapshot, casterId);
  const r = runawayOf(snapshot.magic, casterId);
  if (r === null) throw new AppError('rule', `${caster.name} is not in runaway.`);
  requireConscious(caster, 'make an anchor roll (RULINGS S6)');
  if (r.lastAnchorTurn === ctx.turn) {
    throw new AppError('rule', `${caster.name} has already made this turn's anchor roll.`);
  }
  const goal = anchorTarget(caster, r);
  const check = rollUnder(dice, `anchor roll: ${caster.name}`, goal);
  const events: MagicEvent[] = [
    { type: 'anchorRoll', casterId, rollerId: casterId, target: goal, roll: check.roll.total, success: check.success, source: RUNAWAY },
  ];
  let magic: MagicState;
  if (check.success) {
    magic = endRunaway(snapshot.magic, casterId);
    events.push({ type: 'runawayEnded', casterId, reason: 'anchored', source: RUNAWAY });
  } else {
    magic = {
      ...snapshot.magic,
      runaways: snapshot.magic.runaways.map((x) => (x.casterId === casterId ? { ...x, lastAnchorTurn: ctx.turn } : x)),
    };
  }
  return { next: withMagic(snapshot, magic), events, rolls: [check.roll] };
}

/** Whether a caster counts as a mage: it knows at least one spell (001 §Intervention: "another mage"). */
export function isMage(caster: Caster): boolean {
  return Object.values(caster.mastery).some((m) => m >= 1);
}

/**
 * Another mage tries to end a runaway (RULINGS S7): success ends it; failure starts the same
 * runaway in the helping mage.
 */
export function intervene(
  snapshot: MagicSnapshot,
  intent: { readonly mageId: string; readonly casterId: string },
  dice: Dice,
  ctx: MagicContext,
): MagicStepResult {
  const mage = casterOf(snapshot, intent.mageId);
  const caster = casterOf(snapshot, intent.casterId);
  if (mage.id === caster.id) throw new AppError('rule', `A caster cannot intervene in its own runaway; that is the anchor roll.`);
  const r = runawayOf(snapshot.magic, caster.id);
  if (r === null) throw new AppError('rule', `${caster.name} is not in runaway.`);
  if (!isMage(mage)) throw new AppError('rule', `${mage.name} knows no spells; only a mage can intervene (001 §Intervention).`);
  requireConscious(mage, 'intervene');
  if (runawayOf(snapshot.magic, mage.id) !== null) throw new AppError('rule', `${mage.name} is in runaway and cannot intervene.`);
  const goal = interventionTarget(mage, r);
  const check = rollUnder(dice, `intervention: ${mage.name} for ${caster.name}`, goal);
  const events: MagicEvent[] = [
    {
      type: 'interventionRoll',
      casterId: caster.id,
      rollerId: mage.id,
      target: goal,
      roll: check.roll.total,
      success: check.success,
      source: INTERVENTION,
    },
  ];
  let magic: MagicState;
  if (check.success) {
    magic = endRunaway(snapshot.magic, caster.id);
    events.push({ type: 'runawayEnded', casterId: caster.id, reason: 'intervention', source: INTERVENTION });
  } else {
    const started = startRunaway(snapshot.magic, mage, { spellId: r.spellId, spellName: r.spellName, level: r.level, push: r.push }, 'intervention', ctx.turn);
    magic = started.magic;
    events.push(started.event);
  }
  return { next: withMagic(snapshot, magic), events, rolls: [check.roll] };
}
