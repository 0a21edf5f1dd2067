/** Export / import (issue 6 §6) and the combat log export (§7), through the real Core. */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { checkBundle } from '../../../src/main/store/bundle';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, readLogFile, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const start = async () =>
  Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, now: () => new Date('2026-03-01T12:00:00.000Z') }, recordingSink());

describe('export and import', () => {
  it('a campaign exported on one machine imports on another with its log and assets; a second import is renamed', async () => {
    const a = await start();
    await a.session.execute({ type: 'rollInitiative' }, [[5], [2]]);
    await a.session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const image = await a.importImageStream(chunksOf(await realImage('png', 10, 10), 50), null);
    const exported = await a.transfers.exportCampaign();
    expect(exported.fileName).toBe('Sample Campaign.campaign.pillars.json');

    const b = await start();
    const first = await b.importBundleText(exported.text);
    expect(first).toMatchObject({ kind: 'campaign', name: 'Sample Campaign (2)', renamed: true });
    // The machine already had a "Sample Campaign" (its own first start): nothing was overwritten.
    expect((await readdir(b.campaignsHome)).sort()).toEqual(['Sample Campaign', 'Sample Campaign (2)']);
    // The sample's own art travels with it, and the image imported on the first machine too.
    const sampleArt = (await readdir(join(SAMPLE_CAMPAIGN_DIR, 'assets'))).filter((name) => !name.startsWith('.'));
    expect((await readdir(join(first.dir, 'assets'))).sort()).toEqual([...sampleArt, image.asset].sort());
    expect((await readLogFile(first.dir)).map((e) => e.command.type)).toEqual(['rollInitiative', 'moveFigure']);
    await b.openCampaign(first.dir);
    expect(b.session.gmView().encounter).toEqual(a.session.gmView().encounter);
    const second = await b.importBundleText(exported.text);
    expect(second.name).toBe('Sample Campaign (3)');
  });

  it('an encounter imports into the open campaign under a new id and name when both are taken', async () => {
    const a = await start();
    await a.session.execute({ type: 'turnFigure', figureId: 'bram', facing: 3 });
    const exported = await a.transfers.exportEncounter('ford-ambush');
    const result = await a.importBundleText(exported.text);
    expect(result).toMatchObject({
      kind: 'encounter',
      renamed: true,
      encounters: [{ from: 'ford-ambush', id: 'ambush-at-the-ford-imported', name: 'Ambush at the Ford (imported)' }],
    });
    const list = await a.listEncounters();
    expect(list.encounters.map((e) => e.id)).toEqual(['ambush-at-the-ford-imported', 'ford-ambush']);
    const view = await a.openEncounter(result.encounters[0]!.id);
    expect(view.encounter.figures.find((f) => f.id === 'bram')?.facing).toBe(3);
    expect(view.history.logLength).toBe(1);
  });

  it.each([
    ['not JSON', 'garbage{', /not valid JSON/],
    ['another format', JSON.stringify({ format: 'x' }), /export file is not a valid file at format/],
  ])('refuses %s with invalid-args and writes nothing', async (_k, text, why) => {
    expect(() => checkBundle(text)).toThrow(why);
  });

  it('refuses an asset whose bytes do not match its hash name', async () => {
    const a = await start();
    await a.importImageStream(chunksOf(await realImage('png', 10, 10, { fill: [200, 30, 30] }), 50), null);
    const bundle = JSON.parse((await a.transfers.exportCampaign()).text) as { assets: { base64: string }[] };
    bundle.assets[0]!.base64 = Buffer.from('tampered').toString('base64');
    expect(() => checkBundle(JSON.stringify(bundle))).toThrow(/damaged/);
  });
});

// Issue 13 §6 for bundles: the hash proves the bytes are the exported ones, not that they are an
// image. Each image is decoded in full; a bad one refuses the whole bundle, and nothing is written.
describe('images inside an imported bundle are decoded, not only hash-checked', () => {
  const rehashed = (bytes: Buffer, ext: string) => ({ name: `${createHash('sha256').update(bytes).digest('hex')}.${ext}`, base64: bytes.toString('base64') });
  const truncatedPng = async () => (await realImage('png', 200, 200)).subarray(0, 3000);
  const foreign = () => Buffer.from('<html><body>not a picture</body></html>');

  it.each([
    ['a PNG cut short', truncatedPng, 'png', /is damaged: its pixel data does not decode.*Nothing was imported/],
    ['HTML under a PNG name', async () => foreign(), 'png', /is not the PNG its name says \(its bytes are not an image\)/],
    ['a JPEG under a PNG name', async () => realImage('jpeg', 20, 20), 'png', /is not the PNG its name says \(its bytes are JPEG\)/],
  ])('a campaign bundle holding %s is refused, naming the file; no folder is made', async (_k, bytes, ext, why) => {
    const a = await start();
    await a.importImageStream(chunksOf(await realImage('png', 10, 10), 50), null);
    const bundle = JSON.parse((await a.transfers.exportCampaign()).text) as { assets: { name: string; base64: string }[] };
    const bad = rehashed(await bytes(), ext);
    bundle.assets.push(bad);
    const b = await start();
    const before = (await readdir(b.campaignsHome)).sort();
    const refusal = b.importBundleText(JSON.stringify(bundle));
    await expect(refusal).rejects.toMatchObject({ code: 'invalid-args' });
    await expect(refusal).rejects.toThrow(bad.name);
    await expect(refusal).rejects.toThrow(why);
    expect((await readdir(b.campaignsHome)).sort()).toEqual(before);
  });

  it('an encounter bundle with a truncated image writes neither the image nor the encounter', async () => {
    const a = await start();
    const bundle = JSON.parse((await a.transfers.exportEncounter('ford-ambush')).text) as { assets: { name: string; base64: string }[] };
    const bad = rehashed(await truncatedPng(), 'png');
    bundle.assets.push(bad);
    const encountersBefore = (await a.listEncounters()).encounters.map((e) => e.id);
    const assetsBefore = await readdir(join(a.openDir!, 'assets')).catch(() => []);
    await expect(a.importBundleText(JSON.stringify(bundle))).rejects.toThrow(new RegExp(`${bad.name}.*Nothing was imported`));
    expect((await a.listEncounters()).encounters.map((e) => e.id)).toEqual(encountersBefore);
    expect(await readdir(join(a.openDir!, 'assets')).catch(() => [])).toEqual(assetsBefore);
  });
});

describe('the combat recap as Markdown (issue 12 §6)', () => {
  it('tells each turn in sentences, the GM placing Bram in turn 2; no event dump', async () => {
    const a = await start();
    await a.session.execute({ type: 'rollInitiative' }, [[4], [2]]);
    for (let i = 0; i < 6; i++) await a.session.execute({ type: 'advancePhase', override: true });
    await a.session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const { fileName, markdown } = await a.exportCombatLog();
    expect(fileName).toBe('Ambush at the Ford recap (GM).md');
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('# Combat recap (GM): Ambush at the Ford');
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Turn 1', '## Turn 2']);
    expect(lines).toContain('Initiative: The Party 4, Ford Raiders 2.');
    expect(lines).toContain('The GM placed Bram at (10, 5).');
    expect(markdown).not.toMatch(/phaseChanged|orderSet|\{"/);
  });
});
