/**
 * The export file is a streamed zip archive (store/bundleFormat.ts): images as binary entries,
 * the same size limit both ways (an export an import would refuse is refused before it starts),
 * the format decided by the first bytes, and progress reported to the GM until the end, whatever
 * the end is.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransferProgress } from '../../../src/main/host/core';
import { Core } from '../../../src/main/host/core';
import { MAX_BUNDLE_BYTES } from '../../../src/main/store/bundleFormat';
import { exportToFile, importFile, jsonOf, readZip } from '../../support/bundles';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const start = async (maxBundleBytes?: number) =>
  Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, maxBundleBytes }, recordingSink());

describe('the export file is a zip archive', () => {
  it('its first entry says what it holds; images are their files’ own bytes, stored; its size is known before it is written', async () => {
    const core = await start();
    const image = await core.importImageStream(chunksOf(await realImage('png', 64, 64), 500), null);
    const exported = await exportToFile(core, await dirs.make());
    expect((await stat(exported.path)).size).toBe(exported.bytes);
    expect((await readFile(exported.path)).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const entries = await readZip(exported.path);
    expect(entries[0]!.name).toBe('pillars-bundle.json');
    expect(jsonOf(entries[0]!.bytes)).toMatchObject({ format: 'pillars-gm-console-bundle', bundleVersion: 2, kind: 'campaign', name: 'Sample Campaign' });
    expect(entries.map((e) => e.name).slice(1, 4)).toEqual(['campaign.json', 'encounters/ford-ambush.json', 'encounters/ford-ambush.log.jsonl']);
    const onDisk = await readFile(join(core.campaigns.campaignDir, 'assets', image.asset));
    expect(entries.find((e) => e.name === `assets/${image.asset}`)!.bytes.equals(onDisk)).toBe(true);
    const zip = await yauzl.openPromise(exported.path, { autoClose: false });
    for await (const entry of zip.eachEntry()) expect({ name: entry.fileName, method: entry.compressionMethod }).toEqual({ name: entry.fileName, method: 0 });
    zip.close();
  });
});

describe('the same size limit on both sides', () => {
  it('an export larger than an import takes is refused before anything is written; the same limit refuses such a file on import', async () => {
    const big = await start();
    const exported = await exportToFile(big, await dirs.make());
    const limit = exported.bytes - 1;
    const small = await start(limit);
    await expect(small.transfers.prepareExport(null)).rejects.toThrow(
      /^The export would be .* MiB, more than the .* MiB an import accepts, so it was not made\./,
    );
    await expect(importFile(small, exported.path)).rejects.toThrow(/is .* MiB; export files up to .* MiB can be imported\. Nothing was imported\.$/);
    // One byte more and both sides take it.
    const fits = await start(exported.bytes);
    expect((await exportToFile(fits, await dirs.make())).bytes).toBe(exported.bytes);
    expect((await importFile(fits, exported.path)).kind).toBe('campaign');
    expect(MAX_BUNDLE_BYTES).toBe(1024 * 1024 * 1024);
  });
});

describe('what a file is, from its first bytes', () => {
  it.each([
    ['a PNG', async () => realImage('png', 8, 8)],
    ['an empty file', async () => Buffer.alloc(0)],
    ['a text', async () => Buffer.from('Notes for the session\n')],
  ])('%s is refused as no console export', async (_what, bytes) => {
    const core = await start();
    const path = join(await dirs.make(), 'file.zip');
    await writeFile(path, await bytes());
    await expect(importFile(core, path)).rejects.toThrow(/^The export file “file\.zip” is not a console export: an export is a \.zip archive/);
  });
});

describe('progress for the GM, to the end', () => {
  const watch = (core: Core) => {
    const seen: TransferProgress[] = [];
    core.transfers.onTransfer((p) => seen.push(p));
    return seen;
  };

  it('an export and an import report their steps, then done', async () => {
    const core = await start();
    const seen = watch(core);
    const exported = await exportToFile(core, await dirs.make());
    expect(seen.at(-1)).toMatchObject({ direction: 'export', outcome: 'done', what: exported.fileName });
    expect(seen.some((p) => p.outcome === 'running' && p.step === 'Exporting' && p.total === exported.bytes)).toBe(true);
    seen.length = 0;
    await importFile(core, exported.path);
    expect(seen.filter((p) => p.outcome !== 'running')).toEqual([expect.objectContaining({ direction: 'import', outcome: 'done', message: null })]);
    expect(new Set(seen.filter((p) => p.outcome === 'running').map((p) => p.step))).toEqual(
      new Set(['Unpacking the export file', 'Replaying “Ambush at the Ford”', 'Checking the images', 'Writing']),
    );
  });

  it('a refused import ends with failed and the reason; so does an export that cannot be written', async () => {
    const core = await start();
    const seen = watch(core);
    const path = join(await dirs.make(), 'notes.zip');
    await writeFile(path, 'not an export');
    await expect(importFile(core, path)).rejects.toThrow();
    expect(seen.at(-1)).toMatchObject({ direction: 'import', outcome: 'failed', message: expect.stringMatching(/is not a console export/) });
    const job = await core.transfers.prepareExport(null);
    const { Writable } = await import('node:stream');
    const broken = new Writable({ write: (_c, _e, done) => done(new Error('disk full')) });
    await expect(core.transfers.writeExport(job, broken)).rejects.toThrow('disk full');
    expect(seen.at(-1)).toMatchObject({ direction: 'export', outcome: 'failed' });
  });
});
