import type { Frame, ProjectorState, ProjectorUpdate } from '../../../shared/contract/channels/display';
import type { ClientApi, Envelope } from '../../../shared/contract';
import { gmMap } from './mirror/mirrorState.svelte';

/** What the projector's hand reads of the GM map: its camera. */
export interface FramedMap {
  isAutoFit(): boolean;
  frame(): Frame | null;
}

/** A following projector is told this map's camera at most this often. */
const FOLLOW_MS = 60;

/**
 * The GM page's hand on the projector (host state): the state main last sent, the GM's changes to
 * it (each answered with the new state, or a toast saying why not), and "follow", which reports
 * this map's camera to main as it moves.
 */
export class ProjectorHand {
  state = $state.raw<ProjectorState | null>(null);
  private pendingFrame: ReturnType<typeof setTimeout> | null = null;

  private readonly api: () => ClientApi<'gm'>;
  private readonly toast: (text: string) => void;
  private readonly map: () => FramedMap | undefined;

  constructor(page: { api: () => ClientApi<'gm'>; toast: (text: string) => void; map: () => FramedMap | undefined }) {
    ({ api: this.api, toast: this.toast, map: this.map } = page);
  }

  set = async (update: ProjectorUpdate): Promise<boolean> => this.took(await this.api().setProjector(update));

  /** Main's push, or an answer: kept unless older than the state held. */
  accept = (next: ProjectorState): void => {
    if (!this.state || next.revision >= this.state.revision) this.state = next;
  };

  /** The camera as the projector should follow it: null while the map is at its automatic fit. */
  currentFrame(): Frame | null {
    const map = this.map();
    if (!map) return null;
    return map.isAutoFit() ? null : map.frame();
  }

  /** This map's camera moved: a following projector is told (at most every `FOLLOW_MS`); the mirror waits for it to rest. */
  cameraMoved(): void {
    gmMap.movedAt = performance.now();
    if (this.state?.mode !== 'follow' || this.pendingFrame) return;
    this.pendingFrame = setTimeout(() => {
      this.pendingFrame = null;
      if (this.state?.mode === 'follow') void this.set({ frame: this.currentFrame() });
    }, FOLLOW_MS);
  }

  follow = (): void => void this.set({ mode: 'follow', frame: this.currentFrame() });
  hold = (): void => void this.set({ mode: 'hold', frame: this.map()?.frame() ?? null });
  toggleBlackout = (): void => void (this.state && this.set({ blackout: !this.state.blackout }));
  /** Stage a scene, or show the staged one framed as this map frames it (staging holds the TV where it is: services/projector.ts). */
  stage = (): void => void (this.state && this.set(this.state.staged ? { staged: false, mode: 'follow', frame: this.currentFrame() } : { staged: true }));
  /** The TV back on the scene it showed before the staged one. */
  back = async (): Promise<void> => void this.took(await this.api().stageBack({}));

  stop(): void {
    if (this.pendingFrame) clearTimeout(this.pendingFrame);
  }

  private took(result: Envelope<ProjectorState>): boolean {
    if (result.ok) this.accept(result.value);
    else this.toast(result.error.message);
    return result.ok;
  }
}
