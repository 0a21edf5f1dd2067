/**
 * A damaged file never stops the console from starting. One campaign (the first start's sample)
 * with five commands in its encounter and a snapshot at entry 4; then one file is damaged and the
 * real Core starts on the real folder. Every case: the start succeeds, the failure names the
 * campaign, the file and the reason, the damaged bytes are untouched, and the offer on the error
 * screen (restore the newest backup, or keep the log up to its last good entry) brings the
 * encounter back.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { Session } from '../../../src/main/session/session';
import { CampaignFolder } from '../../../src/main/store/campaignFolder';
import { ensureFirstCampaign } from '../../../src/main/store/firstStart';
import type { Envelope } from '../../../src/shared/contract';
import type { GmView } from '../../../src/shared/contract/views';
import { closeAfterEach } from '../../support/closing';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

const CAMPAIGN = 'campaign.json';
const ENCOUNTER = 'encounters/ford-ambush.json';
const LOG = 'encounters/ford-ambush.log.jsonl';
const MOVES = [10, 11, 12, 13, 14];

/** A data folder after a first start and five moves of Bram, with a snapshot at entry 4. */
async function playedDataDir(): Promise<{ dataDir: string; dir: string }> {
  const dataDir = await dirs.make();
  const dir = await ensureFirstCampaign(join(dataDir, 'campaigns'), SAMPLE_CAMPAIGN_DIR);
  const session = await Session.open(await CampaignFolder.open(dir), recordingSink(), { snapshotEvery: 4 });
  for (const q of MOVES) await session.execute({ type: 'moveFigure', figureId: 'bram', to: { q, r: 5 } });
  await session.close();
  return { dataDir, dir };
}

const lines = (text: string) => text.split('\n').filter((l) => l.length > 0);
const withLine = (text: string, index: number, replacement: string) => {
  const all = lines(text);
  all[index] = replacement;
  return all.join('\n') + '\n';
};

type Damage = (good: string) => string;
type Repair = 'restore' | 'salvage';
interface DamageCase {
  readonly file: string;
  readonly what: string;
  readonly damage: Damage;
  readonly reason: RegExp;
  readonly repair: Repair;
  /** Where Bram stands once repaired (the entries the repair kept). */
  readonly bramAt: number;
}

const documentCases = (file: string, reasonOfFuture: RegExp): DamageCase[] => [
  { file, what: 'truncated', damage: (g) => g.slice(0, Math.floor(g.length / 2)), reason: /not valid JSON/, repair: 'restore', bramAt: 14 },
  { file, what: 'empty', damage: () => '', reason: /could not be read/, repair: 'restore', bramAt: 14 },
  { file, what: 'garbage', damage: () => '\u0000\u00ff garbage', reason: /not valid JSON/, repair: 'restore', bramAt: 14 },
  { file, what: '{}', damage: () => '{}', reason: /not a valid file|schemaVersion|missing|expected/i, repair: 'restore', bramAt: 14 },
  { file, what: 'null', damage: () => 'null', reason: /holds no document/, repair: 'restore', bramAt: 14 },
  {
    file,
    what: 'a future schemaVersion',
    damage: (g) => JSON.stringify({ ...(JSON.parse(g) as object), schemaVersion: 999 }),
    reason: reasonOfFuture,
    repair: 'restore',
    bramAt: 14,
  },
];

const CASES: DamageCase[] = [
  ...documentCases(CAMPAIGN, /newer|999/),
  {
    file: CAMPAIGN,
    what: 'a field of the wrong type',
    damage: (g) => JSON.stringify({ ...(JSON.parse(g) as object), name: 42 }),
    reason: /name/,
    repair: 'restore',
    bramAt: 14,
  },
  ...documentCases(ENCOUNTER, /newer|999/),
  {
    file: ENCOUNTER,
    what: 'the id of another encounter',
    damage: (g) => JSON.stringify({ ...(JSON.parse(g) as object), id: 'other' }),
    reason: /says it is encounter "other"/,
    repair: 'restore',
    bramAt: 14,
  },
  // The log: five entries, a snapshot at 4 (the log's backup at the snapshot holds four).
  {
    file: LOG,
    what: 'truncated inside line 2 (snapshot ahead)',
    damage: (g) => g.slice(0, lines(g)[0]!.length + 10),
    reason: /cut short: it holds 1 entries.*at least 4/,
    repair: 'restore',
    bramAt: 13,
  },
  {
    file: LOG,
    what: 'truncated after line 2 (snapshot ahead)',
    damage: (g) => lines(g).slice(0, 2).join('\n') + '\n',
    reason: /cut short: it holds 2 entries/,
    repair: 'restore',
    bramAt: 13,
  },
  { file: LOG, what: 'empty (snapshot ahead)', damage: () => '', reason: /cut short: it holds 0 entries/, repair: 'restore', bramAt: 13 },
  { file: LOG, what: 'garbage', damage: () => 'garbage\n', reason: /line 1 is not valid JSON/, repair: 'salvage', bramAt: 9 },
  { file: LOG, what: 'a line holding {}', damage: (g) => withLine(g, 0, '{}'), reason: /line 1/, repair: 'salvage', bramAt: 9 },
  { file: LOG, what: 'a line holding null', damage: (g) => withLine(g, 0, 'null'), reason: /line 1/, repair: 'salvage', bramAt: 9 },
  {
    file: LOG,
    what: 'an entry of a future shape',
    damage: (g) => withLine(g, 4, '{"seq":5,"schemaVersion":999}'),
    reason: /line 5/,
    repair: 'salvage',
    bramAt: 13,
  },
  {
    file: LOG,
    what: 'a bad middle line',
    damage: (g) => withLine(g, 2, '{"seq":3,"command":'),
    reason: /line 3 is not valid JSON/,
    repair: 'salvage',
    bramAt: 11,
  },
  {
    file: LOG,
    what: 'a gap in seq',
    damage: (g) => withLine(g, 3, lines(g)[3]!.replace('"seq":4', '"seq":7')),
    reason: /line 4 is entry 7, expected 4/,
    repair: 'salvage',
    bramAt: 12,
  },
];

