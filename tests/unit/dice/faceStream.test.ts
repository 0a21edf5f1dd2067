import { describe, expect, it } from 'vitest';
import { DiceError, createFaceStream } from '../../../src/main/engine/dice';

// RULINGS G3: faces typed at the table as one run; each roll takes the faces it needs, in order.

describe('createFaceStream', () => {
  it('each roll takes the next faces it needs, marked entered; the log keeps one list per roll', () => {
    const dice = createFaceStream([3, 4, 5, 2, 2, 6]);
    expect(dice.roll('3d6', 'push control')).toMatchObject({ faces: [3, 4, 5], total: 12, kind: 'entered', label: 'push control' });
    expect(dice.roll('3d6', 'casting').total).toBe(10);
    expect(dice.used()).toEqual([
      [3, 4, 5],
      [2, 2, 6],
    ]);
    expect(dice.unused()).toEqual([]);
  });

  it('a command that stops early leaves the rest unused, named', () => {
    const dice = createFaceStream([6, 6, 6, 1, 2, 3, 4, 4, 4]);
    dice.roll('3d6', 'push control');
    expect(dice.unused()).toEqual([1, 2, 3, 4, 4, 4]);
    expect(dice.used()).toEqual([[6, 6, 6]]);
  });

  it('running out names the roll and what it needed', () => {
    const dice = createFaceStream([4, 4, 4, 2]);
    dice.roll('3d6', 'casting');
    expect(() => dice.roll('3d6', 'to hit')).toThrow('needs 2 more dice for to hit (3d6): all 4 entered faces have been used.');
    expect(() => createFaceStream([]).roll('1d6', 'initiative')).toThrow('needs 1 more die for initiative (1d6): all 0 entered faces have been used.');
  });

  it('a face that does not fit its die is refused and consumes nothing', () => {
    const dice = createFaceStream([7, 1, 2, 3]);
    expect(() => dice.roll('1d6', 'initiative')).toThrow('Entered dice for initiative (1d6): 7 is not a face of a d6 (whole numbers 1 to 6).');
    expect(dice.unused()).toEqual([7, 1, 2, 3]);
    expect(dice.roll('1d8', 'other').total).toBe(7);
    expect(() => createFaceStream([2.5]).roll('1d6', 'x')).toThrow(DiceError);
  });

  it('is not affected by later changes to the caller’s array', () => {
    const faces = [2, 2];
    const dice = createFaceStream(faces);
    faces[0] = 9;
    expect(dice.roll('2d6', 'x').faces).toEqual([2, 2]);
  });
});
