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
    };

export interface ApplyResult<S> {
  readonly state: S;
  readonly events: readonly EncounterEvent[];
  readonly rolls: readonly Roll[];
}
