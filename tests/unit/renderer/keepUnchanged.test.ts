/**
 * The turn rules the GM page holds keep the objects of what a new answer did not change: a command
 * changes one figure's stride at most, so the tracker rows and tokens that read the others'
 * strides see the same objects and are not updated.
 */
import { describe, expect, it } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list: imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'panels', 'tracker', 'keepUnchanged'].join('/');
const { keepUnchanged } = (await import(/* @vite-ignore */ modulePath)) as { keepUnchanged: <T>(held: T | null, fresh: T) => T };

const stride = (figureId: string, stride: number) => ({ figureId, stride, band: 'walking', momentum: stride, apLeft: 3, text: `s${stride}` });
const rules = (strides: ReturnType<typeof stride>[], phases = ['movement', 'actions']) => ({
  encounterId: 'e1',
  phases: phases.map((id) => ({ id, label: id })),
  strides,
  strideModes: [],
});

describe('turn rules kept across answers', () => {
  it('keeps the held answer itself when nothing changed', () => {
    const held = rules([stride('a', 2), stride('b', 4)]);
    expect(keepUnchanged(held, rules([stride('a', 2), stride('b', 4)]))).toBe(held);
  });

  it("keeps the unchanged figures' strides and takes the changed one", () => {
    const held = rules([stride('a', 2), stride('b', 4), stride('c', 0)]);
    const next = keepUnchanged(held, rules([stride('a', 2), stride('b', 5), stride('c', 0)]));
    expect(next).not.toBe(held);
    expect(next.strides[0]).toBe(held.strides[0]);
    expect(next.strides[1]).toEqual(stride('b', 5));
    expect(next.strides[2]).toBe(held.strides[2]);
  });

  it('takes a new answer whose other rules changed, keeping the equal strides', () => {
    const held = rules([stride('a', 2)]);
    const next = keepUnchanged(held, rules([stride('a', 2)], ['actions']));
    expect(next.phases).toEqual([{ id: 'actions', label: 'actions' }]);
    expect(next.strides[0]).toBe(held.strides[0]);
  });

  it('follows figures added, removed and reordered', () => {
    const held = rules([stride('a', 2), stride('b', 4)]);
    expect(keepUnchanged(held, rules([stride('b', 4), stride('a', 2)])).strides.map((s) => s.figureId)).toEqual(['b', 'a']);
    expect(keepUnchanged(held, rules([stride('a', 2)])).strides).toHaveLength(1);
    const grown = keepUnchanged(held, rules([stride('a', 2), stride('b', 4), stride('c', 1)]));
    expect(grown.strides.map((s) => s.figureId)).toEqual(['a', 'b', 'c']);
    expect(grown.strides[0]).toBe(held.strides[0]);
  });

  it('takes the first answer as it is', () => {
    const fresh = rules([stride('a', 2)]);
    expect(keepUnchanged(null, fresh)).toBe(fresh);
  });
});
