import { randomInt } from 'node:crypto';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import type {
  CampaignInfoSchema,
  CampaignListSchema,
  CampaignRefSchema,
  ImportedImageSchema,
  ImportProgressSchema,
} from '../../shared/channels/campaign';
import { AppError, isAppError } from '../../shared/errors';
import type { GmView } from '../../shared/views';
import type { Rules } from '../engine/rules';
import { importImage, fileChunks, fileSize } from '../store/assets';
import { AssetAccess, type AssetAnswer } from './assetAccess';
import type { Role } from '../../shared/contract';
import { listBackups, restoreBackup, type BackupInfo } from '../store/backups';
import {
  checkBundle,
  exportCampaign,
  exportEncounter,
  bundleFileName,
  importCampaignBundle,
  importEncounters,
  type ImportResult,
} from '../store/bundle';
import { CampaignFolder, ensureFirstCampaign, type EncounterSummary } from '../store/campaignFolder';
import type { MapShape } from '../../shared/mapGrid';
import { blankEncounter, copyCampaign, createCampaign } from '../store/newCampaign';
import { addRecent, readRecent } from '../store/recent';
import { combatLogMarkdown } from '../session/combatLog';
import { Session, type ViewSink } from '../session/session';
import { createDispatcher, type Dispatcher } from './dispatch';
import { createHandlers } from './handlers';
import { Projector } from './projector';
import { TacticsHost } from './tactics/tacticsHost';
import { blackoutAwareSink } from './blackout';

/** Dialogs of the Electron host: a folder or file the GM picks. The web host has none. */
export interface HostChooser {
  folder(purpose: 'open-campaign'): Promise<string | null>;
  file(purpose: 'import-bundle' | 'map-image'): Promise<string | null>;
}

export interface CoreOptions {
  /** The app's own data folder: the recent list lives here, campaigns under `campaigns/`. */
  readonly dataDir: string;
  /** The sample campaign copied in on the first start. */
  readonly sampleCampaignDir: string;
  readonly log?: (message: string) => void;
  readonly choose?: HostChooser;
  readonly now?: () => Date;
  /** The simulation worker's script (issue 16), next to the host's entry in the build; absent: no simulations. */
  readonly simulationWorker?: string;
}

export type CampaignInfo = z.infer<typeof CampaignInfoSchema>;
export type CampaignList = z.infer<typeof CampaignListSchema>;
export type CampaignRef = z.infer<typeof CampaignRefSchema>;
export type ImportProgress = z.infer<typeof ImportProgressSchema>;
export type ImportedImageInfo = z.infer<typeof ImportedImageSchema>;

/** Where a page loads an asset: the same path on both hosts (`app://console/…` or `http://127.0.0.1:…/…`). */
export const ASSET_ROUTE = '/campaign-assets/';

/** The file a `corrupt-file` message blames, as the backups know it. */
function blamedFile(message: string): string | null {
  const m = /(campaign\.json|encounters\/[A-Za-z0-9_-]{1,64}\.(?:log\.jsonl|json))/.exec(message);
  return m ? m[1]! : null;
}

const stamp = (d: Date) => d.toISOString().replace(/[:.]/g, '-');

/**
 * What both hosts share: the open campaign's session and the dispatcher bound to it. Opening
 * another campaign or encounter swaps the session; the dispatcher always talks to the current one.
 */
export class Core {
  readonly dispatcher: Dispatcher;
  /** The player display's framing: host state, kept across campaigns. */
  readonly projector = new Projector();
  /** Suggestions, autopilot and simulated fights for the open encounter (issue 16). */
  readonly tactics: TacticsHost;
  private current!: { session: Session; folder: CampaignFolder; dir: string };
  private lastFailure: { dir: string; file: string | null; message: string } | null = null;
  private readonly progressListeners = new Set<(p: ImportProgress) => void>();
  private readonly now: () => Date;

  private readonly sink: ViewSink;
  private readonly assets = new AssetAccess(() => ({ campaignDir: this.campaignDir, map: this.session.map }));

