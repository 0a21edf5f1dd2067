import type { Core } from './core';
import type { Handlers } from './dispatch';
import { campaignHandlers } from './handlers/campaign';
import { encounterHandlers } from './handlers/encounter';
import { playerHandlers } from './handlers/player';
import { mapHandlers } from './handlers/map';
import { displayHandlers } from './handlers/display';
import { magicHandlers } from './handlers/magic';
import { figureHandlers } from './handlers/figure';
import { logHandlers } from './handlers/log';
import { rulesHandlers } from './handlers/rules';
import { tacticsHandlers } from './handlers/tactics';
import { playerScreenView } from './blackout';

/** Every channel's handler, bound to the open campaign. Both hosts use exactly these. */
export function createHandlers(core: () => Core): Handlers {
  const session = () => core().session;
  return { ...encounterHandlers(session), ...campaignHandlers(core), ...playerHandlers(() => playerScreenView(core().projector.get(), session().playerView())), ...mapHandlers(), ...displayHandlers(() => core().projector), ...figureHandlers(core), ...logHandlers(session), ...magicHandlers(session), ...rulesHandlers(session), ...tacticsHandlers(() => core().tactics, session) };
}
