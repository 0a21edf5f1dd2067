import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, isAppError } from '../../shared/errors';
import { MAX_IMAGE_BYTES } from './assets';
import {
  entryRole,
  isArchiverLitter,
  MANIFEST_ENTRY,
  ManifestSchema,
  MAX_BUNDLE_ASSETS,
  MAX_BUNDLE_BYTES,
  MAX_BUNDLE_ENCOUNTERS,
  MAX_DOCUMENT_BYTES,
  mib,
  type Manifest,
  type OnStep,
} from './bundleFormat';
import { PacedFile } from './durable';
import { describeSchemaError } from './jsonDocument';

/**
 * Reading an export archive (bundleFormat.ts) with yauzl: first its directory — every entry's
 * name and size, checked against the manifest and the limits before any file is unpacked — then
 * each entry streamed into the staging folder, images hashed on the way. Nothing is held whole
 * in memory but the manifest.
 */
export interface OpenedZip {
  readonly manifest: Manifest;
  /** Unpacks every entry but the manifest into `stageDir` (the campaign folder's layout). */
  extractTo(stageDir: string, onStep: OnStep): Promise<void>;
  close(): void;
}

const refuse = (label: string, why: string) => new AppError('invalid-args', `${label} ${why} Nothing was imported.`);

async function readText(zip: ZipFile, entry: Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The directory's entries by name, every name one an export has, each within its limit, none twice. */
async function listEntries(zip: ZipFile, label: string, maxBytes: number): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  let unpacked = 0;
  for await (const entry of zip.eachEntry()) {
    const name = entry.fileName;
    if (isArchiverLitter(name)) continue;
    const role = entryRole(name);
    if (!role) throw refuse(label, `holds “${name.slice(0, 200)}”, which is not part of a console export.`);
    if (entries.has(name)) throw refuse(label, `holds ${name} twice.`);
    if (entries.size >= MAX_BUNDLE_ENCOUNTERS * 2 + MAX_BUNDLE_ASSETS + 2) throw refuse(label, 'holds too many files.');
    if (entry.isEncrypted()) throw refuse(label, `holds ${name} encrypted; the console reads only unencrypted archives.`);
    const cap = role.role === 'asset' ? MAX_IMAGE_BYTES : role.role === 'log' ? maxBytes : MAX_DOCUMENT_BYTES;
    if (entry.uncompressedSize > cap) throw refuse(label, `holds ${name} of ${mib(entry.uncompressedSize)}, more than the ${mib(cap)} such a file may have.`);
    unpacked += entry.uncompressedSize;
    if (unpacked > maxBytes) throw refuse(label, `unpacks to more than ${mib(maxBytes)}, the most an import takes.`);
    entries.set(name, entry);
  }
  return entries;
}

/** The entries are exactly what the manifest lists: nothing missing, nothing more. */
function matchManifest(manifest: Manifest, entries: Map<string, Entry>, label: string): void {
  const expected = new Set<string>([MANIFEST_ENTRY]);
  if (manifest.kind === 'campaign') expected.add('campaign.json');
  const ids = new Set<string>();
  for (const id of manifest.encounters) {
    if (ids.has(id)) throw refuse(label, `lists encounter “${id}” twice.`);
    ids.add(id);
    expected.add(`encounters/${id}.json`).add(`encounters/${id}.log.jsonl`);
  }
  for (const asset of manifest.assets) expected.add(`assets/${asset}`);
  for (const name of expected) if (!entries.has(name)) throw refuse(label, `lacks ${name}, which its list of contents names.`);
  for (const name of entries.keys()) if (!expected.has(name)) throw refuse(label, `holds ${name}, which its list of contents does not name.`);
}

function describeZipError(e: unknown, label: string): AppError {
  if (isAppError(e)) return e;
  return refuse(label, `is not a readable zip archive (${(e instanceof Error ? e.message : String(e)).slice(0, 160)}).`);
}

export async function openZipBundle(path: string, label: string, maxBytes = MAX_BUNDLE_BYTES): Promise<OpenedZip> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path, { autoClose: false, strictFileNames: true, validateEntrySizes: true });
  } catch (e) {
    throw describeZipError(e, label);
  }
  try {
    const entries = await listEntries(zip, label, maxBytes);
    const manifestEntry = entries.get(MANIFEST_ENTRY);
    if (!manifestEntry) throw refuse(label, `is a zip archive but not a console export (it has no ${MANIFEST_ENTRY}).`);
    let raw: unknown;
    try {
      raw = JSON.parse(await readText(zip, manifestEntry));
    } catch (e) {
      throw isAppError(e) ? e : refuse(label, `has a ${MANIFEST_ENTRY} that is not valid JSON.`);
    }
    const parsed = ManifestSchema.safeParse(raw);
    if (!parsed.success)
      throw new AppError(
        'invalid-args',
        `${describeSchemaError(`${MANIFEST_ENTRY} in ${label.replace(/^The /, 'the ')}`, parsed.error)} Nothing was imported.`,
      );
    matchManifest(parsed.data, entries, label);
    return {
      manifest: parsed.data,
      extractTo: (stageDir, onStep) => extractAll(zip, [...entries.values()], stageDir, label, onStep),
      close: () => zip.close(),
    };
  } catch (e) {
    zip.close();
    throw describeZipError(e, label);
  }
}

async function extractAll(zip: ZipFile, entries: Entry[], stageDir: string, label: string, onStep: OnStep): Promise<void> {
  const files = entries.filter((e) => e.fileName !== MANIFEST_ENTRY);
  const total = files.reduce((sum, e) => sum + e.uncompressedSize, 0);
  let done = 0;
  for (const entry of files) {
    const target = join(stageDir, ...entry.fileName.split('/'));
    await mkdir(dirname(target), { recursive: true });
    const role = entryRole(entry.fileName)!;
    const hash = role.role === 'asset' ? createHash('sha256') : null;
    const file = await PacedFile.create(target);
    try {
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        hash?.update(chunk as Buffer);
        await file.write(chunk as Buffer);
        done += (chunk as Buffer).length;
        onStep({ step: 'Unpacking the export file', done, total });
      }
      await file.close();
    } catch (e) {
      await file.abandon();
      throw refuse(label, `could not be unpacked at ${entry.fileName} (${(e instanceof Error ? e.message : String(e)).slice(0, 160)}).`);
    }
    if (hash && role.role === 'asset' && hash.digest('hex') !== role.name.slice(0, 64)) {
      throw refuse(label, `holds the image ${role.name} damaged (its bytes do not match its name).`);
    }
  }
}
