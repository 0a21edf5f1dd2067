import { untrack } from 'svelte';
import type { LogEntryView } from '../../../../shared/contract/channels/log';
import type { ClientApi } from '../../../../shared/contract';

/** The parts of a GM view that say which log, and how far along, the page shows. */
export interface LogOf {
  readonly encounter: { readonly id: string };
  readonly session: string;
  readonly revision: number;
  readonly history: { readonly logLength: number };
}

/**
 * The encounter's log as the GM page last read it (the `getLog` query): re-read after every
 * change main reports, incrementally while the log only grew, whole after an undo or a change
 * that replaced entries, and whole for another opening (another encounter, or the same one opened
 * again: each opening counts its revisions from its own start). Shared by the dice log and the
 * tracker (order scores, turn effects).
 */
class LogStore {
  entries = $state<LogEntryView[]>([]);
  turnStart = $state(0);
  total = $state(0);
  private loadedFor = '';
  private loadingFor = '';
  /** The opening (encounter and session) whose entries `entries` holds. */
  private entriesOf = '';
  private busy: Promise<void> | null = null;
  /** A newer view asked while a read was on its way: read again for it once that one is done. */
  private next: { key: string; opening: string; logLength: number } | null = null;

  /** Brings the log up to date with main for this view. */
  refresh(api: ClientApi<'gm'>, view: LogOf): void {
    const opening = `${view.encounter.id}/${view.session}`;
    const key = `${opening}@${view.revision}`;
    const logLength = view.history.logLength;
    // Called from effects: what the load reads of the entries must not become their dependency,
    // or the entries it sets would call it again before it finished, and the log be read twice.
    untrack(() => this.start(api, key, opening, logLength));
  }

  private start(api: ClientApi<'gm'>, key: string, opening: string, logLength: number): void {
    if (key === this.loadedFor) return;
    if (this.busy) {
      // Several panels ask for the same view: the read on its way answers them all.
      if (key !== this.loadingFor) this.next = { key, opening, logLength };
      return;
    }
    this.loadingFor = key;
    this.busy = this.load(api, opening, logLength).finally(() => {
      this.loadedFor = key;
      this.busy = null;
      const next = this.next;
      this.next = null;
      if (next) this.start(api, next.key, next.opening, next.logLength);
    });
  }

  private async load(api: ClientApi<'gm'>, opening: string, logLength: number): Promise<void> {
    if (opening !== this.entriesOf) {
      // Another opening's entries say nothing about this one's: read it whole.
      const whole = await api.getLog({});
      if (!whole.ok) return;
      this.entriesOf = opening;
      this.entries = whole.value.entries;
      this.turnStart = whole.value.turnStart;
      this.total = whole.value.total;
      return;
    }
    const known = this.entries;
    // The last entry both sides should still share: if main still has it unchanged, everything
    // before it is unchanged too (the log is append-only, cut only from the end).
    const keep = known.findLastIndex((e) => e.seq <= logLength) + 1;
    const anchor = keep > 0 ? known[keep - 1]! : null;
    const result = await api.getLog(anchor ? { sinceSeq: anchor.seq - 1 } : {});
    if (!result.ok) return;
    const fresh = result.value.entries;
    if (anchor && fresh[0] && fresh[0].at === anchor.at && JSON.stringify(fresh[0].command) === JSON.stringify(anchor.command)) {
      this.entries = [...known.slice(0, keep), ...fresh.slice(1)];
    } else if (anchor) {
      const whole = await api.getLog({});
      if (!whole.ok) return;
      this.entries = whole.value.entries;
    } else {
      this.entries = fresh;
    }
    this.turnStart = result.value.turnStart;
    this.total = result.value.total;
  }
}

export const logStore = new LogStore();
