/**
 * The GM view reuses each figure's "movement left" while the figure and whether it is
 * engaged where it stands are unchanged. Over a long seeded game, and when a foe steps up to an
 * untouched figure, the view must say exactly what the engine works out afresh.
 */
import { describe, expect, it } from 'vitest';
import { createSeededDice } from '../../../src/main/engine/dice/seeded';
import { apply } from '../../../src/main/engine/encounter/apply';
import { movementLeft } from '../../../src/main/engine/encounter/movement/reachable';
import type { EncounterState } from '../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { gmView } from '../../../src/main/session/gmView';
import { duel, makeLog } from '../../support/duelLog';

const history = { canUndo: false, canRedo: false, logLength: 0 };
const viewLeft = (s: EncounterState) => gmView({ id: 'c', name: 'C' }, s, history, 0, DEFAULT_RULES).encounter.figures.map((f) => f.movementLeft);
const freshLeft = (s: EncounterState) => s.figures.map((f) => movementLeft(s, f, DEFAULT_RULES));

describe('movement left in the GM view', () => {
  it('equals a fresh reckoning after every command of a long seeded game', () => {
    const { start, log } = makeLog(1500);
    const dice = createSeededDice(11);
    let s = start;
    for (const command of log) {
      s = apply(s, command, dice).state;
      expect(viewLeft(s)).toEqual(freshLeft(s));
    }
  });

  it('changes for a figure the command did not touch when a foe comes to engage it', () => {
    let s = duel();
    // Turn b0 away so nothing engages a0, and a0 may move at its full gait.
    s = { ...s, figures: s.figures.map((f) => (f.id === 'b0' ? { ...f, facing: 0 } : f)) };
    const before = viewLeft(s)[0]!;
    expect(before.how).not.toBe('shift');
    s = apply(s, { type: 'turnFigure', figureId: 'b0', facing: 3 }, createSeededDice(1)).state;
    const after = viewLeft(s)[0]!;
    expect(after).toEqual(freshLeft(s)[0]);
    expect(after).toEqual({ hexes: 1, how: 'shift' });
  });
});
