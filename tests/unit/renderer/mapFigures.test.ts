/**
 * The GM map's figure models are made again only for the figures a push changed, so the map
 * redraws only their tokens.
 */
import { describe, expect, it } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list: imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'gm', 'mapFigures'].join('/');
const { gmFigureModels } = (await import(/* @vite-ignore */ modulePath)) as {
  gmFigureModels: () => (
    view: unknown,
    strideOf: (id: string) => number | null,
  ) => {
    id: string;
    color: string;
    fogged?: boolean;
    stride?: number | null;
    acting?: boolean;
    conditions?: { label: string; kind: string; gmOnly?: boolean }[];
    position: { q: number; r: number };
  }[];
};

const figure = (id: string, q: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  sideId: 'a',
  position: { q, r: 0 },
  facing: 0,
  size: 1,
  posture: 'standing',
  hidden: false,
  conditions: [],
  tokenConditions: [],
  hthWith: [],
  ...extra,
});
const viewOf = (figures: unknown[], map: unknown, sides = [{ id: 'a', color: '#112233' }], due: string[] = []) => ({
  encounter: { figures, map, sides, tracker: { due } },
});

describe('the GM map figure models', () => {
  it('keeps the model of every figure a push left alone, and makes one for the figure it changed', () => {
    const models = gmFigureModels();
    const map = { hidden: ['2,0'] };
    const [a, b, c] = [figure('a', 0), figure('b', 1), figure('c', 2)];
    const first = models(viewOf([a, b, c], map), () => null);
    expect(first.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(first[2]!.fogged).toBe(true);
    expect(first[0]!.color).toBe('#112233');
    const turned = figure('b', 5);
    const second = models(viewOf([a, turned, c], map), () => null);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[2]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.position).toEqual({ q: 5, r: 0 });
  });

  it('makes every model again when the fog or a side colour changes, and follows each stride', () => {
    const models = gmFigureModels();
    const map = { hidden: [] as string[] };
    const figures = [figure('a', 0), figure('b', 1)];
    const first = models(viewOf(figures, map), () => null);
    const recoloured = models(viewOf(figures, map, [{ id: 'a', color: '#ff0000' }]), () => null);
    expect(recoloured[0]).not.toBe(first[0]);
    expect(recoloured[0]!.color).toBe('#ff0000');
    const foggedMap = { hidden: ['1,0'] };
    const fogged = models(viewOf(figures, foggedMap, [{ id: 'a', color: '#ff0000' }]), () => null);
    expect(fogged[1]!.fogged).toBe(true);
    const strides = models(viewOf(figures, foggedMap, [{ id: 'a', color: '#ff0000' }]), (id) => (id === 'a' ? 4 : null));
    expect(strides[0]!.stride).toBe(4);
    expect(strides[1]).toBe(fogged[1]);
  });

  it('rings the figure due, and only its model changes when the turn passes on', () => {
    const models = gmFigureModels();
    const map = { hidden: [] as string[] };
    const figures = [figure('a', 0), figure('b', 1), figure('c', 2)];
    const aDue = models(viewOf(figures, map, undefined, ['a', 'b']), () => null);
    expect(aDue.map((m) => m.acting ?? false)).toEqual([true, false, false]);
    const bDue = models(viewOf(figures, map, undefined, ['b']), () => null);
    expect(bDue.map((m) => m.acting ?? false)).toEqual([false, true, false]);
    expect(bDue[2]).toBe(aDue[2]);
    expect(bDue[0]).not.toBe(aDue[0]);
  });

  it('puts riders after the figures they ride', () => {
    const models = gmFigureModels();
    const out = models(viewOf([figure('rider', 0, { ridingId: 'horse' }), figure('horse', 0)], { hidden: [] }), () => null);
    expect(out.map((m) => m.id)).toEqual(['horse', 'rider']);
  });

  it('draws every state on a token, the turns a GM condition has left, and marks what the players do not see', () => {
    const models = gmFigureModels();
    const tokenConditions = [
      { label: 'Prone', kind: 'rule', seen: true },
      { label: 'Dodging', kind: 'rule', seen: false },
      { label: 'Stunned', kind: 'mark', seen: true, turnsLeft: 2, markId: 'mark-1' },
      { label: 'Blur', kind: 'spell', seen: false },
    ];
    const [model] = models(viewOf([figure('a', 0, { tokenConditions, ridingId: 'horse' })], { hidden: [] }), () => null);
    expect(model!.conditions).toEqual([
      { label: 'Prone', kind: 'rule' },
      { label: 'Dodging', kind: 'rule', gmOnly: true },
      { label: 'Stunned 2', kind: 'mark' },
      { label: 'Blur', kind: 'spell', gmOnly: true },
      { label: 'Mounted', kind: 'rule' },
    ]);
  });
});
