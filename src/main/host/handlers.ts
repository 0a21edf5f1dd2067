import type { ConsoleCore } from './coreApi';
import type { Handlers } from './dispatch';
import { campaignHandlers } from './handlers/campaign';
import { encounterHandlers } from './handlers/encounter';
import { playerHandlers } from './handlers/player';
import { mapHandlers } from './handlers/map';
import { displayHandlers } from './handlers/display';
import { handoutHandlers } from './handlers/handouts';
import { magicHandlers } from './handlers/magic';
import { figureHandlers } from './handlers/figure';
import { logHandlers } from './handlers/log';
import { rulesHandlers } from './handlers/rules';
import { specialActionHandlers } from './handlers/specialActions';
import { tacticsHandlers } from './handlers/tactics';
import { placingHandlers } from './handlers/placing';
import { seatHandlers } from './handlers/seats';

/** Every channel's handler, bound to the open campaign. Both hosts use exactly these. */
export function createHandlers(core: () => ConsoleCore): Handlers {
  const session = () => core().session;
  const encounter = encounterHandlers(session);
  const campaign = campaignHandlers(core);
  // The autopilot hears of an undo before the session applies it, so it never plays into one.
  const undoing = () => core().tactics.autopilot.undoing();
  return {
    ...encounter,
    ...campaign,
    undo: (args, role, seat) => {
      undoing();
      return encounter.undo(args, role, seat);
    },
    undoToTurnStart: (args, role, seat) => {
      undoing();
      return campaign.undoToTurnStart(args, role, seat);
    },
    ...playerHandlers(session),
    ...mapHandlers(),
    ...displayHandlers(core),
    ...handoutHandlers(core),
    ...figureHandlers(core),
    ...logHandlers(session),
    ...magicHandlers(session),
    ...rulesHandlers(session),
    ...tacticsHandlers(() => core().tactics, session),
    ...specialActionHandlers(session),
    ...placingHandlers(session),
    ...seatHandlers(core),
  };
}
