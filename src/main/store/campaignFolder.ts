import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, isAppError } from '../../shared/errors';
import { IdSchema } from '../../shared/contract/schemas';
import { assertId, encounterDocName, encounterLogName, encounterSnapshotName, slug } from './campaignPaths';
import type { EncounterState } from '../engine/encounter/schema';
import { RulesSchema, type Rules } from '../engine/rules';
import { backupFile } from './backups';
import { CommandLog } from './commandLog';
import { tornTailNotice } from './salvageLog';
import { fsyncDir } from './durable';
import { cleanCampaignFolder } from './leftovers';
import { assertNoLinks } from './linkGuard';
import { describeSchemaError, readVersionedDocument, writeDocument } from './jsonDocument';
import {
  CAMPAIGN_SCHEMA_VERSION,
  CampaignFileSchema,
  ENCOUNTER_SCHEMA_VERSION,
  EncounterFileSchema,
  LogEntrySchema,
  SNAPSHOT_SCHEMA_VERSION,
  SnapshotFileSchema,
  type CampaignFile,
  type EncounterFile,
  type LogEntry,
  type SnapshotFile,
} from './schema';

export { encounterDocName, encounterLogName, encounterSnapshotName } from './campaignPaths';

/** An encounter read from disk: how it began, its log, and a snapshot of it when one matches the log. */
export interface StoredEncounter {
  readonly file: EncounterFile;
  readonly log: CommandLog;
  readonly snapshot: SnapshotFile | null;
  /** Said to the GM: what opening the encounter found and set aside, or null. */
  readonly notice: string | null;
}

export interface EncounterSummary {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string | null;
  /** Why the file cannot be opened (validation or parse error), or null when it is fine. */
  readonly problem: string | null;
}

/**
 * An open campaign folder (DESIGN §Persistence): `campaign.json`, `encounters/<id>.json` with
 * `<id>.log.jsonl` and `<id>.snapshot.json` beside it, `assets/`, `backups/`. Only the main
 * process writes here; every overwrite first takes a rotating backup.
 */
export class CampaignFolder {
  #campaign: CampaignFile;
  /** The campaign file's last change, so the next waits for it (see `updateCampaign`). */
  #campaignChanges: Promise<unknown> = Promise.resolve();
  /** The `seq` of each encounter's snapshot file on disk, so an undo below it removes it first. */
  readonly #snapshotSeq = new Map<string, number>();

  private constructor(
    readonly dir: string,
    campaign: CampaignFile,
    private readonly now: () => Date,
  ) {
    this.#campaign = campaign;
  }

  /**
   * Reads `campaign.json` (migrating an older one, which is then written back after a backup).
   * First clears what kills left in the folder: temporary files, and staged imports, finished
   * if they were decided and dropped if not (leftovers.ts).
   */
  static async open(dir: string, now: () => Date = () => new Date()): Promise<CampaignFolder> {
    await cleanCampaignFolder(dir);
    const doc = await readVersionedDocument('campaign', join(dir, 'campaign.json'), CampaignFileSchema, `campaign.json in ${dir}`);
    const folder = new CampaignFolder(dir, doc.data, now);
    if (doc.fromVersion < CAMPAIGN_SCHEMA_VERSION) await folder.writeCampaign(doc.data);
    return folder;
  }

  get campaign(): CampaignFile {
    return this.#campaign;
  }

  get rules(): Rules {
    return this.#campaign.rules;
  }

  private path(file: string): string {
    return join(this.dir, file);
  }

  /** Overwrites `campaign.json` after a backup. */
  async writeCampaign(next: CampaignFile): Promise<void> {
    const valid = CampaignFileSchema.parse(next);
    await assertNoLinks(this.dir, this.path('campaign.json'));
    await backupFile(this.dir, 'campaign.json', this.now());
    await writeDocument(this.path('campaign.json'), valid, this.dir);
    this.#campaign = valid;
  }

