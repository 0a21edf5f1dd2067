/**
 * The magic part of the end-of-turn summary (RULINGS T1, S6): each runaway's drain from mana and
 * Body, a caster falling unconscious, a runaway ended, and the turn's anchor rolls.
 */
type Ev = Record<string, unknown>;

const n = (v: unknown): number => (typeof v === 'number' ? v : Number.NaN);
const targetOf = (v: unknown): number => (typeof v === 'object' && v !== null && 'value' in v ? n((v as { value: unknown }).value) : Number.NaN);

export function magicEndLines(ev: Ev, name: (id: string) => string): { text: string; bad: boolean }[] {
  const who = typeof ev.casterId === 'string' ? name(ev.casterId) : '';
  switch (ev.type) {
    case 'runawayDrain': {
      const parts = [n(ev.fromMana) > 0 ? `${n(ev.fromMana)} mana` : null, n(ev.fromBody) > 0 ? `${n(ev.fromBody)} Body` : null].filter((x) => x !== null);
      return [{ text: `${who}'s runaway drained ${parts.join(' and ') || 'nothing'} (drain ${targetOf(ev.drain)}) · RULINGS S6`, bad: true }];
    }
    case 'casterUnconscious':
      return [{ text: `${who} falls unconscious: no mana left, the drain takes Body · RULINGS S6`, bad: true }];
    case 'runawayEnded':
      return [{ text: `${who}'s runaway ended (${String(ev.reason)})`, bad: ev.reason === 'death' }];
    case 'anchorRoll':
      return [
        { text: `${who}: anchor roll ${n(ev.roll)} vs ${targetOf(ev.target)}: ${ev.success ? 'anchored' : 'failed'} · RULINGS S6`, bad: ev.success !== true },
      ];
    default:
      return [];
  }
}
