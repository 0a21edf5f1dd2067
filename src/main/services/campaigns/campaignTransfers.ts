import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { Writable } from 'node:stream';
import { AppError, isAppError } from '../../../shared/errors';
import { importImage, fileChunks, fileSize, readAsset } from '../../store/assets';
import { prepareCampaignExport, prepareEncounterExport, type ExportJob } from '../../store/bundleExport';
import type { ImportResult, TransferStep } from '../../store/bundleFormat';
import { importBundleFile } from '../../store/bundleImport';
import { spoolUpload } from '../../store/bundleSpool';
import type { CampaignFolder } from '../../store/campaignFolder';
import type { HostChooser, ImportedImageInfo, ImportProgress, TransferProgress } from './campaignTypes';
import { sessionReplayer } from './importReplay';

/** Where a page loads an asset: the same path on both hosts (`app://console/…` or `http://127.0.0.1:…/…`). */
export const ASSET_ROUTE = '/campaign-assets/';

/** What the transfers need of the core: the open campaign, where campaigns live, the host's dialogs. */
export interface TransferPlace {
  folder(): CampaignFolder;
  /** The open campaign, or null (a campaign export imports without one; encounters need one). */
  openFolder(): CampaignFolder | null;
  /** The open campaign's folder, or null (an asset of nothing is not found). */
  openDir(): string | null;
  readonly campaignsHome: string;
  readonly choose: HostChooser | undefined;
  now(): Date;
  /** The most an export file may be (both ways); the store's `MAX_BUNDLE_BYTES` unless a test lowers it. */
  readonly maxBundleBytes?: number;
}

/** One export's or import's progress events: at most one every `EVERY_MS` while it runs, and always its end. */
class TransferReport {
  static readonly EVERY_MS = 100;
  #last = 0;
  #step = '';
  constructor(
    private readonly emit: (p: TransferProgress) => void,
    private readonly id: string,
    private readonly direction: TransferProgress['direction'],
    private readonly what: string,
  ) {}

