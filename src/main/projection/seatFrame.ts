import type { SeatCard } from '../../shared/seatCard';
import type { EncounterState } from '../engine/encounter/schema';
import { DEFAULT_RULES, type Rules } from '../engine/rules';
import type { Audience } from './audience';
import { encounterFrame, type EncounterFrame } from './frame';
import { playerIdsFor } from './ids';
import { seatCard } from './seatCard';
import { sightOf } from './sight';

export type SeatAudience = Extract<Audience, { kind: 'seat' }>;

/** What a seat is sent of an encounter: the table's frame, and its own figures' card. */
export interface SeatFrame {
  readonly encounter: EncounterFrame;
  readonly card: SeatCard;
}

/** A seat: the figures the GM gave one player's phone. */
export const seatOf = (figureIds: readonly string[]): SeatAudience => ({ kind: 'seat', figureIds: [...figureIds] });

export function seatFrame(state: EncounterState, seat: SeatAudience, rules: Rules = DEFAULT_RULES): SeatFrame {
  return { encounter: encounterFrame(state, seat, rules), card: seatCardOf(state, seat, rules) };
}

/** The seat's card alone (what a seat's phone is sent beside the table's encounter). */
export function seatCardOf(state: EncounterState, seat: SeatAudience, rules: Rules = DEFAULT_RULES): SeatCard {
  return seatCard(state, seat.figureIds, sightOf(state, seat), playerIdsFor(state.id), rules);
}
