/**
 * What kills leave behind is cleared at start (store/leftovers.ts): the temporary files of durable
 * writes and of image imports, and unfinished import folders, in the data folder and in the
 * campaign the console opens — and nothing else.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { CampaignFolder } from '../../../src/main/store/campaignFolder';
import { SAMPLE_CAMPAIGN_DIR, copySample, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

/** Files a kill leaves: each store temporary name, some large (an image import is cut off at up to 64 MiB). */
async function leaveLeftovers(dataDir: string, campaignDir: string): Promise<string[]> {
  const big = Buffer.alloc(4 * 1024 * 1024, 7);
  const files: [string, Buffer | string][] = [
    [join(campaignDir, '.campaign.json.1a2b3c4d.tmp'), '{"half":'],
    [join(campaignDir, 'encounters', '.ford-ambush.json.0badf00d.tmp'), '{'],
    [join(campaignDir, 'encounters', '.ford-ambush.snapshot.json.12345678.tmp'), '{'],
    [join(campaignDir, 'assets', '.import-0123456789ab.tmp'), big],
    [join(campaignDir, 'assets', '.0f92e2715539c57f6d0e5adf74e5e1f13dc46fe729c3453596e17aa86952504b.png.deadbeef.tmp'), big],
    [join(campaignDir, '.import-aaaaaaaaaaaa', 'bundle', 'encounters', 'x.json'), '{}'],
    [join(dataDir, '.recent.json.cafebabe.tmp'), '{'],
    [join(dataDir, 'campaigns', '.import-bbbbbbbbbbbb', 'upload'), big],
    [join(dataDir, 'campaigns', '.import-cccccccccccc', 'campaign', 'campaign.json'), '{}'],
  ];
  for (const [path, data] of files) {
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, data);
  }
  return files.map(([p]) => p);
}

/** Files of the GM's that look a little like them and must stay. */
async function leaveLookalikes(campaignDir: string): Promise<string[]> {
  const files: [string, string][] = [
    [join(campaignDir, 'notes.tmp'), 'my notes'],
    [join(campaignDir, '.hidden-notes'), 'mine'],
    [join(campaignDir, 'assets', 'import-0123456789ab.tmp'), 'no leading dot'],
    [join(campaignDir, 'encounters', 'ford-ambush.json.tmp'), 'no leading dot'],
  ];
  for (const [path, data] of files) await writeFile(path, data);
  return files.map(([p]) => p);
}

const exists = async (path: string) =>
  readFile(path).then(
    () => true,
    () => false,
  );

describe('leftovers of a kill are cleared at start', () => {
  it('the console’s start clears them in the data folder and in the campaign it opens; real files stay', async () => {
    const dataDir = await dirs.make();
    const campaignDir = await copySample(join(dataDir, 'campaigns'));
    await mkdir(join(campaignDir, 'assets'), { recursive: true });
    const leftovers = await leaveLeftovers(dataDir, campaignDir);
    const lookalikes = await leaveLookalikes(campaignDir);
    const realBefore = {
      campaign: await readFile(join(campaignDir, 'campaign.json'), 'utf8'),
      encounter: await readFile(join(campaignDir, 'encounters', 'ford-ambush.json'), 'utf8'),
      assets: (await readdir(join(campaignDir, 'assets'))).filter((n) => !n.startsWith('.')).sort(),
    };

    const core = await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    expect(core.campaigns.openDir).toBe(campaignDir);

    for (const path of leftovers) expect({ path, there: await exists(path) }).toEqual({ path, there: false });
    expect((await readdir(campaignDir)).filter((n) => n.startsWith('.import-'))).toEqual([]);
    expect((await readdir(join(dataDir, 'campaigns'))).filter((n) => n.startsWith('.'))).toEqual([]);
    for (const path of lookalikes) expect({ path, there: await exists(path) }).toEqual({ path, there: true });
    // The real files: the campaign and its encounter (both migrated on open, so compared parsed) and its images.
    expect(JSON.parse(await readFile(join(campaignDir, 'campaign.json'), 'utf8')).name).toBe(JSON.parse(realBefore.campaign).name);
    const figuresOf = (text: string) => (JSON.parse(text) as { initial: { figures: { id: string }[] } }).initial.figures.map((f) => f.id);
    expect(figuresOf(await readFile(join(campaignDir, 'encounters', 'ford-ambush.json'), 'utf8'))).toEqual(figuresOf(realBefore.encounter));
    expect((await readdir(join(campaignDir, 'assets'))).filter((n) => !n.startsWith('.')).sort()).toEqual(realBefore.assets);
    expect(core.session.gmView().encounter.figures.length).toBeGreaterThan(0);
  });

  it('opening a campaign clears its own, as when the GM opens another campaign later', async () => {
    const dir = await copySample(await dirs.make());
    await writeFile(join(dir, '.campaign.json.00000000.tmp'), '{');
    await mkdir(join(dir, 'assets'), { recursive: true });
    await writeFile(join(dir, 'assets', '.import-ffffffffffff.tmp'), Buffer.alloc(1024));
    await CampaignFolder.open(dir);
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect((await readdir(join(dir, 'assets'))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
