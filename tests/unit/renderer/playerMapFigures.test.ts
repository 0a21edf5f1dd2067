/**
 * The projector's figure models are made again only for the figures a player push changed, as on
 * the GM page, so the map compares and redraws only their tokens.
 */
import { describe, expect, it } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list: imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'player', 'mapFigures'].join('/');
const { playerFigureModels } = (await import(/* @vite-ignore */ modulePath)) as {
  playerFigureModels: () => (
    view: unknown,
  ) => { id: string; color: string; hidden: boolean; conditions?: { label: string; kind: string }[]; acting?: boolean; position: { q: number; r: number } }[];
};

const figure = (id: string, q: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  sideId: 'a',
  position: { q, r: 0 },
  facing: 0,
  size: 1,
  posture: 'standing',
  ...extra,
});
const viewOf = (figures: unknown[], sides = [{ id: 'a', name: 'A', color: '#112233' }], acting: string[] = []) => ({ encounter: { figures, sides, acting } });

describe('the projector’s figure models', () => {
  it('keeps the model of every figure a push left alone, and makes one for the figure it changed', () => {
    const models = playerFigureModels();
    const [a, b, c] = [figure('a', 0), figure('b', 1), figure('c', 2, { flying: true, shownConditions: [{ label: 'Flying', kind: 'rule' }] })];
    const first = models(viewOf([a, b, c]));
    expect(first.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(first[0]!.color).toBe('#112233');
    expect(first[0]!.hidden).toBe(false);
    expect(first[2]!.conditions).toEqual([{ label: 'Flying', kind: 'rule' }]);
    const turned = figure('b', 5);
    const second = models(viewOf([a, turned, c]));
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[2]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.position).toEqual({ q: 5, r: 0 });
  });

  it('makes every model again when a side colour changes, and draws riders after the others', () => {
    const models = playerFigureModels();
    const rider = figure('r', 0, { ridingId: 'm' });
    const mount = figure('m', 0);
    const first = models(viewOf([rider, mount]));
    expect(first.map((m) => m.id)).toEqual(['m', 'r']);
    expect(first[1]!.conditions).toEqual([{ label: 'Mounted', kind: 'rule' }]);
    const recoloured = models(viewOf([rider, mount], [{ id: 'a', name: 'A', color: '#ff0000' }]));
    expect(recoloured[0]).not.toBe(first[0]);
    expect(recoloured[0]!.color).toBe('#ff0000');
  });

  it('rings the first figure the players see acting; the others keep their models', () => {
    const models = playerFigureModels();
    const [a, b] = [figure('a', 0), figure('b', 1)];
    const first = models(viewOf([a, b], undefined, ['b']));
    expect(first.map((m) => m.acting ?? false)).toEqual([false, true]);
    const next = models(viewOf([a, b], undefined, []));
    expect(next.map((m) => m.acting ?? false)).toEqual([false, false]);
    expect(next[0]).toBe(first[0]);
  });
});
