import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { AppError, isAppError } from '../../../shared/errors';
import type { MapShape } from '../../../shared/mapGrid';
import type { GmView } from '../../../shared/contract/views';
import { DEFAULT_RULES, rulesFor, type Rules } from '../../engine/rules';
import type { PlayerProjection } from '../../projection/tableProjection';
import { Session, type ViewSink } from '../../session/session';
import { listBackups, restoreBackup, type BackupInfo } from '../../store/backups';
import { CampaignFolder, type EncounterSummary } from '../../store/campaignFolder';
import { scanCampaigns } from '../../store/campaignList';
import { ensureFirstCampaign } from '../../store/firstStart';
import { freeFolderName } from '../../store/folderNames';
import { legibilityOf } from '../../store/handouts';
import { cleanDataFolder } from '../../store/leftovers';
import { blankEncounter, createCampaign } from '../../store/newCampaign';
import { addRecent, readRecent } from '../../store/recent';
import { salvageLog, type SalvageResult } from '../../store/salvageLog';
import type { Projector } from '../projector';
import { blamedFile, refuseWhileInUse } from './campaignRepairs';
import { duplicateCampaignFolder, moveCampaignToBin } from './campaignShelf';
import type { CampaignInfo, CampaignList, CampaignRef, HostChooser } from './campaignTypes';
import { exportCombatLog } from './combatLogExport';

export type EncounterList = { openId: string | null; encounters: EncounterSummary[] };

export interface LibraryOptions {
  /** The app's own data folder: the recent list lives here, campaigns under `campaigns/`. */
  readonly dataDir: string;
  readonly log?: (message: string) => void;
  readonly choose?: HostChooser;
  readonly now: () => Date;
  /** Where the GM page and the table are sent the open encounter's views. */
  readonly sink: ViewSink;
  /** The table's projection: a session publishes to it, and it is cleared while no encounter is open. */
  readonly table: PlayerProjection;
  /** Told each campaign opened, for its stored legibility. */
  readonly projector: Projector;
}

/**
 * The GM's campaigns on this machine and the one open: which campaign and encounter are open (one
 * session at a time), the shelf of campaigns and encounters, their backups and repairs, and the
 * campaign's rules. A damaged file never stops it: it then holds no campaign or no encounter,
 * remembering the failure (file and reason), and the GM page offers the file's backups.
 */
export class CampaignLibrary {
  private current: { session: Session | null; folder: CampaignFolder; dir: string } | null = null;
  private lastFailure: { dir: string; file: string | null; message: string } | null = null;

  constructor(private readonly options: LibraryOptions) {}

  /** Opens the most recent campaign that opens, else the first under the data folder (the sample the first time). */
  async start(sampleCampaignDir: string): Promise<void> {
    // What kills left behind: half-written files, interrupted imports (store/leftovers.ts; each campaign's own when it opens).
    await cleanDataFolder(this.options.dataDir, this.campaignsHome);
    const log = (dir: string, e: unknown) => this.options.log?.(`could not open ${dir}: ${e instanceof Error ? e.message : String(e)}`);
    for (const dir of await readRecent(this.recentFile)) {
      try {
        await this.openCampaign(dir);
        if (this.current) return;
      } catch (e) {
        log(dir, e);
      }
    }
    const first = await ensureFirstCampaign(this.campaignsHome, sampleCampaignDir, this.options.now());
    if (this.current?.dir === first) return;
    try {
      await this.openCampaign(first);
    } catch (e) {
      log(first, e);
    }
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

  /** The open campaign's folder, or null while none could be opened. */
  get openFolder(): CampaignFolder | null {
    return this.current?.folder ?? null;
  }

  /** The open encounter's session, or null while none is open. */
  get openSession(): Session | null {
    return this.current?.session ?? null;
  }

  /** The open encounter; throws `not-found` (with the reason) while none could be opened. */
  get session(): Session {
    const session = this.current?.session;
    if (session) return session;
    const why = this.lastFailure ? `${this.lastFailure.message} (campaign ${basename(this.lastFailure.dir)})` : 'open one from the campaign screen';
    throw new AppError('not-found', `No encounter is open: ${why}`);
  }

  /** The open campaign; throws `not-found` while none could be opened. */
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
      folder = await CampaignFolder.open(dir, this.options.now);
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
    if (session === null) this.options.table.clear();
    this.options.projector.openCampaign(legibilityOf(folder));
    await previous?.session?.close();
    await addRecent(this.recentFile, dir);
    this.broadcast();
  }

