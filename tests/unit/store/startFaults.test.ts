/**
 * Faults at start beyond the damage table of damagedStart.test.ts (design-notes §Faults: damaged
 * files, bad frames, restarts): a kill during the first start, a folder without a readable
 * campaign.json, backups of files written only once, and a log cut short.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { Session } from '../../../src/main/session/session';
import { listBackups } from '../../../src/main/store/backups';
import { CampaignFolder } from '../../../src/main/store/campaignFolder';
import { ensureFirstCampaign } from '../../../src/main/store/firstStart';
import { exportToFile, importFile } from '../../support/bundles';
import { SAMPLE_CAMPAIGN_DIR, encounterLogPath, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('a kill during the first start', () => {
  it('a half-copied first campaign left by a kill is a hidden temp folder: the next start copies afresh and removes it', async () => {
    const dataDir = await dirs.make();
    const home = join(dataDir, 'campaigns');
    // What a kill in the middle of the copy leaves behind.
    await mkdir(join(home, '.first-start-123-456', 'encounters'), { recursive: true });
    await writeFile(join(home, '.first-start-123-456', 'encounters', 'ford-ambush.json'), '{"half');
    const core = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    expect(core.campaigns.campaignDir).toBe(join(home, 'Sample Campaign'));
    expect(core.session.gmView().campaign.name).toBe('Sample Campaign');
    expect(await readdir(home)).toEqual(['Sample Campaign']);
  });

  it('a folder without a readable campaign.json is listed as damaged, never a reason to stop', async () => {
    const dataDir = await dirs.make();
    const home = join(dataDir, 'campaigns');
    await mkdir(join(home, 'Aaa half copied', 'encounters'), { recursive: true });
    const logs: string[] = [];
    const core = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, log: (m) => logs.push(m) }, recordingSink()));
    const list = await core.campaigns.listCampaigns();
    expect(list.campaigns.find((c) => c.folder === 'Aaa half copied')?.problem).toMatch(/campaign\.json .* could not be read/);
    expect(list.lastFailure).toMatchObject({ dir: join(home, 'Aaa half copied') });
    // The GM can still open or create a campaign from the start screen.
    const created = await core.dispatcher.dispatch('gm', 'createCampaign', { name: 'Fresh' });
    expect(created).toMatchObject({ ok: true, value: { name: 'Fresh', open: true } });
    expect(logs.some((l) => l.includes('Aaa half copied'))).toBe(true);
  });

  it('the first start backs up every file of the copied sample', async () => {
    const dir = await ensureFirstCampaign(join(await dirs.make(), 'campaigns'), SAMPLE_CAMPAIGN_DIR);
    expect(await listBackups(dir, 'campaign.json')).toHaveLength(1);
    expect(await listBackups(dir, 'encounters/ford-ambush.json')).toHaveLength(1);
  });
});

describe('files written only once have a backup', () => {
  it('a new encounter: its file and its log', async () => {
    const core = closing.add(await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    const made = await core.campaigns.createEncounter('Bridge fight');
    expect(await listBackups(core.campaigns.campaignDir, `encounters/${made.id}.json`)).toHaveLength(1);
    expect(await listBackups(core.campaigns.campaignDir, `encounters/${made.id}.log.jsonl`)).toHaveLength(1);
  });

  it('every file of an imported campaign', async () => {
    const core = closing.add(await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    await core.session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const exported = await exportToFile(core, await dirs.make());
    const imported = await importFile(core, exported.path);
    expect(imported.kind).toBe('campaign');
    for (const file of ['campaign.json', 'encounters/ford-ambush.json', 'encounters/ford-ambush.log.jsonl']) {
      expect({ file, backups: (await listBackups(imported.dir, file)).length }).toEqual({ file, backups: 1 });
    }
  });
});

describe('a log cut short', () => {
  async function played(moves: number, snapshotEvery = 256): Promise<string> {
    const dir = await ensureFirstCampaign(join(await dirs.make(), 'campaigns'), SAMPLE_CAMPAIGN_DIR);
    const session = await Session.open(await CampaignFolder.open(dir), recordingSink(), { snapshotEvery });
    for (let i = 0; i < moves; i++) await session.execute({ type: 'turnFigure', figureId: 'bram', facing: (i + 1) % 6 });
    await session.close();
    return dir;
  }

  it('an unfinished last line is copied into the backups before the next command cuts it off', async () => {
    const dir = await played(3);
    const good = await readFile(encounterLogPath(dir), 'utf8');
    const torn = good + '{"seq":4,"command":{"type":"turn';
    await writeFile(encounterLogPath(dir), torn);
    const before = (await listBackups(dir, 'encounters/ford-ambush.log.jsonl')).length;
    const session = await Session.open(await CampaignFolder.open(dir), recordingSink());
    await session.execute({ type: 'turnFigure', figureId: 'bram', facing: 4 });
    await session.close();
    const backups = await listBackups(dir, 'encounters/ford-ambush.log.jsonl');
    expect(backups).toHaveLength(before + 1);
    const folder = join(dir, 'backups', 'encounters--ford-ambush.log.jsonl');
    expect(await readFile(join(folder, backups[0]!.name), 'utf8')).toBe(torn);
  });

  it('a log cut inside a line with no snapshot: a copy is kept at once and the GM is told, in the GM view only', async () => {
    const dir = await played(3);
    const good = await readFile(encounterLogPath(dir), 'utf8');
    const torn = good + '{"seq":4,"command":{"type":"turn';
    await writeFile(encounterLogPath(dir), torn);
    const before = (await listBackups(dir, 'encounters/ford-ambush.log.jsonl')).length;
    const session = await Session.open(await CampaignFolder.open(dir), recordingSink());
    // The copy exists before any command, so closing now (or never playing on) loses nothing.
    const backups = await listBackups(dir, 'encounters/ford-ambush.log.jsonl');
    expect(backups).toHaveLength(before + 1);
    expect(await readFile(join(dir, 'backups', 'encounters--ford-ambush.log.jsonl', backups[0]!.name), 'utf8')).toBe(torn);
    const notice = session.gmView().history.notice;
    expect(notice).toMatch(/^encounters\/ford-ambush\.log\.jsonl ended in an unfinished line \(32 bytes after entry 3\).*kept in backups\//);
    expect(JSON.stringify(session.playerView())).not.toMatch(/unfinished|log\.jsonl/);
    await session.execute({ type: 'turnFigure', figureId: 'bram', facing: 4 });
    expect(session.gmView().history.notice).toBe(notice);
    await session.close();
    const reopened = await Session.open(await CampaignFolder.open(dir), recordingSink());
    expect(reopened.gmView().history.notice).toBeUndefined();
    expect(reopened.entries).toHaveLength(4);
    await reopened.close();
  });

  it('an undo below the snapshot removes the snapshot first, so the shorter log is not taken for damage', async () => {
    const dir = await played(5, 4);
    expect(await exists(join(dir, 'encounters', 'ford-ambush.snapshot.json'))).toBe(true);
    const session = await Session.open(await CampaignFolder.open(dir), recordingSink(), { snapshotEvery: 4 });
    await session.undo();
    await session.undo();
    await session.close();
    expect(await exists(join(dir, 'encounters', 'ford-ambush.snapshot.json'))).toBe(false);
    const reopened = await Session.open(await CampaignFolder.open(dir), recordingSink());
    expect(reopened.entries).toHaveLength(3);
    await reopened.close();
  });
});
