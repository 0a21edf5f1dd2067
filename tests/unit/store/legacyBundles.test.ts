/**
 * Export files of bundle version 1 (one JSON document, images in base64), as an earlier console
 * wrote them, still import (store/legacyBundle.ts): the fixtures are byte-for-byte exports made
 * by that console (fixtures/legacy-bundles/README.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { importFile } from '../../support/bundles';
import { REPO_ROOT, SAMPLE_CAMPAIGN_DIR, readLogFile, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const FIXTURES = join(REPO_ROOT, 'tests', 'unit', 'store', 'fixtures', 'legacy-bundles');
const LEGACY_CAMPAIGN = join(FIXTURES, 'legacy-campaign.pillars.json');
const LEGACY_ENCOUNTER = join(FIXTURES, 'legacy-encounter.pillars.json');
/** The map image the old console's GM imported and set by a command before exporting. */
const OLD_MAP = 'b547f08d6d99cf340ea13dbb1f09d55f345c5f1380c9a363b7cdbf48725ccf7f.png';

const start = async () => Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());

describe('export files of an earlier version still import', () => {
  it('a campaign exported by the earlier console: its encounter, log and images, and it opens where it was', async () => {
    const core = await start();
    const result = await importFile(core, LEGACY_CAMPAIGN);
    expect(result).toMatchObject({ kind: 'campaign', name: 'Old Export', renamed: false, encounters: [{ id: 'ford-ambush' }] });
    expect((await readLogFile(result.dir)).map((e) => e.command.type)).toEqual(['rollInitiative', 'turnFigure', 'moveFigure', 'setMapImage']);
    const assets = await readdir(join(result.dir, 'assets'));
    expect(assets).toContain(OLD_MAP);
    expect(assets).toHaveLength(5);
    await core.campaigns.openCampaign(result.dir);
    const view = core.session.gmView();
    expect(view.encounter.map.image?.asset).toBe(OLD_MAP);
    expect(view.encounter.figures.find((f) => f.id === 'bram')).toMatchObject({ position: { q: 10, r: 5 } });
    expect(await core.readAsset(OLD_MAP, 'gm')).not.toBeNull();
  });

  it('an encounter exported by the earlier console joins the open campaign', async () => {
    const core = await start();
    const result = await importFile(core, LEGACY_ENCOUNTER);
    expect(result).toMatchObject({ kind: 'encounter', encounters: [{ from: 'ford-ambush', name: 'Ambush at the Ford (imported)' }] });
    const view = await core.campaigns.openEncounter(result.encounters[0]!.id);
    expect(view.history.logLength).toBe(3);
  });

  it('an image larger than the parts read in one piece (and "\\/" escapes) is decoded from its own file, checked by its hash', async () => {
    const noise = await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const name = `${createHash('sha256').update(noise).digest('hex')}.png`;
    const bundle = JSON.parse(await readFile(LEGACY_CAMPAIGN, 'utf8')) as { assets: { name: string; base64: string }[] };
    bundle.assets.push({ name, base64: noise.toString('base64') });
    const path = join(await dirs.make(), 'big.campaign.pillars.json');
    await writeFile(path, JSON.stringify(bundle).replace(/\//g, '\\/'));
    const core = await start();
    const result = await importFile(core, path);
    expect((await readFile(join(result.dir, 'assets', name))).equals(noise)).toBe(true);
  });

  it('a long text anywhere but an image, and a file that is not JSON, are refused with the reason', async () => {
    const core = await start();
    const bundle = JSON.parse(await readFile(LEGACY_CAMPAIGN, 'utf8')) as { campaign: { name: string } };
    bundle.campaign.name = 'x'.repeat(2 * 1024 * 1024);
    const long = join(await dirs.make(), 'long.json');
    await writeFile(long, JSON.stringify(bundle));
    await expect(importFile(core, long)).rejects.toThrow('holds a text of more than 1 MiB outside an image, which no export has. Nothing was imported.');
    const broken = join(await dirs.make(), 'broken.json');
    await writeFile(broken, '{"format": "pillars-gm-console-bundle", ');
    await expect(importFile(core, broken)).rejects.toThrow(/“broken\.json” is not a console export: it is not valid JSON/);
    expect((await readdir(core.campaigns.campaignsHome)).sort()).toEqual(['Sample Campaign']);
  });
});
