// What is in each page's script: after `BUNDLE_STATS=1 npx electron-vite build`,
//   node tests/bench/chromium/bundleStats.mjs [index.html|player.html] [--top 40]
// attributes every byte of the chunks the page loads before it runs to its source module (from the
// source maps) and prints the largest modules and packages, raw minified bytes.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';

const root = resolve(import.meta.dirname, '..', '..', '..');
const dir = join(root, 'out', 'renderer');
const html = process.argv.find((a) => a.endsWith('.html')) ?? 'index.html';
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 40;

const text = await readFile(join(dir, html), 'utf8');
const urls = [...new Set([...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]))];
const bySource = new Map();
for (const url of urls) {
  const file = join(dir, url.replace(/^\.?\//, ''));
  if (!existsSync(`${file}.map`)) throw new Error(`${file}.map is missing: build with BUNDLE_STATS=1`);
  const code = (await readFile(file, 'utf8')).split('\n');
  const map = JSON.parse(await readFile(`${file}.map`, 'utf8'));
  decode(map.mappings).forEach((segments, line) => {
    const len = code[line]?.length ?? 0;
    segments.forEach((seg, i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : len;
      const src = seg.length > 1 ? map.sources[seg[1]] : '(unmapped)';
      bySource.set(src, (bySource.get(src) ?? 0) + (end - seg[0]));
    });
  });
}
const group = (src) => {
  const m = src.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  const s = src.match(/src\/(renderer\/src\/[^/]+|shared|[^/]+)/);
  return s ? s[1] : src;
};
const byGroup = new Map();
for (const [src, n] of bySource) byGroup.set(group(src), (byGroup.get(group(src)) ?? 0) + n);
const total = [...bySource.values()].reduce((a, b) => a + b, 0);
const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} kB`;
console.log(`${html}: ${urls.length} files, ${kb(total)} raw (mapped bytes)\n\nBy package / folder:`);
for (const [g, n] of [...byGroup].sort((a, b) => b[1] - a[1])) console.log(`${kb(n)}  ${g}`);
console.log(`\nLargest ${top} modules:`);
for (const [s, n] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${kb(n)}  ${s.replace(/^(\.\.\/)+/, '')}`);
