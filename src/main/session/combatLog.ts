import { createEnteredDice } from '../engine/dice/entered';
import { createSeededDice } from '../engine/dice/seeded';
import { apply as engineApply } from '../engine/encounter/apply';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import type { EncounterFile, LogEntry } from '../store/schema';
import { TABLE } from '../projection/audience';
import { tableRecap, type RecapDocument } from '../projection/recap';
import { gmSentence } from './recapSentences';

/** Whose recap: the GM's own, or the players' to hand out. */
export type Audience = 'gm' | 'players';

/**
 * The combat log as a recap to hand out: turn by turn, who moved where, who struck
 * whom with what roll and result, spells and deaths, in sentences with the dice in brackets.
 * The GM's version keeps every secret (recapSentences.ts); the players' version is the player
 * projection's (projection/recap.ts): only what the table saw, in the words the table uses.
 */
export interface CombatLogSource {
  readonly campaignName: string;
  readonly encounterName: string;
  readonly initial: EncounterState;
  readonly entries: readonly LogEntry[];
  /** The state after each entry (index i: after entries[0..i]). */
  readonly states: readonly EncounterState[];
  /** The turn each entry was given in. */
  turnOf(index: number): number;
}

/** Characters that would change the meaning of Markdown text are escaped. */
export function mdEscape(text: string): string {
  return text.replace(/([\\`*_[\]{}<>#|])/g, '\\$1').replace(/\r?\n/g, ' ');
}

/** Replays the log once, keeping the state after every entry (the recap reads who was in sight). */
export function statesAfterEach(file: Pick<EncounterFile, 'initial' | 'seed'> & { rules?: Rules }, entries: readonly LogEntry[]): EncounterState[] {
  const dice = createSeededDice(file.seed);
  let state = file.initial;
  const out: EncounterState[] = [];
  for (const entry of entries) {
    state = engineApply(state, entry.command, entry.entered ? createEnteredDice(entry.entered) : dice, file.rules as Rules).state;
    out.push(state);
  }
  return out;
}

function namesOf(states: readonly EncounterState[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const s of states) {
    for (const f of s.figures) m.set(f.id, f.name);
    for (const side of s.sides) m.set(side.id, side.name);
  }
  return m;
}

/** The GM's own recap: every secret, every roll, hex coordinates. */
function gmRecap(source: CombatLogSource, exportedAt: Date): RecapDocument {
  const names = namesOf([source.initial, ...source.states]);
  const name = (id: string): string => mdEscape(names.get(id) ?? id);
  return {
    title: `Combat recap (GM): ${mdEscape(source.encounterName)}`,
    intro: [
      `${mdEscape(source.campaignName)}, written ${exportedAt.toISOString().slice(0, 10)}.`,
      '_The GM’s version: hidden figures, mana and every roll are in it. Hand out the players’ version._',
    ],
    paragraphs: source.entries.flatMap((entry, i) => {
      const sentences = entry.events.flatMap((e) => gmSentence(e, name) ?? []);
      return sentences.length > 0 ? [{ turn: source.turnOf(i), sentences }] : [];
    }),
  };
}

/** The recap as Markdown: a heading per turn, a paragraph of sentences per command that did something. */
export function combatLogMarkdown(source: CombatLogSource, exportedAt: Date, audience: Audience = 'gm'): string {
  // Names are the GM's typing, escaped as they go in; the sentences' own brackets hold the dice.
  const doc = audience === 'players' ? tableRecap(source, exportedAt, TABLE, mdEscape) : gmRecap(source, exportedAt);
  const out: string[] = [`# ${doc.title}`, ...doc.intro.flatMap((line) => ['', line])];
  let turn: number | null = null;
  for (const p of doc.paragraphs) {
    if (p.turn !== turn) {
      turn = p.turn;
      out.push('', `## Turn ${turn}`);
    }
    out.push('', p.sentences.join(' ').replace(/\r?\n/g, ' '));
  }
  if (doc.paragraphs.length === 0) out.push('', 'Nothing has happened in this encounter yet.');
  return out.join('\n') + '\n';
}

/** The recap of a session's encounter as a file to download: its name says whose version it is. */
export function recapFile(
  campaignName: string,
  session: { readonly encounterFile: EncounterFile; readonly entries: readonly LogEntry[]; turnOf(i: number): number },
  now: Date,
  audience: Audience,
): { fileName: string; markdown: string } {
  const file = session.encounterFile;
  const markdown = combatLogMarkdown(
    {
      campaignName,
      encounterName: file.name,
      initial: file.initial,
      entries: session.entries,
      states: statesAfterEach(file, session.entries),
      turnOf: (i) => session.turnOf(i),
    },
    now,
    audience,
  );
  const base = file.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'encounter';
  return { fileName: `${base} ${audience === 'gm' ? 'recap (GM)' : 'recap for players'}.md`, markdown };
}
