import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/errors';
import { IdSchema } from '../../shared/contract/schemas';
import { ASSET_NAME } from './assets';
import { BUNDLE_FORMAT, MAX_BUNDLE_ASSETS, MAX_BUNDLE_ENCOUNTERS, type BundleKind, type OnStep } from './bundleFormat';
import { describeSchemaError } from './jsonDocument';

/**
 * Export files of bundle version 1 (before the zip archive): one JSON document, the images in
 * base64 strings. They still import. The file is read in chunks: every string longer than
 * `LONG_STRING` (an image's base64) goes to a file of its own as it is read, and the rest — the
 * campaign, the encounters and their logs — is parsed as JSON, so no image is ever one string in
 * memory. The result is laid out in `outDir` as a campaign folder, for the same checks as an archive.
 */
const LONG_STRING = 1024 * 1024;
const BLOB_PREFIX = '\u0000blob:';

const LegacySchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    bundleVersion: z.literal(1),
    kind: z.enum(['campaign', 'encounter']),
    exportedAt: z.string(),
    campaign: z.unknown().optional(),
    encounters: z.array(z.object({ file: z.unknown(), log: z.array(z.unknown()) }).strict()).max(MAX_BUNDLE_ENCOUNTERS),
    assets: z.array(z.object({ name: z.string().regex(ASSET_NAME), base64: z.string() }).strict()).max(MAX_BUNDLE_ASSETS),
  })
  .strict();

export interface LegacyContents {
  readonly kind: BundleKind;
  readonly name: string;
  readonly encounters: string[];
  readonly assets: string[];
}

const refuse = (label: string, why: string) => new AppError('invalid-args', `${label} ${why} Nothing was imported.`);

/** Splits the file into the JSON without its long strings (each replaced by a marker) and the long strings' bytes, one file each. */
async function splitLongStrings(path: string, blobDir: string, onStep: OnStep, total: number): Promise<string> {
  const small: Buffer[] = [];
  let inString = false;
  let escaped = false;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let blob: FileHandle | null = null;
  let blobs = 0;
  let read = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    read += chunk.length;
    let at = 0;
    while (at < chunk.length) {
      if (!inString) {
        const quote = chunk.indexOf(0x22, at);
        const end = quote < 0 ? chunk.length : quote + 1;
        small.push(chunk.subarray(at, end));
        at = end;
        if (quote >= 0) inString = true;
        continue;
      }
      // Inside a string: find its closing quote (one not escaped by a backslash).
      let i = at;
      for (; i < chunk.length; i++) {
        const b = chunk[i]!;
        if (escaped) escaped = false;
        else if (b === 0x5c) escaped = true;
        else if (b === 0x22) break;
      }
      const content = chunk.subarray(at, i);
      if (blob) await blob.write(content);
      else {
        pending.push(content);
        pendingBytes += content.length;
        if (pendingBytes > LONG_STRING) {
          blob = await open(join(blobDir, String(blobs)), 'wx');
          await blob.write(Buffer.concat(pending));
          pending = [];
        }
      }
      if (i === chunk.length) break;
      // The string ends here.
      if (blob) {
        await blob.close();
        blob = null;
        small.push(Buffer.from(`${JSON.stringify(BLOB_PREFIX + blobs).slice(1)}`, 'utf8'));
        blobs += 1;
      } else small.push(...pending, Buffer.from('"'));
      pending = [];
      pendingBytes = 0;
      inString = false;
      at = i + 1;
    }
    onStep({ step: 'Reading the export file', done: read, total });
  }
  await blob?.close();
  return Buffer.concat([...small, ...pending]).toString('utf8');
}

