import type { ProjectorState } from '../../shared/channels/display';
import { projectorForPlayers, screenOf } from '../projection/screen';
import type { PlayerProjection } from '../projection/tableProjection';
import type { Projector } from './projector';
import type { WebHost } from './web/server';

/**
 * The projector's settings reach the table's projection (projection/screen.ts decides what a
 * blackout or the line's switch leaves in a frame). Going dark, the frame follows the projector's
 * own push, so the page is black before its map empties.
 */
export function followProjector(projector: Projector, table: PlayerProjection): void {
  let dark = projector.get().blackout;
  projector.subscribe((p) => {
    const screen = screenOf(p);
    const darkening = p.blackout && !dark;
    dark = p.blackout;
    if (darkening) queueMicrotask(() => table.setScreen(screenOf(projector.get())));
    else table.setScreen(screen);
  });
}

/** The web host's projector push: the GM's as it is, the players' through `projectorForPlayers`. */
export function pushProjector(host: Pick<WebHost, 'push'>, projector: ProjectorState): void {
  host.push('projector', projector, 'gm');
  host.push('projector', projectorForPlayers(projector), 'player');
}
