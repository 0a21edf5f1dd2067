import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { AppError, isAppError } from '../../shared/errors';
import type { GmView } from '../../shared/views';
import { DEFAULT_RULES, rulesFor, type Rules } from '../engine/rules';
import { blamedFile, refuseWhileInUse } from '../services/campaigns/campaignRepairs';
import { AssetAccess, type AssetAnswer } from '../services/assetAccess';
import type { Role } from '../../shared/contract';
import { listBackups, restoreBackup, type BackupInfo } from '../store/backups';
import { CampaignFolder, type EncounterSummary } from '../store/campaignFolder';
import { ensureFirstCampaign } from '../store/firstStart';
import { cleanDataFolder } from '../store/leftovers';
import type { MapShape } from '../../shared/mapGrid';
import { blankEncounter, createCampaign } from '../store/newCampaign';
import { freeFolderName } from '../store/folderNames';
import { duplicateCampaignFolder, moveCampaignToBin } from '../services/campaigns/campaignShelf';
import { addRecent, readRecent } from '../store/recent';
import { Session, type ViewSink } from '../session/session';
import { scanCampaigns } from '../store/campaignList';
import { salvageLog, type SalvageResult } from '../store/salvageLog';
import { CampaignTransfers } from '../services/campaigns/campaignTransfers';
import { exportCombatLog } from '../services/campaigns/combatLogExport';
import type { CampaignInfo, CampaignList, CampaignRef, ConsoleCore, EncounterList, HostChooser, ImportedImageInfo } from './coreApi';
import { createDispatcher, type Dispatcher } from './dispatch';
import { createHandlers } from './handlers';
import { Projector } from '../services/projector';
import { TacticsHost } from '../services/tactics/tacticsHost';
import { SeatDesk } from '../services/seats/seatDesk';
import { followProjector } from './blackout';
import { TABLE } from '../projection/audience';
import { screenOf } from '../projection/screen';
import { PlayerProjection } from '../projection/tableProjection';
import { legibilityOf } from '../store/handouts';

export interface CoreOptions {
  /** The app's own data folder: the recent list lives here, campaigns under `campaigns/`. */
  readonly dataDir: string;
  /** The sample campaign copied in on the first start. */
  readonly sampleCampaignDir: string;
  readonly log?: (message: string) => void;
  readonly choose?: HostChooser;
  readonly now?: () => Date;
  /** The simulation worker's script, next to the host's entry in the build; absent: no simulations. */
  readonly simulationWorker?: string;
  /** The most an export file may be, both ways (store/bundleFormat.ts `MAX_BUNDLE_BYTES`; tests lower it). */
  readonly maxBundleBytes?: number;
}

export type { CampaignInfo, CampaignList, CampaignRef, HostChooser, ImportedImageInfo, ImportProgress, TransferProgress } from './coreApi';

export { ASSET_ROUTE } from '../services/campaigns/campaignTransfers';

/**
 * What both hosts share: the open campaign's session and the dispatcher bound to it. Opening
 * another campaign or encounter swaps the session; the dispatcher always talks to the current one.
 * A damaged file never stops the start: the core then runs with no campaign or no
 * encounter open, remembering the failure, and the GM page offers the file's backups.
 */
export class Core implements ConsoleCore {
  readonly dispatcher: Dispatcher;
  /** The player display's framing: host state, kept across campaigns. */
  readonly projector = new Projector();
  /** Suggestions, autopilot and simulated fights for the open encounter. */
  readonly tactics: TacticsHost;
  private current: { session: Session | null; folder: CampaignFolder; dir: string } | null = null;
  private lastFailure: { dir: string; file: string | null; message: string } | null = null;
  private readonly now: () => Date;
  readonly transfers: CampaignTransfers;

  /** What the table (projector and player pages) is sent and may fetch: the one player boundary (DESIGN §The player projection). */
  readonly table: PlayerProjection;
  readonly seats: SeatDesk;
  private readonly assets = new AssetAccess(() => (this.current ? { campaignDir: this.current.dir, table: this.table } : null));

  private constructor(
    private readonly options: CoreOptions,
    private readonly sink: ViewSink,
  ) {
    this.table = new PlayerProjection(TABLE, (frame) => sink.player(frame), screenOf(this.projector.get()));
    followProjector(this.projector, this.table);
    this.seats = new SeatDesk(options.dataDir, this.table, options.log);
    this.now = options.now ?? (() => new Date());
    this.tactics = new TacticsHost(() => this.current?.session ?? null, options.simulationWorker ?? null);
    // The handlers know the core only as a ConsoleCore (host/coreApi.ts): no import leads back here.
    this.dispatcher = createDispatcher(
      createHandlers(() => this),
      options.log,
    );
    this.transfers = new CampaignTransfers({
      folder: () => this.folder,
      openFolder: () => this.current?.folder ?? null,
      openDir: () => this.openDir,
      campaignsHome: this.campaignsHome,
      choose: options.choose,
      now: this.now,
      maxBundleBytes: options.maxBundleBytes,
    });
  }

