import type { Hex } from '../../../shared/hex';
import type { Roll } from '../dice/types';

/** What happened when a command was applied; the log keeps these with every roll. */
export type EncounterEvent =
  | { readonly type: 'figureMoved'; readonly figureId: string; readonly from: Hex; readonly to: Hex; readonly source: string }
  | {
      readonly type: 'figureTurned';
      readonly figureId: string;
      readonly from: number;
      readonly to: number;
      readonly source: string;
    }
  | MapEditEvent;

export type MapEditEvent =
  | { readonly type: 'terrainPainted'; readonly hexes: readonly Hex[]; readonly terrain: string; readonly source: string }
  | { readonly type: 'hexesHidden'; readonly hexes: readonly Hex[]; readonly hidden: boolean; readonly source: string }
  | { readonly type: 'figureHidden'; readonly figureId: string; readonly hidden: boolean; readonly source: string };

export interface ApplyResult<S> {
  readonly state: S;
  readonly events: readonly EncounterEvent[];
  readonly rolls: readonly Roll[];
}
