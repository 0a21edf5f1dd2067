import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DiceError, createEnteredDice } from '../../../src/main/engine/dice';

// RULINGS G3: entered rolls record the typed faces and are marked entered.

describe('createEnteredDice', () => {
  it('consumes entries in order and reports them as entered', () => {
    const dice = createEnteredDice([[3, 5], [6], [1, 1, 1]]);
    expect(dice.kind).toBe('entered');
    expect(dice.remaining()).toBe(3);
    expect(dice.roll('2d6-1', 'damage: Broadsword')).toEqual({
      notation: '2d6-1',
      count: 2,
      sides: 6,
      modifier: -1,
      faces: [3, 5],
      total: 7,
      kind: 'entered',
      label: 'damage: Broadsword',
    });
    expect(dice.roll('d6', 'initiative').total).toBe(6);
    expect(dice.roll('3d6', 'attack').total).toBe(3);
    expect(dice.remaining()).toBe(0);
  });

  it('wrong number of faces names the label and notation, and consumes nothing', () => {
    const dice = createEnteredDice([[3, 5]]);
    expect(() => dice.roll('3d6', 'attack roll')).toThrow('Entered dice for attack roll (3d6) need 3 faces, got 2: [3, 5].');
    expect(() => dice.roll('1d6', 'initiative')).toThrow('Entered dice for initiative (1d6) need 1 face, got 2: [3, 5].');
    expect(dice.remaining()).toBe(1);
    expect(dice.roll('2d6', 'ok').total).toBe(8);
  });

  it('faces outside 1..sides or not whole are refused', () => {
    expect(() => createEnteredDice([[0, 7, 3]]).roll('3d6', 'attack roll')).toThrow(
      'Entered dice for attack roll (3d6): 0, 7 are not a face of a d6 (whole numbers 1 to 6).',
    );
    expect(() => createEnteredDice([[2.5]]).roll('1d6', 'x')).toThrow('2.5 is not a face of a d6');
    expect(() => createEnteredDice([[Number.NaN]]).roll('1d6', 'x')).toThrow(DiceError);
    expect(createEnteredDice([[7]]).roll('1d8', 'x').total).toBe(7);
  });

  it('running out: "needs N more dice for <label>"', () => {
    const dice = createEnteredDice([[4]]);
    dice.roll('1d6', 'first');
    expect(() => dice.roll('3d6', 'survival save')).toThrow('needs 3 more dice for survival save (3d6): all 1 entered rolls have been used.');
    expect(() => createEnteredDice([]).roll('2d6', 'x')).toThrow('needs 2 more dice for x');
  });

  it('is not affected by later changes to the caller’s arrays', () => {
    const entry = [2, 2];
    const list = [entry];
    const dice = createEnteredDice(list);
    entry[0] = 9;
    list.push([1]);
    expect(dice.roll('2d6', 'x').faces).toEqual([2, 2]);
    expect(dice.remaining()).toBe(0);
  });

  it('rejects something that is not a list of lists', () => {
    expect(() => createEnteredDice([3] as unknown as number[][])).toThrow(DiceError);
  });

  it('property: valid entries roll back exactly', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .integer({ min: 2, max: 20 })
            .chain((sides) => fc.tuple(fc.constant(sides), fc.array(fc.integer({ min: 1, max: sides }), { minLength: 1, maxLength: 5 }))),
          { maxLength: 10 },
        ),
        (rolls) => {
          const dice = createEnteredDice(rolls.map(([, faces]) => faces));
          for (const [sides, faces] of rolls) {
            const r = dice.roll(`${faces.length}d${sides}`, 'p');
            expect(r.faces).toEqual(faces);
            expect(r.total).toBe(faces.reduce((a, b) => a + b, 0));
          }
          expect(dice.remaining()).toBe(0);
        },
      ),
    );
  });
});
