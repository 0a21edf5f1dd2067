import type { SEAT_DICE_CHANNELS } from '../../../shared/channels/seatDice';
import type { SEAT_CHANNELS } from '../../../shared/channels/seats';
import type { SeatDesk } from '../../services/seats/seatDesk';
import type { HandlersFor } from '../dispatch';

/** The GM keeps the seats; a seat's phone reads its own view, found by the token it connected with. */
export function seatHandlers(seats: () => SeatDesk): HandlersFor<typeof SEAT_CHANNELS & typeof SEAT_DICE_CHANNELS> {
  return {
    listSeats: () => seats().list(),
    saveSeat: ({ id, name, figureIds }) => seats().save(id, name, figureIds),
    reissueSeat: ({ id }) => seats().reissue(id),
    revokeSeat: ({ id }) => seats().revoke(id),
    // The dispatcher gives the seat role its own seat only; any other caller is refused before here.
    getSeatView: (_args, _role, seat) => seats().view(seat ?? ''),
    offerSeatDice: ({ figureId, faces }, _role, seat) => seats().offerDice(seat ?? '', figureId, faces),
    askSeatDice: ({ figureId, purpose, dice }) => seats().askDice(figureId, purpose, dice),
    settleSeatDice: ({ figureId, outcome }) => seats().settleDice(figureId, outcome),
    listSeatRolls: () => seats().waitingRolls(),
  };
}