  /**
   * Closes the open encounter's session (the console is quitting): its log file is closed, and no
   * encounter is open after. The campaign stays the one the next start opens. Closing twice is harmless.
   */
  async close(): Promise<void> {
    const current = this.current;
    if (!current?.session) return;
    this.current = { ...current, session: null };
    await current.session.close();
  }

  /** The campaign's active encounter; without one, its first; without any, a new blank one. */
  private async openActive(folder: CampaignFolder): Promise<Session> {
    if (!folder.campaign.activeEncounterId) {
      const first = (await folder.encounterIds())[0] ?? (await folder.createEncounter('First encounter', randomInt(2 ** 31), blankEncounter)).id;
      await folder.setActiveEncounter(first);
    }
    return Session.open(folder, this.options.sink, { now: this.options.now, projection: this.options.table });
  }

  private broadcast(): void {
    const session = this.current?.session;
    if (!session) return;
    // The table's display first: the GM's page already shows the intent it sent.
    session.showTable();
    this.options.sink.gm(session.gmView());
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
    await createCampaign(dir, randomInt(2 ** 31), this.options.now(), DEFAULT_RULES, name);
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
    const copy = await duplicateCampaignFolder(this.campaignsHome, this.campaignDir, name, this.options.now);
    return this.info(copy.folder, copy.dir);
  }

  deleteCampaign(folderName: string): Promise<{ movedTo: string }> {
    return moveCampaignToBin(this.options.dataDir, this.campaignsHome, this.campaignDir, folderName, this.options.now());
  }

  /* ---- encounters ---- */

  /** The open campaign's encounters; one that failed to open carries the reason, to offer its backups. */
  async listEncounters(): Promise<EncounterList> {
    const failure = this.lastFailure?.dir === this.current?.dir ? this.lastFailure : null;
    const encounters = (await this.folder.listEncounters()).map((e) =>
      !e.problem && failure?.file?.startsWith(`encounters/${e.id}.`) ? { ...e, problem: failure.message } : e,
    );
    return { openId: this.openEncounterId, encounters };
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

  /** Opens an encounter of the open campaign; `force` opens the open one again (after its file changed: a rename, new rules). */
  async openEncounter(id: string, force = false): Promise<GmView> {
    const folder = this.folder;
    if (!force && id === this.openEncounterId) return this.session.gmView();
    const previous = this.current?.session;
    // Reopening the open encounter (a rename) keeps its views' key and goes on counting.
    const same = previous && id === previous.encounterId ? { key: previous.key, firstRevision: previous.currentRevision + 1 } : {};
    let session: Session;
    try {
      session = await Session.openEncounter(folder, id, this.options.sink, { now: this.options.now, projection: this.options.table, ...same });
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
    await restoreBackup(dir, file, backup, this.options.now());
    return { file, backup };
  }

  /** Opens a damaged log up to its last good entry; the rest is kept aside in its backups. */
  async salvageLog(file: string, ref?: CampaignRef): Promise<SalvageResult> {
    return salvageLog(await this.assertRepairable(file, ref), file, this.options.now());
  }

  /** The campaign folder of a file to repair, refused while the file is in use. */
  private async assertRepairable(file: string, ref?: CampaignRef): Promise<string> {
    const dir = ref ? await this.resolveRef(ref) : this.campaignDir;
    return refuseWhileInUse(dir, file, this.current?.dir ?? null, this.openEncounterId);
  }

  /* ---- rules and the log ---- */

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
    return exportCombatLog(this.folder, this.openSession, id, this.options.now(), audience);
  }
}
