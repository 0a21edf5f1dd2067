/** Export / import and the combat log export, through the real Core. */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { bytesOf, exportToFile, importFile, jsonOf, rewriteZip } from '../../support/bundles';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, readLogFile, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

const start = async () =>
  closing.add(
    await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, now: () => new Date('2026-03-01T12:00:00.000Z') }, recordingSink()),
  );

describe('export and import', () => {
  it('a campaign exported on one machine imports on another with its log and assets; a second import is renamed', async () => {
    const a = await start();
    await a.session.execute({ type: 'rollInitiative' }, [[5], [2]]);
    await a.session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const image = await a.importImageStream(chunksOf(await realImage('png', 10, 10), 50), null);
    const exported = await exportToFile(a, await dirs.make());
    expect(exported.fileName).toBe('Sample Campaign.campaign.pillars.zip');

    const b = await start();
    const first = await importFile(b, exported.path);
    expect(first).toMatchObject({ kind: 'campaign', name: 'Sample Campaign (2)', renamed: true });
    // The machine already had a "Sample Campaign" (its own first start): nothing was overwritten.
    expect((await readdir(b.campaigns.campaignsHome)).sort()).toEqual(['Sample Campaign', 'Sample Campaign (2)']);
    // The sample's own art travels with it, and the image imported on the first machine too.
    const sampleArt = (await readdir(join(SAMPLE_CAMPAIGN_DIR, 'assets'))).filter((name) => !name.startsWith('.'));
    expect((await readdir(join(first.dir, 'assets'))).sort()).toEqual([...sampleArt, image.asset].sort());
    expect((await readLogFile(first.dir)).map((e) => e.command.type)).toEqual(['rollInitiative', 'moveFigure']);
    await b.campaigns.openCampaign(first.dir);
    expect(b.session.gmView().encounter).toEqual(a.session.gmView().encounter);
    const second = await importFile(b, exported.path);
    expect(second.name).toBe('Sample Campaign (3)');
  });

  it('an encounter imports into the open campaign under a new id and name when both are taken', async () => {
    const a = await start();
    await a.session.execute({ type: 'turnFigure', figureId: 'bram', facing: 3 });
    const exported = await exportToFile(a, await dirs.make(), 'ford-ambush');
    expect(exported.fileName).toBe('Ambush at the Ford.encounter.pillars.zip');
    const result = await importFile(a, exported.path);
    expect(result).toMatchObject({
      kind: 'encounter',
      renamed: true,
      encounters: [{ from: 'ford-ambush', id: 'ambush-at-the-ford-imported', name: 'Ambush at the Ford (imported)' }],
    });
    const list = await a.campaigns.listEncounters();
    expect(list.encounters.map((e) => e.id)).toEqual(['ambush-at-the-ford-imported', 'ford-ambush']);
    const view = await a.campaigns.openEncounter(result.encounters[0]!.id);
    expect(view.encounter.figures.find((f) => f.id === 'bram')?.facing).toBe(3);
    expect(view.history.logLength).toBe(1);
  });

  it('refuses an archive that is no console export, and one whose list of contents is not its own', async () => {
    const a = await start();
    const exported = await exportToFile(a, await dirs.make());
    const dir = await dirs.make();
    const noManifest = await rewriteZip(exported.path, join(dir, 'a.zip'), (es) => es.filter((e) => e.name !== 'pillars-bundle.json'));
    await expect(importFile(a, noManifest)).rejects.toThrow(/a\.zip” is a zip archive but not a console export \(it has no pillars-bundle\.json\)/);
    const otherFormat = await rewriteZip(exported.path, join(dir, 'b.zip'), (es) =>
      es.map((e) => (e.name === 'pillars-bundle.json' ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), format: 'x' }) } : e)),
    );
    await expect(importFile(a, otherFormat)).rejects.toThrow(/pillars-bundle\.json in the export file “b\.zip” is not a valid file at format/);
    const stray = await rewriteZip(exported.path, join(dir, 'c.zip'), (es) => [...es, { name: 'notes/readme.txt', bytes: Buffer.from('hi') }]);
    await expect(importFile(a, stray)).rejects.toThrow(/holds “notes\/readme\.txt”, which is not part of a console export/);
    const missing = await rewriteZip(exported.path, join(dir, 'd.zip'), (es) => es.filter((e) => !e.name.endsWith('.log.jsonl')));
    await expect(importFile(a, missing)).rejects.toThrow(/lacks encounters\/ford-ambush\.log\.jsonl, which its list of contents names/);
    expect((await readdir(a.campaigns.campaignsHome)).sort()).toEqual(['Sample Campaign']);
  });

  it('refuses an asset whose bytes do not match its hash name', async () => {
    const a = await start();
    await a.importImageStream(chunksOf(await realImage('png', 10, 10, { fill: [200, 30, 30] }), 50), null);
    const exported = await exportToFile(a, await dirs.make());
    const tampered = await rewriteZip(exported.path, join(await dirs.make(), 't.zip'), (es) =>
      es.map((e) => (e.name.startsWith('assets/') ? { ...e, bytes: Buffer.from('tampered') } : e)),
    );
    await expect(importFile(a, tampered)).rejects.toThrow(/damaged \(its bytes do not match its name\)/);
  });
});

