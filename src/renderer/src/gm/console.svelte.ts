import { getContext } from 'svelte';
import type { LogEntryView } from '../../../shared/contract/channels/log';
import type { Command } from '../../../shared/contract/commands';
import type { ClientApi, Envelope } from '../../../shared/contract';
import type { CommandAck, GmView, GmViewPush, SeenView } from '../../../shared/contract/views';
import { applyViewDelta, isViewDelta, replacesView } from '../../../shared/viewOrder';
import { guardQueries, isAck, seenOf } from './viewHolder';
import { onReconnect } from '../api/wsClient';

/**
 * What every part of the GM page shares: the client of the contract, the latest GM view main
 * pushed, the selected figure, and one way to send a command and report a refusal. Panels take
 * it with `useConsole()` instead of threading props through the shell. It holds no rule state:
 * the view is main's, replaced whole on every push (held raw: nothing in it is changed here, so
 * it is not made deeply reactive).
 */
export class GmConsole {
  view = $state.raw<GmView | null>(null);
  loadError = $state<string | null>(null);
  selectedId = $state<string | null>(null);
  /** Notices of repairs main made on opening, each toasted once per page. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never shown
  private readonly noticesShown = new Set<string>();
  /** Notes over the map: a refusal or problem ('problem'), or news of something done ('info'). */
  toasts = $state<{ id: number; text: string; kind: 'problem' | 'info' }[]>([]);
  /** The client; answers of the old encounter's queries are dropped after a switch. */
  readonly api: ClientApi<'gm'>;
  private nextToast = 1;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- listeners, never shown
  private readonly switchListeners = new Set<() => void>();

  constructor(api: ClientApi<'gm'>) {
    this.api = guardQueries(api, () => this.view?.session ?? null);
  }

  get selected() {
    return this.view?.encounter.figures.find((f) => f.id === this.selectedId) ?? null;
  }

  /**
   * Takes a view from main unless a newer one of the same encounter already arrived. A view of
   * another encounter (or campaign) replaces it whatever its revision, and drops what belonged
   * to the old one: the selection and the flows that listen with `onSwitch`.
   */
  accept(next: GmView | CommandAck): void {
    if (isAck(next)) return this.acknowledged(next);
    const held = this.view;
    if (!replacesView(held, next)) return;
    this.view = next;
    const notice = next.history.notice;
    if (notice && !this.noticesShown.has(notice)) {
      this.noticesShown.add(notice);
      this.toast(notice, 15_000);
    }
    if (held && held.session !== next.session) {
      this.selectedId = null;
      for (const listener of this.switchListeners) listener();
    }
  }

  /** Runs `listener` whenever the page switches to another encounter; returns the unsubscribe. */
  onSwitch(listener: () => void): () => void {
    this.switchListeners.add(listener);
    return () => this.switchListeners.delete(listener);
  }

  /** What a command or undo sends so main can refuse it when this view is no longer current. */
  seen(): { seen?: SeenView } {
    return seenOf(this.view);
  }

  select(id: string | null): void {
    this.selectedId = id;
  }

  /** A refusal or a problem for the GM to read (main's message, a form's complaint). */
  toast(text: string, shownForMs = 4000): void {
    this.note(text, 'problem', shownForMs);
  }

  /** News that something was done as asked (a ruling recorded, an image placed): not a problem. */
  inform(text: string, shownForMs = 4000): void {
    this.note(text, 'info', shownForMs);
  }

  private note(text: string, kind: 'problem' | 'info', shownForMs: number): void {
    const id = this.nextToast++;
    this.toasts = [...this.toasts, { id, text, kind }];
    setTimeout(() => (this.toasts = this.toasts.filter((t) => t.id !== id)), shownForMs);
  }

  /**
   * Sends one command (with faces the GM typed in, if any). Resolves to null when main applied
   * it, or to the reason it refused, which is also shown as a toast.
   */
  async send(command: Command, entered?: number[][]): Promise<string | null> {
    const result = await this.command(command, entered);
    if (result.ok) return null;
    this.toast(result.error.message);
    return result.error.message;
  }

  /**
   * Sends a command stamped with the view it was made on and takes main's answer: the new view
   * itself comes by the push. A refusal is returned for the caller to show.
   */
  async command(command: Command, entered?: number[][]): Promise<Envelope<unknown>> {
    const result = await this.api.sendCommand({ command, ...(entered ? { entered } : {}), ...this.seen() });
    this.answered(result);
    return result;
  }

  /**
   * Sends a command for a flow that shows its outcome (an attack, a cast): resolves to the log
   * entry the command made, or to main's refusal. Refusals are toasted only for rolled dice;
   * a flow that took entered faces shows the reason beside them.
   */
  async sendForResult(command: Command, entered?: number[][]): Promise<{ ok: true; entry: LogEntryView | null } | { ok: false; message: string }> {
    const before = this.view?.history.logLength ?? 0;
    const r = await this.command(command, entered);
    if (!r.ok) {
      if (!entered) this.toast(r.error.message);
      return { ok: false, message: r.error.message };
    }
    const log = await this.api.getLog({ sinceSeq: before });
    return { ok: true, entry: log.ok ? (log.value.entries.at(-1) ?? null) : null };
  }

  async history(which: 'undo' | 'redo' | 'undoToTurnStart'): Promise<void> {
    const result = await this.api[which](this.seen());
    this.answered(result);
    if (!result.ok) this.toast(result.error.message);
  }

  /** Listens to main's pushes and loads the first view; returns the unsubscribe. */
  connect(): () => void {
    const off = this.api.on('gmView', (v) => this.pushed(v));
    const offReconnect = onReconnect(() => void this.reload());
    void this.reload();
    return () => (off(), offReconnect());
  }

  /**
   * A push: the whole view, or the change from the view pushed before, applied
   * keeping this page's objects of the figures that did not change. A change that does not
   * follow the view held here (a push missed) makes the page fetch the whole view.
   */
  private pushed(push: GmViewPush): void {
    if (!isViewDelta(push)) return this.accept(push);
    const held = this.view;
    if (held && push.session === held.session && push.revision <= held.revision) return;
    const view = applyViewDelta(held, push);
    if (view) this.accept(view);
    else void this.reload();
  }

  private async reload(): Promise<void> {
    const r = await this.api.getGmView({});
    if (r.ok) this.accept(r.value);
    else if (!this.view) this.loadError = r.error.message;
  }

  private answered(result: Envelope<GmView | CommandAck>): void {
    if (result.ok) this.accept(result.value);
    // Refused as made on a view that is no longer main's: fetch main's, in case a push was missed.
    else if (result.error.code === 'conflict') void this.reload();
  }

  /** The push normally came first; if it did not (a lost connection), main's view is fetched. */
  private acknowledged(ack: CommandAck): void {
    const held = this.view;
    if (!held || held.session !== ack.session || held.revision < ack.revision) void this.reload();
  }
}

const KEY = Symbol('gm-console');

/** The context to mount the GM page with (`mount(GmApp, { context })`). */
export function consoleContext(console: GmConsole): Map<symbol, GmConsole> {
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- Svelte's context map, read once at mount
  return new Map([[KEY, console]]);
}

export function useConsole(): GmConsole {
  const console = getContext<GmConsole | undefined>(KEY);
  if (!console) throw new Error('useConsole() is only available inside the GM page.');
  return console;
}
