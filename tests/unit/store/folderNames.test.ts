/**
 * Names the GM types become folder names that fit the file system (store/folderNames.ts): a
 * component is at most 255 bytes whatever the characters; the display name stays whole in
 * campaign.json; collisions get " (2)"; a cut never splits a character.
 */
import { readdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { cutToBytes, folderNameFor, freeName } from '../../../src/main/store/folderNames';
import { exportToFile, importFile } from '../../support/bundles';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { basename, join } from 'node:path';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
/** 120 characters of 3 bytes each in UTF-8: 360 bytes, past the 255 a file name may have. */
const LONG = '競'.repeat(60) + '技場'.repeat(30);

const start = async () => Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());

describe('folder names from display names', () => {
  it('a campaign named with 120 characters of 3 bytes is made; its folder fits, its name is whole', async () => {
    const core = await start();
    expect(LONG.length).toBe(120);
    const made = await core.dispatcher.dispatch('gm', 'createCampaign', { name: LONG });
    expect(made).toMatchObject({ ok: true, value: { name: LONG, open: true } });
    const folder = made.ok ? (made.value as { folder: string }).folder : '';
    expect(bytes(folder)).toBeLessThanOrEqual(255);
    expect(LONG.startsWith(folder)).toBe(true);
    expect(JSON.parse(await readFile(join(core.campaigns.campaignsHome, folder, 'campaign.json'), 'utf8')).name).toBe(LONG);
    const listed = await core.campaigns.listCampaigns();
    expect(listed.campaigns.find((c) => c.folder === folder)).toMatchObject({ name: LONG, problem: null });
    // The same name again is refused (two campaigns the GM could not tell apart); a copy is " (2)".
    expect(await core.dispatcher.dispatch('gm', 'createCampaign', { name: LONG })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const copy = await core.dispatcher.dispatch('gm', 'duplicateCampaign', { name: LONG });
    expect(copy).toMatchObject({ ok: true, value: { folder: `${folder} (2)`, name: LONG } });
  });

  it('an imported campaign of such a name, and one deleted, keep their folder names within the limit', async () => {
    const a = await start();
    await a.dispatcher.dispatch('gm', 'createCampaign', { name: LONG });
    const exported = await exportToFile(a, await dirs.make());
    expect(bytes(basename(exported.path))).toBeLessThanOrEqual(255);
    const b = await start();
    const first = await importFile(b, exported.path);
    const second = await importFile(b, exported.path);
    expect(first).toMatchObject({ name: LONG, renamed: false });
    expect(second).toMatchObject({ renamed: true });
    expect(second.name.endsWith(' (2)') && second.name.length).toBe(120);
    for (const name of await readdir(b.campaigns.campaignsHome)) expect(bytes(name)).toBeLessThanOrEqual(255);
    const deleted = await b.dispatcher.dispatch('gm', 'deleteCampaign', { folder: basename(first.dir) });
    expect(deleted.ok).toBe(true);
    expect(bytes(basename((deleted as { value: { movedTo: string } }).value.movedTo))).toBeLessThanOrEqual(255);
  });

  it('cuts by bytes at the end of a character, never inside one, accents and emoji included', () => {
    expect(cutToBytes('aé', 2)).toBe('a');
    expect(cutToBytes('👩‍👩‍👧 family', 10)).toBe('');
    expect(cutToBytes('e\u0301e\u0301', 3)).toBe('e\u0301');
    const folder = folderNameFor(LONG);
    expect(bytes(folder)).toBeLessThanOrEqual(215);
    expect(LONG.startsWith(folder)).toBe(true);
    expect(folderNameFor('../..')).toBe('Campaign');
    expect(folderNameFor('a/b:c*?')).toBe('a-b-c');
    expect(freeName('Crypt', ['crypt', 'Crypt (2)'])).toBe('Crypt (3)');
  });
});
