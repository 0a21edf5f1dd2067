import type { LogEntryView } from '../../../../shared/contract/channels/log';

export interface OrderInfo {
  /** The score each figure was ordered by (adjDEX, or DEX + INT + WIS for renewal). */
  readonly scores: ReadonlyMap<string, number>;
  /** Roll-off faces by figure (RULINGS G4), in the order rolled. */
  readonly rollOffs: ReadonlyMap<string, readonly number[]>;
}

/**
 * The scores and roll-offs of the order main set for `phase` in `turn`, read from the log's
 * `orderSet` event and the tie rolls of the same command (turn.ts orderByScore).
 */
export function orderInfo(entries: readonly LogEntryView[], turn: number, phase: string): OrderInfo {
  const scores = new Map<string, number>();
  const rollOffs = new Map<string, number[]>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.turn !== turn) continue;
    const set = e.events.find((ev) => ev.type === 'orderSet' && ev.phase === phase && Array.isArray(ev.scores) && (ev.scores as unknown[]).length > 0);
    if (!set) continue;
    for (const s of set.scores as { figureId: string; value: number }[]) scores.set(s.figureId, s.value);
    for (const r of e.rolls) {
      const m = / tie: ([A-Za-z0-9_-]+)/.exec(r.label);
      if (!m) continue;
      const list = rollOffs.get(m[1]!) ?? [];
      list.push(r.total);
      rollOffs.set(m[1]!, list);
    }
    break;
  }
  return { scores, rollOffs };
}
