/**
 * Rulings a GM can read: a ruling id the GM page writes out itself (`RULINGS S4` in a label, a
 * heading or a title) goes through CitedText (hover or focus shows the ruling) or withRulingTexts
 * (the title carries the ruling's text). Ids that come from main (reasons, sources, refusals) are
 * shown through the same two; this test catches an id typed into a page's markup without them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const RENDERER = join(import.meta.dirname, '../../../src/renderer/src');
const PLAYER = join(RENDERER, 'player');

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return p === PLAYER ? [] : svelteFiles(p);
    return name.endsWith('.svelte') ? [p] : [];
  });
}

/** The markup of a component: its script, style and comments left out, each CitedText or withRulingTexts call on one line. */
function markup(source: string): string {
  return source
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<CitedText\b[\s\S]*?\/>|withRulingTexts\([\s\S]*?\)\}/g, (call) => call.replace(/\s*\n\s*/g, ' '));
}

/** Lines of markup that show a ruling id with neither CitedText nor withRulingTexts on the line. */
export function bareCitations(source: string): string[] {
  return markup(source)
    .split('\n')
    .filter((line) => /RULINGS [A-Z]\d/.test(line) && !/<CitedText\b|withRulingTexts\(/.test(line))
    .map((line) => line.trim());
}

it('finds an id typed bare into markup, and passes one shown through CitedText or withRulingTexts', () => {
  expect(bareCitations('<p>Borrow as Debt (RULINGS S4)</p>')).toEqual(['<p>Borrow as Debt (RULINGS S4)</p>']);
  expect(bareCitations('<span title="adjDEX (RULINGS T5)">4</span>')).toHaveLength(1);
  expect(bareCitations('<p>Borrow as Debt (<CitedText text="RULINGS S4" />)</p>')).toEqual([]);
  expect(bareCitations(`<span title={withRulingTexts('adjDEX (RULINGS T5)')}>4</span>`)).toEqual([]);
  expect(bareCitations('<p>\n  <CitedText\n    text="RULINGS S5, S4"\n  />\n</p>')).toEqual([]);
  expect(bareCitations('<script lang="ts">\n  // RULINGS S4\n</script>\n<!-- RULINGS O3 -->\n<p>none</p>')).toEqual([]);
});

it('every ruling id the GM page writes out shows its ruling', () => {
  const bare = svelteFiles(RENDERER).flatMap((file) => bareCitations(readFileSync(file, 'utf8')).map((line) => `${relative(RENDERER, file)}: ${line}`));
  expect(bare).toEqual([]);
});
