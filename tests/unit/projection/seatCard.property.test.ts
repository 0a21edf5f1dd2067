/**
 * Seats' property (DESIGN §The player projection): over random GM commands on the Ford, each
 * seat's frame holds the table's frame exactly, its card names only its own figures and nothing
 * the table cannot see, and its card changes only when the table's frame or its own figures do.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededDice } from '../../../src/main/engine/dice/seeded';
import { apply } from '../../../src/main/engine/encounter/apply';
import type { EncounterState } from '../../../src/main/engine/encounter/schema';
import { TABLE } from '../../../src/main/projection/audience';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { encounterFrame, frameOf } from '../../../src/main/projection/frame';
import { seatFrame, seatOf, type SeatFrame } from '../../../src/main/projection/seatFrame';
import type { Command } from '../../../src/shared/contract/commands';
import { isAppError } from '../../../src/shared/errors';
import { SeatCardSchema } from '../../../src/shared/contract/seatCard';
import { withActionOrder } from '../engine/encounter/fixtures';
import { ford } from './seatFord';

const FIGURES = ['bram', 'ilsa', 'grak', 'sella'] as const;
const SEATS = [['bram'], ['ilsa'], ['sella'], ['ilsa', 'grak']] as const;
const NOTES = ['owes the duke', 'the traitor'];

const hex = fc.record({ q: fc.integer({ min: 0, max: 12 }), r: fc.integer({ min: 0, max: 8 }) });
const figureId = fc.constantFrom(...FIGURES);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('turnFigure' as const), figureId, by: fc.constantFrom(-1 as const, 1 as const) }),
  fc.record({ type: fc.constant('moveFigure' as const), figureId, to: hex }),
  fc.record({ type: fc.constant('setPools' as const), figureId, fatigue: fc.integer({ min: -5, max: 30 }) }),
  fc.record({ type: fc.constant('setFigureHidden' as const), figureId, hidden: fc.boolean() }),
  fc.record({ type: fc.constant('setHexesHidden' as const), hexes: fc.array(hex, { minLength: 1, maxLength: 3 }), hidden: fc.boolean() }),
);

/** The state after `c`, or the same state when the engine refuses it (an occupied hex, a pool out of range). */
function step(state: EncounterState, c: Command, seed: number): EncounterState {
  try {
    return apply(state, c, createSeededDice(seed)).state;
  } catch (e) {
    if (isAppError(e)) return state;
    throw e;
  }
}

const ownChanged = (before: EncounterState, after: EncounterState, own: readonly string[]) =>
  own.some((id) => before.figures.find((f) => f.id === id) !== after.figures.find((f) => f.id === id));

/** The seat's frame as the seat desk makes it: from the table's frame and the scene it shows. */
const seatFrameOf = (state: EncounterState, own: readonly string[]) => seatFrame(frameOf(state, TABLE), { state, rules: DEFAULT_RULES }, seatOf(own));

function checkSeat(state: EncounterState, own: readonly string[], frame: SeatFrame): void {
  SeatCardSchema.parse(frame.card);
  // What the table is sent is what the seat's own audience sees: the seat adds only its card.
  expect(frame.table?.encounter).toEqual(encounterFrame(state, seatOf(own), DEFAULT_RULES));
  expect(frame.card.figures.map((f) => f.name.toLowerCase())).toEqual(state.figures.filter((f) => own.includes(f.id)).map((f) => f.id));
  const text = JSON.stringify(frame.card);
  for (const note of NOTES) expect(text).not.toContain(note);
  // A figure neither the seat's nor seen by the table is not named on the card.
  const tableText = JSON.stringify(frame.table);
  for (const f of state.figures) if (!own.includes(f.id) && !tableText.includes(f.name)) expect(text).not.toContain(f.name);
}

describe('seats over random commands', () => {
  it('hold the table’s frame, only their own figures, and change only with the table or their own figures', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(command, fc.nat()), { minLength: 1, maxLength: 25 }), fc.boolean(), (steps, acting) => {
        // Half the runs are in the Actions phase, where the figure due has its options on its card.
        let state = acting ? withActionOrder(ford('actions'), ['sella', 'bram', 'ilsa', 'grak']) : ford();
        let frames = SEATS.map((own) => seatFrameOf(state, own));
        let table = frameOf(state, TABLE).encounter;
        for (const [c, seed] of steps) {
          const next = step(state, c, seed);
          const nextTable = frameOf(next, TABLE).encounter;
          const nextFrames = SEATS.map((own) => seatFrameOf(next, own));
          SEATS.forEach((own, i) => {
            checkSeat(next, own, nextFrames[i]!);
            const tableSame = JSON.stringify(nextTable) === JSON.stringify(table);
            if (tableSame && !ownChanged(state, next, own)) expect(nextFrames[i]!.card).toEqual(frames[i]!.card);
          });
          state = next;
          frames = nextFrames;
          table = nextTable;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a change to a seat’s own figure reaches its card, and no other seat’s', () => {
    const state = ford();
    const hurt = step(state, { type: 'setPools', figureId: 'sella', fatigue: 3 }, 1);
    const card = (s: EncounterState, own: readonly string[]) => seatFrameOf(s, own).card;
    expect(card(hurt, ['sella'])).not.toEqual(card(state, ['sella']));
    for (const own of [['bram'], ['ilsa'], ['ilsa', 'grak']]) expect(card(hurt, own)).toEqual(card(state, own));
    // Sella is hidden: the table sees nothing of it either.
    expect(frameOf(hurt, TABLE).encounter).toEqual(frameOf(state, TABLE).encounter);
  });
});
