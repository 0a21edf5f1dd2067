import type { GmView, PlayerView } from '../../shared/contract/views';
import type { PlayerProjection } from '../projection/tableProjection';
import type { EngineApply } from './replay';

export interface ViewSink {
  gm(view: GmView): void;
  player(view: PlayerView): void;
}

export interface SessionOptions {
  readonly now?: () => Date;
  /** The engine; tests may wrap the real one. */
  readonly engine?: EngineApply;
  /** A snapshot file is written after every this many entries (docs/design-notes.md). */
  readonly snapshotEvery?: number;
  /**
   * The key its views carry; a new one unless this reopens the same encounter of
   * the same folder (a rename), which keeps its key and goes on from `firstRevision`.
   */
  readonly key?: string;
  readonly firstRevision?: number;
  /** The table's projection the host keeps across openings; absent: the session makes its own, sending to the sink. */
  readonly projection?: PlayerProjection;
}
