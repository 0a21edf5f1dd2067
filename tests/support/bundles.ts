/**
 * Export files in tests: written through the console's own export to a file, read back entry by
 * entry, and rewritten with a change (to make the damaged or hostile bundles an import must refuse).
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { Core } from '../../src/main/host/core';
import type { ImportResult } from '../../src/main/store/bundleFormat';

/** Exports the open campaign (or one encounter of it) into `dir`; resolves to the file's path. */
export async function exportToFile(core: Core, dir: string, encounterId: string | null = null): Promise<{ path: string; fileName: string; bytes: number }> {
  const job = await core.transfers.prepareExport(encounterId);
  const path = join(dir, job.fileName);
  await core.transfers.writeExport(job, createWriteStream(path));
  return { path, fileName: job.fileName, bytes: job.bytes };
}

export const importFile = (core: Core, path: string): Promise<ImportResult> => core.transfers.importBundlePath(path);

/** Every entry of a zip archive, in order, with its bytes. */
export async function readZip(path: string): Promise<{ name: string; bytes: Buffer }[]> {
  const zip = await yauzl.openPromise(path, { autoClose: false });
  const out: { name: string; bytes: Buffer }[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
      out.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
    }
  } finally {
    zip.close();
  }
  return out;
}

/** Writes `entries` as a zip archive at `path` (stored, as the console writes them). */
export async function writeZip(path: string, entries: { name: string; bytes: Buffer }[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.bytes, e.name, { compress: false });
  zip.end();
  await pipeline(zip.outputStream as NodeJS.ReadableStream, createWriteStream(path));
}

/** The archive at `from` with its entries changed by `change`, written to `to`. */
export async function rewriteZip(
  from: string,
  to: string,
  change: (entries: { name: string; bytes: Buffer }[]) => { name: string; bytes: Buffer }[],
): Promise<string> {
  await writeZip(to, change(await readZip(from)));
  return to;
}

export const jsonOf = (bytes: Buffer): Record<string, unknown> => JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
export const bytesOf = (value: unknown): Buffer => Buffer.from(JSON.stringify(value, null, 2));
