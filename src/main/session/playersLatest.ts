import type { EncounterState } from '../engine/encounter/schema';
import { sentenceOf } from './recapSentences';
import { inPlayersSight } from './playerView';

type LoggedEvent = Readonly<Record<string, unknown>>;

/**
 * What the projector says the GM's latest command did (issue 12 "Checked by": the players see the
 * result of an attack without its secrets): the players' recap sentences of its events
 * (recapSentences.ts: no mana, runaway, anchor, pool or GM correction), each kept only when every
 * figure it names is in the players' sight now. Empty when the command gave the players nothing.
 */
export function playersLatest(state: EncounterState, events: readonly LoggedEvent[]): string[] {
  const seen = inPlayersSight(state);
  const names = new Map<string, string>([...state.sides.map((s) => [s.id, s.name] as const), ...state.figures.map((f) => [f.id, f.name] as const)]);
  return events.flatMap((e) => {
    const s = sentenceOf(e, 'players', (id) => names.get(id) ?? id);
    return s !== null && s.who.every((id) => seen.has(id)) ? [s.text] : [];
  });
}
