import type { ProjectorState } from '../../shared/channels/display';
import type { PlayerView } from '../../shared/views';
import type { ViewSink } from '../session/session';
import type { Projector } from './projector';
import type { WebHost } from './web/server';

/**
 * Blackout sends nothing of the map (issue 13 §5): while the projector is blacked out a player
 * page gets neither the GM's camera nor a held framing, nor the map, figures or spells. The GM
 * keeps everything, so lifting the blackout goes back to the same framing and handout.
 */
export function projectorForPlayer(projector: ProjectorState): ProjectorState {
  return projector.blackout ? { ...projector, frame: null, handout: null } : projector;
}

/**
 * The player view as the projector may show it. Under blackout: the encounter's name (the black
 * screen shows it), turn and phase, and an empty one-hex map; the revision goes on counting so a
 * page still drops stale pushes.
 */
export function playerScreenView(projector: ProjectorState, view: PlayerView): PlayerView {
  if (!projector.blackout) return view;
  const e = view.encounter;
  return {
    encounter: {
      name: e.name,
      map: { cols: 1, rows: 1, orientation: e.map.orientation, terrain: {}, fogged: [] },
      sides: [],
      figures: [],
      turn: e.turn,
      phase: e.phase,
      acting: [],
      order: [],
      pending: [],
      magic: { active: [], inRunaway: [] },
    },
    session: view.session,
    revision: view.revision,
  };
}

/**
 * A view sink whose player side goes through `playerScreenView`, and which pushes the player
 * view again when the blackout is switched (`current` is the open session's player view). Going
 * dark, the view follows the projector's own push, so the page is black before its map empties.
 */
export function blackoutAwareSink(sink: ViewSink, projector: Projector, current: () => PlayerView | null): ViewSink {
  let dark = projector.get().blackout;
  projector.subscribe((p) => {
    if (p.blackout === dark) return;
    dark = p.blackout;
    const push = () => {
      const view = current();
      if (view !== null) sink.player(playerScreenView(projector.get(), view));
    };
    if (dark) queueMicrotask(push);
    else push();
  });
  return { gm: (v) => sink.gm(v), player: (v) => sink.player(playerScreenView(projector.get(), v)) };
}

/** The web host's projector push: the GM's as it is, the players' through `projectorForPlayer`. */
export function pushProjector(host: Pick<WebHost, 'push'>, projector: ProjectorState): void {
  host.push('projector', projector, 'gm');
  host.push('projector', projectorForPlayer(projector), 'player');
}
