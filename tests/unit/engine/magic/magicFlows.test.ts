/**
 * Magic flows that finish what they start (design-notes §Magic flows that finish, and the
 * recap). The anchor roll comes before the end-of-turn drain (RULINGS S6); intervention is offered
 * exactly when main would accept it, with the others left out and the reason said (RULINGS S7);
 * counter defenders likewise (RULINGS S8).
 * Every roll is entered faces; the numbers are worked out in the comments.
 */
import { describe, expect, it } from 'vitest';
import { encounterCastings, encounterRunawayView } from '../../../../src/main/engine/encounter/magic/magicQueries';
import { magicOf } from '../../../../src/main/engine/encounter/magic/magicBridge';
import { anchorsDue } from '../../../../src/main/engine/encounter/turn/renewPhase';
import type { EncounterState, FigureState } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import { encounter, fig, refusal, step, withActionOrder } from '../encounter/fixtures';

const ilsa = (extra: Parameters<typeof fig>[4] = {}): FigureState =>
  fig('ilsa', 'a', 5, 5, {
    attributes: { INT: 15, WIS: 14, DEX: 11, CON: 9 },
    mana: { pool: 12, current: 12, debt: 0 },
    mastery: { 'passage-light': 1, 'passage-blur': 2 },
    ...extra,
  });
const mira = (extra: Parameters<typeof fig>[4] = {}): FigureState =>
  fig('mira', 'b', 8, 5, {
    attributes: { INT: 12, WIS: 12, DEX: 10, CON: 10 },
    facing: 3,
    mana: { pool: 10, current: 10, debt: 0 },
    mastery: { 'passage-light': 1 },
    ...extra,
  });
const bran = (extra: Parameters<typeof fig>[4] = {}): FigureState => fig('bran', 'a', 2, 2, { ...extra });

/** Ilsa in a runaway of Blur (level 2) pushed 2, started in turn 1, now turn `turn` in `phase`. */
function inRunaway(figures: FigureState[], phase: EncounterState['phase'], turn = 1): EncounterState {
  const s = encounter(figures, { phase });
  return {
    ...s,
    turn,
    magic: {
      seq: 1,
      runaways: [
        {
          casterId: 'ilsa',
          spellId: 'passage-blur',
          spellName: 'Blur',
          level: 2,
          push: 2,
          cause: 'push',
          startedTurn: 1,
          turnsElapsed: turn - 1,
          lastAnchorTurn: null,
        },
      ],
      castings: [],
      renewal: null,
    },
  };
}

describe('the anchor roll comes before the drain (RULINGS S6)', () => {
  it('the turn does not end while a conscious caster has its anchor roll to make', () => {
    const s = inRunaway([ilsa(), mira()], 'forcedRetreat');
    expect(anchorsDue(s)).toEqual(['ilsa']);
    expect(refusal(s, { type: 'advancePhase' })).toBe(
      "Ilsa has not made this turn's anchor roll: it comes before the runaway drains at the end of the turn (RULINGS S6).",
    );
  });

  it('a failed anchor (14 against WIS 14 − 0 = 14 … 15 fails) lets the turn end and the drain take level 2 + push 2', () => {
    const s = inRunaway([ilsa(), mira()], 'forcedRetreat');
    // Turn 1 of the runaway: 3d6 ≤ WIS 14 − (1 − 1) = 14; 15 fails.
    const anchored = step(s, { type: 'anchorRoll', figureId: 'ilsa' }, [[5, 5, 5]]);
    expect(anchored.events[0]).toMatchObject({ type: 'anchorRoll', target: { value: 14 }, roll: 15, success: false });
    expect(anchorsDue(anchored.state)).toEqual([]);
    const ended = step(anchored.state, { type: 'advancePhase' });
    expect(ended.events.find((e) => e.type === 'runawayDrain')).toMatchObject({ casterId: 'ilsa', drain: { value: 4 }, fromMana: 4, fromBody: 0 });
    expect(ended.state.figures.find((f) => f.id === 'ilsa')?.mana).toEqual({ pool: 12, current: 8, debt: 0 });
    expect(ended.state.turn).toBe(2);
  });

  it('a successful anchor (14 ≤ 14) ends the runaway: no drain at the end of the turn', () => {
    const s = inRunaway([ilsa(), mira()], 'forcedRetreat');
    const anchored = step(s, { type: 'anchorRoll', figureId: 'ilsa' }, [[4, 5, 5]]);
    expect(anchored.events.map((e) => e.type)).toEqual(['anchorRoll', 'runawayEnded']);
    const ended = step(anchored.state, { type: 'advancePhase' });
    expect(ended.events.some((e) => e.type === 'runawayDrain')).toBe(false);
    expect(ended.state.figures.find((f) => f.id === 'ilsa')?.mana?.current).toBe(12);
  });

  it('the GM may end the turn without it: the log records an override naming the caster', () => {
    const s = inRunaway([ilsa(), mira()], 'forcedRetreat');
    const r = step(s, { type: 'advancePhase', override: true });
    expect(r.events.find((e) => e.type === 'override')).toMatchObject({
      due: ['ilsa'],
      reason: "GM override: the turn ended without Ilsa's anchor roll",
      source: 'RULINGS S6 (GM override)',
    });
    expect(r.events.find((e) => e.type === 'runawayDrain')).toMatchObject({ fromMana: 4 });
  });

  it('an unconscious caster cannot anchor, so nothing waits for it', () => {
    const s = inRunaway([ilsa({ posture: 'unconscious', fatigue: { starting: 50, current: 0 } }), mira()], 'forcedRetreat');
    expect(anchorsDue(s)).toEqual([]);
    expect(step(s, { type: 'advancePhase' }).state.turn).toBe(2);
  });
});

