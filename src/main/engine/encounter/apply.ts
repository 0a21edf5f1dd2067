import type { Command } from '../../../shared/commands';
import { AppError } from '../../../shared/errors';
import { hexDistance, hexKey } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import type { Dice } from '../dice/types';
import type { ApplyResult } from './events';
import { paintTerrain, setHexesHidden } from './mapEdit';
import type { EncounterState, FigureState } from './schema';

function figureById(state: EncounterState, id: string): FigureState {
  const figure = state.figures.find((f) => f.id === id);
  if (!figure) throw new AppError('not-found', `There is no figure with id "${id}" in this encounter.`);
  return figure;
}

function replaceFigure(state: EncounterState, figure: FigureState): EncounterState {
  return { ...state, figures: state.figures.map((f) => (f.id === figure.id ? figure : f)) };
}

/**
 * The engine's one entry point: the next state and what happened. Pure: the same state, command
 * and dice give the same result.
 */
export function apply(state: EncounterState, command: Command, _dice: Dice): ApplyResult<EncounterState> {
  switch (command.type) {
    case 'moveFigure': {
      const figure = figureById(state, command.figureId);
      const to = command.to;
      if (!isOnMap(state.map, to)) throw new AppError('rule', `${figure.name} cannot leave the map.`);
      if (hexDistance(figure.position, to) !== 1) {
        throw new AppError('rule', `${figure.name} can only step to an adjacent hex here.`);
      }
      // RULINGS M7: walls block movement.
      if (state.map.terrain[hexKey(to)] === 'wall') throw new AppError('rule', `A wall blocks that hex.`);
      // RULINGS M7: a hex with a standing figure cannot be entered (HTH comes later, H1).
      const occupant = state.figures.find(
        (f) => f.id !== figure.id && hexKey(f.position) === hexKey(to) && f.posture !== 'dead',
      );
      if (occupant) throw new AppError('rule', `${occupant.name} is already in that hex.`);
      return {
        state: replaceFigure(state, { ...figure, position: to }),
        events: [{ type: 'figureMoved', figureId: figure.id, from: figure.position, to, source: 'RULINGS M7' }],
        rolls: [],
      };
    }
    case 'turnFigure': {
      const figure = figureById(state, command.figureId);
      return {
        state: replaceFigure(state, { ...figure, facing: command.facing }),
        events: [
          { type: 'figureTurned', figureId: figure.id, from: figure.facing, to: command.facing, source: '001 §Facing' },
        ],
        rolls: [],
      };
    }
    case 'paintTerrain':
      return paintTerrain(state, command.hexes, command.terrain);
    case 'setHexesHidden':
      return setHexesHidden(state, command.hexes, command.hidden);
    case 'setFigureHidden': {
      const figure = figureById(state, command.figureId);
      return {
        state: replaceFigure(state, { ...figure, hidden: command.hidden }),
        events: [{ type: 'figureHidden', figureId: figure.id, hidden: command.hidden, source: 'DESIGN §One picture' }],
        rolls: [],
      };
    }
  }
}