const value = <T>(r: Envelope<unknown>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
};

describe('a damaged file never stops the start', () => {
  it('covers the 23 damage cases', () => expect(CASES).toHaveLength(23));

  it.each(CASES.map((c) => [`${c.file}: ${c.what}`, c] as const))('%s', async (_name, c) => {
    const { dataDir, dir } = await playedDataDir();
    const path = join(dir, c.file);
    const broken = c.damage(await readFile(path, 'utf8'));
    await writeFile(path, broken);

    const logs: string[] = [];
    const core = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, log: (m) => logs.push(m) }, recordingSink()));

    // The GM page's first question fails with the reason, and the failure names campaign and file.
    const view = await core.dispatcher.dispatch('gm', 'getGmView', {});
    expect(view).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const list = value<{ lastFailure: { dir: string; file: string; message: string } }>(await core.dispatcher.dispatch('gm', 'listCampaigns', {}));
    expect(list.lastFailure).toMatchObject({ dir, file: c.file });
    expect(list.lastFailure.message).toMatch(c.reason);
    expect(logs.join('\n')).toContain(dir);
    expect(await readFile(path, 'utf8')).toBe(broken);
    // The player page learns only that it must wait: no file name, no reason, no bytes of the file.
    expect(await core.dispatcher.dispatch('player', 'getPlayerView', {})).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'Waiting for the GM to open an encounter.' },
    });
    if (c.file !== CAMPAIGN) {
      // The campaign itself opened: the damaged encounter is listed with its reason.
      const encounters = value<{ openId: string | null; encounters: { id: string; problem: string | null }[] }>(
        await core.dispatcher.dispatch('gm', 'listEncounters', {}),
      );
      expect(encounters.openId).toBeNull();
      expect(encounters.encounters.find((e) => e.id === 'ford-ambush')?.problem).toContain(c.file);
    }

    // The offer on the error screen.
    const campaign = { path: dir };
    if (c.repair === 'restore') {
      const backups = value<{ name: string }[]>(await core.dispatcher.dispatch('gm', 'listBackups', { campaign, file: c.file }));
      expect(backups.length).toBeGreaterThan(0);
      value(await core.dispatcher.dispatch('gm', 'restoreBackup', { campaign, file: c.file, backup: backups[0]!.name }));
    } else {
      const kept = value<{ kept: number; dropped: number }>(await core.dispatcher.dispatch('gm', 'salvageLog', { campaign, file: c.file }));
      // What the GM is told: entries kept, and how many lines after them were set aside.
      expect(kept.kept).toBe(c.bramAt - 9);
      expect(kept.dropped).toBe(c.what === 'garbage' ? 1 : MOVES.length - kept.kept);
    }
    // The damaged bytes were set aside in backups/, never lost.
    const aside = (await readdir(join(dir, 'backups', c.file.replace('/', '--')))).filter((n) => n.startsWith('broken-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, 'backups', c.file.replace('/', '--'), aside[0]!), 'utf8')).toBe(broken);

    value(await core.dispatcher.dispatch('gm', 'openCampaign', { path: dir }));
    const reopened = value<GmView>(await core.dispatcher.dispatch('gm', 'getGmView', {}));
    expect(reopened.encounter.figures.find((f) => f.id === 'bram')?.position).toEqual({ q: c.bramAt, r: 5 });
    expect((await core.campaigns.listCampaigns()).lastFailure).toBeNull();
    // And the next command is taken.
    value(await core.dispatcher.dispatch('gm', 'sendCommand', { command: { type: 'turnFigure', figureId: 'bram', facing: 2 } }));
  });
});
