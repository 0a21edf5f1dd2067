/**
 * RULINGS H5 (004 §Crawling and Prone): a missile at a prone or kneeling target behind a body is
 * rolled first; only a hit is checked against the body, and a miss or a fumble stands as rolled.
 */
import { describe, expect, it } from 'vitest';
import type { EncounterState, FigureState } from '../../../../src/main/engine/encounter/schema';
import { encounter, fig, figOf, step, withActionOrder } from './fixtures';

/** Archer (DEX 10, longbow) at (2,5); Foe lying at (5,5) behind a body at (4,5). adjDEX 14 (rear +4, 1 MH). */
function behindBody(posture: FigureState['posture']): EncounterState {
  const figures = [
    fig('archer', 'a', 2, 5, { equipment: { weaponIds: ['longbow'], readyWeaponId: 'longbow' } }),
    fig('foe', 'b', 5, 5, { facing: 3, posture }),
  ];
  return withActionOrder(encounter(figures, { phase: 'actions', terrain: { '4,5': 'body' } }), ['archer', 'foe']);
}
const shoot = { type: 'attack', figureId: 'archer', targetId: 'foe', weaponId: 'longbow' } as const;

describe('body cover is rolled after the attack roll (RULINGS H5)', () => {
  it('a missile that misses (15 > adjDEX 14) is a miss: no cover die is rolled', () => {
    const r = step(behindBody('prone'), shoot, [[6, 5, 4]]);
    expect(r.events.map((e) => e.type)).toEqual(['attackRolled', 'optionTaken']);
    expect(r.events[0]).toMatchObject({ adjDex: 14, roll: 15, hit: false });
    expect(figOf(r.state, 'foe').fatigue.current).toBe(50);
  });

  it('the attacker can fumble: 17 drops the bow, and no cover die is rolled', () => {
    const r = step(behindBody('prone'), shoot, [[6, 6, 5]]);
    expect(r.events.map((e) => e.type)).toEqual(['attackRolled', 'itemDropped', 'optionTaken']);
    expect(figOf(r.state, 'archer').equipment.readyWeaponId).toBeNull();
  });

  it('a hit (10) on a prone target: cover 1d6 = 3 (1–3) and the body takes the missile', () => {
    const r = step(behindBody('prone'), shoot, [[4, 3, 3], [3]]);
    expect(r.events.map((e) => e.type)).toEqual(['attackRolled', 'check', 'optionTaken']);
    expect(r.events[1]).toMatchObject({
      type: 'check',
      figureId: 'foe',
      purpose: 'cover behind a body',
      target: 3,
      roll: 3,
      success: true,
      source: '004 §Crawling and Prone; RULINGS H5, G1',
    });
    expect(figOf(r.state, 'foe').fatigue.current).toBe(50);
  });

  it('a hit on a prone target with cover 4 reaches the target: 1d6+2 = 4+2 = 6 off Fatigue', () => {
    const r = step(behindBody('prone'), shoot, [[4, 3, 3], [4], [4]]);
    expect(r.events.map((e) => e.type)).toEqual(['attackRolled', 'check', 'damageDealt', 'optionTaken']);
    expect(r.events[1]).toMatchObject({ roll: 4, success: false });
    expect(figOf(r.state, 'foe').fatigue.current).toBe(44);
  });

  it('a kneeling target: the body takes it on 1–4', () => {
    const r = step(behindBody('kneeling'), shoot, [[4, 3, 3], [4]]);
    expect(r.events[1]).toMatchObject({ type: 'check', target: 4, roll: 4, success: true });
    expect(figOf(r.state, 'foe').fatigue.current).toBe(50);
  });
});
