import { getContext } from 'svelte';
import type { LogEntryView } from '../../../shared/channels/log';
import type { Command } from '../../../shared/commands';
import type { ClientApi } from '../../../shared/contract';
import type { GmView } from '../../../shared/views';

/**
 * What every part of the GM page shares: the client of the contract, the latest GM view main
 * pushed, the selected figure, and one way to send a command and report a refusal. Panels take
 * it with `useConsole()` instead of threading props through the shell. It holds no rule state:
 * the view is main's, and is replaced whole on every push.
 */
export class GmConsole {
  view = $state<GmView | null>(null);
  loadError = $state<string | null>(null);
  selectedId = $state<string | null>(null);
  toasts = $state<{ id: number; text: string }[]>([]);
  private nextToast = 1;

  constructor(readonly api: ClientApi<'gm'>) {}

  get selected() {
    return this.view?.encounter.figures.find((f) => f.id === this.selectedId) ?? null;
  }

  /** Takes a view from main unless a newer one already arrived. */
  accept(next: GmView): void {
    if (!this.view || next.revision >= this.view.revision) this.view = next;
  }

  select(id: string | null): void {
    this.selectedId = id;
  }

  toast(text: string): void {
    const id = this.nextToast++;
    this.toasts = [...this.toasts, { id, text }];
    setTimeout(() => (this.toasts = this.toasts.filter((t) => t.id !== id)), 4000);
  }

  /**
   * Sends one command (with faces the GM typed in, if any). Resolves to null when main applied
   * it, or to the reason it refused, which is also shown as a toast.
   */
  async send(command: Command, entered?: number[][]): Promise<string | null> {
    const result = await this.api.sendCommand(entered ? { command, entered } : { command });
    if (result.ok) {
      this.accept(result.value);
      return null;
    }
    this.toast(result.error.message);
    return result.error.message;
  }

  /**
   * Sends a command for a flow that shows its outcome (an attack, a cast): resolves to the log
   * entry the command made, or to main's refusal. Refusals are toasted only for rolled dice;
   * a flow that took entered faces shows the reason beside them.
   */
  async sendForResult(
    command: Command,
    entered?: number[][],
  ): Promise<{ ok: true; entry: LogEntryView | null } | { ok: false; message: string }> {
    const before = this.view?.history.logLength ?? 0;
    const r = await this.api.sendCommand(entered ? { command, entered } : { command });
    if (!r.ok) {
      if (!entered) this.toast(r.error.message);
      return { ok: false, message: r.error.message };
    }
    this.accept(r.value);
    const log = await this.api.getLog({ sinceSeq: before });
    return { ok: true, entry: log.ok ? (log.value.entries.at(-1) ?? null) : null };
  }

  async history(which: 'undo' | 'redo'): Promise<void> {
    const result = await this.api[which]({});
    if (result.ok) this.accept(result.value);
    else this.toast(result.error.message);
  }

  /** Listens to main's pushes and loads the first view; returns the unsubscribe. */
  connect(): () => void {
    const off = this.api.on('gmView', (v) => this.accept(v));
    void this.api.getGmView({}).then((r) => (r.ok ? this.accept(r.value) : (this.loadError = r.error.message)));
    return off;
  }
}

const KEY = Symbol('gm-console');

/** The context to mount the GM page with (`mount(GmApp, { context })`). */
export function consoleContext(console: GmConsole): Map<symbol, GmConsole> {
  return new Map([[KEY, console]]);
}

export function useConsole(): GmConsole {
  const console = getContext<GmConsole | undefined>(KEY);
  if (!console) throw new Error('useConsole() is only available inside the GM page.');
  return console;
}