  /**
   * Changes run one after another, each on the file the last one left: two changes sent at once
   * (a quick second click of a setting) both stay, and land in the order they were asked for.
   */
  updateCampaign(change: (c: CampaignFile) => CampaignFile): Promise<CampaignFile> {
    const done = this.#campaignChanges.then(async () => {
      await this.writeCampaign(change(this.#campaign));
      return this.#campaign;
    });
    this.#campaignChanges = done.catch(() => undefined);
    return done;
  }

  async setRules(rules: Rules): Promise<Rules> {
    const parsed = RulesSchema.safeParse(rules);
    if (!parsed.success) throw new AppError('invalid-args', describeSchemaError('The rules settings', parsed.error));
    return (await this.updateCampaign((c) => ({ ...c, rules: parsed.data }))).rules;
  }

  async renameCampaign(name: string): Promise<CampaignFile> {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 120) throw new AppError('invalid-args', 'A campaign name has 1 to 120 characters.');
    return this.updateCampaign((c) => ({ ...c, name: trimmed }));
  }

  /* ---- encounters ---- */

  async encounterIds(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(join(this.dir, 'encounters'));
    } catch {
      return [];
    }
    return names
      .filter((n) => n.endsWith('.json') && !n.endsWith('.snapshot.json') && !n.startsWith('.'))
      .map((n) => n.slice(0, -'.json'.length))
      .filter((id) => IdSchema.safeParse(id).success)
      .sort();
  }

  /**
   * Every encounter with its name, read from each file's head. A file that does not parse is
   * still listed, with the reason, so the GM can restore a backup of it.
   */
  async listEncounters(): Promise<EncounterSummary[]> {
    const ids = await this.encounterIds();
    return Promise.all(
      ids.map(async (id): Promise<EncounterSummary> => {
        const label = encounterDocName(id);
        try {
          const raw = JSON.parse(await readFile(this.path(label), 'utf8')) as unknown;
          if (raw === null || typeof raw !== 'object') throw new AppError('corrupt-file', `${label} holds no document.`);
          const head = raw as { id?: unknown; name?: unknown; createdAt?: unknown; initial?: { name?: unknown } };
          if (head.id !== id) throw new AppError('corrupt-file', `${label} says it is encounter "${String(head.id)}".`);
          const name = typeof head.name === 'string' ? head.name : typeof head.initial?.name === 'string' ? head.initial.name : id;
          return { id, name, createdAt: typeof head.createdAt === 'string' ? head.createdAt : null, problem: null };
        } catch (e) {
          const problem = isAppError(e) ? e.message : `${label} could not be read: ${(e as Error).message}.`;
          return { id, name: id, createdAt: null, problem };
        }
      }),
    );
  }

  /**
   * Reads an encounter: its file (migrated; a v1 file's embedded log moves to the `.log.jsonl`
   * and the file is rewritten as v2 after a backup), its log and a snapshot that matches the log.
   */
  async readEncounter(id: string): Promise<StoredEncounter> {
    assertId(id);
    const label = encounterDocName(id);
    const doc = await readVersionedDocument('encounter', this.path(label), EncounterFileSchema, label, { rules: this.rules });
    if (doc.data.id !== id) throw new AppError('corrupt-file', `${label} says it is encounter "${doc.data.id}".`);
    if (doc.fromVersion < ENCOUNTER_SCHEMA_VERSION) {
      const legacy: LogEntry[] = (doc.extracted.log ?? []).map((raw, i) => {
        const parsed = LogEntrySchema.safeParse(raw);
        if (!parsed.success) throw new AppError('corrupt-file', describeSchemaError(`${label} log entry ${i + 1}`, parsed.error));
        return parsed.data;
      });
      // A log file already there is newer than any v1 file (v1 had none): it wins. This happens
      // after a crash between the two writes below, or when a v1 backup was restored.
      const hasLog = await stat(this.path(encounterLogName(id))).then(
        () => true,
        () => false,
      );
      if (!hasLog) {
        await CommandLog.write(this.path(encounterLogName(id)), legacy, this.dir);
        await backupFile(this.dir, encounterLogName(id), this.now());
      }
      await this.writeEncounterFile(doc.data);
    }
    // The snapshot's chain lets the log's covered lines skip their schema check on this path.
    const snapshotFile = await this.readSnapshotFile(id);
    const trusted = snapshotFile ? { seq: snapshotFile.seq, chain: snapshotFile.chain } : undefined;
    const log = await CommandLog.open(
      this.path(encounterLogName(id)),
      id,
      encounterLogName(id),
      {
        beforeCut: async (length) => {
          if (length < (this.#snapshotSeq.get(id) ?? 0)) await this.deleteSnapshot(id);
        },
        beforeWrite: () => assertNoLinks(this.dir, this.path(encounterLogName(id))),
      },
      trusted,
    );
    try {
      const snapshot = this.matchSnapshot(id, snapshotFile, log);
      // A torn last line is a crash mid-write or a file cut short: a copy is kept before anything is cut.
      if (log.tornBytes > 0) await backupFile(this.dir, encounterLogName(id), this.now());
      return { file: doc.data, log, snapshot, notice: tornTailNotice(encounterLogName(id), log.length, log.tornBytes) };
    } catch (e) {
      await log.close();
      throw e;
    }
  }

  /**
   * A snapshot is a cache: one that does not parse or validate is ignored, and one of another
   * history (its chain differs) too. One *ahead* of the log proves the log lost entries it once
   * had: an undo below a snapshot removes it first, so nothing else makes one.
   */
  private async readSnapshotFile(id: string): Promise<SnapshotFile | null> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(this.path(encounterSnapshotName(id)), 'utf8')) as unknown;
    } catch {
      return null;
    }
    const snap = SnapshotFileSchema.safeParse(raw);
    return snap.success && snap.data.id === id ? snap.data : null;
  }

  private matchSnapshot(id: string, snap: SnapshotFile | null, log: CommandLog): SnapshotFile | null {
    if (!snap) return null;
    this.#snapshotSeq.set(id, snap.seq);
    if (snap.seq > log.length) {
      throw new AppError(
        'corrupt-file',
        `${encounterLogName(id)} was cut short: it holds ${log.length} entries, but the encounter's snapshot shows it had at least ${snap.seq}.`,
      );
    }
    return snap.chain === log.chainAt(snap.seq) ? snap : null;
  }

  async writeSnapshot(snapshot: Omit<SnapshotFile, 'schemaVersion'>): Promise<void> {
    // An append-only log otherwise has no backup but its first: one with each snapshot.
    await backupFile(this.dir, encounterLogName(snapshot.id), this.now());
    await writeDocument(this.path(encounterSnapshotName(snapshot.id)), { schemaVersion: SNAPSHOT_SCHEMA_VERSION, ...snapshot }, this.dir);
    this.#snapshotSeq.set(snapshot.id, snapshot.seq);
  }

  async deleteSnapshot(id: string): Promise<void> {
    await rm(this.path(encounterSnapshotName(id)), { force: true });
    this.#snapshotSeq.delete(id);
  }

  /** Overwrites an encounter's file after a backup. */
  async writeEncounterFile(file: EncounterFile): Promise<void> {
    const valid = EncounterFileSchema.parse(file);
    await backupFile(this.dir, encounterDocName(valid.id), this.now());
    await writeDocument(this.path(encounterDocName(valid.id)), valid, this.dir);
  }

  /** Ids an import has chosen and not yet moved into place (importJournal.ts): no new encounter takes them meanwhile. */
  readonly #reserved = new Set<string>();

  /** A free id for `name`, kept from other new encounters until `release` (an import's, while it commits). */
  async reserveId(name: string): Promise<string> {
    const taken = new Set([...(await this.encounterIds()), ...this.#reserved]);
    const base = slug(name, 'encounter');
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    this.#reserved.add(id);
    return id;
  }

  releaseIds(ids: Iterable<string>): void {
    for (const id of ids) this.#reserved.delete(id);
  }

  /**
   * A new encounter from a starting state; it copies the campaign's rules, which
   * `initial` is given so a fresh state starts in their first phase (RULINGS T1, O1–O4).
   */
  async createEncounter(
    name: string,
    seed: number,
    initial: (id: string, name: string, rules: Rules) => EncounterState,
    log: readonly LogEntry[] = [],
    rules: Rules = this.rules,
  ): Promise<EncounterSummary> {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 120) throw new AppError('invalid-args', 'An encounter name has 1 to 120 characters.');
    await assertNoLinks(this.dir, join(this.dir, 'encounters'));
    await mkdir(join(this.dir, 'encounters'), { recursive: true });
    const id = await this.reserveId(trimmed);
    try {
      return await this.writeNewEncounter(id, trimmed, seed, initial, log, rules);
    } finally {
      this.releaseIds([id]);
    }
  }

  private async writeNewEncounter(
    id: string,
    trimmed: string,
    seed: number,
    initial: (id: string, name: string, rules: Rules) => EncounterState,
    log: readonly LogEntry[],
    rules: Rules,
  ): Promise<EncounterSummary> {
    const createdAt = this.now().toISOString();
    const file: EncounterFile = EncounterFileSchema.parse({
      schemaVersion: ENCOUNTER_SCHEMA_VERSION,
      id,
      name: trimmed,
      createdAt,
      seed,
      rules,
      initial: initial(id, trimmed, rules),
    });
    // The log first: an encounter file on disk always has its log beside it.
    await CommandLog.write(this.path(encounterLogName(id)), log, this.dir);
    await writeDocument(this.path(encounterDocName(id)), file, this.dir);
    // Written once: without a first backup a later damage would have nothing to restore.
    await backupFile(this.dir, encounterLogName(id), this.now());
    await backupFile(this.dir, encounterDocName(id), this.now());
    return { id, name: trimmed, createdAt, problem: null };
  }

  async renameEncounter(id: string, name: string): Promise<EncounterSummary> {
    const { file, log } = await this.readEncounter(id);
    await log.close();
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 120) throw new AppError('invalid-args', 'An encounter name has 1 to 120 characters.');
    await this.writeEncounterFile({ ...file, name: trimmed, initial: { ...file.initial, name: trimmed } });
    // The snapshot holds the old name: drop it (it is only a cache).
    await this.deleteSnapshot(id);
    return { id, name: trimmed, createdAt: file.createdAt, problem: null };
  }

  /** A copy with its whole history, under a new id and name. */
  async duplicateEncounter(id: string, name: string): Promise<EncounterSummary> {
    const { file, log } = await this.readEncounter(id);
    const entries = [...log.entries];
    await log.close();
    return this.createEncounter(name, file.seed, (newId, newName) => ({ ...file.initial, id: newId, name: newName }), entries, file.rules);
  }

  /** Moves an encounter's files to `backups/deleted/<id>-<time>/`: deleting loses nothing. */
  async deleteEncounter(id: string): Promise<void> {
    assertId(id);
    try {
      await stat(this.path(encounterDocName(id)));
    } catch {
      throw new AppError('not-found', `There is no encounter "${id}" in this campaign.`);
    }
    const bin = join(this.dir, 'backups', 'deleted', `${id}-${this.now().toISOString().replace(/[:.]/g, '-')}`);
    await assertNoLinks(this.dir, bin);
    await mkdir(bin, { recursive: true });
    for (const name of [encounterLogName(id), encounterSnapshotName(id), encounterDocName(id)]) {
      try {
        await rename(this.path(name), join(bin, name.slice('encounters/'.length)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    await fsyncDir(join(this.dir, 'encounters'));
    if (this.#campaign.activeEncounterId === id) {
      const next = (await this.encounterIds())[0] ?? null;
      await this.updateCampaign((c) => ({ ...c, activeEncounterId: next }));
    }
  }

  async setActiveEncounter(id: string): Promise<void> {
    if (this.#campaign.activeEncounterId !== id) await this.updateCampaign((c) => ({ ...c, activeEncounterId: id }));
  }
}

export function openCampaignFolder(dir: string, now?: () => Date): Promise<CampaignFolder> {
  return CampaignFolder.open(dir, now);
}
