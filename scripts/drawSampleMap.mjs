#!/usr/bin/env node
/**
 * Draws the sample campaign's art: the battlemap of "Ambush at the Ford" and
 * token art for its four figures, from code, so the project owns every pixel. Deterministic: the
 * same seed gives the same bytes. Run: `node scripts/drawSampleMap.mjs`.
 *
 * Writes the PNGs beside this script (scripts/sample-art/), copies them into the sample campaign's
 * assets/ under their content-hash names, and points the sample encounter's map image and figures'
 * art at them. The map is drawn in the encounter's own world units (a hex's size is 1, hex 0,0 at
 * 1,1, flat-top), so it needs no calibration: the ford's stones lie on the three broken-ground
 * hexes, the dry-stone wall on the wall hexes, the campfire on the fire hex and the copse on the
 * shadow hexes where Sella waits.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, 'sample-art');
const SAMPLE = join(HERE, '..', 'resources', 'sample-campaign');
const ENCOUNTER = join(SAMPLE, 'encounters', 'ford-ambush.json');

/** Image pixels per world unit (a hex's size). */
const PX = 24;
const WORLD = { width: 46, height: 36 };
const SQRT3 = Math.sqrt(3);

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth value noise on a lattice, summed over octaves: 0..1. */
function noiseField(seed) {
  const random = rng(seed);
  const N = 256;
  const table = Float32Array.from({ length: N * N }, () => random());
  const at = (x, y) => table[(((y % N) + N) % N) * N + (((x % N) + N) % N)];
  const smooth = (t) => t * t * (3 - 2 * t);
  const value = (x, y) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = smooth(x - x0);
    const fy = smooth(y - y0);
    const a = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * fx;
    const b = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * fx;
    return a + (b - a) * fy;
  };
  return (x, y, octaves = 4) => {
    let sum = 0;
    let amp = 0.5;
    let f = 1;
    for (let o = 0; o < octaves; o++) {
      sum += value(x * f, y * f) * amp;
      amp /= 2;
      f *= 2;
    }
    return sum / (1 - 0.5 ** octaves);
  };
}

/** Centre of hex (q, r) in world units (flat-top, size 1, hex 0,0 at 1,1: the console's layout). */
const hexCentre = (q, r) => ({ x: 1 + 1.5 * q, y: 1 + (SQRT3 / 2) * q + SQRT3 * r });

/* ------------------------------------------------------------------ the map */

const RGB = {
  grassA: [78, 104, 52],
  grassB: [104, 128, 62],
  dirt: [122, 104, 70],
  road: [150, 128, 92],
  rut: [112, 92, 64],
  mud: [106, 88, 60],
  sand: [168, 150, 110],
  deep: [34, 72, 104],
  water: [56, 108, 138],
  shallow: [98, 140, 142],
  foam: [196, 214, 210],
};

const mix = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const clamp01 = (t) => Math.max(0, Math.min(1, t));

