import { randomBytes } from 'node:crypto';
import type { Command } from '../../shared/contract/commands';
import { AppError } from '../../shared/errors';
import type { CommandAck, GmView, PlayerView, SeenView } from '../../shared/contract/views';
import { createSeededDice } from '../engine/dice/seeded';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import { DiceError, type SeededDice } from '../engine/dice/types';
import { createFaceStream } from '../engine/dice/faceStream';
import { backupFile } from '../store/backups';
import { encounterLogName, type CampaignFolder, type StoredEncounter } from '../store/campaignFolder';
import type { CommandLog } from '../store/commandLog';
import type { EncounterFile, LogEntry } from '../store/schema';
import { diceFor, engineApply, replay, type EngineApply, type Replayed } from './replay';
import { CHECKPOINT_EVERY, replayForOpen, type Checkpoint } from './openReplay';
import { gmView } from './gmView';
import { TABLE } from '../projection/audience';
import { PlayerProjection, type Happened, type Opening, type Staged } from '../projection/tableProjection';
import { turnStartOf } from './turnStart';
import type { SessionOptions, ViewSink } from './sessionOptions';

export { engineApply, replay, type EngineApply, type Replayed, type ReplayStart } from './replay';

export type { SessionOptions, ViewSink } from './sessionOptions';

const SNAPSHOT_EVERY = 256;

/**
 * The open encounter: every change is a command that the engine applies, the log keeps, the
 * folder persists and the views broadcast (DESIGN §One picture). A command is acknowledged only
 * once its log line is on the disk.
 */
export class Session {
  private state: EncounterState;
  private dice: SeededDice;
  private redoStack: LogEntry[] = [];
  private revision: number;
  /** Which opening of this encounter the views belong to. */
  readonly key: string;
  /**
   * What the players are sent (DESIGN §The player projection): the session tells it every change
   * and never builds a player frame itself. The host's own, shared by every opening; a session
   * made without one (a recap of another encounter, a test) has its own for the table.
   */
  private readonly table: PlayerProjection;
  private gmCache: { view: GmView; campaignName: string } | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Turn each entry was given in (from the entry, or found by replay for logs older than v2). */
  private turns: number[] = [];
  private checkpoints = new Map<number, Checkpoint>();
  private readonly now: () => Date;
  private readonly engine: EngineApply;
  private readonly snapshotEvery: number;
  private closed = false;
  /** What opening the log found and set aside, said to the GM in every GM view. */
  private notice: string | null = null;

  private constructor(
    private readonly folder: CampaignFolder,
    private file: EncounterFile,
    private readonly log: CommandLog,
    snapshot: StoredEncounter['snapshot'],
    private readonly sink: ViewSink,
    options: SessionOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.engine = options.engine ?? engineApply;
    this.snapshotEvery = options.snapshotEvery ?? SNAPSHOT_EVERY;
    this.key = options.key ?? randomBytes(8).toString('hex');
    this.revision = options.firstRevision ?? 0;
    this.table = options.projection ?? new PlayerProjection(TABLE, (frame) => sink.player(frame));
    const opened = replayForOpen(file, log.entries, snapshot, this.engine);
    ({ state: this.state, dice: this.dice, turns: this.turns, checkpoints: this.checkpoints } = opened);
    // A log opened without a snapshot near its end (an import, a salvage, an older console) gets
    // one now, in the background: the next opening starts from it.
    if (opened.replayed >= this.snapshotEvery) this.serially(() => this.writeSnapshot()).catch(() => undefined);
  }

  /** Opens the campaign's active encounter. */
  static async open(folder: CampaignFolder, sink: ViewSink, options: SessionOptions | (() => Date) = {}): Promise<Session> {
    const id = folder.campaign.activeEncounterId;
    if (!id) throw new AppError('not-found', `The campaign "${folder.campaign.name}" has no encounter to open.`);
    return Session.openEncounter(folder, id, sink, options);
  }

  static async openEncounter(folder: CampaignFolder, id: string, sink: ViewSink, options: SessionOptions | (() => Date) = {}): Promise<Session> {
    const stored = await folder.readEncounter(id);
    try {
      const session = new Session(folder, stored.file, stored.log, stored.snapshot, sink, typeof options === 'function' ? { now: options } : options);
      session.notice = stored.notice;
      return session;
    } catch (e) {
      await stored.log.close();
      throw e;
    }
  }

  get encounterId(): string {
    return this.file.id;
  }

  get encounterFile(): EncounterFile {
    return this.file;
  }

  /** The rules this encounter runs under: its own, copied from the campaign when it was created. */
  get rules(): Rules {
    return this.file.rules;
  }

  get campaignFolder(): CampaignFolder {
    return this.folder;
  }

  /** The log as applied, and the turn of each entry. */
  get entries(): readonly LogEntry[] {
    return this.log.entries;
  }

  turnOf(index: number): number {
    return this.turns[index] ?? this.file.initial.turn;
  }

  get currentState(): EncounterState {
    return this.state;
  }

