import type { EncounterState } from '../engine/encounter/schema';
import type { Audience } from './audience';
import { sentencesOf, tableContext, type LoggedEvent } from './tableContext';

/** How far back the line looks for the latest command an audience saw, after an undo or an opening. */
const LOOK_BACK = 256;

/**
 * The players' line: what the audience saw the GM's latest command do, in the recap's sentences
 * (projection/tableEvents.ts). A command it saw nothing of leaves the line as it was, so the line
 * tells nothing of unseen commands. `latestLine` reads it again from the log where the projection
 * did not keep it (after an opening): the newest entry, within the last `LOOK_BACK`, that gives
 * the audience a sentence in the sight it has now.
 */
export function commandLine(before: EncounterState, after: EncounterState, events: readonly LoggedEvent[], audience: Audience): string[] {
  return sentencesOf(events, tableContext(before, after, audience));
}

export function latestLine(state: EncounterState, entries: readonly { readonly events: readonly LoggedEvent[] }[], audience: Audience): string[] {
  const ctx = tableContext(state, state, audience);
  for (let i = entries.length - 1; i >= Math.max(0, entries.length - LOOK_BACK); i--) {
    const said = sentencesOf(entries[i]!.events, ctx);
    if (said.length > 0) return said;
  }
  return [];
}
