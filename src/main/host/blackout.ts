import type { ProjectorState } from '../../shared/contract/channels/display';
import { screenOf } from '../projection/screen';
import type { PlayerProjection } from '../projection/tableProjection';
import type { Projector } from '../services/projector';
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

/**
 * The projector's push: the GM's as it is, the players' as the table's projection gives it, and
 * only when that changed for them (a camera moved in the dark is no news to the table).
 */
export function projectorPusher(table: PlayerProjection, push: (state: ProjectorState, role: 'gm' | 'player') => void): (projector: ProjectorState) => void {
  let sent: ProjectorState | null = null;
  return (projector) => {
    push(projector, 'gm');
    const mine = table.projector(projector);
    if (mine !== sent) push((sent = mine), 'player');
  };
}

/** The web host's projector push (`projectorPusher` on the host's sockets). */
export function pushProjector(host: Pick<WebHost, 'push'>, table: PlayerProjection): (projector: ProjectorState) => void {
  return projectorPusher(table, (state, role) => {
    host.push('projector', state, role);
    if (role === 'player') host.push('tableProjector', state);
  });
}