  get currentRevision(): number {
    return this.revision;
  }

  /** The GM view at this revision, built once however often it is asked for. */
  gmView(): GmView {
    const campaign = this.folder.campaign;
    const cached = this.gmCache;
    if (cached && cached.view.revision === this.revision && cached.campaignName === campaign.name) return cached.view;
    const view = this.buildGm(this.state, this.revision, this.log.length, this.redoStack.length > 0);
    this.gmCache = { view, campaignName: campaign.name };
    return view;
  }

  private buildGm(state: EncounterState, revision: number, logLength: number, canRedo: boolean): GmView {
    const history = { canUndo: logLength > 0, canRedo, logLength, ...(this.notice ? { notice: this.notice } : {}) };
    return gmView(this.folder.campaign, state, history, revision, this.file.rules, this.key);
  }

  /** The open encounter's map: the asset routes check a player's image against its fog. */
  get map(): EncounterState['map'] {
    return this.state.map;
  }

  /**
   * The frame the table holds of this encounter (projection/tableProjection.ts). Its revision is
   * the table's own count of frames sent: a command players could not see moves nothing.
   */
  playerView(): PlayerView {
    this.showTable();
    const frame = this.table.frame();
    // A staged scene is the table's frame of another encounter, kept while the GM prepares this one.
    if (this.closed || frame === null || (frame.session !== this.key && !this.table.staging)) {
      throw new AppError('conflict', 'This encounter has been closed; another one is open.');
    }
    return frame;
  }

  /** Shows this opening to the table as the log left it, if the table does not hold it already. */
  showTable(): void {
    if (!this.closed) this.table.show(this.opening(), { kind: 'log', entries: this.log.entries });
  }

  private opening(state: EncounterState = this.state): Opening {
    return { key: this.key, state, rules: this.file.rules };
  }

  /** What a command answers to a caller that gets its view by the push. */
  ack(): CommandAck {
    return { encounterId: this.file.id, session: this.key, revision: this.revision };
  }

  /** Applies one command; `entered` are faces the GM typed in for its rolls (RULINGS G3). */
  execute(command: Command, entered?: readonly (readonly number[])[], seen?: SeenView): Promise<GmView> {
    return this.serially(async () => {
      this.checkSeen(seen);
      const before = this.dice.saveState();
      // Typed faces are one run (RULINGS G3): each roll takes what it needs; faces a command that
      // stopped early did not take are left over, and the log keeps only the rolls made.
      const enteredDice = entered ? createFaceStream(entered.flat()) : null;
      let result;
      try {
        result = this.engine(this.state, command, enteredDice ?? this.dice, this.file.rules);
        if (enteredDice && enteredDice.used().length === 0 && enteredDice.unused().length > 0) {
          throw new AppError(
            'invalid-args',
            `The ${enteredDice.unused().length} entered faces were not needed by this command: it rolls no dice; nothing was changed.`,
          );
        }
      } catch (e) {
        this.dice = createSeededDice(before);
        // Faces the GM typed that do not fit the roll (wrong count, out of range) are bad input.
        throw e instanceof DiceError ? new AppError('invalid-args', e.message) : e;
      }
      const entry: LogEntry = {
        seq: this.log.length + 1,
        at: this.now().toISOString(),
        turn: this.state.turn,
        phase: this.state.phase,
        command,
        ...(enteredDice ? { entered: enteredDice.used() } : {}),
        events: result.events.map((e) => ({ ...e })),
        rolls: result.rolls.map((r) => ({ ...r, faces: [...r.faces] })),
      };
      // The line is on its way to the disk while the views are built; they are sent once it is
      // durable, and no page nor query sees the new state before that.
      const durable = this.log.append(entry);
      const revision = this.revision + 1;
      const happened: Happened = { kind: 'command', before: this.state, events: entry.events, at: entry.seq };
      const built = this.prepare(result.state, revision, happened);
      try {
        await durable;
      } catch (e) {
        this.dice = createSeededDice(before);
        throw e;
      }
      this.turns.push(entry.turn!);
      this.redoStack = [];
      this.state = result.state;
      this.revision = revision;
      this.checkpoint();
      if (built) {
        // The table's display first: the GM's page already shows the intent it sent.
        this.table.publish(built.table);
        this.gmCache = { view: built.gm, campaignName: built.gm.campaign.name };
        this.sink.gm(built.gm);
      } else this.publish(happened);
      await this.maybeSnapshot();
      return this.gmView();
    });
  }

  undo(seen?: SeenView): Promise<GmView> {
    return this.serially(async () => {
      this.checkSeen(seen);
      if (this.log.length === 0) throw new AppError('conflict', 'There is nothing to undo.');
      await this.cutTo(this.log.length - 1);
      return this.gmView();
    });
  }

