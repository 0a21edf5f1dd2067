import type { Roll } from '../engine/dice/types';
import type { EncounterState } from '../engine/encounter/schema';
import type { LogEntry } from '../store/schema';

/**
 * The combat log of an encounter as Markdown (issue 6 §7): turn by turn, every command with what
 * it did and every roll explained — notation, faces, total, rolled by the console or entered at
 * the table, and what it was for.
 */
export interface CombatLogSource {
  readonly campaignName: string;
  readonly encounterName: string;
  readonly initial: EncounterState;
  readonly entries: readonly LogEntry[];
  /** The turn each entry was given in. */
  turnOf(index: number): number;
}

const PHASE_NAMES: Record<string, string> = {
  initiative: 'Initiative',
  renewSpells: 'Renew spells',
  initialMovement: 'Initial movement',
  finalMovement: 'Final movement',
  actions: 'Actions',
  forcedRetreat: 'Forced retreat',
};

/** Characters that would change the meaning of Markdown text are escaped. */
export function mdEscape(text: string): string {
  return text.replace(/([\\`*_[\]{}<>#|])/g, '\\$1').replace(/\r?\n/g, ' ');
}

function names(initial: EncounterState): Map<string, string> {
  const m = new Map<string, string>();
  for (const f of initial.figures) m.set(f.id, f.name);
  for (const s of initial.sides) m.set(s.id, s.name);
  return m;
}

function value(v: unknown, who: Map<string, string>): string {
  if (typeof v === 'string') return who.get(v) ?? v;
  if (v && typeof v === 'object' && 'q' in v && 'r' in v) return `(${String((v as { q: unknown }).q)}, ${String((v as { r: unknown }).r)})`;
  if (Array.isArray(v)) return v.length > 6 ? `${v.length} items` : v.map((x) => value(x, who)).join(', ');
  return JSON.stringify(v);
}

/** "moveFigure: figure Bram, to (10, 5)" — generic, so new commands and events read without changes here. */
export function describe(thing: { readonly type?: unknown } & Record<string, unknown>, who: Map<string, string>): string {
  const parts = Object.entries(thing)
    .filter(([k]) => k !== 'type' && k !== 'source')
    .map(([k, v]) => `${k.replace(/Id$/, '').replace(/([A-Z])/g, ' $1').toLowerCase()} ${value(v, who)}`);
  const source = typeof thing.source === 'string' ? ` (${thing.source})` : '';
  return `${String(thing.type)}${parts.length ? `: ${parts.join(', ')}` : ''}${source}`;
}

export function rollRow(r: Roll | LogEntry['rolls'][number]): string {
  const kind = r.kind === 'entered' ? 'entered at the table' : 'rolled by the console';
  return `| ${mdEscape(r.label)} | ${r.notation} | ${r.faces.join(', ')} | ${r.total} | ${kind} |`;
}

export function combatLogMarkdown(source: CombatLogSource, exportedAt: Date): string {
  const who = names(source.initial);
  const out: string[] = [
    `# Combat log: ${mdEscape(source.encounterName)}`,
    '',
    `Campaign: ${mdEscape(source.campaignName)}. Exported ${exportedAt.toISOString()}. ${source.entries.length} command${source.entries.length === 1 ? '' : 's'}.`,
  ];
  if (source.entries.length === 0) out.push('', 'Nothing has happened in this encounter yet.');
  let turn: number | null = null;
  source.entries.forEach((entry, i) => {
    const t = source.turnOf(i);
    if (t !== turn) {
      turn = t;
      out.push('', `## Turn ${t}`);
    }
    const phase = entry.phase ? ` — ${PHASE_NAMES[entry.phase] ?? entry.phase}` : '';
    out.push('', `### ${entry.seq}. ${mdEscape(describe(entry.command, who))}${phase}`, '', `At ${entry.at}.`);
    if (entry.events.length) {
      out.push('', 'What happened:');
      for (const e of entry.events) out.push(`- ${mdEscape(describe(e, who))}`);
    }
    if (entry.rolls.length) {
      out.push('', '| Roll for | Dice | Faces | Total | How |', '| --- | --- | --- | --- | --- |');
      for (const r of entry.rolls) out.push(rollRow(r));
    }
  });
  return out.join('\n') + '\n';
}
