import type { PlayerView } from '../../shared/contract/views';
import { turnStateOf, type EncounterState } from '../engine/encounter/schema';
import { phaseStatus } from '../engine/encounter/turn/turn';
import type { Rules } from '../engine/rules';
import type { PlayerIdOf } from './ids';
import type { Sight } from './sight';

/**
 * Whose move it is as an audience could know it: what the tracker would say if the figures it
 * cannot see were not in the encounter. A hidden figure's turn neither blanks the "to act" slot,
 * nor leaves a gap in the turn order, nor holds it on the figure that went before, so the
 * projector cannot time it. In Initiative the order is of sides: a side with no figure in sight
 * is left out like its figures.
 */
export function turnFrame(state: EncounterState, sight: Sight, idOf: PlayerIdOf, rules: Rules): Pick<PlayerView['encounter'], 'acting' | 'order' | 'pending'> {
  const status = phaseStatusAsSeen(state, sight, rules);
  const sides = new Set(state.sides.map((s) => s.id));
  const shown = (ids: readonly string[]) =>
    ids.flatMap((id) => (sides.has(id) ? (sight.sides.has(id) ? [idOf('side', id)] : []) : sight.figures.has(id) ? [idOf('figure', id)] : []));
  return {
    acting: status.due.filter((id) => sight.figures.has(id)).map((id) => idOf('figure', id)),
    order: shown(status.order),
    pending: shown(status.pending),
  };
}

/** The tracker's status of the encounter as it would be without the figures `sight` leaves out. */
export function phaseStatusAsSeen(state: EncounterState, sight: Pick<Sight, 'figures'>, rules: Rules): ReturnType<typeof phaseStatus> {
  if (state.figures.every((f) => sight.figures.has(f.id))) return phaseStatus(state, rules);
  const ts = turnStateOf(state);
  const seen = (id: string) => sight.figures.has(id);
  const withoutUnseen: EncounterState = {
    ...state,
    figures: state.figures.filter((f) => seen(f.id)),
    ...(state.turnState
      ? {
          turnState: {
            ...ts,
            // A strike offer between figures the audience cannot see does not exist for it.
            ...(ts.firstStrikes ? { firstStrikes: ts.firstStrikes.filter((o) => seen(o.defenderId) && seen(o.attackerId)) } : {}),
            ...(ts.opportunities ? { opportunities: ts.opportunities.filter((o) => seen(o.defenderId) && seen(o.moverId)) } : {}),
          },
        }
      : {}),
  };
  return phaseStatus(withoutUnseen, rules);
}