  /**
   * Takes back every command of the current turn. At the very start of a turn (nothing done in
   * it yet) it goes back to the start of the turn before, so pressing it again keeps stepping back.
   */
  undoToTurnStart(seen?: SeenView): Promise<GmView> {
    return this.serially(async () => {
      this.checkSeen(seen);
      if (this.log.length === 0) throw new AppError('conflict', 'There is nothing to undo.');
      await this.cutTo(this.turnStart());
      return this.gmView();
    });
  }

  /** How many entries the log keeps when going back to the start of this turn. */
  turnStart(): number {
    return turnStartOf(this.log.length, this.state.turn, (i) => this.turnOf(i));
  }

  redo(seen?: SeenView): Promise<GmView> {
    return this.serially(async () => {
      this.checkSeen(seen);
      const next = this.redoStack.at(-1);
      if (!next) throw new AppError('conflict', 'There is nothing to redo.');
      const before = this.dice.saveState();
      const entry: LogEntry = { ...next, seq: this.log.length + 1 };
      let result;
      try {
        result = this.engine(this.state, entry.command, diceFor(entry.entered, this.dice), this.file.rules);
        await this.log.append(entry);
      } catch (e) {
        this.dice = createSeededDice(before);
        throw e;
      }
      this.turns.push(entry.turn ?? this.state.turn);
      this.redoStack = this.redoStack.slice(0, -1);
      const was = this.state;
      this.state = result.state;
      this.revision += 1;
      this.checkpoint();
      this.publish({ kind: 'command', before: was, events: entry.events, at: entry.seq });
      return this.gmView();
    });
  }

  /** Stops using the log file (another encounter or campaign is being opened). */
  close(): Promise<void> {
    return this.serially(async () => {
      this.closed = true;
      await this.log.close();
    });
  }

  /** The state after the first `length` entries, replayed from the nearest checkpoint. */
  private stateAt(length: number): Replayed {
    let at = 0;
    for (const k of this.checkpoints.keys()) if (k <= length && k > at) at = k;
    const start = this.checkpoints.get(at)!;
    return replay(this.file, this.log.entries.slice(at, length), start, this.engine);
  }

  /** Cuts the log back to `length` entries; the entries cut go on the redo stack. */
  private async cutTo(length: number): Promise<void> {
    await this.log.checked(); // a replay from below the snapshot reads lines whose check may still be running
    const target = this.stateAt(length);
    // The cut lines are kept in a rotating backup before the file shrinks.
    await backupFile(this.folder.dir, encounterLogName(this.file.id), this.now());
    const removed = await this.log.truncate(length);
    this.turns.length = length;
    for (const k of [...this.checkpoints.keys()]) if (k > length) this.checkpoints.delete(k);
    this.redoStack = [...this.redoStack, ...removed.reverse()];
    this.state = target.state;
    this.dice = target.dice;
    this.revision += 1;
    this.publish({ kind: 'log', entries: this.log.entries });
  }

  private checkpoint(): void {
    if (this.log.length % CHECKPOINT_EVERY === 0) this.checkpoints.set(this.log.length, { state: this.state, dice: this.dice.saveState() });
  }

  /**
   * A command made on a view of another opening (another encounter, another copy of
   * the campaign, a console since restarted) is refused. An older revision of this opening is
   * normal while pushes are on their way; one this opening never reached is not its view.
   */
  private checkSeen(seen: SeenView | undefined): void {
    if (!seen) return;
    if (seen.session === this.key && seen.encounterId === this.file.id && seen.revision <= this.revision) return;
    throw new AppError(
      'conflict',
      `The console now shows "${this.state.name}" (campaign "${this.folder.campaign.name}"); this was asked on the encounter shown before, and nothing was changed.`,
    );
  }

  /** A command's views, built while its line is written; null when that failed: they are built again once the state is the session's. */
  private prepare(state: EncounterState, revision: number, happened: Happened): { table: Staged; gm: GmView } | null {
    try {
      return { table: this.table.stage(this.opening(state), happened), gm: this.buildGm(state, revision, this.log.length + 1, false) };
    } catch {
      return null;
    }
  }

  private publish(happened: Happened): void {
    // The table's display first: the GM's page already shows the intent it sent.
    this.table.publish(this.table.stage(this.opening(), happened));
    this.sink.gm(this.gmView());
  }

  private async maybeSnapshot(): Promise<void> {
    if (this.log.length % this.snapshotEvery === 0) await this.writeSnapshot();
  }

  private async writeSnapshot(): Promise<void> {
    const seq = this.log.length;
    if (seq === 0) return;
    const { algorithm, state } = this.dice.saveState();
    // The snapshot is a cache: failing to write it loses nothing, the log is already durable.
    await this.folder
      .writeSnapshot({ id: this.file.id, seq, chain: this.log.chainAt(seq), state: this.state, dice: { algorithm, state: [...state] } })
      .catch(() => undefined);
  }

  /** Commands are applied one at a time, in the order they arrived. */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const guarded = () => {
      if (this.closed) throw new AppError('conflict', 'This encounter has been closed; another one is open.');
      return work();
    };
    const next = this.queue.then(guarded, guarded);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