  /** Starts on the most recent campaign that opens, else the first under the data folder; never fails on a damaged file. */
  static async start(options: CoreOptions, sink: ViewSink): Promise<Core> {
    const core = new Core(options, sink);
    await core.seats.open();
    // What kills left behind: half-written files, interrupted imports (store/leftovers.ts; each campaign's own when it opens).
    await cleanDataFolder(options.dataDir, core.campaignsHome);
    const log = (dir: string, e: unknown) => options.log?.(`could not open ${dir}: ${e instanceof Error ? e.message : String(e)}`);
    for (const dir of await readRecent(core.recentFile)) {
      try {
        await core.openCampaign(dir);
        if (core.current) return core;
      } catch (e) {
        log(dir, e);
      }
    }
    const first = await ensureFirstCampaign(core.campaignsHome, options.sampleCampaignDir, core.now());
    if (core.current?.dir !== first) {
      try {
        await core.openCampaign(first);
      } catch (e) {
        log(first, e);
      }
    }
    return core;
  }

  get campaignsHome(): string {
    return join(this.options.dataDir, 'campaigns');
  }

  get recentFile(): string {
    return join(this.options.dataDir, 'recent.json');
  }

  /** The open campaign's folder, or null while none could be opened. */
  get openDir(): string | null {
    return this.current?.dir ?? null;
  }

  get campaignDir(): string {
    return this.folder.dir;
  }

  get session(): Session {
    const session = this.current?.session;
    if (session) return session;
    const why = this.lastFailure ? `${this.lastFailure.message} (campaign ${basename(this.lastFailure.dir)})` : 'open one from the campaign screen';
    throw new AppError('not-found', `No encounter is open: ${why}`);
  }

  get folder(): CampaignFolder {
    if (this.current) return this.current.folder;
    const why = this.lastFailure ? `${this.lastFailure.message}` : 'open or create one from the campaign screen';
    throw new AppError('not-found', `No campaign is open: ${why}`);
  }

  private remember(dir: string, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.lastFailure = { dir, file: isAppError(e) ? blamedFile(message) : null, message };
  }

  /* ---- campaigns ---- */

  /**
   * Opens a campaign folder; the current one stays open if this one cannot be read, and the
   * failure is remembered (file and reason) so the GM can be offered its backups.
   */
  async openCampaign(dir: string): Promise<void> {
    let folder: CampaignFolder;
    try {
      folder = await CampaignFolder.open(dir, this.now);
    } catch (e) {
      this.remember(dir, e);
      throw e;
    }
    // A campaign whose encounter is damaged still opens: its other encounters work.
    let session: Session | null = null;
    try {
      session = await this.openActive(folder);
      if (this.lastFailure?.dir === dir) this.lastFailure = null;
    } catch (e) {
      this.remember(dir, e);
      this.options.log?.(`campaign ${dir} opened without its encounter: ${this.lastFailure?.message}`);
    }
    const previous = this.current;
    this.current = { session, folder, dir };
    if (session === null) this.table.clear();
    this.projector.openCampaign(legibilityOf(folder));
    await previous?.session?.close();
    await addRecent(this.recentFile, dir);
    this.broadcast();
  }

  /** The campaign's active encounter; without one, its first; without any, a new blank one. */
  private async openActive(folder: CampaignFolder): Promise<Session> {
    if (!folder.campaign.activeEncounterId) {
      const first = (await folder.encounterIds())[0] ?? (await folder.createEncounter('First encounter', randomInt(2 ** 31), blankEncounter)).id;
      await folder.setActiveEncounter(first);
    }
    return Session.open(folder, this.sink, { now: this.now, projection: this.table });
  }

  private broadcast(): void {
    const session = this.current?.session;
    if (!session) return;
    // The table's display first: the GM's page already shows the intent it sent.
    session.showTable();
    this.sink.gm(session.gmView());
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
    return {
      current: this.current ? this.info(this.current.folder, this.current.dir) : null,
      campaigns: await scanCampaigns(this.campaignsHome),
      recent: await readRecent(this.recentFile),
      lastFailure: this.lastFailure,
      canChoose: this.options.choose !== undefined,
    };
  }

  /** A new campaign named `name`; its folder's name is derived from it (store/folderNames.ts: bytes, collisions). */
  async createCampaign(name: string): Promise<CampaignInfo> {
    await mkdir(this.campaignsHome, { recursive: true });
    if ((await scanCampaigns(this.campaignsHome)).some((c) => c.name === name)) {
      throw new AppError('conflict', `There is a campaign named “${name}” already; choose another name.`);
    }
    const dir = join(this.campaignsHome, await freeFolderName(this.campaignsHome, name));
    await createCampaign(dir, randomInt(2 ** 31), this.now(), DEFAULT_RULES, name);
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
    const copy = await duplicateCampaignFolder(this.campaignsHome, this.campaignDir, name, this.now);
    return this.info(copy.folder, copy.dir);
  }

