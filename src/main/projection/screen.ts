import type { ProjectorState } from '../../shared/contract/channels/display';
import type { Handout } from '../../shared/contract/channels/handouts';
import type { PlayerView } from '../../shared/contract/views';
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
  /** The table keeps the scene it was shown while the GM prepares another (tableProjection.ts). */
  readonly staged: boolean;
}

/** The projector as it starts (services/projector.ts): lit, no line, no handout, nothing staged. */
export const PLAIN_SCREEN: Screen = { blackout: false, latestLine: false, handout: null, staged: false };

export function screenOf(projector: ProjectorState): Screen {
  return {
    blackout: projector.blackout,
    latestLine: projector.legibility.latestLine === true,
    handout: projector.blackout ? null : projector.handout,
    staged: projector.staged,
  };
}

/**
 * The projector's own state as a player page may have it: under blackout nothing of the camera
 * (neither the GM's framing nor a held one, nor whether it is held), no handout, ping or ruler. The GM keeps
 * everything, so lifting the blackout goes back to the same framing and handout. While a scene is
 * staged, no ping or ruler: they point into the scene the GM is preparing, not the one on the TV;
 * nor whether one is staged. A seat's code stays over a blackout: the GM shows it to hand out
 * seats, often before the map is revealed.
 */
export function projectorForPlayers(projector: ProjectorState): ProjectorState {
  if (projector.blackout) return { ...projector, mode: 'follow', frame: null, handout: null, ping: null, ruler: null, staged: false };
  return projector.staged ? { ...projector, ping: null, ruler: null, staged: false } : projector;
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
