import type { SeatCard } from '../../shared/contract/seatCard';
import type { PlayerView } from '../../shared/contract/views';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import type { Audience } from './audience';
import { playerIdsFor } from './ids';
import { seatCard } from './seatCard';
import { sightOf } from './sight';

export type SeatAudience = Extract<Audience, { kind: 'seat' }>;

/** What a seat is sent: the table's frame as the table holds it, and its own figures' card. */
export interface SeatFrame {
  readonly table: PlayerView | null;
  readonly card: SeatCard;
}

/** A seat: the figures the GM gave one player's phone. */
export const seatOf = (figureIds: readonly string[]): SeatAudience => ({ kind: 'seat', figureIds: [...figureIds] });

/**
 * A seat's frame, made from what the table's projection holds (`table`: its frame; `shown`: the
 * scene that frame was made from, a staged one too), so a phone never shows another encounter
 * than the TV. The seat sees the table's own frame, never one made for it; its card knows of
 * other figures only what the table's sight shows.
 */
export function seatFrame(table: PlayerView | null, shown: { readonly state: EncounterState; readonly rules: Rules } | null, seat: SeatAudience): SeatFrame {
  if (shown === null) return { table, card: { figures: [] } };
  return { table, card: seatCard(shown.state, seat.figureIds, sightOf(shown.state, seat), playerIdsFor(shown.state.id), shown.rules) };
}
