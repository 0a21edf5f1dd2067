/**
 * Reading ruling citations out of the console's text (a reason, a breakdown source, a rules-form
 * source): `RULINGS M7`, ranges `RULINGS M1–M4`, lists `RULINGS T5, H6` or `RULINGS M1/M2/M4`.
 * Pages use it to show each cited ruling's text beside its id; a unit test uses it to keep every id
 * cited in `src/` present in the rulings (./index.ts).
 */
import { RULING_BY_ID, type Ruling } from './index';

const ID = String.raw`[A-Z]\d+(?:\s*[–-]\s*[A-Z]?\d+)?`;
/** `RULINGS ` and its ids: one id or range, then more after a comma, a slash, "and" or "or". */
const CITATION = new RegExp(String.raw`RULINGS\s+(${ID}(?:\s*(?:,|/|\band\b|\bor\b)\s*${ID})*)`, 'g');
const ONE_ID = new RegExp(ID, 'g');

/** The ids one token names: `M7` → M7; `M1–M4` → M1, M2, M3, M4. */
export function expandIds(token: string): string[] {
  const m = /^([A-Z])(\d+)(?:\s*[–-]\s*([A-Z])?(\d+))?$/.exec(token.trim());
  if (m === null) return [];
  const [, letter, from, toLetter, to] = m;
  if (to === undefined) return [`${letter}${from}`];
  if (toLetter !== undefined && toLetter !== letter) return [`${letter}${from}`, `${toLetter}${to}`];
  const out: string[] = [];
  for (let n = Number(from); n <= Number(to) && out.length < 50; n++) out.push(`${letter}${n}`);
  return out;
}

/** Every ruling id the text cites, in order, each once (ranges expanded). */
export function citedRulingIds(text: string): string[] {
  const out: string[] = [];
  for (const part of citedParts(text)) for (const id of part.ids) if (!out.includes(id)) out.push(id);
  return out;
}

/** A run of the text: plain (`ids` empty), or one cited id or range with the ids it names. */
export interface CitedPart {
  readonly text: string;
  readonly ids: readonly string[];
}

/**
 * The text cut into plain runs and cited ids: `"… (RULINGS M1, M7)"` gives `"… ("`, `"RULINGS M1"`
 * (M1), `", "`, `"M7"` (M7), `")"`. The first id of a citation carries the word RULINGS with it.
 */
export function citedParts(text: string): CitedPart[] {
  const out: CitedPart[] = [];
  let last = 0;
  const plain = (to: number): void => {
    if (to > last) out.push({ text: text.slice(last, to), ids: [] });
    last = to;
  };
  for (const m of text.matchAll(CITATION)) {
    const start = m.index;
    const listAt = start + m[0].length - m[1]!.length;
    plain(start);
    let first = true;
    for (const id of m[1]!.matchAll(ONE_ID)) {
      const at = listAt + id.index;
      if (!first) plain(at);
      out.push({ text: text.slice(first ? start : at, at + id[0].length), ids: expandIds(id[0]) });
      last = at + id[0].length;
      first = false;
    }
  }
  plain(text.length);
  return out;
}

/** The rulings a part names that the console has (an id it does not know is left out). */
export function rulingsOf(ids: readonly string[]): Ruling[] {
  return ids.flatMap((id) => {
    const r = RULING_BY_ID.get(id);
    return r === undefined ? [] : [r];
  });
}

/** One ruling in a line: `M7 Terrain: what the console does (settles: …)`. */
export function rulingLine(r: Ruling): string {
  return `${r.id} ${r.title}: ${r.does} (Settles ${r.settles.replace(/\.$/, '')}.)`;
}

/** A title attribute's text: `text`, then a line for each ruling it cites. */
export function withRulingTexts(text: string): string {
  const cited = rulingsOf(citedRulingIds(text));
  return cited.length === 0 ? text : `${text}\n\n${cited.map(rulingLine).join('\n')}`;
}
