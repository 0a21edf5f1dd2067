import { createReadStream, type ReadStream } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { AppError } from '../../shared/errors';
import { ASSET_NAME } from './assets';
import {
  ASSET_REFERENCE_BYTES,
  assetReferences,
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  MANIFEST_ENTRY,
  MAX_BUNDLE_BYTES,
  mib,
  type BundleKind,
  type Manifest,
} from './bundleFormat';
import type { CampaignFolder } from './campaignFolder';
import { encounterDocName, encounterLogName } from './campaignPaths';
import { cutToBytes, folderNameFor } from './folderNames';
import { readVersionedDocument } from './jsonDocument';
import { ENCOUNTER_SCHEMA_VERSION, EncounterFileSchema } from './schema';

/**
 * Exports as a streamed zip archive (bundleFormat.ts). `prepareExport*` reads what the archive
 * will hold — the documents (kept in memory: they are small), each log's length up to its last
 * complete line and the images it names, every asset's size — and refuses, before a byte is
 * written, an export that names an image the campaign does not have or that would be larger than
 * an import accepts. `writeTo` then streams it: the logs and images are read from disk as the
 * archive is written, one at a time, at the pace the destination takes them.
 */
export interface ExportJob {
  readonly kind: BundleKind;
  readonly name: string;
  /** The file name offered to the GM. */
  readonly fileName: string;
  /** The archive's exact size in bytes. */
  readonly bytes: number;
  /** Streams the archive into `out`; `onBytes` sees the bytes written so far. */
  writeTo(out: Writable, onBytes?: (written: number) => void): Promise<void>;
  /** Gives up a prepared export that will not be written. */
  discard(): void;
}

type Source = { bytes: Buffer } | { path: string; size: number; label: string; wholeLines: boolean };
interface Entry {
  readonly name: string;
  readonly source: Source;
}

const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2), 'utf8');

/**
 * A log's length up to the end of its last complete line (a torn last line is a write a crash cut
 * off, never acknowledged) and the asset names its lines use; read in chunks, a line never held whole.
 */
async function scanLogFile(path: string, refs: Set<string>): Promise<number> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  try {
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    let at = 0;
    let lastNewline = -1;
    let tail = '';
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
      if (bytesRead === 0) break;
      const nl = chunk.subarray(0, bytesRead).lastIndexOf(10);
      if (nl >= 0) lastNewline = at + nl;
      const text = tail + chunk.toString('latin1', 0, bytesRead);
      assetReferences(text, refs);
      tail = text.slice(-ASSET_REFERENCE_BYTES);
      at += bytesRead;
    }
    return lastNewline + 1;
  } finally {
    await handle.close();
  }
}

/** An encounter's file (migrated on disk first if it is an old one, as opening it would) and its log, with the images they use. */
async function encounterEntries(folder: CampaignFolder, id: string, refsOf: Map<string, Set<string>>): Promise<Entry[]> {
  const label = encounterDocName(id);
  const read = () => readVersionedDocument('encounter', join(folder.dir, label), EncounterFileSchema, label, { rules: folder.rules });
  let doc = await read();
  if (doc.fromVersion < ENCOUNTER_SCHEMA_VERSION) {
    await (await folder.readEncounter(id)).log.close();
    doc = await read();
  }
  const bytes = jsonBytes(doc.data);
  refsOf.set(label, assetReferences(bytes.toString('utf8')));
  const logRefs = new Set<string>();
  const logPath = join(folder.dir, encounterLogName(id));
  const size = await scanLogFile(logPath, logRefs);
  refsOf.set(encounterLogName(id), logRefs);
  const log: Entry = {
    name: encounterLogName(id),
    source: size === 0 ? { bytes: Buffer.alloc(0) } : { path: logPath, size, label: encounterLogName(id), wholeLines: true },
  };
  return [{ name: label, source: { bytes } }, log];
}