  deleteCampaign(folderName: string): Promise<{ movedTo: string }> {
    return moveCampaignToBin(this.options.dataDir, this.campaignsHome, this.campaignDir, folderName, this.now());
  }

  /* ---- encounters ---- */

  /** The open campaign's encounters; one that failed to open carries the reason, to offer its backups. */
  async listEncounters(): Promise<EncounterList> {
    const failure = this.lastFailure?.dir === this.current?.dir ? this.lastFailure : null;
    const encounters = (await this.folder.listEncounters()).map((e) =>
      !e.problem && failure?.file?.startsWith(`encounters/${e.id}.`) ? { ...e, problem: failure.message } : e,
    );
    return { openId: this.current?.session?.encounterId ?? null, encounters };
  }

  private get openEncounterId(): string | null {
    return this.current?.session?.encounterId ?? null;
  }

  createEncounter(name: string, map?: MapShape): Promise<EncounterSummary> {
    return this.folder.createEncounter(name, randomInt(2 ** 31), (id, encounterName, rules) => blankEncounter(id, encounterName, rules, map));
  }

  async renameEncounter(id: string, name: string): Promise<EncounterSummary> {
    if (id === this.openEncounterId) {
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

  async deleteEncounter(id: string): Promise<EncounterList> {
    if (id === this.openEncounterId) throw new AppError('conflict', 'The open encounter cannot be deleted; open another one first.');
    await this.folder.deleteEncounter(id);
    if (this.openEncounterId) await this.folder.setActiveEncounter(this.openEncounterId);
    return this.listEncounters();
  }

  async openEncounter(id: string, force = false): Promise<GmView> {
    const folder = this.folder;
    if (!force && id === this.openEncounterId) return this.session.gmView();
    const previous = this.current?.session;
    // Reopening the open encounter (a rename) keeps its views' key and goes on counting.
    const same = previous && id === previous.encounterId ? { key: previous.key, firstRevision: previous.currentRevision + 1 } : {};
    let session: Session;
    try {
      session = await Session.openEncounter(folder, id, this.sink, { now: this.now, projection: this.table, ...same });
    } catch (e) {
      if (isAppError(e) && e.code === 'corrupt-file') this.remember(folder.dir, e);
      throw e;
    }
    await this.current?.session?.close();
    this.current = { folder, dir: folder.dir, session };
    if (this.lastFailure?.dir === folder.dir && this.lastFailure.file?.startsWith(`encounters/${id}.`)) this.lastFailure = null;
    await folder.setActiveEncounter(id);
    this.broadcast();
    return session.gmView();
  }

  /* ---- backups ---- */

  async listBackups(file: string, ref?: CampaignRef): Promise<BackupInfo[]> {
    return listBackups(ref ? await this.resolveRef(ref) : this.campaignDir, file);
  }

  async restoreBackup(file: string, backup: string, ref?: CampaignRef): Promise<{ file: string; backup: string }> {
    const dir = await this.assertRepairable(file, ref);
    await restoreBackup(dir, file, backup, this.now());
    return { file, backup };
  }

  /** Opens a damaged log up to its last good entry; the rest is kept aside in its backups. */
  async salvageLog(file: string, ref?: CampaignRef): Promise<SalvageResult> {
    return salvageLog(await this.assertRepairable(file, ref), file, this.now());
  }

  /** The campaign folder of a file to repair, refused while the file is in use. */
  private async assertRepairable(file: string, ref?: CampaignRef): Promise<string> {
    const dir = ref ? await this.resolveRef(ref) : this.campaignDir;
    return refuseWhileInUse(dir, file, this.current?.dir ?? null, this.openEncounterId);
  }

  /* ---- rules ---- */

  getRules(): Rules {
    return this.folder.rules;
  }

  setRules(rules: Rules): Promise<Rules> {
    // The rules an encounter would be built with, checked now (the spell edits above all), so a
    // setting that no encounter could start under is refused here and never stored.
    rulesFor(rules);
    return this.folder.setRules(rules);
  }

  exportCombatLog(id?: string, audience?: 'gm' | 'players'): Promise<{ fileName: string; markdown: string }> {
    return exportCombatLog(this.folder, this.current?.session ?? null, id, this.now(), audience);
  }

  /* ---- files in and out: the transfers own them (services/campaigns/campaignTransfers.ts) ---- */

  /** An asset of the open campaign for the asset route of either host, as `role` may have it (services/assetAccess.ts). */
  readAsset(name: string, role: Role | null = 'gm'): Promise<AssetAnswer> {
    return this.assets.read(role, name);
  }

  importImageStream(source: AsyncIterable<Uint8Array>, total: number | null, what?: string): Promise<ImportedImageInfo> {
    return this.transfers.importImageStream(source, total, what);
  }
}
