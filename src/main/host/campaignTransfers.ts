import { readFile } from 'node:fs/promises';
import { AppError } from '../../shared/errors';
import { importImage, fileChunks, fileSize, readAsset } from '../store/assets';
import { checkBundle, exportCampaign, exportEncounter, bundleFileName, importCampaignBundle, importEncounters, type ImportResult } from '../store/bundle';
import type { CampaignFolder } from '../store/campaignFolder';
import type { HostChooser, ImportedImageInfo, ImportProgress } from './coreTypes';

/** Where a page loads an asset: the same path on both hosts (`app://console/…` or `http://127.0.0.1:…/…`). */
export const ASSET_ROUTE = '/campaign-assets/';

/** What the transfers need of the core: the open campaign, where campaigns live, the host's dialogs. */
export interface TransferPlace {
  folder(): CampaignFolder;
  /** The open campaign's folder, or null (an asset of nothing is not found). */
  openDir(): string | null;
  readonly campaignsHome: string;
  readonly choose: HostChooser | undefined;
  now(): Date;
  progress(p: ImportProgress): void;
}

/** Files in and out of the open campaign: export files, imports, map images and assets. */
export class CampaignTransfers {
  constructor(private readonly place: TransferPlace) {}

  /* ---- export / import ---- */

  async exportCampaign(): Promise<{ fileName: string; text: string }> {
    const bundle = await exportCampaign(this.place.folder(), this.place.now());
    return { fileName: bundleFileName(bundle, this.place.folder().campaign.name), text: JSON.stringify(bundle) };
  }

  async exportEncounter(id: string): Promise<{ fileName: string; text: string }> {
    const bundle = await exportEncounter(this.place.folder(), id, this.place.now());
    const name = (bundle.encounters[0]?.file as { name?: string } | undefined)?.name ?? id;
    return { fileName: bundleFileName(bundle, name), text: JSON.stringify(bundle) };
  }

  /** An export file's text: a campaign becomes a new folder, an encounter joins the open campaign. */
  async importBundleText(text: string): Promise<ImportResult> {
    const bundle = checkBundle(text);
    return bundle.kind === 'campaign' ? importCampaignBundle(this.place.campaignsHome, bundle) : importEncounters(this.place.folder(), bundle);
  }

  async importBundle(args: { text: string } | { choose: true }): Promise<ImportResult | null> {
    if ('text' in args) return this.importBundleText(args.text);
    if (!this.place.choose) throw new AppError('forbidden', 'This console runs in a browser: upload the export file instead.');
    const path = await this.place.choose.file('import-bundle');
    if (!path) return null;
    return this.importBundleText(await readFile(path, 'utf8'));
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
      onProgress: (p) => this.place.progress({ what, received: p.received, total: p.total }),
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