/** The campaign's images: regular files under content-hash names (a link is not followed out of assets/). */
async function assetSizes(dir: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let names: string[] = [];
  try {
    names = (await readdir(join(dir, 'assets'))).filter((n) => ASSET_NAME.test(n)).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  for (const name of names) {
    const s = await lstat(join(dir, 'assets', name)).catch(() => null);
    if (s?.isFile()) sizes.set(name, s.size);
  }
  return sizes;
}

/** Every image a file of the export uses must travel with it: else the export is refused, naming both. */
function assertCarried(refsOf: Map<string, Set<string>>, carried: ReadonlySet<string>, have: ReadonlyMap<string, number>): void {
  for (const [file, refs] of refsOf) {
    for (const name of refs) {
      if (carried.has(name)) continue;
      const why = have.has(name) ? 'which the export does not carry' : 'which is not in the campaign’s assets/ folder';
      throw new AppError(
        'not-found',
        `The export was not made: ${file} uses the image ${name}, ${why}. Import that image into the campaign again, then export.`,
      );
    }
  }
}

function exportFileName(name: string, kind: BundleKind): string {
  return `${cutToBytes(folderNameFor(name, 'export'), 180)}.${kind}.pillars.zip`;
}

function manifestEntry(kind: BundleKind, name: string, now: Date, encounters: string[], assets: string[]): Entry {
  const manifest: Manifest = { format: BUNDLE_FORMAT, bundleVersion: BUNDLE_VERSION, kind, exportedAt: now.toISOString(), name, encounters, assets };
  return { name: MANIFEST_ENTRY, source: { bytes: jsonBytes(manifest) } };
}

/** The whole open campaign: campaign.json, every encounter with its log, every image in assets/. */
export async function prepareCampaignExport(folder: CampaignFolder, now: Date, maxBytes = MAX_BUNDLE_BYTES): Promise<ExportJob> {
  const refsOf = new Map<string, Set<string>>();
  const campaignBytes = jsonBytes(folder.campaign);
  refsOf.set('campaign.json', assetReferences(campaignBytes.toString('utf8')));
  const ids = await folder.encounterIds();
  const encounters: Entry[] = [];
  for (const id of ids) encounters.push(...(await encounterEntries(folder, id, refsOf)));
  const sizes = await assetSizes(folder.dir);
  assertCarried(refsOf, new Set(sizes.keys()), sizes);
  const assets = [...sizes].map(([name, size]): Entry => ({
    name: `assets/${name}`,
    source: { path: join(folder.dir, 'assets', name), size, label: name, wholeLines: false },
  }));
  const name = folder.campaign.name;
  const entries = [
    manifestEntry('campaign', name, now, ids, [...sizes.keys()]),
    { name: 'campaign.json', source: { bytes: campaignBytes } },
    ...encounters,
    ...assets,
  ];
  return zipJob('campaign', name, exportFileName(name, 'campaign'), entries, now, maxBytes);
}

/** One encounter, its log, and every image its file and its log use (the map image, token art set by commands). */
export async function prepareEncounterExport(folder: CampaignFolder, id: string, now: Date, maxBytes = MAX_BUNDLE_BYTES): Promise<ExportJob> {
  const refsOf = new Map<string, Set<string>>();
  const [doc, log] = await encounterEntries(folder, id, refsOf);
  const used = new Set([...refsOf.values()].flatMap((s) => [...s]));
  const sizes = await assetSizes(folder.dir);
  const carried = new Set([...used].filter((n) => sizes.has(n)).sort());
  assertCarried(refsOf, carried, sizes);
  const name = (JSON.parse((doc!.source as { bytes: Buffer }).bytes.toString('utf8')) as { name: string }).name;
  const assets = [...carried].map((n): Entry => ({
    name: `assets/${n}`,
    source: { path: join(folder.dir, 'assets', n), size: sizes.get(n)!, label: n, wholeLines: false },
  }));
  const entries = [manifestEntry('encounter', name, now, [id], [...carried]), doc!, log!, ...assets];
  return zipJob('encounter', name, exportFileName(name, 'encounter'), entries, now, maxBytes);
}

const changedWhileExported = (label: string) => new AppError('conflict', `${label} changed while it was being exported (an undo?). Export again.`);

/** A log ends with a newline at the length planned; otherwise it changed (an undo) while it was exported. */
function wholeLinesCheck(label: string): Transform {
  let last = 10;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.length > 0) last = chunk[chunk.length - 1]!;
      done(null, chunk);
    },
    flush(done) {
      done(last === 10 ? null : changedWhileExported(label));
    },
  });
}

/**
 * The archive, every entry stored, its size computed by yazl before any file is opened. The
 * files' streams are opened only once `writeTo` lets them (a refused export opens none).
 */
function zipJob(kind: BundleKind, name: string, fileName: string, entries: Entry[], now: Date, maxBytes: number): ExportJob {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  let letGo: (go: boolean) => void = () => undefined;
  const gate = new Promise<boolean>((resolve) => (letGo = resolve));
  let failure: Error | null = null;
  /** The file being read: a size that no longer matches is that file changing under the export. */
  let reading = '';
  // yazl reports a file shorter or longer than planned on the zip; a read error is the file's own. Either ends the output.
  const fail = (e: Error) => {
    failure ??= e;
    output.destroy(failure);
  };
  zip.on('error', (e: Error) => fail(/unexpected number of bytes/.test(e.message) ? changedWhileExported(reading) : e));
  /** The file being read: closed with the output (a download cancelled, a failure), so no file stays open. */
  let open: ReadStream | null = null;
  output.once('close', () => open?.destroy());
  for (const entry of entries) {
    const options = { compress: false, mtime: now };
    const source = entry.source;
    if ('bytes' in source) {
      zip.addBuffer(source.bytes, entry.name, options);
      continue;
    }
    zip.addReadStreamLazy(entry.name, { ...options, size: source.size }, (cb) => {
      void gate.then((go) => {
        if (!go) return;
        reading = source.label;
        const file = createReadStream(source.path, { start: 0, end: source.size - 1 });
        open = file;
        file.on('error', (e: NodeJS.ErrnoException) =>
          fail(e.code === 'ENOENT' ? new AppError('not-found', `${source.label} was removed while the export was being written. Export again.`) : e),
        );
        cb(null, source.wholeLines ? file.pipe(wholeLinesCheck(source.label)).on('error', fail) : file);
      });
    });
  }
  let bytes = -1;
  (zip.end as (o: object, cb: (size: number) => void) => void)({}, (size) => (bytes = size));
  if (bytes > maxBytes) {
    letGo(false);
    output.destroy();
    throw new AppError(
      'invalid-args',
      `The export would be ${mib(bytes)}, more than the ${mib(maxBytes)} an import accepts, so it was not made. Remove images the campaign no longer uses, or export its encounters one by one.`,
    );
  }
  return {
    kind,
    name,
    fileName,
    bytes,
    async writeTo(out, onBytes) {
      letGo(true);
      let written = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          onBytes?.(written);
          done(null, chunk);
        },
      });
      try {
        await pipeline(output, counter, out);
      } catch (e) {
        throw failure ?? e;
      }
      if (failure) throw failure;
    },
    discard: () => {
      letGo(false);
      output.destroy();
    },
  };
}
