import type { ProjectorState } from '../../shared/channels/display';
import type { Handout } from '../../shared/channels/handouts';
import type { PlayerView } from '../../shared/views';
import type { EncounterFrame } from './frame';

/**
 * What the projector's settings decide of a frame (DESIGN §The player projection): whether it is
 * blacked out, whether the players' line is on, and the handout shown over the map. A surface the
 * page would not show is not sent: no line while it is off (the default), nothing of the map while
 * dark.
 */
export interface Screen {
  readonly blackout: boolean;
  readonly latestLine: boolean;
  /** The handout on the projector now; null under blackout or when none is shown. */
  readonly handout: Handout | null;
}

/** The projector as it starts (host/projector.ts): lit, no line, no handout. */
export const PLAIN_SCREEN: Screen = { blackout: false, latestLine: false, handout: null };

export function screenOf(projector: ProjectorState): Screen {
  return { blackout: projector.blackout, latestLine: projector.legibility.latestLine === true, handout: projector.blackout ? null : projector.handout };
}

/**
 * The projector's own state as a player page may have it: under blackout nothing of the camera
 * (neither the GM's framing nor a held one, nor whether it is held), no handout, ping or ruler. The GM keeps
 * everything, so lifting the blackout goes back to the same framing and handout.
 */
export function projectorForPlayers(projector: ProjectorState): ProjectorState {
  return projector.blackout ? { ...projector, mode: 'follow', frame: null, handout: null, ping: null, ruler: null } : projector;
}

/**
 * The encounter part of a frame as the screen shows it. Under blackout: the encounter's name (the
 * black screen shows it), turn and phase, and an empty one-hex map. The line is there only when it
 * is switched on and has something to say.
 */
export function onScreen(frame: EncounterFrame, line: readonly string[], screen: Screen): PlayerView['encounter'] {
  if (screen.blackout) {
    return {
      name: frame.name,
      map: { cols: 1, rows: 1, orientation: frame.map.orientation, terrain: {}, fogged: [], dimmed: [] },
      sides: [],
      figures: [],
      turn: frame.turn,
      phase: frame.phase,
      acting: [],
      order: [],
      pending: [],
      magic: { active: [], inRunaway: [] },
    };
  }
  return screen.latestLine && line.length > 0 ? { ...frame, latest: [...line] } : frame;
}
