/**
 * An import is all or nothing (store/bundleImport.ts): everything is staged and checked before
 * anything appears, so a bundle refused half-way leaves no folder, no encounter, no image and no
 * temporary file. An encounter whose log the engine does not replay is refused on import (it
 * would not open), naming the file and the entry.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { bytesOf, exportToFile, importFile, jsonOf, rewriteZip } from '../../support/bundles';
import { REPO_ROOT, SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

const start = async () => closing.add(await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
const LEGACY_CAMPAIGN = join(REPO_ROOT, 'tests', 'unit', 'store', 'fixtures', 'legacy-bundles', 'legacy-campaign.pillars.json');

/** Everything under a folder, hidden files included: what an import left behind. */
const everything = async (dir: string) => (await readdir(dir, { recursive: true })).sort();

type Entry = { name: string; bytes: Buffer };
const logLine = (entry: object) => Buffer.from(`${JSON.stringify(entry)}\n`);

/** The exported encounter again under `id`, with `log` as its log, listed in the manifest. */
function withSecondEncounter(entries: Entry[], id: string, log: Buffer): Entry[] {
  const doc = jsonOf(entries.find((e) => e.name === 'encounters/ford-ambush.json')!.bytes) as { initial: object };
  const second = { ...doc, id, name: 'Second fight', initial: { ...doc.initial, id, name: 'Second fight' } };
  return [
    ...entries.map((e) =>
      e.name === 'pillars-bundle.json' ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), encounters: [...(jsonOf(e.bytes).encounters as string[]), id] }) } : e,
    ),
    { name: `encounters/${id}.json`, bytes: bytesOf(second) },
    { name: `encounters/${id}.log.jsonl`, bytes: log },
  ];
}

describe('imports are all or nothing', () => {
  it('a campaign export holding the same encounter twice (version 1) is refused; no folder is left, not even a hidden one', async () => {
    const bundle = JSON.parse(await readFile(LEGACY_CAMPAIGN, 'utf8')) as { encounters: unknown[] };
    bundle.encounters.push(bundle.encounters[0]);
    const path = join(await dirs.make(), 'twice.campaign.pillars.json');
    await writeFile(path, JSON.stringify(bundle));
    const core = await start();
    const before = await everything(core.campaigns.campaignsHome);
    await expect(importFile(core, path)).rejects.toThrow(
      'The export file “twice.campaign.pillars.json” holds encounter “ford-ambush” twice. Nothing was imported.',
    );
    expect(await everything(core.campaigns.campaignsHome)).toEqual(before);
    expect((await core.campaigns.listCampaigns()).campaigns.map((c) => [c.name, c.problem])).toEqual([['Sample Campaign', null]]);
  });

  it('an archive holding an encounter twice, or listing it twice, is refused the same way', async () => {
    const core = await start();
    const exported = await exportToFile(core, await dirs.make());
    const dir = await dirs.make();
    const doubled = await rewriteZip(exported.path, join(dir, 'a.zip'), (es) => [...es, es.find((e) => e.name === 'encounters/ford-ambush.json')!]);
    await expect(importFile(core, doubled)).rejects.toThrow('holds encounters/ford-ambush.json twice. Nothing was imported.');
    const listedTwice = await rewriteZip(exported.path, join(dir, 'b.zip'), (es) =>
      es.map((e) => (e.name === 'pillars-bundle.json' ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), encounters: ['ford-ambush', 'ford-ambush'] }) } : e)),
    );
    await expect(importFile(core, listedTwice)).rejects.toThrow('lists encounter “ford-ambush” twice. Nothing was imported.');
    expect(await everything(core.campaigns.campaignsHome)).toEqual(
      [
        'Sample Campaign',
        ...(await readdir(join(core.campaigns.campaignsHome, 'Sample Campaign'), { recursive: true })).map((n) => join('Sample Campaign', n)),
      ].sort(),
    );
  });

  it('an encounter export whose second encounter is refused imports neither', async () => {
    const core = await start();
    const exported = await exportToFile(core, await dirs.make(), 'ford-ambush');
    const bad = logLine({ seq: 1, at: '2026-01-01T00:00:00.000Z', command: { type: 'noSuchCommand' }, events: [], rolls: [] });
    const two = await rewriteZip(exported.path, join(await dirs.make(), 'two.zip'), (es) => withSecondEncounter(es, 'second-fight', bad));
    const before = await everything(core.campaigns.campaignDir);
    const refusal = importFile(core, two);
    await expect(refusal).rejects.toThrow(/“two\.zip”: encounters\/second-fight\.log\.jsonl, entry 1 is not a valid file at command/);
    await expect(refusal).rejects.toThrow(/Nothing was imported\.$/);
    expect(await everything(core.campaigns.campaignDir)).toEqual(before);
  });

  it('the same bundle with a good second encounter imports both, in one step', async () => {
    const core = await start();
    const exported = await exportToFile(core, await dirs.make(), 'ford-ambush');
    const two = await rewriteZip(exported.path, join(await dirs.make(), 'two.zip'), (es) => withSecondEncounter(es, 'second-fight', Buffer.alloc(0)));
    const result = await importFile(core, two);
    expect(result.encounters.map((e) => e.name)).toEqual(['Ambush at the Ford (imported)', 'Second fight']);
    expect((await core.campaigns.listEncounters()).encounters.map((e) => [e.id, e.problem])).toEqual([
      ['ambush-at-the-ford-imported', null],
      ['ford-ambush', null],
      ['second-fight', null],
    ]);
    expect((await readdir(core.campaigns.campaignDir)).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});

describe('renaming on import never refuses half-way', () => {
  it('a second encounter whose 120-character name is taken imports with the first, its name cut to make room for " (imported)"', async () => {
    const core = await start();
    const long = 'A'.repeat(120);
    await core.campaigns.createEncounter(long);
    const exported = await exportToFile(core, await dirs.make(), 'ford-ambush');
    const two = await rewriteZip(exported.path, join(await dirs.make(), 'two.zip'), (es) => {
      const added = withSecondEncounter(es, 'second-fight', Buffer.alloc(0));
      return added.map((e) =>
        e.name === 'encounters/second-fight.json'
          ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), name: long, initial: { ...(jsonOf(e.bytes).initial as object), name: long } }) }
          : e,
      );
    });
    const result = await importFile(core, two);
    expect(result.encounters.map((e) => e.name)).toEqual(['Ambush at the Ford (imported)', `${'A'.repeat(109)} (imported)`]);
    expect((await core.campaigns.listEncounters()).encounters.every((e) => e.problem === null)).toBe(true);
  });
});

