// The JavaScript a page loads before it runs: the entry script of its HTML and every module it
// preloads, gzipped as a server would send them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export async function pageScripts(root, html) {
  const dir = join(root, 'out', 'renderer');
  const text = await readFile(join(dir, html), 'utf8');
  const urls = [...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gzip = 0;
  let zod = false;
  for (const url of new Set(urls)) {
    const bytes = await readFile(join(dir, url.replace(/^\.?\//, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    // zod's schema classes name themselves ("$ZodType"): pages validate nothing and load no zod.
    zod ||= bytes.includes('"$ZodType"');
  }
  return { files: urls.length, rawKb: raw / 1024, gzipKb: gzip / 1024, zod };
}
