import { createEnteredDice } from '../engine/dice/entered';
import { createSeededDice } from '../engine/dice/seeded';
import { apply as engineApply } from '../engine/encounter/apply';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import type { EncounterFile, LogEntry } from '../store/schema';
import { sentenceOf, type Audience } from './recapSentences';
import { playerView } from './playerView';
import { playerIdsFor } from './playerIds';

/**
 * The combat log as a recap to hand out (issue 12 §6): turn by turn, who moved where, who struck
 * whom with what roll and result, spells and deaths, in sentences with the dice in brackets.
 * The GM's version keeps every secret; the players' version is written from `playerView`'s
 * point of view: a sentence is kept only when every figure it names was in the players' sight
 * before or after that command (not hidden, not under fog), and it never says mana, Debt,
 * runaways, anchors, pools or GM corrections (RULINGS C8).
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

export type { Audience };

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

/** The figures the players saw, by their ids inside the console (the player view names them by its own ids). */
function inSight(state: EncounterState): Set<string> {
  const shown = new Set(playerView(state, 0).encounter.figures.map((f) => f.id));
  const idOf = playerIdsFor(state.id);
  return new Set(state.figures.filter((f) => shown.has(idOf('figure', f.id))).map((f) => f.id));
}

function namesOf(states: readonly EncounterState[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const s of states) {
    for (const f of s.figures) m.set(f.id, f.name);
    for (const side of s.sides) m.set(side.id, side.name);
  }
  return m;
}

/** The recap as Markdown: a heading per turn, a paragraph of sentences per command that did something. */
export function combatLogMarkdown(source: CombatLogSource, exportedAt: Date, audience: Audience = 'gm'): string {
  const all = [source.initial, ...source.states];
  const names = namesOf(all);
  // Names are the GM's typing: escaped; the sentences' own brackets hold the dice.
  const name = (id: string): string => mdEscape(names.get(id) ?? id);
  const title = audience === 'gm' ? 'Combat recap (GM)' : 'Combat recap';
  const out: string[] = [
    `# ${title}: ${mdEscape(source.encounterName)}`,
    '',
    `${mdEscape(source.campaignName)}, written ${exportedAt.toISOString().slice(0, 10)}.`,
  ];
  if (audience === 'gm') out.push('', '_The GM’s version: hidden figures, mana and every roll are in it. Hand out the players’ version._');
  let turn: number | null = null;
  let said = 0;
  source.entries.forEach((entry, i) => {
    const before = all[i]!;
    const after = all[i + 1]!;
    const seen = audience === 'players' ? new Set([...inSight(before), ...inSight(after)]) : null;
    const sentences = entry.events
      .map((e) => sentenceOf(e, audience, name))
      .filter((s) => s !== null && (seen === null || s.who.every((id) => seen.has(id))))
      .map((s) => s!.text);
    if (sentences.length === 0) return;
    const t = source.turnOf(i);
    if (t !== turn) {
      turn = t;
      out.push('', `## Turn ${turn}`);
    }
    out.push('', sentences.join(' ').replace(/\r?\n/g, ' '));
    said++;
  });
  if (said === 0) out.push('', 'Nothing has happened in this encounter yet.');
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
