/**
 * An export carries every image its files and its log use (store/bundleExport.ts): the map image
 * and token art a GM set by commands during play travel with an encounter export, and are served
 * where it is imported. An import that cannot find an image a file or log entry uses is refused,
 * naming the export file, the file inside it and the image; an export that would make such a
 * file is refused before it is made.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { bytesOf, exportToFile, importFile, jsonOf, rewriteZip } from '../../support/bundles';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

const start = async () => closing.add(await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));

/** A console whose sample encounter got, during play, a new map image and new token art for Bram. */
async function playedWithNewImages(): Promise<{ core: Core; map: string; art: string }> {
  const core = await start();
  const map = (await core.importImageStream(chunksOf(await realImage('png', 96, 64, { fill: [30, 90, 40] }), 500), null)).asset;
  const art = (await core.importImageStream(chunksOf(await realImage('webp', 48, 48), 500), null, 'token art')).asset;
  await core.session.execute({ type: 'setMapImage', image: { asset: map, width: 96, height: 64 } });
  await core.session.execute({ type: 'updateFigure', figureId: 'bram', changes: { art } });
  return { core, map, art };
}

const served = async (core: Core, name: string) => (await core.readAsset(name, 'gm')) !== null;

describe('an export carries the images its state and its log use', () => {
  it('an encounter’s map image and token art, set by commands, are served where it is imported', async () => {
    const { core, map, art } = await playedWithNewImages();
    const exported = await exportToFile(core, await dirs.make(), 'ford-ambush');
    const elsewhere = await start();
    expect(await served(elsewhere, map)).toBe(false);
    const imported = await importFile(elsewhere, exported.path);
    const view = await elsewhere.campaigns.openEncounter(imported.encounters[0]!.id);
    expect(view.encounter.map.image?.asset).toBe(map);
    expect(view.encounter.figures.find((f) => f.id === 'bram')?.art).toBe(art);
    expect(await served(elsewhere, map)).toBe(true);
    expect(await served(elsewhere, art)).toBe(true);
  });

  it('an import whose log uses an image the export file does not hold is refused, naming it; nothing is imported', async () => {
    const { core, map } = await playedWithNewImages();
    const exported = await exportToFile(core, await dirs.make(), 'ford-ambush');
    const without = await rewriteZip(exported.path, join(await dirs.make(), 'No map.encounter.pillars.zip'), (es) =>
      es
        .filter((e) => e.name !== `assets/${map}`)
        .map((e) =>
          e.name === 'pillars-bundle.json'
            ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), assets: (jsonOf(e.bytes).assets as string[]).filter((a) => a !== map) }) }
            : e,
        ),
    );
    const elsewhere = await start();
    const before = (await elsewhere.campaigns.listEncounters()).encounters;
    const refusal = importFile(elsewhere, without);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid-args' });
    await expect(refusal).rejects.toThrow(
      `The export file “No map.encounter.pillars.zip”: encounters/ford-ambush.log.jsonl, entry 1 (setMapImage) uses the image ${map}, which the export file does not hold. Nothing was imported.`,
    );
    expect((await elsewhere.campaigns.listEncounters()).encounters).toEqual(before);
    expect(await served(elsewhere, map)).toBe(false);
  });

  it('an encounter export joining a campaign that has the image already needs not carry it', async () => {
    const { core, map } = await playedWithNewImages();
    const exported = await exportToFile(core, await dirs.make(), 'ford-ambush');
    const without = await rewriteZip(exported.path, join(await dirs.make(), 'x.zip'), (es) =>
      es
        .filter((e) => e.name !== `assets/${map}`)
        .map((e) =>
          e.name === 'pillars-bundle.json'
            ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), assets: (jsonOf(e.bytes).assets as string[]).filter((a) => a !== map) }) }
            : e,
        ),
    );
    // Back into its own campaign, which has the map image: accepted.
    const result = await importFile(core, without);
    expect(result.encounters).toHaveLength(1);
  });

  it('an export is refused, naming the file and the image, when the campaign no longer has an image it uses', async () => {
    const { core, art } = await playedWithNewImages();
    await rm(join(core.campaigns.campaignDir, 'assets', art));
    await expect(exportToFile(core, await dirs.make(), 'ford-ambush')).rejects.toThrow(
      `The export was not made: encounters/ford-ambush.log.jsonl uses the image ${art}, which is not in the campaign’s assets/ folder.`,
    );
    await expect(exportToFile(core, await dirs.make())).rejects.toThrow(`encounters/ford-ambush.log.jsonl uses the image ${art}`);
  });

  it('a campaign export carries a handout’s image; an import missing it is refused naming campaign.json', async () => {
    const core = await start();
    const image = (await core.importImageStream(chunksOf(await realImage('jpeg', 64, 40), 500), null, 'handout image')).asset;
    expect(await core.dispatcher.dispatch('gm', 'addHandout', { title: 'The letter', text: '', image: { asset: image, width: 64, height: 40 } })).toMatchObject(
      {
        ok: true,
      },
    );
    const exported = await exportToFile(core, await dirs.make());
    const elsewhere = await start();
    const imported = await importFile(elsewhere, exported.path);
    await elsewhere.campaigns.openCampaign(imported.dir);
    expect(await served(elsewhere, image)).toBe(true);
    const without = await rewriteZip(exported.path, join(await dirs.make(), 'y.zip'), (es) =>
      es
        .filter((e) => e.name !== `assets/${image}`)
        .map((e) =>
          e.name === 'pillars-bundle.json'
            ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), assets: (jsonOf(e.bytes).assets as string[]).filter((a) => a !== image) }) }
            : e,
        ),
    );
    await expect(importFile(elsewhere, without)).rejects.toThrow(`“y.zip”: campaign.json uses the image ${image}, which the export file does not hold.`);
  });
});
