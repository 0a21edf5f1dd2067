import type { SEAT_DICE_CHANNELS } from '../../../shared/contract/channels/seatDice';
import type { SEAT_CHANNELS } from '../../../shared/contract/channels/seats';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';

/**
 * The GM keeps the seats and shows a seat's code on the TV; a seat's phone reads its own view,
 * found by the token it connected with. A code on the TV comes down once its phone has joined, or
 * when its link ends (a new link, the seat removed).
 */
export function seatHandlers(core: () => Pick<ConsoleCore, 'seats' | 'projector'>): HandlersFor<typeof SEAT_CHANNELS & typeof SEAT_DICE_CHANNELS> {
  const seats = () => core().seats;
  const takeDownCode = (seat: string) => {
    if (core().projector.seatCodeShown() === seat) core().projector.showSeatCode(null);
  };
  return {
    listSeats: () => seats().list(),
    saveSeat: ({ id, name, figureIds }) => seats().save(id, name, figureIds),
    reissueSeat: async ({ id }) => {
      const info = await seats().reissue(id);
      takeDownCode(id);
      return info;
    },
    revokeSeat: async ({ id }) => {
      const list = await seats().revoke(id);
      takeDownCode(id);
      return list;
    },
    showSeatCode: ({ id }) => ({ shown: core().projector.showSeatCode(id === null ? null : seats().code(id), id).seatCode }),
    // The dispatcher gives the seat role its own seat only; any other caller is refused before here.
    getSeatView: (_args, _role, seat) => {
      const view = seats().view(seat ?? '');
      takeDownCode(seat ?? '');
      return view;
    },
    offerSeatDice: ({ figureId, faces }, _role, seat) => seats().offerDice(seat ?? '', figureId, faces),
    askSeatDice: ({ figureId, purpose, dice }) => seats().askDice(figureId, purpose, dice),
    settleSeatDice: ({ figureId, outcome }) => seats().settleDice(figureId, outcome),
    listSeatRolls: () => seats().waitingRolls(),
  };
}
