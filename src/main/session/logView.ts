import type { LogEntryView, LogResult } from '../../shared/contract/channels/log';
import type { Session } from './session';

const DEFAULT_LIMIT = 500;

/**
 * The log of the open encounter for the dice log and the tracker: read from the
 * session's entries, never stored twice. Each entry's turn is the one it was given in.
 */
export function readLog(session: Session, sinceSeq = 0, limit = DEFAULT_LIMIT): LogResult {
  const all = session.entries;
  // Entries are numbered 1..n in order: the first one after `sinceSeq` is at index sinceSeq.
  const from = Math.max(Math.min(all.length, sinceSeq), all.length - limit, 0);
  const entries: LogEntryView[] = [];
  for (let i = from; i < all.length; i++) {
    const e = all[i]!;
    entries.push({
      seq: e.seq,
      at: e.at,
      turn: e.turn ?? session.turnOf(i),
      phase: e.phase ?? null,
      command: e.command,
      entered: e.entered !== undefined,
      events: e.events.map((ev) => ({ ...ev })),
      rolls: e.rolls.map((r) => ({ ...r, faces: [...r.faces] })),
    });
  }
  return { entries, total: all.length, turnStart: all.length === 0 ? 0 : session.turnStart() };
}
