/**
 * The GM's hand on the map, outside the turn's rules: a figure stepped to the next hex, turned, or
 * hidden from the players. Each is a whole result (the log keeps the command).
 */
import type { CommandOf } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import { hexDistance, hexKey } from '../../../../shared/hex';
import { isOnMap } from '../../../../shared/mapGrid';
import { effectiveMap } from '../../map/effectiveMap';
import type { ApplyResult } from '../events';
import type { EncounterState } from '../schema';
import { figureById, replaceFigure } from '../state';

/** GM placement (an override by its nature): one step by hand. */
export function placeByHand(state: EncounterState, command: CommandOf<'moveFigure'>): ApplyResult<EncounterState> {
  const figure = figureById(state, command.figureId);
  const to = command.to;
  if (!isOnMap(state.map, to)) throw new AppError('rule', `${figure.name} cannot leave the map.`);
  if (hexDistance(figure.position, to) !== 1) {
    throw new AppError('rule', `${figure.name} can only step to an adjacent hex here.`);
  }
  // RULINGS M7: walls block movement.
  if (effectiveMap(state).isWall(to)) throw new AppError('rule', `A wall blocks that hex.`);
  // RULINGS M7: a hex with a living figure cannot be entered (HTH is its own action, H1).
  const occupant = state.figures.find((f) => f.id !== figure.id && hexKey(f.position) === hexKey(to) && f.posture !== 'dead');
  if (occupant) throw new AppError('rule', `${occupant.name} is already in that hex.`);
  if (figure.hthWith.length > 0) throw new AppError('rule', `${figure.name} is in hand-to-hand combat: disengage first (option v).`);
  const facing = command.facing ?? figure.facing;
  return {
    state: replaceFigure(state, { ...figure, position: to, facing }),
    events: [
      { type: 'figureMoved', figureId: figure.id, from: figure.position, to, source: 'RULINGS M7' },
      ...(facing !== figure.facing ? [{ type: 'figureTurned' as const, figureId: figure.id, from: figure.facing, to: facing, source: '001 §Facing' }] : []),
    ],
    rolls: [],
  };
}

export function turnByHand(state: EncounterState, command: CommandOf<'turnFigure'>): ApplyResult<EncounterState> {
  const figure = figureById(state, command.figureId);
  const facing = command.facing ?? (figure.facing + (command.by ?? 0) + 6) % 6;
  return {
    state: replaceFigure(state, { ...figure, facing }),
    events: [{ type: 'figureTurned', figureId: figure.id, from: figure.facing, to: facing, source: '001 §Facing' }],
    rolls: [],
  };
}

export function hideByHand(state: EncounterState, command: CommandOf<'setFigureHidden'>): ApplyResult<EncounterState> {
  const figure = figureById(state, command.figureId);
  return {
    state: replaceFigure(state, { ...figure, hidden: command.hidden }),
    events: [{ type: 'figureHidden', figureId: figure.id, hidden: command.hidden, source: 'DESIGN §One picture' }],
    rolls: [],
  };
}
