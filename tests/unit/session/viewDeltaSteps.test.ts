/**
 * A push's figures are steps through the list the page holds (runs of unchanged
 * figures by their length, a moved one by its id, a changed one whole). Over random edits of a
 * figure list — changes, insertions, removals, reorders — the page that applies the steps gets
 * exactly the new list, with its own objects for every figure that was reused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyViewDelta, viewDelta } from '../../../src/shared/viewOrder';
import type { PlayerView } from '../../../src/shared/contract/views';

type Fig = PlayerView['encounter']['figures'][number];
const fig = (id: string, facing = 0): Fig => ({ id, name: id, sideId: 'a', position: { q: 0, r: 0 }, facing, size: 1, posture: 'standing' });
const view = (
  figures: Fig[],
  revision: number,
  map: PlayerView['encounter']['map'] = { cols: 2, rows: 2, orientation: 'flat', terrain: {}, fogged: [], dimmed: [] },
): PlayerView => ({
  encounter: { name: 'E', map, sides: [], figures, turn: 1, phase: 'initiative', acting: [], order: [], pending: [], magic: { active: [], inRunaway: [] } },
  session: 's',
  revision,
});

/** An edit of the list: keep, change, drop, or insert before, for each figure; then maybe a swap. */
const editArb = fc.record({
  n: fc.integer({ min: 0, max: 30 }),
  ops: fc.array(fc.constantFrom('keep', 'keep', 'keep', 'change', 'drop', 'insert'), { minLength: 30, maxLength: 30 }),
  swap: fc.option(fc.tuple(fc.nat(40), fc.nat(40)), { nil: null }),
});

describe('figure steps of a pushed change', () => {
  it('rebuild the new list exactly, keeping the page’s objects of reused figures', () => {
    fc.assert(
      fc.property(editArb, ({ n, ops, swap }) => {
        const before = Array.from({ length: n }, (_, i) => fig(`f${i}`));
        const after: Fig[] = [];
        before.forEach((f, i) => {
          const op = ops[i]!;
          if (op === 'insert') after.push(fig(`new${i}`));
          if (op === 'change') after.push(fig(f.id, 3));
          else if (op !== 'drop') after.push(f);
        });
        if (swap && after.length > 1) {
          const [a, b] = [swap[0] % after.length, swap[1] % after.length];
          [after[a], after[b]] = [after[b]!, after[a]!];
        }
        const held = view(before, 1);
        const next = view(after, 2, held.encounter.map);
        const delta = viewDelta(held, next)!;
        // Through the socket: the page's objects are its own copies.
        const page = JSON.parse(JSON.stringify(held)) as PlayerView;
        const applied = applyViewDelta(page, JSON.parse(JSON.stringify(delta)))!;
        expect(applied).toEqual(next);
        applied.encounter.figures.forEach((f) => {
          const reused = before.find((b) => b.id === f.id && after.includes(b));
          if (reused) expect(f).toBe(page.encounter.figures[before.indexOf(reused)]);
        });
        expect(applied.encounter.map).toBe(page.encounter.map);
      }),
      { numRuns: 300 },
    );
  });

  it('a run longer than the page holds, or an id it does not have, is not applied', () => {
    const held = view([fig('a'), fig('b')], 1);
    const base = viewDelta(held, view([...held.encounter.figures, fig('c')], 2))!;
    expect(base.encounter.figures).toEqual([2, fig('c')]);
    expect(applyViewDelta(held, { ...base, encounter: { ...base.encounter, figures: [3] } })).toBeNull();
    expect(applyViewDelta(held, { ...base, encounter: { ...base.encounter, figures: ['zz'] } })).toBeNull();
    expect(applyViewDelta(view([fig('a')], 1), base)).toBeNull();
  });
});
