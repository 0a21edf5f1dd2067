/**
 * Never losing work: rotating backups before overwrites, broken files reported by
 * name and never overwritten, and a broken file replaced by its newest good backup through the
 * campaign channels after it was copied aside.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { Session } from '../../../src/main/session/session';
import { KEEP_BACKUPS, backupFile, listBackups, restoreBackup } from '../../../src/main/store/backups';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { SAMPLE_CAMPAIGN_DIR, copySample, encounterFilePath, encounterLogPath, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

describe('rotating backups', () => {
  it('keeps the newest 10 copies of a file, newest first', async () => {
    const dir = await copySample(await dirs.make());
    const path = join(dir, 'campaign.json');
    for (let i = 1; i <= 13; i++) {
      await writeFile(path, `{"version":${i}}`);
      await backupFile(dir, 'campaign.json', new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
    }
    const list = await listBackups(dir, 'campaign.json');
    expect(list).toHaveLength(KEEP_BACKUPS);
    const texts = await Promise.all(list.map((b) => readFile(join(dir, 'backups', 'campaign.json', b.name), 'utf8')));
    expect(texts).toEqual(Array.from({ length: 10 }, (_, i) => `{"version":${13 - i}}`));
  });

  it('every rules change takes a backup of campaign.json first', async () => {
    const dir = await copySample(await dirs.make());
    const folder = await openCampaignFolder(dir); // migrating v1 → v2 took the first
    const rules = { ...folder.rules, bleedingPerTurn: 2 };
    await folder.setRules(rules);
    await folder.setRules({ ...rules, heavyBlows: true });
    expect(await listBackups(dir, 'campaign.json')).toHaveLength(3);
    expect((await openCampaignFolder(dir)).rules).toEqual({ ...rules, heavyBlows: true });
  });

  it('refuses names that are not campaign files or backups', async () => {
    const dir = await dirs.make();
    await expect(listBackups(dir, '../etc/passwd')).rejects.toMatchObject({ code: 'invalid-args' });
    await expect(restoreBackup(dir, 'campaign.json', '../../x.bak')).rejects.toMatchObject({ code: 'invalid-args' });
    await expect(restoreBackup(dir, 'campaign.json', '2026-01-01T00-00-00-000Z-0001.bak')).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('a broken encounters/<id>.json', () => {
  it.each([
    ['truncated', (good: string) => good.slice(0, Math.floor(good.length / 2)), /encounters\/ford-ambush\.json could not be read: it is not valid JSON/],
    ['empty', () => '', /encounters\/ford-ambush\.json could not be read/],
    ['garbage', () => '\u0000\u00ff\u0013 not json at all', /encounters\/ford-ambush\.json could not be read: it is not valid JSON/],
  ])('%s: a clear error naming the file, nothing overwritten, and the newest good backup restores it', async (_k, damage, why) => {
    const dataDir = await dirs.make();
    const sink = recordingSink();
    const core = await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, sink);
    const dir = core.campaigns.campaignDir;
    await core.session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const good = await readFile(encounterFilePath(dir), 'utf8');
    await core.campaigns.createEncounter('Spare');
    await core.campaigns.openEncounter('spare'); // the damaged encounter is not the open one
    const broken = damage(good);
    await writeFile(encounterFilePath(dir), broken);

    const result = await core.dispatcher.dispatch('gm', 'openEncounter', { id: 'ford-ambush' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('corrupt-file');
    expect(result.error.message).toMatch(why);
    expect(await readFile(encounterFilePath(dir), 'utf8')).toBe(broken);
    const listed = await core.dispatcher.dispatch('gm', 'listEncounters', {});
    expect(listed).toMatchObject({ ok: true });
    if (!listed.ok) return;
    const entry = (listed.value as { encounters: { id: string; problem: string | null }[] }).encounters.find((e) => e.id === 'ford-ambush');
    expect(entry?.problem).toMatch(/encounters\/ford-ambush\.json/);

    const backups = await core.dispatcher.dispatch('gm', 'listBackups', { file: 'encounters/ford-ambush.json' });
    expect(backups.ok).toBe(true);
    if (!backups.ok) return;
    const names = (backups.value as { name: string }[]).map((b) => b.name);
    expect(names).toHaveLength(2); // taken at the first start's copy and when the v1 file was migrated
    const restored = await core.dispatcher.dispatch('gm', 'restoreBackup', { file: 'encounters/ford-ambush.json', backup: names[0] });
    expect(restored).toEqual({ ok: true, value: { file: 'encounters/ford-ambush.json', backup: names[0] } });
    // The broken bytes were set aside, not lost.
    const aside = (await readdir(join(dir, 'backups', 'encounters--ford-ambush.json'))).filter((n) => n.startsWith('broken-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, 'backups', 'encounters--ford-ambush.json', aside[0]!), 'utf8')).toBe(broken);
    // The restored (v1) file opens with its log: the move is still there.
    const view = await core.campaigns.openEncounter('ford-ambush');
    expect(view.encounter.figures.find((f) => f.id === 'bram')?.position).toEqual({ q: 10, r: 5 });
  });

  it('a campaign whose active encounter is broken opens without it; its backups are reachable through the failure', async () => {
    const dataDir = await dirs.make();
    const core = await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    const other = await copySample(await dirs.make(), 'Other');
    await (await Session.open(await openCampaignFolder(other), recordingSink())).close(); // migrate: a backup exists
    await writeFile(encounterFilePath(other), '{"schemaVersion":2,');
    const opened = await core.dispatcher.dispatch('gm', 'openCampaign', { path: other });
    expect(opened).toMatchObject({ ok: false, error: { code: 'forbidden' } }); // not a path main knows yet
    await core.campaigns.openCampaign(other);
    expect(core.campaigns.openDir).toBe(other);
    expect(await core.dispatcher.dispatch('gm', 'getGmView', {})).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const list = await core.campaigns.listCampaigns();
    expect(list.lastFailure).toMatchObject({ dir: other, file: 'encounters/ford-ambush.json' });
    const encounters = await core.campaigns.listEncounters();
    expect(encounters.openId).toBeNull();
    expect(encounters.encounters.find((e) => e.id === 'ford-ambush')?.problem).toMatch(/encounters\/ford-ambush\.json/);
    const backups = await core.dispatcher.dispatch('gm', 'listBackups', { campaign: { path: other }, file: 'encounters/ford-ambush.json' });
    expect(backups.ok && (backups.value as unknown[]).length).toBe(1);
    const name = backups.ok ? (backups.value as { name: string }[])[0]!.name : '';
    expect(
      await core.dispatcher.dispatch('gm', 'restoreBackup', { campaign: { path: other }, file: 'encounters/ford-ambush.json', backup: name }),
    ).toMatchObject({ ok: true });
    expect(await core.dispatcher.dispatch('gm', 'openCampaign', { path: other })).toMatchObject({ ok: true, value: { dir: other, open: true } });
  });
});

describe('a broken log', () => {
  it('a damaged line in the middle is corrupt-file naming the line; the file is left alone', async () => {
    const dir = await copySample(await dirs.make());
    const session = await Session.open(await openCampaignFolder(dir), recordingSink());
    await session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    await session.execute({ type: 'turnFigure', figureId: 'bram', facing: 2 });
    await session.close();
    const lines = (await readFile(encounterLogPath(dir), 'utf8')).split('\n');
    lines[0] = lines[0]!.replace('"seq":1', '"seq":"one"');
    const broken = lines.join('\n');
    await writeFile(encounterLogPath(dir), broken);
    await expect(Session.open(await openCampaignFolder(dir), recordingSink())).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringMatching(/^encounters\/ford-ambush\.log\.jsonl line 1 is not a valid file at seq/),
    });
    expect(await readFile(encounterLogPath(dir), 'utf8')).toBe(broken);
  });
});
