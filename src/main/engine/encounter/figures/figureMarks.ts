/**
 * The GM's own conditions on figures (the console's choice, as status markers in other table
 * tools): put on and taken off by a logged, undoable command, counted down at the end of each
 * turn, gone when their turns run out. They change no roll: the rules' own states (posture,
 * bleeding, engagement) are the engine's, and the GM applies what a marker means by hand.
 */
import type { CommandOf } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import type { FigureMark } from '../../../../shared/contract/schemas';
import type { FigureState } from '../schema';
import type { Tx } from '../tx';

/** The console's choice: a token carries at most this many of the GM's conditions. */
export const MAX_MARKS = 12;
const SOURCE = "console's choice: a condition the GM put on the figure";

function nextMarkId(marks: readonly FigureMark[]): string {
  const used = marks.map((m) => Number(m.id.slice('mark-'.length)));
  return `mark-${used.length === 0 ? 1 : Math.max(...used) + 1}`;
}

const withMarks = (f: FigureState, marks: readonly FigureMark[]): FigureState => {
  const { marks: _old, ...rest } = f;
  return marks.length > 0 ? { ...rest, marks: [...marks] } : rest;
};

export function applyMarkFigure(tx: Tx, c: CommandOf<'markFigure'>): void {
  const f = tx.fig(c.figureId);
  const marks = f.marks ?? [];
  const label = c.label.trim();
  if (marks.some((m) => m.label.toLowerCase() === label.toLowerCase())) {
    throw new AppError('invalid-args', `${f.name} already has “${label}”: take it off first to change its turns.`);
  }
  if (marks.length >= MAX_MARKS) throw new AppError('invalid-args', `${f.name} already carries ${MAX_MARKS} conditions (the console's limit).`);
  const mark: FigureMark = { id: nextMarkId(marks), label, turnsLeft: c.turns, shown: c.shown };
  tx.update(f.id, (x) => withMarks(x, [...(x.marks ?? []), mark]));
  const lasts = c.turns === null ? 'until taken off' : `${c.turns} turn${c.turns === 1 ? '' : 's'}`;
  tx.emit?.({ type: 'conditionChanged', figureId: f.id, condition: label, on: true, source: `${SOURCE} (${lasts})` });
}

export function applyUnmarkFigure(tx: Tx, c: CommandOf<'unmarkFigure'>): void {
  const f = tx.fig(c.figureId);
  const mark = (f.marks ?? []).find((m) => m.id === c.markId);
  if (!mark) throw new AppError('invalid-args', `${f.name} has no such condition (it may have run out).`);
  tx.update(f.id, (x) =>
    withMarks(
      x,
      (x.marks ?? []).filter((m) => m.id !== c.markId),
    ),
  );
  tx.emit?.({ type: 'conditionChanged', figureId: f.id, condition: mark.label, on: false, source: SOURCE });
}

/** At the end of a turn each counted condition loses a turn; one at its last turn comes off. */
export function tickMarks(tx: Tx): void {
  const figures = tx.state.figures;
  for (let i = 0; i < figures.length; i++) {
    const f = figures[i]!;
    if (!f.marks?.some((m) => m.turnsLeft !== null)) continue;
    const ended = f.marks.filter((m) => m.turnsLeft === 1);
    const kept = f.marks.filter((m) => m.turnsLeft !== 1).map((m) => (m.turnsLeft === null ? m : { ...m, turnsLeft: m.turnsLeft - 1 }));
    tx.update(f.id, (x) => withMarks(x, kept));
    for (const m of ended) tx.emit?.({ type: 'conditionChanged', figureId: f.id, condition: m.label, on: false, source: `${SOURCE} (its turns ran out)` });
  }
}