// Images are decoded fully on import, from bundles too: the hash proves the bytes are the exported
// ones, not that they are an image. Each image is decoded in full; a bad one refuses the whole
// bundle, and nothing is written.
describe('images inside an imported bundle are decoded, not only hash-checked', () => {
  const rehashed = (bytes: Buffer, ext: string) => ({ name: `${createHash('sha256').update(bytes).digest('hex')}.${ext}`, bytes });
  const truncatedPng = async () => (await realImage('png', 200, 200)).subarray(0, 3000);
  const foreign = () => Buffer.from('<html><body>not a picture</body></html>');
  /** The export with one more image, listed in its contents as the exporter would. */
  const withImage = async (path: string, bad: { name: string; bytes: Buffer }) =>
    rewriteZip(path, join(await dirs.make(), 'with-image.zip'), (es) => [
      ...es.map((e) =>
        e.name === 'pillars-bundle.json' ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), assets: [...(jsonOf(e.bytes).assets as string[]), bad.name] }) } : e,
      ),
      { name: `assets/${bad.name}`, bytes: bad.bytes },
    ]);

  it.each([
    ['a PNG cut short', truncatedPng, 'png', /is damaged: its pixel data does not decode.*Nothing was imported/],
    ['HTML under a PNG name', async () => foreign(), 'png', /is not the PNG its name says \(its bytes are not an image\)/],
    ['a JPEG under a PNG name', async () => realImage('jpeg', 20, 20), 'png', /is not the PNG its name says \(its bytes are JPEG\)/],
  ])('a campaign bundle holding %s is refused, naming the file; no folder is made', async (_k, bytes, ext, why) => {
    const a = await start();
    await a.importImageStream(chunksOf(await realImage('png', 10, 10), 50), null);
    const bad = rehashed(await bytes(), ext);
    const bundle = await withImage((await exportToFile(a, await dirs.make())).path, bad);
    const b = await start();
    const before = (await readdir(b.campaigns.campaignsHome)).sort();
    const refusal = importFile(b, bundle);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid-args' });
    await expect(refusal).rejects.toThrow(bad.name);
    await expect(refusal).rejects.toThrow(why);
    expect((await readdir(b.campaigns.campaignsHome)).sort()).toEqual(before);
  });

  it('an encounter bundle with a truncated image writes neither the image nor the encounter', async () => {
    const a = await start();
    const bad = rehashed(await truncatedPng(), 'png');
    const bundle = await withImage((await exportToFile(a, await dirs.make(), 'ford-ambush')).path, bad);
    const encountersBefore = (await a.campaigns.listEncounters()).encounters.map((e) => e.id);
    const assetsBefore = await readdir(join(a.campaigns.openDir!, 'assets')).catch(() => []);
    await expect(importFile(a, bundle)).rejects.toThrow(new RegExp(`${bad.name}.*Nothing was imported`));
    expect((await a.campaigns.listEncounters()).encounters.map((e) => e.id)).toEqual(encountersBefore);
    expect(await readdir(join(a.campaigns.openDir!, 'assets')).catch(() => [])).toEqual(assetsBefore);
    expect((await readdir(a.campaigns.openDir!)).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});

describe('the combat recap as Markdown', () => {
  it('tells each turn in sentences, the GM placing Bram in turn 2; no event dump', async () => {
    const a = await start();
    await a.session.execute({ type: 'rollInitiative' }, [[4], [2]]);
    for (let i = 0; i < 6; i++) await a.session.execute({ type: 'advancePhase', override: true });
    await a.session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const { fileName, markdown } = await a.campaigns.exportCombatLog();
    expect(fileName).toBe('Ambush at the Ford recap (GM).md');
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('# Combat recap (GM): Ambush at the Ford');
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Turn 1', '## Turn 2']);
    expect(lines).toContain('Initiative: The Party 4, Ford Raiders 2.');
    expect(lines).toContain('The GM placed Bram at (10, 5).');
    expect(markdown).not.toMatch(/phaseChanged|orderSet|\{"/);
  });
});
