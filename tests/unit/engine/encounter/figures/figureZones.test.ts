/**
 * The hexes around a figure by facing zone (engine/encounter/figures/figureZones.ts, 001 §Facing),
 * prone and knocked-down figures having only rear hexes.
 */
import { describe, expect, it } from 'vitest';
import { figureZones } from '../../../../../src/main/engine/encounter/figures/figureZones';
import { AppError } from '../../../../../src/shared/errors';
import { encounter, fig } from '../fixtures';

const zonesOf = (posture: 'standing' | 'prone' | 'knockedDown' | 'kneeling') => {
  const r = figureZones(encounter([fig('ann', 'a', 9, 5, { posture })]), 'ann');
  expect(r.figureId).toBe('ann');
  return Object.fromEntries(r.zones.map((z) => [`${z.hex.q},${z.hex.r}`, z.zone]));
};

describe('figureZones (001 §Facing)', () => {
  it('splits a standing one-hex figure’s six neighbours 3 front, 2 side, 1 rear', () => {
    expect(zonesOf('standing')).toEqual({ '10,5': 'front', '10,4': 'front', '9,6': 'front', '9,4': 'side', '8,6': 'side', '8,5': 'rear' });
  });

  it('gives a prone or knocked-down figure only rear hexes; a kneeling one keeps its facing', () => {
    expect(Object.values(zonesOf('prone'))).toEqual(Array(6).fill('rear'));
    expect(Object.values(zonesOf('knockedDown'))).toEqual(Array(6).fill('rear'));
    expect(zonesOf('kneeling')).toEqual(zonesOf('standing'));
  });

  it('refuses an unknown figure with not-found', () => {
    const state = encounter([fig('ann', 'a', 9, 5)]);
    expect(() => figureZones(state, 'nobody')).toThrow(AppError);
    expect(() => figureZones(state, 'nobody')).toThrow('There is no figure with id "nobody" in this encounter.');
  });
});
