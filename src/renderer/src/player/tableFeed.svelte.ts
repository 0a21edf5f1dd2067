import type { ProjectorState } from '../../../shared/contract/channels/display';
import type { Envelope } from '../../../shared/contract';
import type { PlayerView, PlayerViewPush } from '../../../shared/contract/views';
import { applyViewDelta, isViewDelta, replacesView } from '../../../shared/viewOrder';
import { onReconnect } from '../api/wsClient';

/** Where a page reads the table's frame and projector: the player display, or the GM page's mirror of it. */
export interface TableSource {
  getView(): Promise<Envelope<PlayerView>>;
  getProjector(): Promise<Envelope<ProjectorState>>;
  onView(listener: (push: PlayerViewPush) => void): () => void;
  onProjector(listener: (projector: ProjectorState) => void): () => void;
}

/**
 * The table's frame and projector as main pushes them: whole views, deltas from the push before,
 * and the projector's state, each kept only when it is newer than the one held.
 */
export class TableFeed {
  view = $state.raw<PlayerView | null>(null);
  projector = $state.raw<ProjectorState | null>(null);
  loadError = $state<string | null>(null);

  constructor(private readonly source: TableSource) {}

  /** Loads the frame and listens for pushes; asks again after a lost connection comes back. Returns the stop. */
  start(): () => void {
    const offView = this.source.onView((push) => this.pushed(push));
    const offProjector = this.source.onProjector((next) => this.acceptProjector(next));
    const load = (): void => {
      void this.source.getView().then((r) => (r.ok ? this.accept(r.value) : (this.loadError = r.error.message)));
      void this.source.getProjector().then((r) => r.ok && this.acceptProjector(r.value));
    };
    // A restarted console opens the encounter anew: ask again once the connection is back.
    const offReconnect = onReconnect(load);
    load();
    return () => (offView(), offProjector(), offReconnect());
  }

  /** Another encounter's view replaces this one whatever its revision. */
  private accept(next: PlayerView): void {
    if (replacesView(this.view, next)) this.view = next;
  }

  /** A push: the whole view, or the change from the one pushed before; one that does not follow the view held here makes the page fetch the whole view. */
  private pushed(push: PlayerViewPush): void {
    if (!isViewDelta(push)) return this.accept(push);
    const view = this.view;
    if (view && push.session === view.session && push.revision <= view.revision) return;
    const next = applyViewDelta(view, push);
    if (next) this.accept(next);
    else void this.source.getView().then((r) => r.ok && this.accept(r.value));
  }

  private acceptProjector(next: ProjectorState): void {
    if (!this.projector || next.revision >= this.projector.revision) this.projector = next;
  }
}

/** What a copy of the TV reads (the GM's mirror, a seat's phone): both roles are granted the table's own frames and projector state. */
interface TableCopyApi {
  getPlayerView(args: Record<string, never>): Promise<Envelope<PlayerView>>;
  getTableProjector(args: Record<string, never>): Promise<Envelope<ProjectorState>>;
  on(event: 'playerView', listener: (push: PlayerViewPush) => void): () => void;
  on(event: 'tableProjector', listener: (projector: ProjectorState) => void): () => void;
}

/** The feed of a copy of the TV: the very frames and projector state the player display gets, never the GM's view. */
export function tableCopyFeed(api: () => TableCopyApi): TableFeed {
  return new TableFeed({
    getView: () => api().getPlayerView({}),
    getProjector: () => api().getTableProjector({}),
    onView: (listener) => api().on('playerView', listener),
    onProjector: (listener) => api().on('tableProjector', listener),
  });
}
