import type { Command } from '../../shared/commands';
import { AppError } from '../../shared/errors';
import type { GmView, PlayerView } from '../../shared/views';
import { createSeededDice } from '../engine/dice/seeded';
import { apply } from '../engine/encounter/apply';
import type { EncounterState } from '../engine/encounter/schema';
import { DiceError, type Dice, type SeededDice } from '../engine/dice/types';
import { createEnteredDice } from '../engine/dice/entered';
import type { CampaignFolder } from '../store/campaignFolder';
import type { EncounterFile, LogEntry } from '../store/schema';
import { gmView, playerView } from './views';

export interface ViewSink {
  gm(view: GmView): void;
  player(view: PlayerView): void;
}

export interface Replayed {
  readonly state: EncounterState;
  /** The encounter's generator, advanced past every roll the log made. */
  readonly dice: SeededDice;
}

/**
 * Replays a log from the encounter's initial state: the same file always gives the same state.
 * Commands whose dice were entered at the table replay those faces; the rest draw from the
 * encounter's seeded dice in order.
 */
export function replay(file: Pick<EncounterFile, 'initial' | 'seed'>, entries: readonly LogEntry[]): Replayed {
  const dice = createSeededDice(file.seed);
  let state = file.initial;
  for (const entry of entries) state = apply(state, entry.command, diceFor(entry.entered, dice)).state;
  return { state, dice };
}

function diceFor(entered: readonly (readonly number[])[] | undefined, seeded: SeededDice): Dice {
  return entered ? createEnteredDice(entered) : seeded;
}

/**
 * The open encounter: every change is a command that the engine applies, the log keeps, the
 * folder persists and the views broadcast (DESIGN §One picture).
 */
export class Session {
  private file: EncounterFile;
  private state: EncounterState;
  private dice: SeededDice;
  private redoStack: LogEntry[] = [];
  private revision = 0;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly folder: CampaignFolder,
    file: EncounterFile,
    private readonly sink: ViewSink,
    private readonly now: () => Date,
  ) {
    this.file = file;
    ({ state: this.state, dice: this.dice } = replay(file, file.log));
  }

  static async open(folder: CampaignFolder, sink: ViewSink, now: () => Date = () => new Date()): Promise<Session> {
    const id = folder.campaign.activeEncounterId;
    if (!id) throw new AppError('not-found', `The campaign "${folder.campaign.name}" has no encounter to open.`);
    return new Session(folder, await folder.readEncounter(id), sink, now);
  }

  gmView(): GmView {
    const history = {
      canUndo: this.file.log.length > 0,
      canRedo: this.redoStack.length > 0,
      logLength: this.file.log.length,
    };
    return gmView(this.folder.campaign, this.state, history, this.revision);
  }

  playerView(): PlayerView {
    return playerView(this.state, this.revision);
  }

  /** Applies one command; `entered` are faces the GM typed in for its rolls (RULINGS G3). */
  execute(command: Command, entered?: readonly (readonly number[])[]): Promise<GmView> {
    return this.serially(async () => {
      const before = this.dice.saveState();
      const enteredDice = entered ? createEnteredDice(entered) : null;
      let result;
      try {
        result = apply(this.state, command, enteredDice ?? this.dice);
        if (enteredDice && enteredDice.remaining() > 0) {
          throw new AppError(
            'invalid-args',
            `${enteredDice.remaining()} of the entered rolls were not needed by this command; nothing was changed.`,
          );
        }
      } catch (e) {
        this.dice = createSeededDice(before);
        // Faces the GM typed that do not fit the roll (wrong count, out of range) are bad input.
        throw e instanceof DiceError ? new AppError('invalid-args', e.message) : e;
      }
      const entry: LogEntry = {
        seq: this.file.log.length + 1,
        at: this.now().toISOString(),
        command,
        ...(entered ? { entered: entered.map((faces) => [...faces]) } : {}),
        events: result.events.map((e) => ({ ...e })),
        rolls: result.rolls.map((r) => ({ ...r, faces: [...r.faces] })),
      };
      try {
        await this.commit({ ...this.file, log: [...this.file.log, entry] }, { state: result.state, dice: this.dice }, []);
      } catch (e) {
        this.dice = createSeededDice(before);
        throw e;
      }
      return this.gmView();
    });
  }

  undo(): Promise<GmView> {
    return this.serially(async () => {
      const last = this.file.log.at(-1);
      if (!last) throw new AppError('conflict', 'There is nothing to undo.');
      const log = this.file.log.slice(0, -1);
      await this.commit({ ...this.file, log }, replay(this.file, log), [...this.redoStack, last]);
      return this.gmView();
    });
  }

  redo(): Promise<GmView> {
    return this.serially(async () => {
      const next = this.redoStack.at(-1);
      if (!next) throw new AppError('conflict', 'There is nothing to redo.');
      const log = [...this.file.log, next];
      await this.commit({ ...this.file, log }, replay(this.file, log), this.redoStack.slice(0, -1));
      return this.gmView();
    });
  }

  private async commit(file: EncounterFile, next: Replayed, redo: LogEntry[]): Promise<void> {
    await this.folder.writeEncounter(file);
    this.file = file;
    this.state = next.state;
    this.dice = next.dice;
    this.redoStack = redo;
    this.revision += 1;
    this.sink.gm(this.gmView());
    this.sink.player(this.playerView());
  }

  /** Commands are applied one at a time, in the order they arrived. */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
