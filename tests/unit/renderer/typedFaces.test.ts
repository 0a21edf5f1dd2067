/** The one reading of typed dice faces (RULINGS G3), for every dice field of the GM page. */
import { describe, expect, it } from 'vitest';

type TypedFaces = { ok: true; faces: readonly number[] } | { ok: false; problem: string };
// Renderer code is outside tsconfig.node.json's file list: imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'typedFaces'].join('/');
const { parseTypedFaces, leftOverFaces, missingRoll } = (await import(/* @vite-ignore */ modulePath)) as {
  parseTypedFaces: (text: string) => TypedFaces;
  leftOverFaces: (faces: readonly number[], used: number) => string | null;
  missingRoll: (message: string) => { label: string; notation: string } | null;
};

describe('parseTypedFaces', () => {
  it('spaces, commas, slashes, semicolons and plus signs between faces all read alike', () => {
    for (const text of ['3 4 5 2 2 6', '3,4,5,2,2,6', '3/4/5/2/2/6', '3 4 5 / 2 2 6', ' 3, 4, 5; 2+2+6 ', '3,4,5 | 2 2 6']) {
      expect(parseTypedFaces(text)).toEqual({ ok: true, faces: [3, 4, 5, 2, 2, 6] });
    }
  });

  it('names what is not a face', () => {
    expect(parseTypedFaces('3 x 5')).toEqual({ ok: false, problem: '"x" is not a face: type whole numbers of 1 or more, e.g. "3 4 5".' });
    expect(parseTypedFaces('3 0 5')).toMatchObject({ ok: false, problem: expect.stringContaining('"0"') });
    expect(parseTypedFaces('2.5')).toMatchObject({ ok: false });
    expect(parseTypedFaces(' / ')).toEqual({ ok: false, problem: 'Type the faces rolled, e.g. "3 4 5".' });
  });
});

describe('leftOverFaces and missingRoll', () => {
  it('names the faces a command did not take', () => {
    expect(leftOverFaces([6, 6, 6, 1, 2, 3], 3)).toBe('Not used: 1 2 3 — the command rolled only the first 3 of the 6 faces typed.');
    expect(leftOverFaces([1, 2, 3], 3)).toBeNull();
  });

  it("reads main's message for faces that ran out", () => {
    expect(missingRoll('needs 2 more dice for to hit (3d6): all 4 entered faces have been used.')).toEqual({ label: 'to hit', notation: '3d6' });
    expect(missingRoll('needs 1 more die for initiative (1d6): all 0 entered faces have been used.')).toEqual({ label: 'initiative', notation: '1d6' });
    expect(missingRoll('A wall blocks that hex.')).toBeNull();
  });
});
