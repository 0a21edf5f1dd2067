import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { MAX_BUNDLE_BYTES, MAX_LEGACY_BUNDLE_BYTES, mib, SNIFF_BYTES, sniffBundle, type BundleFormat, type OnStep } from './bundleFormat';
import { PacedFile } from './durable';
import { assertNoLinks } from './linkGuard';
import { claimTemp, releaseTemp } from './tempFiles';

/**
 * An export file arriving over HTTP (the web host's upload, Electron's app:// POST), written to a
 * file as it comes — a zip archive is read from its end — in a `.import-<hex>` folder under the
 * campaigns folder (removed by `dispose`, or at the next start after a kill). What it is is decided
 * by its first bytes, before the rest is read: anything but an archive or a version 1 JSON export
 * is refused at once, as is a file past its format's size limit, as soon as it passes it.
 */
export interface SpooledUpload {
  readonly path: string;
  readonly format: BundleFormat;
  readonly bytes: number;
  dispose(): Promise<void>;
}

export const sizeLimitOf = (format: BundleFormat, maxBytes = MAX_BUNDLE_BYTES) => (format === 'zip' ? maxBytes : MAX_LEGACY_BUNDLE_BYTES);

export function tooLarge(label: string, bytes: number | null, limit: number): AppError {
  const size = bytes === null ? `larger than ${mib(limit)}` : `${mib(bytes)}`;
  return new AppError('invalid-args', `${label} is ${size}; export files up to ${mib(limit)} can be imported. Nothing was imported.`);
}

export async function spoolUpload(
  campaignsHome: string,
  source: AsyncIterable<Uint8Array>,
  total: number | null,
  label: string,
  onStep: OnStep,
  maxBytes = MAX_BUNDLE_BYTES,
): Promise<SpooledUpload> {
  if (total !== null && total > maxBytes) throw tooLarge(label, total, maxBytes);
  await mkdir(campaignsHome, { recursive: true });
  await assertNoLinks(campaignsHome, campaignsHome);
  const dir = claimTemp(campaignsHome, 'import');
  const dispose = async () => {
    await rm(dir, { recursive: true, force: true });
    releaseTemp(dir);
  };
  try {
    await mkdir(dir);
    const path = join(dir, 'upload');
    const file = await PacedFile.create(path);
    let format: BundleFormat | null = null;
    let head: Buffer[] = [];
    let bytes = 0;
    try {
      for await (const chunk of source) {
        bytes += chunk.byteLength;
        if (format === null) {
          head.push(Buffer.from(chunk));
          const joined = Buffer.concat(head);
          if (joined.length < SNIFF_BYTES) continue;
          format = sniffBundle(joined, label);
          head = [];
          if (total !== null && total > sizeLimitOf(format, maxBytes)) throw tooLarge(label, total, sizeLimitOf(format, maxBytes));
          await file.write(joined);
        } else await file.write(chunk);
        if (bytes > sizeLimitOf(format, maxBytes)) throw tooLarge(label, null, sizeLimitOf(format, maxBytes));
        onStep({ step: 'Receiving the export file', done: bytes, total });
      }
      if (format === null) {
        const joined = Buffer.concat(head);
        format = sniffBundle(joined, label);
        await file.write(joined);
      }
      await file.close();
    } catch (e) {
      await file.abandon();
      throw e;
    }
    return { path, format, bytes, dispose };
  } catch (e) {
    await dispose();
    throw e;
  }
}