export async function drawMap(encounter) {
  const seedRandom = rng(0xf02d);
  const noise = noiseField(0x5eed);
  const width = WORLD.width * PX;
  const height = WORLD.height * PX;
  const px = new Float32Array(width * height * 3);
  const terrainAt = (kind) =>
    Object.entries(encounter.initial.map.terrain)
      .filter(([, k]) => k === kind)
      .map(([key]) => key.split(',').map(Number))
      .map(([q, r]) => hexCentre(q, r));
  const ford = terrainAt('broken');
  const walls = terrainAt('wall');
  const fires = terrainAt('fire');
  const shadows = terrainAt('shadow');
  const fordY = ford.reduce((s, p) => s + p.y, 0) / ford.length;
  const fordX = ford.reduce((s, p) => s + p.x, 0) / ford.length;

  // The river runs north to south through the ford's column, widest and shallowest at the ford.
  const riverX = (y) => fordX + 0.9 * Math.sin((y - fordY) / 5) + 0.5 * Math.sin((y - fordY) / 2.3) * clamp01(Math.abs(y - fordY) / 4);
  const riverHalf = (y) => 0.95 + 0.75 * Math.exp(-(((y - fordY) / 2.4) ** 2));
  // The road comes from the west, crosses at the ford and bends north-east past the raiders' fire.
  const fire = fires[0] ?? { x: fordX + 9, y: fordY };
  const road = [
    { x: -1, y: fordY + 1.2 },
    { x: fordX - 8, y: fordY + 0.6 },
    { x: fordX, y: fordY },
    { x: fordX + 5, y: fordY - 1.6 },
    { x: fire.x + 0.5, y: fire.y - 2.4 },
    { x: WORLD.width + 1, y: fire.y - 5.5 },
  ];
  const roadDistance = (x, y) => {
    let best = Infinity;
    for (let i = 0; i + 1 < road.length; i++) {
      const a = road[i];
      const b = road[i + 1];
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const t = clamp01(((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy));
      best = Math.min(best, Math.hypot(x - a.x - dx * t, y - a.y - dy * t));
    }
    return best;
  };

  for (let j = 0; j < height; j++) {
    const y = (j + 0.5) / PX;
    const cx = riverX(y);
    const half = riverHalf(y);
    for (let i = 0; i < width; i++) {
      const x = (i + 0.5) / PX;
      const n = noise(x * 0.35, y * 0.35);
      const fine = noise(x * 3.1 + 40, y * 3.1 + 40, 2);
      let c = mix(RGB.grassA, RGB.grassB, clamp01(n * 1.4 - 0.2));
      c = mix(c, RGB.dirt, clamp01((noise(x * 0.6 + 90, y * 0.6) - 0.62) * 4) * 0.6);
      c = c.map((v) => v * (0.95 + Math.round(fine * 4) * 0.025));
      const rd = roadDistance(x, y) + (noise(x * 1.5, y * 1.5 + 7, 2) - 0.5) * 0.25;
      if (rd < 0.62) {
        const edge = clamp01((0.62 - rd) / 0.12);
        let r = mix(RGB.road, RGB.rut, clamp01(1 - Math.abs(Math.abs(rd) - 0.26) / 0.07) * 0.7);
        r = r.map((v) => v * (0.92 + fine * 0.16));
        c = mix(c, r, edge);
      }
      const d = Math.abs(x - cx) + (noise(x * 0.9 + 13, y * 0.9, 3) - 0.5) * 0.35;
      const nearFord = Math.exp(-(((y - fordY) / 2.2) ** 2));
      if (d < half + 0.55) {
        const bank = clamp01((half + 0.55 - d) / 0.2);
        c = mix(c, mix(RGB.mud, RGB.sand, clamp01(nearFord + fine * 0.3)), bank);
      }
      if (d < half) {
        const depth = clamp01((half - d) / half);
        const body = mix(mix(RGB.water, RGB.deep, depth), RGB.shallow, nearFord * 0.85);
        const ripple = 0.5 + 0.5 * Math.sin(y * 7 + noise(x * 2, y * 0.7, 2) * 9);
        let w = body.map((v) => v * (0.93 + ripple * 0.1));
        if (d > half - 0.12) w = mix(w, RGB.foam, 0.35);
        c = mix(c, w, clamp01((half - d) / 0.08));
      }
      const k = (j * width + i) * 3;
      px[k] = c[0];
      px[k + 1] = c[1];
      px[k + 2] = c[2];
    }
  }

  /** Paints a round blob with a lit top-left and a shaded bottom-right; `alpha` fades its edge. */
  const blob = (wx, wy, radius, colour, { light = 0.25, squash = 1, alpha = 1 } = {}) => {
    const x0 = Math.max(0, Math.floor((wx - radius) * PX));
    const x1 = Math.min(width - 1, Math.ceil((wx + radius) * PX));
    const y0 = Math.max(0, Math.floor((wy - radius * squash) * PX));
    const y1 = Math.min(height - 1, Math.ceil((wy + radius * squash) * PX));
    for (let j = y0; j <= y1; j++) {
      for (let i = x0; i <= x1; i++) {
        const dx = ((i + 0.5) / PX - wx) / radius;
        const dy = ((j + 0.5) / PX - wy) / (radius * squash);
        const dd = dx * dx + dy * dy;
        if (dd >= 1) continue;
        const a = clamp01((1 - Math.sqrt(dd)) * radius * PX * 0.5) * alpha;
        const shade = 1 + light * (-dx - dy) * 0.7 - light * dd * 0.6;
        const k = (j * width + i) * 3;
        for (let ch = 0; ch < 3; ch++) px[k + ch] = px[k + ch] * (1 - a) + colour[ch] * shade * a;
      }
    }
  };
  const shadowUnder = (wx, wy, radius) => blob(wx + radius * 0.25, wy + radius * 0.3, radius * 1.05, [20, 28, 16], { light: 0, alpha: 0.45 });
  const rock = (wx, wy, radius, grey) => {
    shadowUnder(wx, wy, radius);
    blob(wx, wy, radius, [grey, grey * 0.98, grey * 0.92], { light: 0.45, squash: 0.8 });
  };
  const tree = (wx, wy, radius) => {
    shadowUnder(wx, wy, radius);
    const g = 0.8 + seedRandom() * 0.3;
    blob(wx, wy, radius, [38 * g, 66 * g, 34 * g], { light: 0.5 });
    for (let t = 0; t < 4; t++) {
      const a = seedRandom() * Math.PI * 2;
      blob(wx + Math.cos(a) * radius * 0.45, wy + Math.sin(a) * radius * 0.45, radius * 0.5, [52 * g, 88 * g, 44 * g], { light: 0.6, alpha: 0.8 });
    }
  };

  // The ford: rounded stones filling the broken-ground hexes (RULINGS M7: footing costs 2).
  for (const h of ford) {
    for (let s = 0; s < 16; s++) {
      const a = seedRandom() * Math.PI * 2;
      const r = Math.sqrt(seedRandom()) * 0.72;
      rock(h.x + Math.cos(a) * r, h.y + Math.sin(a) * r, 0.14 + seedRandom() * 0.14, 120 + seedRandom() * 50);
    }
  }
  // The dry-stone wall along the wall hexes.
  const wallTop = Math.min(...walls.map((w) => w.y)) - 0.7;
  const wallBottom = Math.max(...walls.map((w) => w.y)) + 0.7;
  const wallX = walls.reduce((s, w) => s + w.x, 0) / Math.max(1, walls.length);
  for (let y = wallTop; y <= wallBottom; y += 0.22) {
    for (const off of [-0.2, 0.2])
      rock(wallX + off + (seedRandom() - 0.5) * 0.12, y + (seedRandom() - 0.5) * 0.1, 0.2 + seedRandom() * 0.08, 132 + seedRandom() * 40);
  }
  // The raiders' campfire: a ring of stones round the embers.
  blob(fire.x, fire.y, 0.8, [40, 34, 28], { light: 0, alpha: 0.55 });
  for (let a = 0; a < Math.PI * 2; a += Math.PI / 6) rock(fire.x + Math.cos(a) * 0.5, fire.y + Math.sin(a) * 0.5, 0.13, 140);
  blob(fire.x, fire.y, 0.4, [255, 140, 40], { light: 0 });
  blob(fire.x, fire.y, 0.22, [255, 220, 120], { light: 0 });

  // Keep the open ground the figures fight over clear: no tree on a figure, the road, the river or a terrain hex.
  const keepClear = [...encounter.initial.figures.map((f) => hexCentre(f.position.q, f.position.r)), ...ford, ...walls, ...fires];
  const clearOf = (x, y, r) =>
    keepClear.every((p) => Math.hypot(p.x - x, p.y - y) > r + 1.1) && roadDistance(x, y) > r + 0.8 && Math.abs(x - riverX(y)) > riverHalf(y) + r + 0.5;
  // Rocks scattered on the banks.
  for (let n = 0; n < 70; n++) {
    const x = seedRandom() * WORLD.width;
    const y = seedRandom() * WORLD.height;
    const r = 0.12 + seedRandom() * 0.3;
    if (clearOf(x, y, r)) rock(x, y, r, 110 + seedRandom() * 50);
  }
  // The copse where the ambush waits: dense trees over the shadow hexes.
  for (const h of shadows) {
    for (let t = 0; t < 3; t++) tree(h.x + (seedRandom() - 0.5) * 1.4, h.y + (seedRandom() - 0.5) * 1.4, 0.75 + seedRandom() * 0.35);
  }
  // Woods along the map's edges, thinning toward the middle.
  for (let n = 0; n < 900; n++) {
    const x = seedRandom() * WORLD.width;
    const y = seedRandom() * WORLD.height;
    const edge = Math.min(x, y, WORLD.width - x, WORLD.height - y);
    if (seedRandom() > Math.exp(-edge / 2.4) * 0.9) continue;
    const r = 0.7 + seedRandom() * 0.6;
    if (clearOf(x, y, r)) tree(x, y, r);
  }

  const bytes = Buffer.from(Uint8ClampedArray.from(px));
  const png = await sharp(bytes, { raw: { width, height, channels: 3 } })
    .png({ palette: true, colours: 64, dither: 0, compressionLevel: 9, effort: 10 })
    .toBuffer();
  return { png, width, height };
}

/* ------------------------------------------------------------ token art */

/** Emblems in [-1, 1]²: true inside the shape. */
const EMBLEMS = {
  // Bram: a heater shield with a cross.
  shield: (x, y) => {
    const top = y > -0.62 && y < 0.12 && Math.abs(x) < 0.56;
    const point = y >= 0.12 && y < 0.78 && Math.abs(x) < 0.56 * Math.sqrt(1 - ((y - 0.12) / 0.66) ** 2);
    return top || point;
  },
  // Ilsa: a four-pointed star with a small one beside it.
  star: (x, y) =>
    Math.abs(x) ** (2 / 3) + Math.abs(y) ** (2 / 3) < 0.78 ** (2 / 3) || Math.abs(x - 0.55) ** (2 / 3) + Math.abs(y + 0.55) ** (2 / 3) < 0.25 ** (2 / 3),
  // Grak: a double-bladed battle-axe.
  axe: (x, y) => {
    const handle = Math.abs(x) < 0.07 && y > -0.75 && y < 0.85;
    const ax = Math.abs(x);
    const spread = 0.1 + 0.38 * ((ax - 0.08) / 0.5) ** 1.3;
    const blade = ax > 0.06 && ax < 0.66 && Math.abs(y + 0.3) < spread && ax ** 2 + ((y + 0.3) * 0.75) ** 2 < 0.62 ** 2;
    return handle || blade;
  },
  // Sella: a drawn bow with its arrow.
  bow: (x, y) => {
    const arc = Math.abs(Math.hypot(x + 0.62, y) - 1.05) < 0.075 && x > -0.05;
    const string = Math.abs(x + 0.02 - 0.0) < 0.025 && Math.abs(y) < 0.85 && Math.hypot(x + 0.62, y) < 1.05;
    const shaft = Math.abs(y) < 0.04 && x > -0.78 && x < 0.58;
    const head = x >= 0.55 && x < 0.86 && Math.abs(y) < (0.86 - x) * 0.55;
    const fletch = x > -0.8 && x < -0.55 && Math.abs(y) < 0.04 + (x + 0.8) * 0.5 && Math.abs(y) > 0.03;
    return arc || string || shaft || head || fletch;
  },
};

const TOKENS = [
  { id: 'bram', emblem: 'shield', back: [47, 111, 214], ink: [243, 239, 230], mark: [200, 40, 40] },
  { id: 'ilsa', emblem: 'star', back: [58, 60, 160], ink: [255, 214, 102] },
  { id: 'grak', emblem: 'axe', back: [170, 48, 48], ink: [236, 228, 214] },
  { id: 'sella', emblem: 'bow', back: [92, 40, 52], ink: [226, 200, 150] },
];

export async function drawToken(token, size = 128) {
  const inside = EMBLEMS[token.emblem];
  const out = Buffer.alloc(size * size * 3);
  const S = 3;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const acc = [0, 0, 0];
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          const x = ((i + (si + 0.5) / S) / size) * 2 - 1;
          const y = ((j + (sj + 0.5) / S) / size) * 2 - 1;
          const r = Math.hypot(x + 0.3, y + 0.35);
          let c = token.back.map((v) => v * (1.25 - r * 0.45));
          const ex = x * 1.12;
          const ey = y * 1.12;
          if (inside(ex, ey)) {
            c = token.ink.map((v) => v * (1.05 - (ex + ey) * 0.12));
            // Bram's shield carries a red cross.
            if (token.mark && (Math.abs(ex) < 0.1 || Math.abs(ey + 0.12) < 0.1)) c = token.mark;
          } else if ([0, 1, 2, 3, 4, 5, 6, 7].some((k) => inside(ex + Math.cos((k * Math.PI) / 4) * 0.07, ey + Math.sin((k * Math.PI) / 4) * 0.07))) {
            c = [20, 18, 16];
          }
          for (let ch = 0; ch < 3; ch++) acc[ch] += c[ch];
        }
      }
      for (let ch = 0; ch < 3; ch++) out[(j * size + i) * 3 + ch] = Math.max(0, Math.min(255, Math.round(acc[ch] / (S * S))));
    }
  }
  return sharp(out, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/* ------------------------------------------------------------ writing */

const assetName = (png) => `${createHash('sha256').update(png).digest('hex')}.png`;

async function main() {
  const encounter = JSON.parse(await readFile(ENCOUNTER, 'utf8'));
  await mkdir(OUT, { recursive: true });
  const assets = join(SAMPLE, 'assets');
  // Only the art this script makes lives in the sample's assets: an old version's files go.
  for (const name of await readdir(assets)) if (/^[0-9a-f]{64}\.png$/.test(name)) await rm(join(assets, name));
  const put = async (file, png) => {
    await writeFile(join(OUT, file), png);
    const name = assetName(png);
    await copyFile(join(OUT, file), join(assets, name));
    return name;
  };

  const map = await drawMap(encounter);
  const mapAsset = await put('ford-map.png', map.png);
  encounter.initial.map.image = { asset: mapAsset, width: map.width, height: map.height, x: 0, y: 0, scale: 1 / PX };
  for (const token of TOKENS) {
    const art = await put(`token-${token.id}.png`, await drawToken(token));
    const figure = encounter.initial.figures.find((f) => f.id === token.id);
    if (!figure) throw new Error(`The sample has no figure ${token.id}.`);
    figure.art = art;
  }
  await writeFile(ENCOUNTER, JSON.stringify(encounter, null, 2) + '\n');
  console.log(`map ${map.width}×${map.height}, ${Math.round(map.png.length / 1024)} kB → ${mapAsset}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
