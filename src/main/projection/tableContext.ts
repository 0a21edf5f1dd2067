import type { EncounterEvent } from '../engine/encounter/events';
import type { EncounterState } from '../engine/encounter/schema';
import type { Audience } from './audience';
import { eitherSight, sightOf } from './sight';
import { tableSentence, type TableContext } from './tableEvents';

/** An event as the log keeps it: what `apply` emitted, read back as JSON. */
export type LoggedEvent = Readonly<Record<string, unknown>>;

/**
 * The context an audience reads one command's events in: what it saw before the command or sees
 * after it, and each figure and side by the name it had where the audience saw it — a figure the
 * GM renamed while out of sight is never called by its new name in a sentence about before.
 */
export function tableContext(
  before: EncounterState,
  after: EncounterState,
  audience: Audience,
  quote: (name: string) => string = (name) => name,
): TableContext {
  const then = sightOf(before, audience);
  const now = sightOf(after, audience);
  const names = new Map<string, string>();
  for (const [state, sight] of [
    [before, then],
    [after, now],
  ] as const) {
    for (const f of state.figures) if (sight.figures.has(f.id)) names.set(f.id, quote(f.name));
    for (const s of state.sides) if (sight.sides.has(s.id)) names.set(s.id, quote(s.name));
  }
  const castings = [...(before.magic?.castings ?? []), ...(after.magic?.castings ?? [])];
  return {
    sight: eitherSight(then, now),
    state: after,
    // Sentences name only what is in sight (tableEvents.ts); anything else has no name to give.
    name: (id) => names.get(id) ?? 'someone',
    casting: (id) => castings.find((c) => c.id === id),
  };
}

/** The sentences an audience gets of one command's events; empty when it saw nothing of it. */
export function sentencesOf(events: readonly LoggedEvent[], ctx: TableContext): string[] {
  // The log keeps the events `apply` emitted; one of a type this console no longer knows says nothing.
  return events.flatMap((e) => {
    const text = tableSentence(e as unknown as EncounterEvent, ctx);
    return text === null ? [] : [text];
  });
}
