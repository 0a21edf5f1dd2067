/**
 * The players' masked pieces are made as the frame that renames them goes out (services/assetAccess.ts
 * `follow`): a page asking for them next finds each made or on its way, and nothing is masked twice.
 * A real Core on the sample campaign, its map image imported, masking in this thread.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { maskingStats } from '../../../src/main/store/maskImage';
import type { Command } from '../../../src/shared/contract/commands';
import { chunksOf, realImage } from '../../support/images';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
let core: Core;

beforeEach(async () => {
  const root = await dirs.make();
  core = await Core.start({ dataDir: join(root, 'data'), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  // 2,048 × 1,024 px: eight pieces of 512 (projection/mapImage.ts).
  const imported = await core.importImageStream(chunksOf(await realImage('png', 2048, 1024, { fill: [200, 180, 120] }), 1 << 16), null);
  await send({ type: 'setMapImage', image: { asset: imported.asset, width: imported.width, height: imported.height } });
});

afterEach(async () => {
  await core.close();
  await dirs.cleanup();
});

async function send(command: Command): Promise<void> {
  const r = await core.dispatcher.dispatch('gm', 'sendCommand', { command });
  if (!r.ok) throw new Error(r.error.message);
}

const pieceNames = () => core.session.playerView().encounter.map.image!.tiles!.names;

describe("the players' masked pieces", () => {
  it('are started as the frame renaming a few of them goes out, and a page asking for one masks nothing more', async () => {
    const before = pieceNames();
    expect(before.length).toBe(8);
    const started = maskingStats().started;
    // The GM fogs one open hex (Bram's neighbour): the pieces under it are renamed, not most of them.
    await send({ type: 'setHexesHidden', hexes: [{ q: 10, r: 4 }], hidden: true });
    const after = pieceNames();
    const renamed = after.filter((name) => !before.includes(name));
    expect(renamed.length).toBeGreaterThan(0);
    expect(renamed.length * 2).toBeLessThanOrEqual(after.length);
    // Nothing asked yet: the renamed pieces are on their way already, each once.
    await expect.poll(() => maskingStats().started - started).toBe(renamed.length);
    const startedAtFrame = maskingStats().started;
    for (const name of renamed) {
      const answer = await core.readAsset(name, 'player');
      expect(answer).toMatchObject({ type: expect.stringMatching(/^image\//) });
    }
    expect(maskingStats().started, 'masking jobs started by the page asking for the renamed pieces').toBe(startedAtFrame);
  });

  it('are left to be asked for when a frame renames most of them (the page fetches one whole copy then)', async () => {
    const before = pieceNames();
    const started = maskingStats().started;
    // Every hex of the sample's map fogged: every piece renamed.
    const view = core.session.playerView().encounter.map;
    const hexes = [];
    for (let col = 0; col < view.cols; col++) for (let row = 0; row < view.rows; row++) hexes.push({ q: col, r: row - Math.floor(col / 2) });
    await send({ type: 'setHexesHidden', hexes, hidden: true });
    expect(pieceNames().filter((name) => !before.includes(name)).length * 2).toBeGreaterThan(before.length);
    await new Promise((r) => setTimeout(r, 50));
    expect(maskingStats().started).toBe(started);
  });
});
