import type { EncounterState } from '../engine/encounter/schema';
import type { Audience } from './audience';
import { sentencesOf, tableContext, type LoggedEvent } from './tableContext';

/** A recap to write out: its title, lines before the fight, and a paragraph per command told. */
export interface RecapDocument {
  readonly title: string;
  readonly intro: readonly string[];
  readonly paragraphs: readonly RecapParagraph[];
}

/** What a recap is written from: the encounter's start, its log, and the state after each entry. */
export interface RecapSource {
  readonly encounterName: string;
  readonly initial: EncounterState;
  readonly entries: readonly { readonly events: readonly LoggedEvent[] }[];
  /** `states[i]` is the state after `entries[i]`. */
  readonly states: readonly EncounterState[];
  turnOf(index: number): number;
}

/**
 * The players' recap to hand out: titled with the encounter's name (the projector shows it too),
 * dated, and nothing else the GM typed — not the campaign's name, which no player surface shows.
 */
export function tableRecap(source: RecapSource, exportedAt: Date, audience: Audience, quote: (name: string) => string = (name) => name): RecapDocument {
  return {
    title: `Combat recap: ${quote(source.encounterName)}`,
    intro: [`Written ${exportedAt.toISOString().slice(0, 10)}.`],
    paragraphs: recapParagraphs(source.initial, source.entries, source.states, (i) => source.turnOf(i), audience, quote),
  };
}

/** One paragraph of an audience's recap: the sentences of one command it saw something of. */
export interface RecapParagraph {
  readonly turn: number;
  readonly sentences: readonly string[];
}

/**
 * The players' recap (DESIGN §The player projection): each command's events as the audience saw
 * them then — in the sight it had before or after that command, with the names it knew then —
 * in the same sentences as the line (projection/tableEvents.ts). Commands it saw nothing of leave
 * no paragraph. `states[i]` is the state after `entries[i]`; `quote` writes a name the GM typed
 * into the recap's format (Markdown escapes it).
 */
export function recapParagraphs(
  initial: EncounterState,
  entries: readonly { readonly events: readonly LoggedEvent[] }[],
  states: readonly EncounterState[],
  turnOf: (index: number) => number,
  audience: Audience,
  quote: (name: string) => string = (name) => name,
): RecapParagraph[] {
  return entries.flatMap((entry, i) => {
    const sentences = sentencesOf(entry.events, tableContext(i === 0 ? initial : states[i - 1]!, states[i]!, audience, quote));
    return sentences.length > 0 ? [{ turn: turnOf(i), sentences }] : [];
  });
}
