/**
 * No write through a symbolic link under the data folder (store/linkGuard.ts): a campaign whose
 * `assets/`, `encounters/`, `backups/` or `campaign.json` is a link out of the data folder is
 * refused every write there with a clear error, and nothing lands where the link points.
 */
import { mkdir, readdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { CampaignFolder } from '../../../src/main/store/campaignFolder';
import { exportToFile, importFile } from '../../support/bundles';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, copySample, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

/** A console whose campaign has `part` (a folder of it) replaced by a link to a folder outside the data folder. */
async function linkedOut(part: string): Promise<{ core: Core; campaignDir: string; outside: string }> {
  const dataDir = await dirs.make();
  const outside = await dirs.make('pillars-outside-');
  const campaignDir = await copySample(join(dataDir, 'campaigns'));
  const core = await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  const real = join(campaignDir, part);
  await mkdir(real, { recursive: true });
  await rename(real, join(outside, 'moved'));
  await symlink(join(outside, 'moved'), real, 'dir');
  return { core, campaignDir, outside: join(outside, 'moved') };
}

const LINK_REFUSED = /is a symbolic link \(to .*\); the console does not write through links/;

describe('writes through a symbolic link in a campaign are refused', () => {
  it('an image upload into a campaign whose assets/ links out of the data folder writes nothing there', async () => {
    const { core, outside } = await linkedOut('assets');
    const before = await readdir(outside);
    const png = await realImage('png', 40, 30);
    const refusal = core.importImageStream(chunksOf(png, 100), png.length, 'token art');
    await expect(refusal).rejects.toMatchObject({ code: 'forbidden' });
    await expect(refusal).rejects.toThrow(/assets in Sample Campaign is a symbolic link/);
    expect(await readdir(outside)).toEqual(before);
  });

  it('a new encounter, when encounters/ links out', async () => {
    const { core, outside } = await linkedOut('encounters');
    const before = await readdir(outside);
    await expect(core.campaigns.createEncounter('Bridge')).rejects.toThrow(LINK_REFUSED);
    expect(await readdir(outside)).toEqual(before);
  });

  it('a backup, when backups/ links out: the campaign file is not changed either', async () => {
    const { core, campaignDir, outside } = await linkedOut('backups');
    const backupsBefore = await readdir(outside, { recursive: true });
    const before = await readFile(join(campaignDir, 'campaign.json'), 'utf8');
    const answer = await core.dispatcher.dispatch('gm', 'renameCampaign', { name: 'Renamed' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(!answer.ok && answer.error.message).toMatch(LINK_REFUSED);
    expect(await readdir(outside, { recursive: true })).toEqual(backupsBefore);
    expect(await readFile(join(campaignDir, 'campaign.json'), 'utf8')).toBe(before);
  });

  it('campaign.json itself a link: refused, the file it points to untouched', async () => {
    const dir = await copySample(await dirs.make());
    const outside = join(await dirs.make('pillars-outside-'), 'campaign.json');
    const folder = await CampaignFolder.open(dir);
    await rename(join(dir, 'campaign.json'), outside);
    await symlink(outside, join(dir, 'campaign.json'));
    const before = await readFile(outside, 'utf8');
    await expect(folder.renameCampaign('Elsewhere')).rejects.toThrow(/campaign\.json in .* is a symbolic link/);
    expect(await readFile(outside, 'utf8')).toBe(before);
  });

  it('a command, when the encounter’s log is a link: nothing is appended where it points', async () => {
    const dataDir = await dirs.make();
    const campaignDir = await copySample(join(dataDir, 'campaigns'));
    const outside = join(await dirs.make('pillars-outside-'), 'log.jsonl');
    await writeFile(outside, '');
    await symlink(outside, join(campaignDir, 'encounters', 'ford-ambush.log.jsonl'));
    const core = await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    await expect(core.session.execute({ type: 'turnFigure', figureId: 'bram', facing: 2 })).rejects.toThrow(LINK_REFUSED);
    expect(await readFile(outside, 'utf8')).toBe('');
  });

  it('an import of encounters, when assets/ links out: refused, nothing imported, nothing outside', async () => {
    const source = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    const exported = await exportToFile(source, await dirs.make(), 'ford-ambush');
    const { core, outside } = await linkedOut('assets');
    const before = await readdir(outside);
    const ids = (await core.campaigns.listEncounters()).encounters.map((e) => e.id);
    await expect(importFile(core, exported.path)).rejects.toThrow(LINK_REFUSED);
    expect((await core.campaigns.listEncounters()).encounters.map((e) => e.id)).toEqual(ids);
    expect(await readdir(outside)).toEqual(before);
  });

  it('a whole campaign imported while the campaigns folder is a link: refused', async () => {
    const source = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    const exported = await exportToFile(source, await dirs.make());
    const dataDir = await dirs.make();
    const core = await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    const outside = join(await dirs.make('pillars-outside-'), 'campaigns');
    await rename(core.campaigns.campaignsHome, outside);
    await symlink(outside, core.campaigns.campaignsHome, 'dir');
    const before = await readdir(outside);
    await expect(importFile(core, exported.path)).rejects.toThrow(LINK_REFUSED);
    expect(await readdir(outside)).toEqual(before);
  });
});