/** Decodes an image's base64 (inline, or from its long-string file) into `target`, checking its hash against its name. */
async function writeAsset(target: string, name: string, base64: string, blobDir: string, label: string): Promise<void> {
  const hash = createHash('sha256');
  const out = await open(target, 'wx');
  try {
    if (!base64.startsWith(BLOB_PREFIX)) {
      const bytes = Buffer.from(base64, 'base64');
      hash.update(bytes);
      await out.write(bytes);
    } else {
      let carry = '';
      for await (const chunk of createReadStream(join(blobDir, base64.slice(BLOB_PREFIX.length)), { highWaterMark: 1024 * 1024 })) {
        // JSON may escape "/" as "\/"; base64 has no other character to escape.
        const text = carry + (chunk as Buffer).toString('latin1').replace(/\\/g, '');
        const whole = text.length - (text.length % 4);
        const bytes = Buffer.from(text.slice(0, whole), 'base64');
        carry = text.slice(whole);
        hash.update(bytes);
        await out.write(bytes);
      }
      const bytes = Buffer.from(carry, 'base64');
      hash.update(bytes);
      await out.write(bytes);
    }
  } finally {
    await out.close();
  }
  if (hash.digest('hex') !== name.slice(0, 64)) throw refuse(label, `holds the image ${name} damaged (its bytes do not match its name).`);
}

/** A long string anywhere but an image's base64 is not something a version 1 export held. */
function blobsOutsideImages(value: unknown, underImage = false): boolean {
  if (typeof value === 'string') return !underImage && value.startsWith(BLOB_PREFIX);
  if (Array.isArray(value)) return value.some((v) => blobsOutsideImages(v));
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => blobsOutsideImages(v, k === 'base64'));
  return false;
}

/** Converts a version 1 export file at `path` into a campaign folder's layout in `outDir` (made here). */
export async function unpackLegacyBundle(path: string, outDir: string, workDir: string, label: string, total: number, onStep: OnStep): Promise<LegacyContents> {
  const blobDir = join(workDir, 'long-strings');
  await mkdir(blobDir, { recursive: true });
  try {
    const text = await splitLongStrings(path, blobDir, onStep, total);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw refuse(label, `is not a console export: it is not valid JSON (${(e as Error).message}).`);
    }
    if (blobsOutsideImages(raw)) throw refuse(label, 'holds a text of more than 1 MiB outside an image, which no export has.');
    const parsed = LegacySchema.safeParse(raw);
    if (!parsed.success) throw new AppError('invalid-args', `${describeSchemaError(label, parsed.error)} Nothing was imported.`);
    const b = parsed.data;
    await mkdir(join(outDir, 'encounters'), { recursive: true });
    await mkdir(join(outDir, 'assets'), { recursive: true });
    if (b.kind === 'campaign') await writeFile(join(outDir, 'campaign.json'), JSON.stringify(b.campaign ?? null), { flag: 'wx' });
    const ids: string[] = [];
    for (const [i, e] of b.encounters.entries()) {
      const id = IdSchema.safeParse((e.file as { id?: unknown } | null)?.id);
      if (!id.success) throw refuse(label, `has encounter ${i + 1} without a valid id.`);
      if (ids.includes(id.data)) throw refuse(label, `holds encounter “${id.data}” twice.`);
      ids.push(id.data);
      await writeFile(join(outDir, 'encounters', `${id.data}.json`), JSON.stringify(e.file), { flag: 'wx' });
      await writeFile(join(outDir, 'encounters', `${id.data}.log.jsonl`), e.log.map((l) => `${JSON.stringify(l)}\n`).join(''), { flag: 'wx' });
    }
    const assets: string[] = [];
    for (const [i, a] of b.assets.entries()) {
      onStep({ step: 'Reading the images', done: i + 1, total: b.assets.length });
      if (assets.includes(a.name)) continue;
      await writeAsset(join(outDir, 'assets', a.name), a.name, a.base64, blobDir, label);
      assets.push(a.name);
    }
    const name =
      b.kind === 'campaign' ? String((b.campaign as { name?: unknown } | null)?.name ?? '') : String((b.encounters[0]?.file as { name?: unknown })?.name ?? '');
    return { kind: b.kind, name, encounters: ids, assets };
  } finally {
    await rm(blobDir, { recursive: true, force: true });
  }
}
