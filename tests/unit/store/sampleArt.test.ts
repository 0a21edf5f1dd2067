/**
 * The sample campaign's art: every asset the sample encounter names is in its
 * assets/ under the SHA-256 of its bytes and decodes; the map image lies on the encounter's own
 * grid, so the pixels under the terrain hexes show what the terrain says (the ford's stones, the
 * wall, the campfire) and the water runs beside the ford; the token art is small enough to ship.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EncounterStateSchema } from '../../../src/main/engine/encounter/schema';
import { decodeFully } from '../../../src/main/store/imageDecode';
import { hexToPixel } from '../../../src/shared/hex/layout';
import { SAMPLE_CAMPAIGN_DIR } from '../../support/tempCampaign';

const file = JSON.parse(await readFile(join(SAMPLE_CAMPAIGN_DIR, 'encounters', 'ford-ambush.json'), 'utf8')) as { initial: unknown };
const initial = EncounterStateSchema.parse(file.initial);
const assetPath = (name: string) => join(SAMPLE_CAMPAIGN_DIR, 'assets', name);

/** The map image's RGB at the centre of hex (q, r), in the console's world (hex size 1, hex 0,0 at 1,1). */
async function mapPixel(q: number, r: number): Promise<[number, number, number]> {
  const image = initial.map.image!;
  const centre = hexToPixel({ orientation: 'flat', size: 1, origin: { x: 1, y: 1 } }, { q, r });
  const x = Math.floor((centre.x - image.x) / image.scale);
  const y = Math.floor((centre.y - image.y) / image.scale);
  const { data, info } = await sharp(assetPath(image.asset)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // The average of a 5×5 patch: one pixel may be a stone's highlight.
  const sum = [0, 0, 0];
  for (let dy = -2; dy <= 2; dy++)
    for (let dx = -2; dx <= 2; dx++) for (let c = 0; c < 3; c++) sum[c] = sum[c]! + data[((y + dy) * info.width + x + dx) * 3 + c]!;
  return sum.map((v) => v / 25) as [number, number, number];
}

describe('the sample campaign’s art', () => {
  it('names only assets that are in its folder under their content hash and decode', async () => {
    const names = [initial.map.image!.asset, ...initial.figures.map((f) => f.art!)];
    expect(names.every(Boolean)).toBe(true);
    expect(new Set(names).size).toBe(5);
    for (const name of names) {
      const bytes = await readFile(assetPath(name));
      expect(`${createHash('sha256').update(bytes).digest('hex')}.png`).toBe(name);
      await decodeFully(assetPath(name), name);
    }
    // The battlemap stays modest (a few hundred kB), each token a few kB.
    expect((await readFile(assetPath(initial.map.image!.asset))).length).toBeLessThan(500 * 1024);
    for (const f of initial.figures) expect((await readFile(assetPath(f.art!))).length).toBeLessThan(32 * 1024);
  });

  it('covers the whole grid in the encounter’s own units', () => {
    const image = initial.map.image!;
    expect(image.x).toBeLessThanOrEqual(0);
    expect(image.y).toBeLessThanOrEqual(0);
    // 30 flat-top columns span 1.5 × 29 + 2 hex sizes; 20 rows span √3 × 20.5.
    expect(image.x + image.width * image.scale).toBeGreaterThanOrEqual(1.5 * 29 + 2);
    expect(image.y + image.height * image.scale).toBeGreaterThanOrEqual(Math.sqrt(3) * 20.5);
  });

  it('draws what the terrain says where the terrain says it', async () => {
    const grey = ([r, g, b]: number[]) => Math.abs(r! - g!) < 30 && Math.abs(g! - b!) < 30 && r! > 100;
    const green = ([r, g, b]: number[]) => g! > r! && g! > b! + 25;
    const terrain = Object.entries(initial.map.terrain);
    // The wall hexes are the dry-stone wall.
    for (const [key] of terrain.filter(([, k]) => k === 'wall')) {
      const [q, r] = key.split(',').map(Number) as [number, number];
      expect(grey(await mapPixel(q, r)), `wall at ${key}: ${await mapPixel(q, r)}`).toBe(true);
    }
    // The campfire burns on the fire hex.
    const [fq, fr] = terrain
      .find(([, k]) => k === 'fire')![0]
      .split(',')
      .map(Number) as [number, number];
    const fire = await mapPixel(fq, fr);
    expect(fire[0]).toBeGreaterThan(200);
    expect(fire[0]).toBeGreaterThan(fire[2] + 80);
    // The ford's broken ground is not grass; the river runs north of it, in the same column.
    for (const [key] of terrain.filter(([, k]) => k === 'broken')) {
      const [q, r] = key.split(',').map(Number) as [number, number];
      expect(green(await mapPixel(q, r)), `ford at ${key}`).toBe(false);
    }
    const water = await mapPixel(12, 2);
    expect(water[2]).toBeGreaterThan(water[0] + 40);
    // Bram and Ilsa stand on open grass.
    for (const f of initial.figures.filter((x) => x.sideId === 'party')) expect(green(await mapPixel(f.position.q, f.position.r)), f.name).toBe(true);
  });
});