  step(s: TransferStep): void {
    const now = performance.now();
    if (s.step === this.#step && now - this.#last < TransferReport.EVERY_MS) return;
    this.#step = s.step;
    this.#last = now;
    this.emit({ id: this.id, direction: this.direction, what: this.what, step: s.step, done: s.done, total: s.total, outcome: 'running', message: null });
  }

  end(error: unknown): void {
    const message = error === null ? null : isAppError(error) ? error.message : 'The transfer failed. Details are in the console log.';
    this.emit({
      id: this.id,
      direction: this.direction,
      what: this.what,
      step: error === null ? 'Done' : 'Failed',
      done: 0,
      total: null,
      outcome: error === null ? 'done' : 'failed',
      message,
    });
  }

  /** Runs `work`, reporting its end whatever it is. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      const value = await work();
      this.end(null);
      return value;
    } catch (e) {
      this.end(e);
      throw e;
    }
  }
}

const newTransferId = () => randomBytes(6).toString('hex');

/** Files in and out of the open campaign: export files, imports, map images and assets. */
export class CampaignTransfers {
  readonly #progress = new Set<(p: ImportProgress) => void>();
  readonly #transfers = new Set<(p: TransferProgress) => void>();

  constructor(private readonly place: TransferPlace) {}

  /** Listens to the progress of image imports; returns a function that stops listening. */
  onProgress(listener: (p: ImportProgress) => void): () => void {
    this.#progress.add(listener);
    return () => this.#progress.delete(listener);
  }

  /** Listens to the progress of exports and imports of export files; returns a function that stops listening. */
  onTransfer(listener: (p: TransferProgress) => void): () => void {
    this.#transfers.add(listener);
    return () => this.#transfers.delete(listener);
  }

  #report(id: string | null, direction: TransferProgress['direction'], what: string): TransferReport {
    return new TransferReport((p) => this.#transfers.forEach((l) => l(p)), id ?? newTransferId(), direction, what);
  }

  /* ---- export files (store/bundleExport.ts): streamed zip archives ---- */

  /**
   * Prepares the open campaign's export, or one encounter's; refused here, before a byte is sent,
   * when it would be larger than an import takes or names an image the campaign lacks.
   */
  prepareExport(encounterId: string | null): Promise<ExportJob> {
    const folder = this.place.folder();
    return encounterId === null
      ? prepareCampaignExport(folder, this.place.now(), this.place.maxBundleBytes)
      : prepareEncounterExport(folder, encounterId, this.place.now(), this.place.maxBundleBytes);
  }

  /** Streams a prepared export into `out` (an HTTP response, a file), with progress events under `transfer`. */
  writeExport(job: ExportJob, out: Writable, transfer: string | null = null): Promise<void> {
    const report = this.#report(transfer, 'export', job.fileName);
    return report.run(() => job.writeTo(out, (written) => report.step({ step: 'Exporting', done: written, total: job.bytes })));
  }

  /* ---- imports of export files (store/bundleImport.ts): all or nothing ---- */

  #importFile(path: string, label: string, report: TransferReport): Promise<ImportResult> {
    return importBundleFile(
      path,
      { campaignsHome: this.place.campaignsHome, folder: this.place.openFolder(), now: this.place.now() },
      { label, replayer: sessionReplayer, onStep: (s) => report.step(s), maxBytes: this.place.maxBundleBytes },
    );
  }

  /**
   * An export file arriving as a stream (an HTTP upload on either host): refused by its first
   * bytes if it is no export, written to a file as it comes, then imported.
   */
  async importBundleUpload(
    source: AsyncIterable<Uint8Array>,
    total: number | null,
    options: { transfer?: string | null; name?: string | null } = {},
  ): Promise<ImportResult> {
    const what = options.name ?? 'export file';
    const label = options.name ? `The export file “${options.name}”` : 'The export file';
    const report = this.#report(options.transfer ?? null, 'import', what);
    return report.run(async () => {
      const spooled = await spoolUpload(this.place.campaignsHome, source, total, label, (s) => report.step(s), this.place.maxBundleBytes);
      try {
        return await this.#importFile(spooled.path, label, report);
      } finally {
        await spooled.dispose();
      }
    });
  }

  /** An export file at a path main knows (the Electron dialog's choice). */
  importBundlePath(path: string, transfer: string | null = null): Promise<ImportResult> {
    const label = `The export file “${basename(path)}”`;
    const report = this.#report(transfer, 'import', basename(path));
    return report.run(() => this.#importFile(path, label, report));
  }

  async importBundle(args: { choose: true; transfer?: string }): Promise<ImportResult | null> {
    if (!this.place.choose) throw new AppError('forbidden', 'This console runs in a browser: upload the export file instead.');
    const path = await this.place.choose.file('import-bundle');
    if (!path) return null;
    return this.importBundlePath(path, args.transfer ?? null);
  }

  /* ---- assets ---- */

  /** An asset of the open campaign for the asset route of either host, or null. */
  readAsset(name: string): Promise<{ body: Buffer; type: string } | null> {
    const dir = this.place.openDir();
    return dir ? readAsset(dir, name) : Promise.resolve(null);
  }

  /** Streams an image into the open campaign's assets, pushing progress (web host: an HTTP upload). */
  async importImageStream(source: AsyncIterable<Uint8Array>, total: number | null, what = 'map image'): Promise<ImportedImageInfo> {
    const done = await importImage(this.place.folder().dir, source, {
      total,
      label: `The ${what}`,
      onProgress: (p) => this.#progress.forEach((l) => l({ what, received: p.received, total: p.total })),
    });
    return { ...done, url: `${ASSET_ROUTE}${done.asset}` };
  }

  async importMapImage(): Promise<ImportedImageInfo | null> {
    if (!this.place.choose) throw new AppError('forbidden', 'This console runs in a browser: upload the image instead.');
    const path = await this.place.choose.file('map-image');
    if (!path) return null;
    return this.importImageStream(fileChunks(path), await fileSize(path));
  }
}
