/** The turn sequence (001 §Turn Sequence; RULINGS T1–T5, G4, A5, C5) and GM overrides. */
import { describe, expect, it } from 'vitest';
import { phaseStatus } from '../../../../../src/main/engine/encounter/turn/turn';
import { encounter, fig, figOf, refusal, step } from '../fixtures';

const three = () =>
  encounter(
    [
      fig('ann', 'a', 2, 2, { attributes: { DEX: 12 } }),
      fig('ben', 'a', 2, 4, { attributes: { DEX: 14 } }),
      fig('cat', 'b', 10, 2, { attributes: { DEX: 12 } }),
      fig('dan', 'c', 10, 6, { attributes: { DEX: 12 } }),
    ],
    { sides: ['a', 'b', 'c'] },
  );

describe('initiative (RULINGS T2, G4)', () => {
  it('three sides: the winner chooses, the others follow in roll order; ties are rolled again', () => {
    let s = three();
    // a 5, b 2, c 5: a and c tie and roll again: a 1, c 4.
    const r = step(s, { type: 'rollInitiative' }, [[5], [2], [5], [1], [4]]);
    s = r.state;
    expect(r.events[0]).toMatchObject({
      rollOrder: ['c', 'a', 'b'],
      rolls: [
        { sideId: 'a', total: 5 },
        { sideId: 'b', total: 2 },
        { sideId: 'c', total: 5 },
      ],
    });
    expect(r.rolls.map((x) => x.label)).toEqual(['initiative: a', 'initiative: b', 'initiative: c', 'initiative: a (re-roll 1)', 'initiative: c (re-roll 1)']);
    expect(refusal(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true })).toBe('Side A did not win the initiative; Side C chooses (RULINGS T2).');
    s = step(s, { type: 'chooseInitiative', sideId: 'c', moveFirst: false }).state;
    expect(s.turnState?.initiative?.order).toEqual(['a', 'c', 'b']);
    expect(refusal(s, { type: 'rollInitiative' })).toBe('Initiative for turn 1 has been rolled already.');
  });

  it('advancing before initiative is settled is refused, and allowed with an override that the log records', () => {
    const s = three();
    expect(refusal(s, { type: 'advancePhase' })).toBe('Roll initiative (1d6 per side).');
    const r = step(s, { type: 'advancePhase', override: true });
    expect(r.events[0]).toMatchObject({ type: 'override', command: 'advancePhase', figureId: null });
    expect(r.state.phase).toBe('renewSpells');
    expect(r.state.turnState?.initiative?.order).toEqual(['a', 'b', 'c']);
  });
});

