/**
 * What an anchor, intervention or counterspell did, in a sentence for the GM, from the log entry
 * the command made (RULINGS S6, S7, S8). Rolls entered at the table are marked as such.
 */
type Ev = Record<string, unknown>;

interface EntryLike {
  readonly entered: boolean;
  readonly events: readonly Ev[];
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number.NaN);
const targetOf = (v: unknown): number => (typeof v === 'object' && v !== null && 'value' in v ? num((v as { value: unknown }).value) : Number.NaN);

export function magicResultLines(entry: EntryLike, name: (id: string) => string): string[] {
  const typed = entry.entered ? ' (faces entered at the table)' : '';
  const out: string[] = [];
  for (const e of entry.events) {
    const who = typeof e.casterId === 'string' ? name(e.casterId) : '';
    if (e.type === 'anchorRoll') {
      out.push(
        `${who}'s anchor roll: ${num(e.roll)} against 3d6 ≤ ${targetOf(e.target)}: ${e.success ? 'anchored, the runaway ends' : 'failed, the runaway goes on'}${typed} (RULINGS S6).`,
      );
    } else if (e.type === 'interventionRoll') {
      const helper = typeof e.rollerId === 'string' ? name(e.rollerId) : '';
      out.push(
        `${helper} intervenes for ${who}: ${num(e.roll)} against 3d6 ≤ ${targetOf(e.target)}: ${e.success ? `success, ${who}'s runaway ends` : `failure, ${helper} runs away too`}${typed} (RULINGS S7).`,
      );
    } else if (e.type === 'counterspell') {
      const defender = typeof e.defenderId === 'string' ? name(e.defenderId) : '';
      const winner = e.winner === 'defender' ? `${defender} wins: the spell is countered` : `${who} wins: the spell holds`;
      out.push(
        `Counterspell: ${who} rolled ${num(e.casterRoll)} (margin ${num(e.casterMargin)}), ${defender} rolled ${num(e.defenderRoll)} (margin ${num(e.defenderMargin)}). ${winner}${typed} (RULINGS S8).`,
      );
    }
  }
  return out;
}
