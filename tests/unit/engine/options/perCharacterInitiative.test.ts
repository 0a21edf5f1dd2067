/** Per-character initiative (RULINGS O2; 000 §Turn Sequence). */
import { describe, expect, it } from 'vitest';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import {
  PER_CHARACTER_PHASES,
  cleanupPhase,
  dueMover,
  markMoverDone,
  movementSequence,
  rollFigureInitiative,
  startMovementQueue,
  yieldMove,
} from '../../../../src/main/engine/options/perCharacterInitiative';

describe('000 §Turn Sequence (1): 1d20 per figure', () => {
  it('highest first; a tie is rolled off (RULINGS G4)', () => {
    const r = rollFigureInitiative(['a', 'b', 'c', 'd'], createEnteredDice([[12], [17], [12], [3], [2], [4]]));
    expect(r.order).toEqual(['b', 'c', 'a', 'd']);
    expect(r.scores.map((s) => s.value.value)).toEqual([12, 17, 12, 3]);
    expect(r.rolls.map((x) => `${x.notation}:${x.total}`)).toEqual(['1d20:12', '1d20:17', '1d20:12', '1d20:3', '1d6:2', '1d6:4']);
  });
  it('phases: initiative, renew, movement, actions, forced retreat, cleanup', () => {
    expect(PER_CHARACTER_PHASES.map((p) => p.id)).toEqual(['initiative', 'renewSpells', 'movement', 'actions', 'forcedRetreat', 'cleanup']);
  });
});

describe('000 §Turn Sequence (3): move or yield', () => {
  it('a yielder moves after all who did not, in initiative order', () => {
    let q = startMovementQueue(['b', 'c', 'a', 'd']);
    expect(dueMover(q)).toBe('b');
    q = yieldMove(q, 'b').queue;
    expect(dueMover(q)).toBe('c');
    q = yieldMove(q, 'c').queue;
    q = markMoverDone(q, 'a').queue;
    expect(movementSequence(q)).toEqual(['a', 'd', 'b', 'c']);
    q = markMoverDone(q, 'd').queue;
    expect(dueMover(q)).toBe('b');
    expect(() => yieldMove(q, 'b')).toThrow(/yielded already/);
    expect(() => markMoverDone(q, 'c')).toThrow(/b's move/);
    q = markMoverDone(q, 'b').queue;
    const last = markMoverDone(q, 'c');
    expect(last.events).toEqual([{ type: 'moved', figureId: 'c', source: '000 §Turn Sequence (3)' }]);
    expect(dueMover(last.queue)).toBeNull();
  });
});

describe('000 §Turn Sequence (7): Cleanup', () => {
  it('counters for dropped weapons not yet placed; the slain and unconscious flipped once', () => {
    const ev = cleanupPhase(
      [
        { id: 'a', posture: 'dead', flipped: false },
        { id: 'b', posture: 'unconscious', flipped: false },
        { id: 'c', posture: 'prone', flipped: false },
        { id: 'd', posture: 'dead', flipped: true },
      ],
      [
        { figureId: 'c', itemId: 'broadsword', position: { q: 2, r: 3 }, placed: false },
        { figureId: 'e', itemId: 'dagger', position: { q: 0, r: 0 }, placed: true },
      ],
    );
    expect(ev.map((e) => (e.type === 'counterPlaced' ? `${e.type}:${e.itemId}@${e.position.q},${e.position.r}` : `${e.type}:${e.figureId}:${e.why}`))).toEqual([
      'counterPlaced:broadsword@2,3',
      'figureFlipped:a:slain',
      'figureFlipped:b:unconscious',
    ]);
  });
});