  private constructor(
    private readonly options: CoreOptions,
    sink: ViewSink,
  ) {
    this.sink = blackoutAwareSink(sink, this.projector, () => (this.current ? this.current.session.playerView() : null));
    this.now = options.now ?? (() => new Date());
    this.tactics = new TacticsHost(() => this.current?.session ?? null, options.simulationWorker ?? null);
    this.dispatcher = createDispatcher(
      createHandlers(() => this),
      options.log,
    );
  }

  static async start(options: CoreOptions, sink: ViewSink): Promise<Core> {
    const core = new Core(options, sink);
    for (const dir of await readRecent(core.recentFile)) {
      try {
        await core.openCampaign(dir);
        return core;
      } catch (e) {
        options.log?.(`could not reopen ${dir}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    await core.openCampaign(await ensureFirstCampaign(core.campaignsHome, options.sampleCampaignDir));
    return core;
  }

  get campaignsHome(): string {
    return join(this.options.dataDir, 'campaigns');
  }

  get recentFile(): string {
    return join(this.options.dataDir, 'recent.json');
  }

  get campaignDir(): string {
    return this.current.dir;
  }

  get session(): Session {
    return this.current.session;
  }

  get folder(): CampaignFolder {
    return this.current.folder;
  }

  /** Listens to progress of large imports; returns a function that stops listening. */
  onProgress(listener: (p: ImportProgress) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  private progress(p: ImportProgress): void {
    for (const l of this.progressListeners) l(p);
  }

  /* ---- campaigns ---- */

  /**
   * Opens a campaign folder; the current one stays open if this one cannot be read, and the
   * failure is remembered (file and reason) so the GM can be offered its backups.
   */
  async openCampaign(dir: string): Promise<void> {
    let folder: CampaignFolder;
    let session: Session;
    try {
      folder = await CampaignFolder.open(dir, this.now);
      session = await this.openActive(folder);
    } catch (e) {
      if (isAppError(e)) this.lastFailure = { dir, file: blamedFile(e.message), message: e.message };
      throw e;
    }
    const previous = this.current as typeof this.current | undefined;
    this.current = { session, folder, dir };
    if (this.lastFailure?.dir === dir) this.lastFailure = null;
    await previous?.session.close();
    await addRecent(this.recentFile, dir);
    this.broadcast();
  }

  /** The campaign's active encounter; without one, its first; without any, a new blank one. */
  private async openActive(folder: CampaignFolder): Promise<Session> {
    if (!folder.campaign.activeEncounterId) {
      const first = (await folder.encounterIds())[0] ?? (await folder.createEncounter('First encounter', randomInt(2 ** 31), blankEncounter)).id;
      await folder.setActiveEncounter(first);
    }
    return Session.open(folder, this.sink, { now: this.now });
  }

  private broadcast(): void {
    // The table's display first: the GM's page already shows the intent it sent.
    this.sink.player(this.session.playerView());
    this.sink.gm(this.session.gmView());
  }

  private info(folder: CampaignFolder, dir: string): CampaignInfo {
    const home = resolve(this.campaignsHome);
    const parent = resolve(dir, '..');
    return {
      id: folder.campaign.id,
      name: folder.campaign.name,
      dir,
      folder: parent === home ? resolve(dir).slice(home.length + 1) : null,
      open: this.current?.dir === dir,
    };
  }

  /** A campaign a page names: a folder under the data folder, or a path main already knows. */
  async resolveRef(ref: CampaignRef): Promise<string> {
    if ('folder' in ref) return join(this.campaignsHome, ref.folder);
    const known = [this.current?.dir, this.lastFailure?.dir, ...(await readRecent(this.recentFile))];
    if (!known.includes(ref.path)) {
      throw new AppError('forbidden', 'Only the open campaign, a recent one or one that just failed to open can be named by its path.');
    }
    return ref.path;
  }

  async listCampaigns(): Promise<CampaignList> {
    await mkdir(this.campaignsHome, { recursive: true });
    const folders = (await readdir(this.campaignsHome, { withFileTypes: true })).filter((d) => d.isDirectory() && !d.name.startsWith('.'));
    const campaigns = await Promise.all(
      folders.map(async (d) => {
        const dir = join(this.campaignsHome, d.name);
        try {
          const raw = JSON.parse(await readFile(join(dir, 'campaign.json'), 'utf8')) as { name?: unknown };
          return { folder: d.name, name: typeof raw.name === 'string' ? raw.name : d.name, dir, problem: null };
        } catch (e) {
          return { folder: d.name, name: d.name, dir, problem: `campaign.json in ${dir} could not be read: ${(e as Error).message}.` };
        }
      }),
    );
    return {
      current: this.info(this.folder, this.campaignDir),
      campaigns: campaigns.sort((a, b) => a.folder.localeCompare(b.folder)),
      recent: await readRecent(this.recentFile),
      lastFailure: this.lastFailure,
      canChoose: this.options.choose !== undefined,
    };
  }

  async createCampaign(name: string): Promise<CampaignInfo> {
    const dir = join(this.campaignsHome, name);
    await mkdir(this.campaignsHome, { recursive: true });
    await createCampaign(dir, randomInt(2 ** 31), this.now());
    await this.openCampaign(dir);
    return this.info(this.folder, dir);
  }

  async openCampaignRef(ref: CampaignRef | { choose: true }): Promise<CampaignInfo | null> {
    let dir: string;
    if ('choose' in ref) {
      if (!this.options.choose) throw new AppError('forbidden', 'This console runs in a browser: open a campaign from the list.');
      const chosen = await this.options.choose.folder('open-campaign');
      if (!chosen) return null;
      dir = chosen;
    } else {
      dir = await this.resolveRef(ref);
    }
    await this.openCampaign(dir);
    return this.info(this.folder, dir);
  }

  async renameCampaign(name: string): Promise<CampaignInfo> {
    await this.folder.renameCampaign(name);
    this.broadcast();
    return this.info(this.folder, this.campaignDir);
  }

  async duplicateCampaign(name: string): Promise<CampaignInfo> {
    const to = join(this.campaignsHome, name);
    await copyCampaign(this.campaignDir, to);
    const copy = await CampaignFolder.open(to, this.now);
    await copy.renameCampaign(name);
    return this.info(copy, to);
  }

  async deleteCampaign(folderName: string): Promise<{ movedTo: string }> {
    const dir = join(this.campaignsHome, folderName);
    if (resolve(dir) === resolve(this.campaignDir)) throw new AppError('conflict', 'The open campaign cannot be deleted; open another one first.');
    const bin = join(this.options.dataDir, 'deleted-campaigns');
    await mkdir(bin, { recursive: true });
    const movedTo = join(bin, `${folderName}-${stamp(this.now())}`);
    try {
      await rename(dir, movedTo);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('not-found', `There is no campaign "${folderName}".`);
      throw e;
    }
    return { movedTo };
  }

  /* ---- encounters ---- */

  async listEncounters(): Promise<{ openId: string | null; encounters: EncounterSummary[] }> {
    return { openId: this.session.encounterId, encounters: await this.folder.listEncounters() };
  }

  createEncounter(name: string, map?: MapShape): Promise<EncounterSummary> {
    return this.folder.createEncounter(name, randomInt(2 ** 31), (id, encounterName, rules) =>
      blankEncounter(id, encounterName, rules, map),
    );
  }

  async renameEncounter(id: string, name: string): Promise<EncounterSummary> {
    if (id === this.session.encounterId) {
      // Rename under the open session: reopen it so its state carries the new name.
      const summary = await this.folder.renameEncounter(id, name);
      await this.openEncounter(id, true);
      return summary;
    }
    return this.folder.renameEncounter(id, name);
  }

  duplicateEncounter(id: string, name: string): Promise<EncounterSummary> {
    return this.folder.duplicateEncounter(id, name);
  }

  async deleteEncounter(id: string): Promise<{ openId: string | null; encounters: EncounterSummary[] }> {
    if (id === this.session.encounterId) throw new AppError('conflict', 'The open encounter cannot be deleted; open another one first.');
    await this.folder.deleteEncounter(id);
    await this.folder.setActiveEncounter(this.session.encounterId);
    return this.listEncounters();
  }

  async openEncounter(id: string, force = false): Promise<GmView> {
    if (!force && id === this.session.encounterId) return this.session.gmView();
    const session = await Session.openEncounter(this.folder, id, this.sink, { now: this.now });
    const previous = this.current.session;
    await previous.close();
    this.current = { ...this.current, session };
    await this.folder.setActiveEncounter(id);
    this.broadcast();
    return session.gmView();
  }

  /* ---- backups ---- */

  async listBackups(file: string, ref?: CampaignRef): Promise<BackupInfo[]> {
    return listBackups(ref ? await this.resolveRef(ref) : this.campaignDir, file);
  }

  async restoreBackup(file: string, backup: string, ref?: CampaignRef): Promise<{ file: string; backup: string }> {
    const dir = ref ? await this.resolveRef(ref) : this.campaignDir;
    if (dir === this.campaignDir && this.session && file.startsWith(`encounters/${this.session.encounterId}.`)) {
      throw new AppError('conflict', 'That encounter is open; open another one before restoring its backup.');
    }
    if (dir === this.campaignDir && file === 'campaign.json') {
      throw new AppError('conflict', 'The open campaign’s campaign.json is in use; open another campaign before restoring it.');
    }
    await restoreBackup(dir, file, backup, this.now());
    return { file, backup };
  }

  /* ---- export / import ---- */

  async exportCampaign(): Promise<{ fileName: string; text: string }> {
    const bundle = await exportCampaign(this.folder, this.now());
    return { fileName: bundleFileName(bundle, this.folder.campaign.name), text: JSON.stringify(bundle) };
  }

  async exportEncounter(id: string): Promise<{ fileName: string; text: string }> {
    const bundle = await exportEncounter(this.folder, id, this.now());
    const name = (bundle.encounters[0]?.file as { name?: string } | undefined)?.name ?? id;
    return { fileName: bundleFileName(bundle, name), text: JSON.stringify(bundle) };
  }

  /** An export file's text: a campaign becomes a new folder, an encounter joins the open campaign. */
  async importBundleText(text: string): Promise<ImportResult> {
    const bundle = checkBundle(text);
    return bundle.kind === 'campaign' ? importCampaignBundle(this.campaignsHome, bundle) : importEncounters(this.folder, bundle);
  }

  async importBundle(args: { text: string } | { choose: true }): Promise<ImportResult | null> {
    if ('text' in args) return this.importBundleText(args.text);
    if (!this.options.choose) throw new AppError('forbidden', 'This console runs in a browser: upload the export file instead.');
    const path = await this.options.choose.file('import-bundle');
    if (!path) return null;
    return this.importBundleText(await readFile(path, 'utf8'));
  }

  async exportCombatLog(id?: string): Promise<{ fileName: string; markdown: string }> {
    const own = id === undefined || id === this.session.encounterId;
    const session = own ? this.session : await Session.openEncounter(this.folder, id, { gm: () => {}, player: () => {} });
    try {
      const markdown = combatLogMarkdown(
        {
          campaignName: this.folder.campaign.name,
          encounterName: session.encounterFile.name,
          initial: session.encounterFile.initial,
          entries: session.entries,
          turnOf: (i) => session.turnOf(i),
        },
        this.now(),
      );
      return { fileName: `${session.encounterFile.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'encounter'} combat log.md`, markdown };
    } finally {
      if (!own) await session.close();
    }
  }

  /* ---- rules ---- */

  getRules(): Rules {
    return this.folder.rules;
  }

  setRules(rules: Rules): Promise<Rules> {
    return this.folder.setRules(rules);
  }

  /* ---- assets ---- */

  /** An asset of the open campaign for the asset route of either host, as `role` may have it (host/assetAccess.ts). */
  readAsset(name: string, role: Role | null = 'gm'): Promise<AssetAnswer> {
    return this.assets.read(role, name);
  }

  /** Streams an image into the open campaign's assets, pushing progress (web host: an HTTP upload). */
  async importImageStream(source: AsyncIterable<Uint8Array>, total: number | null, what = 'map image'): Promise<ImportedImageInfo> {
    const done = await importImage(this.campaignDir, source, {
      total,
      label: `The ${what}`,
      onProgress: (p) => this.progress({ what, received: p.received, total: p.total }),
    });
    return { ...done, url: `${ASSET_ROUTE}${done.asset}` };
  }

  async importMapImage(): Promise<ImportedImageInfo | null> {
    if (!this.options.choose) throw new AppError('forbidden', 'This console runs in a browser: upload the image instead.');
    const path = await this.options.choose.file('map-image');
    if (!path) return null;
    return this.importImageStream(fileChunks(path), await fileSize(path));
  }
}
