/**
 * The projector's "to act" slot while hidden figures are due (design-notes §Secrecy at the player
 * boundary): the player view says what it would say if the figures the players cannot see were
 * not in the encounter, so a hidden figure's turn neither blanks the slot nor shows in any other
 * change of the view.
 */
import { describe, expect, it } from 'vitest';
import { turnStateOf, type EncounterState } from '../../../src/main/engine/encounter/schema';
import { playerIdsFor } from '../../../src/main/projection/ids';
import { frameOf } from '../../../src/main/projection/frame';
import { TABLE } from '../../../src/main/projection/audience';
import { phaseStatus } from '../../../src/main/engine/encounter/turn/turn';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { encounter, fig, withActionOrder, withMoveOrder } from '../engine/encounter/fixtures';

const lurker = fig('lurker', 'b', 8, 8, { hidden: true });
const bram = fig('bram', 'a', 3, 3);
const grak = fig('grak', 'b', 5, 3);
const asPlayer = (id: string) => playerIdsFor('test')('figure', id);
const done = (state: EncounterState, key: 'actionDone' | 'moveDone', ids: string[]): EncounterState => ({
  ...state,
  turnState: { ...turnStateOf(state), [key]: ids },
});
const seen = (state: EncounterState) => frameOf(state).encounter;

describe('"to act" as the players can know it', () => {
  it('a hidden figure first in the action order: the slot shows the first visible figure, not nothing', () => {
    const s = withActionOrder(encounter([lurker, bram, grak], { phase: 'actions' }), ['lurker', 'bram', 'grak']);
    expect(seen(s).acting).toEqual([asPlayer('bram')]);
    // The hidden figure's action changes nothing the players receive.
    expect(seen(done(s, 'actionDone', ['lurker']))).toEqual(seen(s));
  });

  it('only a hidden figure left to act looks exactly like everyone having acted', () => {
    const s = withActionOrder(encounter([bram, lurker, grak], { phase: 'actions' }), ['bram', 'lurker', 'grak']);
    const hiddenDue = done(s, 'actionDone', ['bram', 'grak']);
    expect(seen(hiddenDue).acting).toEqual([]);
    expect(seen(hiddenDue)).toEqual(seen(done(s, 'actionDone', ['bram', 'grak', 'lurker'])));
  });

  it('in movement, a hidden mover between two visible ones is skipped; a figure under fog counts as unseen too', () => {
    const s = withMoveOrder(encounter([bram, lurker, grak], { phase: 'initialMovement' }), ['bram', 'lurker', 'grak']);
    const afterBram = done(s, 'moveDone', ['bram']);
    expect(seen(afterBram).acting).toEqual([asPlayer('grak')]);
    expect(seen(done(s, 'moveDone', ['bram', 'lurker']))).toEqual(seen(afterBram));

    const fogged = {
      ...afterBram,
      figures: afterBram.figures.map((f) => (f.id === 'lurker' ? { ...f, hidden: false } : f)),
      map: { ...afterBram.map, hidden: ['8,8'] },
    };
    expect(seen(fogged).acting).toEqual([asPlayer('grak')]);
  });

  it('with every figure in sight, the slot is the tracker’s own', () => {
    const s = withActionOrder(encounter([bram, grak], { phase: 'actions' }), ['bram', 'grak']);
    expect(seen(s).acting).toEqual([asPlayer('bram')]);
    expect(seen(done(s, 'actionDone', ['bram'])).acting).toEqual([asPlayer('grak')]);
  });
});

describe('the projector’s turn order as the players can know it', () => {
  it('lists the visible figures in the phase’s order; a hidden one is absent and its turn leaves no gap', () => {
    const s = withActionOrder(encounter([bram, lurker, grak], { phase: 'actions' }), ['bram', 'lurker', 'grak']);
    expect(seen(s).order).toEqual([asPlayer('bram'), asPlayer('grak')]);
    expect(seen(s).pending).toEqual([asPlayer('bram'), asPlayer('grak')]);
    const afterBram = done(s, 'actionDone', ['bram']);
    expect(seen(afterBram).pending).toEqual([asPlayer('grak')]);
    // The hidden figure due between them: the strip already shows Grak as next, exactly as after her turn.
    expect(seen(done(s, 'actionDone', ['bram', 'lurker']))).toEqual(seen(afterBram));
    for (const id of [...seen(s).order, ...seen(s).pending]) expect(id).not.toBe(asPlayer('lurker'));
  });

  it('in movement the order is the move order without unseen figures', () => {
    const s = withMoveOrder(encounter([lurker, bram, grak], { phase: 'initialMovement' }), ['lurker', 'bram', 'grak']);
    expect(seen(s).order).toEqual([asPlayer('bram'), asPlayer('grak')]);
    expect(seen(s).acting).toEqual([asPlayer('bram')]);
  });
});

describe('"to act" under the encounter’s own rules', () => {
  it('with per-character initiative the figures the players see are to roll, as the GM’s tracker says (RULINGS O2)', () => {
    const rules = { ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, perCharacterInitiative: true } };
    const s = encounter([bram, lurker, grak], { phase: 'initiative' });
    expect(phaseStatus(s, rules).pending).toEqual(['bram', 'lurker', 'grak']);
    expect(frameOf(s, TABLE, rules).encounter.pending).toEqual([asPlayer('bram'), asPlayer('grak')]);
    // Under Pillars the sides roll (RULINGS T2).
    expect(frameOf(s).encounter.pending).toEqual(['a', 'b'].map((id) => playerIdsFor('test')('side', id)));
  });
});
