/**
 * The console's rulings (src/shared/rulings): every ruling id cited anywhere in `src/` has an
 * entry, every entry is cited somewhere in `src/`, and the citation reader finds ids in ranges and
 * lists as the code writes them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { citedParts, citedRulingIds, expandIds, withRulingTexts } from '../../../src/shared/rulings/citations';
import { RULING_BY_ID, RULING_GROUPS, RULINGS } from '../../../src/shared/rulings';
import { RULE_OPTIONS, RULE_SETTINGS } from '../../../src/shared/settings/ruleTable';

const SRC = join(import.meta.dirname, '../../../src');
const RULINGS_DIR = join(SRC, 'shared/rulings');

/** The source files of `src/` (TypeScript and Svelte), the rulings' own folder left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return p === RULINGS_DIR ? [] : sourceFiles(p);
    return /\.(ts|svelte)$/.test(name) ? [p] : [];
  });
}

/** Ruling id → the files that cite it. */
function citations(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    for (const id of citedRulingIds(readFileSync(file, 'utf8'))) out.set(id, [...(out.get(id) ?? []), relative(SRC, file)]);
  }
  return out;
}

describe('the citation reader', () => {
  it('reads one id, a range, a list, slashes and a citation among other sources', () => {
    expect(citedRulingIds('RULINGS M7')).toEqual(['M7']);
    expect(citedRulingIds('(RULINGS M1–M4)')).toEqual(['M1', 'M2', 'M3', 'M4']);
    expect(citedRulingIds('RULINGS T5, H6')).toEqual(['T5', 'H6']);
    expect(citedRulingIds('RULINGS T1, T3–T5, H3')).toEqual(['T1', 'T3', 'T4', 'T5', 'H3']);
    expect(citedRulingIds('RULINGS M1/M2/M4')).toEqual(['M1', 'M2', 'M4']);
    expect(citedRulingIds('001 §Movement; RULINGS M1, M7; 004 §Engagement; RULINGS H8')).toEqual(['M1', 'M7', 'H8']);
    // A section number after a comma is not an id; nor is RULINGS.md.
    expect(citedRulingIds('RULINGS O3, 002 §Charging; see RULINGS.md')).toEqual(['O3']);
    expect(expandIds('S1-S9')).toHaveLength(9);
  });

  it('cuts a reason into plain text and cited ids, the first carrying the word RULINGS', () => {
    expect(citedParts('Ann is engaged (RULINGS M5, H2).')).toEqual([
      { text: 'Ann is engaged (', ids: [] },
      { text: 'RULINGS M5', ids: ['M5'] },
      { text: ', ', ids: [] },
      { text: 'H2', ids: ['H2'] },
      { text: ').', ids: [] },
    ]);
    expect(citedParts('no citation')).toEqual([{ text: 'no citation', ids: [] }]);
    expect(citedParts('').length).toBe(0);
  });

  it("adds each cited ruling's line to a title", () => {
    expect(withRulingTexts('Broken ground (RULINGS M7)')).toBe(
      `Broken ground (RULINGS M7)\n\nM7 ${RULING_BY_ID.get('M7')!.title}: ${RULING_BY_ID.get('M7')!.does} (Settles 001 §Movement, §Engagement.)`,
    );
    expect(withRulingTexts('001 §Facing')).toBe('001 §Facing');
  });
});

describe('the rulings the console cites', () => {
  const cited = citations();

  it('every ruling id cited in src/ has an entry', () => {
    const missing = [...cited.entries()].filter(([id]) => !RULING_BY_ID.has(id)).map(([id, files]) => `${id} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('every entry is cited somewhere in src/', () => {
    expect(RULINGS.filter((r) => !cited.has(r.id)).map((r) => r.id)).toEqual([]);
  });

  it('ids are unique, each in a known group, each entry with a title, one to three sentences and the sections it settles', () => {
    expect(new Set(RULINGS.map((r) => r.id)).size).toBe(RULINGS.length);
    expect(RULINGS).toHaveLength(cited.size);
    for (const r of RULINGS) {
      expect(
        RULING_GROUPS.some((g) => g.letter === r.id[0]),
        r.id,
      ).toBe(true);
      expect(r.title.length, r.id).toBeGreaterThan(2);
      const sentences = r.does.split(/(?<=[.!?])\s+(?=[A-Z“‘(])/).length;
      expect(sentences, `${r.id}: ${r.does}`).toBeGreaterThanOrEqual(1);
      expect(sentences, `${r.id}: ${r.does}`).toBeLessThanOrEqual(3);
      expect(r.settles, r.id).toMatch(/\d{3}/);
    }
  });
});

describe('the rulings the rules form names', () => {
  it('are exactly those marked as a campaign setting: the ids the rule settings and options rows cite', () => {
    const named = new Set([...RULE_SETTINGS, ...RULE_OPTIONS].flatMap((row) => [...row.ruling.matchAll(/\b([A-Z]\d+)\b/g)].map((m) => m[1]!)));
    expect(
      RULINGS.filter((r) => r.setting)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...named].sort());
  });
});