describe('intervention is offered when main accepts it (RULINGS S7)', () => {
  it('in Actions with Mira due: Mira helps at WIS 12 − (2 − 1) = 11; Bran knows no spells and is not listed', () => {
    const s = withActionOrder(inRunaway([ilsa(), mira(), bran()], 'actions', 2), ['mira', 'ilsa', 'bran']);
    const [view] = encounterRunawayView(s, DEFAULT_RULES);
    expect(view?.helpers).toEqual([expect.objectContaining({ mageId: 'mira', name: 'Mira', target: expect.objectContaining({ value: 11 }) })]);
    expect(view?.leftOut).toEqual([]);
    expect(view?.interventionRule).toMatch(/Actions phase when it is due/);
    // The offered helper is accepted: 11 ≤ 11 ends the runaway.
    const ok = step(s, { type: 'intervene', figureId: 'mira', casterId: 'ilsa' }, [[3, 3, 5]]);
    expect(ok.events[0]).toMatchObject({ type: 'interventionRoll', rollerId: 'mira', target: { value: 11 }, roll: 11, success: true });
    expect(magicOf(ok.state).runaways).toEqual([]);
  });

  it('before Mira is due she is left out with the reason, and the command says the same', () => {
    const s = withActionOrder(inRunaway([ilsa(), mira(), bran()], 'actions', 2), ['bran', 'mira', 'ilsa']);
    const [view] = encounterRunawayView(s, DEFAULT_RULES);
    expect(view?.helpers).toEqual([]);
    expect(view?.leftOut).toEqual([{ figureId: 'mira', name: 'Mira', reason: 'waits for its turn in the action order (Bran is due)' }]);
    expect(refusal(s, { type: 'intervene', figureId: 'mira', casterId: 'ilsa' })).toMatch(/It is Bran's turn, not Mira's/);
  });

  it('outside Actions, unconscious or in runaway: each reason is given', () => {
    const moving = inRunaway([ilsa(), mira()], 'initialMovement', 2);
    expect(encounterRunawayView(moving, DEFAULT_RULES)[0]?.leftOut).toEqual([
      { figureId: 'mira', name: 'Mira', reason: 'intervening is an action: wait for the Actions phase' },
    ]);
    const down = inRunaway([ilsa(), mira({ posture: 'unconscious', fatigue: { starting: 50, current: 0 } })], 'actions', 2);
    expect(encounterRunawayView(down, DEFAULT_RULES)[0]?.leftOut[0]?.reason).toBe('is unconscious');
  });
});

describe('counter defenders and the ones left out (RULINGS S8)', () => {
  it('Mira may counter Ilsa’s Light; Bran (no spells) is not listed; a drained mage is left out', () => {
    const s0 = withActionOrder(
      encounter([ilsa(), mira(), fig('oren', 'b', 9, 6, { mana: { pool: 6, current: 0, debt: 0 }, mastery: { 'passage-light': 1 } }), bran()], {
        phase: 'actions',
      }),
      ['ilsa', 'mira', 'oren', 'bran'],
    );
    const cast = step(s0, { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light' }, [[2, 3, 4]]);
    const [c] = encounterCastings(cast.state);
    expect(c).toMatchObject({ counterable: true, notCounterable: null, defenders: [{ figureId: 'mira', name: 'Mira', mana: 10 }] });
    expect(c?.leftOut).toEqual([{ figureId: 'oren', name: 'Oren', reason: 'has no mana to commit (a counter cannot borrow: RULINGS S4, S8)' }]);
    // Mira wins the duel (a tie goes to the defender): the casting shows who won.
    const duel = step(cast.state, { type: 'counterspell', figureId: 'mira', castingId: c!.id, mana: 2 }, [
      [4, 4, 4],
      [3, 3, 4],
    ]);
    const [after] = encounterCastings(duel.state);
    expect(after).toMatchObject({
      counterable: false,
      notCounterable: 'countered once already: one try per casting (RULINGS S8)',
      counter: { winner: 'defender' },
    });
  });
});
