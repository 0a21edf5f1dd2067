/**
 * Who may intervene in a runaway and who may counter a casting, now, and why the others may not
 * (001 §Intervention, §Counterspell; RULINGS S7, S8). The commands refuse with these same
 * reasons, and the Magic tab lists the figures left out with them, so the GM is only ever
 * offered what main will accept.
 *
 * Timing is the console's choice (the documents are silent): an intervention is the helping
 * mage's action for the turn (option h, r or the HTH cast: it is a working of magic), taken in
 * the Actions phase when the mage is due; a counterspell is a reaction in the turn of the
 * casting, with mana the defender has now (RULINGS S4 lends only for casting and renewing).
 */
import { isMage, runawayOf } from '../../magic';
import type { Rules } from '../../rules';
import { engagementState } from '../movement/engagement';
import { casterOfFigure, isCaster, magicOf } from './magicBridge';
import type { EncounterMagic } from './magicSchema';
import { optionRefusal } from '../turn/options';
import type { EncounterState, FigureState } from '../schema';
import { canAct, findFigure } from '../state';
import { phaseStatus } from '../turn/phaseStatus';

type CastingRecordState = EncounterMagic['castings'][number];

export interface LeftOut {
  readonly figureId: string;
  readonly name: string;
  readonly reason: string;
}

/** When an intervention may be tried, said once for the GM (RULINGS S7; the console's timing). */
export const INTERVENTION_RULE =
  'Another conscious mage, not in runaway, may try as its action in the Actions phase when it is due (option h, r or the HTH cast): 3d6 ≤ its WIS − (turns in runaway − 1). Success ends the runaway; failure starts the same runaway in the helper (RULINGS S7).';

/** The casting option an intervening mage takes: the one its engagement gives (001 §Action Options). */
export function interventionOption(state: EncounterState, mage: FigureState): 'h' | 'r' | 'hth-cast' {
  const es = engagementState(state, mage);
  return es === 'hth' ? 'hth-cast' : es === 'engaged' ? 'r' : 'h';
}

/** Why `mage` cannot intervene in `casterId`'s runaway now, or null when it may (RULINGS S7). */
export function interventionRefusal(state: EncounterState, rules: Rules, mage: FigureState, casterId: string): string | null {
  const magic = magicOf(state);
  if (mage.id === casterId) return 'a caster cannot intervene in its own runaway: that is the anchor roll (RULINGS S6)';
  if (runawayOf(magic, casterId) === null) return `${findFigure(state, casterId)?.name ?? casterId} is not in runaway`;
  if (!isCaster(mage) || !isMage(casterOfFigure(mage))) return 'knows no spells: only a mage can intervene (001 §Intervention)';
  if (!canAct(mage)) return `is ${mage.posture}`;
  if (runawayOf(magic, mage.id) !== null) return 'is in runaway itself';
  if (state.phase !== 'actions') return 'intervening is an action: wait for the Actions phase';
  const status = phaseStatus(state, rules);
  if (!status.due.includes(mage.id)) {
    if (!status.pending.includes(mage.id)) return 'has already acted this turn';
    const due = status.due.map((id) => findFigure(state, id)?.name ?? id);
    return `waits for its turn in the action order (${due.join(', ') || 'nobody'} is due)`;
  }
  const option = interventionOption(state, mage);
  return optionRefusal(state, mage, option, engagementState(state, mage), rules);
}

/** Every other caster that cannot intervene now, with the reason (figures with no magic at all are not listed). */
export function interventionLeftOut(state: EncounterState, rules: Rules, casterId: string): LeftOut[] {
  const out: LeftOut[] = [];
  for (const f of state.figures) {
    if (f.id === casterId || !isCaster(f)) continue;
    const reason = interventionRefusal(state, rules, f, casterId);
    if (reason !== null) out.push({ figureId: f.id, name: f.name, reason });
  }
  return out;
}

/** Why no counter can be tried against this casting at all, or null (RULINGS S8). */
export function castingCounterRefusal(state: EncounterState, c: CastingRecordState): string | null {
  if (c.counter !== null) return 'countered once already: one try per casting (RULINGS S8)';
  if (c.outcome !== 'succeeded') return `it did not take effect (${c.outcome}): nothing to counter`;
  if (c.turn !== state.turn) return `a counter answers a casting in its own turn (turn ${c.turn}) (RULINGS S8)`;
  return null;
}

/** Why `f` cannot counter casting `c` now, or null (001 §Counterspell; RULINGS S8). */
export function counterRefusal(state: EncounterState, f: FigureState, c: CastingRecordState): string | null {
  return counterRefusalFor(state, f, c.casterId);
}

/** Why `f` cannot counter a spell of `casterId` now (as it is cast, or later in its turn), or null (RULINGS S8). */
export function counterRefusalFor(state: EncounterState, f: FigureState, casterId: string): string | null {
  if (f.id === casterId) return 'cannot counter its own spell';
  if (!isCaster(f) || !isMage(casterOfFigure(f))) return 'knows no spells: only a mage can counter (001 §Counterspell)';
  if (!canAct(f)) return `is ${f.posture}`;
  if (runawayOf(magicOf(state), f.id) !== null) return 'is in runaway';
  if ((f.mana?.current ?? 0) < 1) return 'has no mana to commit (a counter cannot borrow: RULINGS S4, S8)';
  return null;
}

/** Who could counter each casting now, and the other casters with the reason they cannot. */
export function counterCandidates(
  state: EncounterState,
  c: CastingRecordState,
): { defenders: { figureId: string; name: string; mana: number }[]; leftOut: LeftOut[] } {
  const defenders: { figureId: string; name: string; mana: number }[] = [];
  const leftOut: LeftOut[] = [];
  for (const f of state.figures) {
    if (f.id === c.casterId || !isCaster(f)) continue;
    const reason = counterRefusal(state, f, c);
    if (reason === null) defenders.push({ figureId: f.id, name: f.name, mana: f.mana?.current ?? 0 });
    else leftOut.push({ figureId: f.id, name: f.name, reason });
  }
  return { defenders, leftOut };
}
