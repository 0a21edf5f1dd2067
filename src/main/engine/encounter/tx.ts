/**
 * One command's work in progress: the state as it changes, the events that explain each change
 * and every roll made. Commands build one, then hand back `{ state, events, rolls }`.
 * A quiet one (`applyQuietly`, for replay) has no `emit`: call sites write `tx.emit?.(…)`, so the
 * events are not even built, while every rule, roll and refusal runs as in a full apply.
 */
import type { Dice, Roll } from '../dice/types';
import type { RuleSet } from '../rules';
import type { ApplyResult, EncounterEvent } from './events';
import type { EncounterState, FigureState } from './schema';
import { figureById, putFigure, updateFigure } from './state';

export class Tx {
  /** Made by the first event emitted (a quiet Tx makes none). */
  private events: EncounterEvent[] | undefined;
  readonly rolls: Roll[] = [];
  /** Records what happened; absent when nobody will read the events (docs/design-notes.md §A quiet replay). */
  readonly emit: ((...events: EncounterEvent[]) => void) | undefined;
  /**
   * Whether anyone reads this command's rolls or their labels: not a quiet apply on seeded dice,
   * whose rolls are dropped and whose dice never read a label (entered dice word refusals with it).
   */
  readonly rollsRead: boolean;
  constructor(
    public state: EncounterState,
    readonly dice: Dice,
    /** The encounter's rules: its stored settings and the options' strategies (RULINGS O1–O4). */
    readonly rules: RuleSet,
    quiet = false,
  ) {
    this.emit = quiet ? undefined : (...events) => void (this.events ??= []).push(...events);
    this.rollsRead = !quiet || dice.kind !== 'seeded';
  }

  roll(notation: string, label: string): Roll {
    const r = this.dice.roll(notation, label);
    this.rolls.push(r);
    return r;
  }

  fig(id: string): FigureState {
    return figureById(this.state, id);
  }

  update(id: string, change: (f: FigureState) => FigureState): FigureState {
    this.state = updateFigure(this.state, id, change);
    return this.fig(id);
  }

  /** Puts `figure` in the place of the figure with its id (`update` with a change already made). */
  put(figure: FigureState): FigureState {
    this.state = putFigure(this.state, figure);
    return this.fig(figure.id);
  }

  result(): ApplyResult<EncounterState> {
    return { state: this.state, events: this.events ?? [], rolls: this.rolls };
  }
}