describe('orders (RULINGS T3, T4, T5)', () => {
  function toMovement() {
    let s = three();
    s = step(s, { type: 'rollInitiative' }, [[6], [3], [2]]).state;
    s = step(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true }).state;
    s = step(s, { type: 'advancePhase' }).state;
    return step(s, { type: 'advancePhase' }).state;
  }

  it('movement: sides in initiative order, adjDEX high to low inside a side; the GM may reorder inside a side', () => {
    let s = toMovement();
    expect(s.turnState?.moveOrder).toEqual(['ben', 'ann', 'cat', 'dan']);
    expect(phaseStatus(s)).toMatchObject({ due: ['ben'], pending: ['ben', 'ann', 'cat', 'dan'] });
    expect(refusal(s, { type: 'reorderMovement', order: ['cat', 'ann', 'ben', 'dan'] })).toBe(
      'Figures are reordered inside their side only; sides keep the initiative order (RULINGS T4).',
    );
    s = step(s, { type: 'reorderMovement', order: ['ann', 'ben', 'cat', 'dan'] }).state;
    expect(phaseStatus(s).due).toEqual(['ann']);
    // Out of turn: refused, or done with an override that names who was due.
    expect(refusal(s, { type: 'move', figureId: 'cat', mode: 'walk', to: { q: 9, r: 2 } })).toBe(
      "It is Ann's turn, not Cat's (RULINGS T4, T5). Use override to act out of order.",
    );
    const r = step(s, { type: 'move', figureId: 'cat', mode: 'walk', to: { q: 9, r: 2 }, override: true });
    expect(r.events[0]).toMatchObject({ type: 'override', command: 'move', figureId: 'cat', due: ['ann'] });
    expect(r.events[1]).toMatchObject({ type: 'moved', figureId: 'cat', cost: 1 });
  });

  it('yielders move in final movement in the same order; actions go by adjDEX with ties rolled off', () => {
    let s = toMovement();
    s = step(s, { type: 'yieldMove', figureId: 'ben' }).state;
    s = step(s, { type: 'move', figureId: 'ann', mode: 'stand-still', to: { q: 2, r: 2 } }).state;
    s = step(s, { type: 'yieldMove', figureId: 'cat' }).state;
    s = step(s, { type: 'move', figureId: 'dan', mode: 'stand-still', to: { q: 10, r: 6 } }).state;
    expect(refusal(s, { type: 'move', figureId: 'ben', mode: 'walk', to: { q: 3, r: 4 } })).toBe('Ben has nothing left to do in Initial Movement.');
    s = step(s, { type: 'advancePhase' }).state;
    expect(phaseStatus(s)).toMatchObject({ order: ['ben', 'cat'], due: ['ben'] });
    expect(refusal(s, { type: 'advancePhase' })).toBe('Ben, Cat have still to act in Final Movement. Use override to move on.');
    s = step(s, { type: 'move', figureId: 'ben', mode: 'walk', to: { q: 3, r: 4 } }).state;
    s = step(s, { type: 'move', figureId: 'cat', mode: 'walk', to: { q: 9, r: 2 } }).state;
    // Ann, Cat and Dan share adjDEX 12: roll-off 3, 3, 1, then Ann 2, Cat 5.
    const r = step(s, { type: 'advancePhase' }, [[3], [3], [1], [2], [5]]);
    expect(r.state.turnState?.actionOrder).toEqual(['ben', 'cat', 'ann', 'dan']);
    expect(r.rolls.map((x) => x.label)).toEqual([
      'action order tie: ann',
      'action order tie: cat',
      'action order tie: dan',
      'action order tie: ann (re-roll 1)',
      'action order tie: cat (re-roll 1)',
    ]);
  });
});

describe('end of turn (RULINGS T1, A5, C5)', () => {
  function atForcedRetreat(extra: Parameters<typeof fig>[4]) {
    let s = encounter([fig('hurt', 'a', 2, 2, extra), fig('foe', 'b', 10, 2)]);
    s = step(s, { type: 'rollInitiative' }, [[6], [3]]).state;
    s = step(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true }).state;
    for (let i = 0; i < 3; i++) s = step(s, { type: 'advancePhase', override: true }).state;
    s = step(s, { type: 'advancePhase', override: true }).state;
    return step(s, { type: 'advancePhase', override: true }).state;
  }

  it('bleeding takes 1 Body, then a figure at or below −½ Body makes its survival save; a failure is death', () => {
    // Body 34: saves from −17. Bleeding takes it from −16 to −17: a save is due at CON 10.
    let s = atForcedRetreat({ body: { starting: 34, current: -16 }, fatigue: { starting: 50, current: -1 }, posture: 'unconscious', conditions: ['bleeding'] });
    expect(s.phase).toBe('forcedRetreat');
    const ok = step(s, { type: 'advancePhase' }, [[3, 3, 4]]);
    expect(ok.events.filter((e) => e.type === 'bled' || e.type === 'check')).toMatchObject([
      { type: 'bled', figureId: 'hurt', amount: 1, bodyAfter: -17, source: 'RULINGS A5' },
      { type: 'check', purpose: 'survival save', target: 10, roll: 10, success: true },
    ]);
    expect(figOf(ok.state, 'hurt').posture).toBe('unconscious');
    expect(ok.state.turn).toBe(2);
    const dead = step(s, { type: 'advancePhase' }, [[3, 4, 4]]);
    expect(figOf(dead.state, 'hurt').posture).toBe('dead');
    s = dead.state;
    expect(figOf(s, 'hurt').conditions).toEqual(['bleeding']);
  });
});