describe('a log that does not replay is refused on import', () => {
  it('names the export file, the log and the entry the engine refuses, with the engine’s reason', async () => {
    const core = await start();
    await core.session.execute({ type: 'turnFigure', figureId: 'bram', facing: 2 });
    const exported = await exportToFile(core, await dirs.make(), 'ford-ambush');
    const illegal = { seq: 2, at: '2026-01-01T00:00:00.000Z', command: { type: 'turnFigure', figureId: 'nobody', facing: 1 }, events: [], rolls: [] };
    const broken = await rewriteZip(exported.path, join(await dirs.make(), 'Ford.encounter.pillars.zip'), (es) =>
      es.map((e) => (e.name.endsWith('.log.jsonl') ? { ...e, bytes: Buffer.concat([e.bytes, logLine(illegal)]) } : e)),
    );
    const before = (await core.campaigns.listEncounters()).encounters;
    const refusal = importFile(core, broken);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid-args' });
    await expect(refusal).rejects.toThrow(
      /^The export file “Ford\.encounter\.pillars\.zip”: encounters\/ford-ambush\.log\.jsonl, entry 2 \(turnFigure\) does not replay: .*nobody.* Nothing was imported\.$/,
    );
    expect((await core.campaigns.listEncounters()).encounters).toEqual(before);
  });

  it('a log cut off in its last line is refused too (an import never keeps a torn entry quietly)', async () => {
    const core = await start();
    await core.session.execute({ type: 'turnFigure', figureId: 'bram', facing: 2 });
    const exported = await exportToFile(core, await dirs.make(), 'ford-ambush');
    const torn = await rewriteZip(exported.path, join(await dirs.make(), 't.zip'), (es) =>
      es.map((e) => (e.name.endsWith('.log.jsonl') ? { ...e, bytes: e.bytes.subarray(0, e.bytes.length - 10) } : e)),
    );
    await expect(importFile(core, torn)).rejects.toThrow('encounters/ford-ambush.log.jsonl ends in an unfinished line after entry 0.');
  });
});
