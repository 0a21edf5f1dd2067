/**
 * The GM's drawings on the map (shared/contract/mapDrawings.ts): drawn and erased by logged, undoable
 * commands, kept with the encounter. They change no rule; the table sees the ones shown to it.
 */
import type { CommandOf } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import { MAX_DRAWINGS, type MapDrawing } from '../../../../shared/contract/mapDrawings';
import type { EncounterState } from '../schema';
import type { Tx } from '../tx';

const SOURCE = "console's choice: the GM's drawing on the map";

function nextDrawingId(drawings: readonly MapDrawing[]): string {
  const used = drawings.map((d) => Number(d.id.slice('drawing-'.length)));
  return `drawing-${used.length === 0 ? 1 : Math.max(...used) + 1}`;
}

const withDrawings = (state: EncounterState, drawings: readonly MapDrawing[]): EncounterState => {
  const { drawings: _old, ...rest } = state;
  return drawings.length > 0 ? { ...rest, drawings: [...drawings] } : rest;
};

export function applyDrawOnMap(tx: Tx, c: CommandOf<'drawOnMap'>): void {
  const drawings = tx.state.drawings ?? [];
  if (drawings.length >= MAX_DRAWINGS)
    throw new AppError('invalid-args', `The map already holds ${MAX_DRAWINGS} drawings (the console's limit): erase some first.`);
  const made = structuredClone(c.drawing);
  const drawing: MapDrawing = { ...(made.kind === 'text' ? { ...made, text: made.text.trim() } : made), id: nextDrawingId(drawings) };
  tx.state = withDrawings(tx.state, [...drawings, drawing]);
  tx.emit?.({ type: 'mapDrawn', drawingId: drawing.id, erased: false, shown: drawing.shown, source: SOURCE });
}

export function applyEraseDrawing(tx: Tx, c: CommandOf<'eraseDrawing'>): void {
  const drawings = tx.state.drawings ?? [];
  const drawing = drawings.find((d) => d.id === c.drawingId);
  if (!drawing) throw new AppError('invalid-args', 'There is no such drawing on the map (it may have been erased).');
  tx.state = withDrawings(
    tx.state,
    drawings.filter((d) => d.id !== c.drawingId),
  );
  tx.emit?.({ type: 'mapDrawn', drawingId: drawing.id, erased: true, shown: drawing.shown, source: SOURCE });
}
