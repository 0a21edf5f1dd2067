/**
 * `docs/rulings.md` is generated from the console's rulings (src/shared/rulings): this test fails
 * when the committed page is out of step, and `npm run docs:rulings` (this test with `-u`) writes it.
 */
import { expect, it } from 'vitest';
import { RULING_GROUPS, RULINGS } from '../../../src/shared/rulings';

function rulingsMarkdown(): string {
  const lines = [
    '# Rulings',
    '',
    'What the console does where the rule documents disagree or are silent, in its own words: one',
    'entry per ruling id the console cites (`RULINGS M7`), with the document sections it settles',
    '(001 the Pillars rulebook; 004 the combat and movement guide, 000 its earlier draft; 002 stride &',
    'momentum; 003 declared intent). The console shows the same text beside each id it shows: in the',
    'rules settings, the option reasons, previews and breakdown sources.',
    '',
    'This page is generated from `src/shared/rulings/` by `npm run docs:rulings`; a unit test',
    '(`tests/unit/shared/rulingsDoc.test.ts`) fails when it is out of step.',
  ];
  for (const g of RULING_GROUPS) {
    lines.push('', `## ${g.name}`);
    for (const r of RULINGS.filter((x) => x.id.startsWith(g.letter))) {
      lines.push(
        '',
        `### ${r.id} · ${r.title}`,
        '',
        r.does,
        '',
        `*Settles:* ${r.settles}${r.setting ? ' *A campaign setting: the rules settings name this id.*' : ''}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

it('docs/rulings.md is the rulings module, one entry per id', async () => {
  await expect(rulingsMarkdown()).toMatchFileSnapshot('../../../docs/rulings.md');
});
