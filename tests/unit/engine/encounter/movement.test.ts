/** Movement in the encounter (001 §Movement, §Engagement; RULINGS M1–M7). */
import { describe, expect, it } from 'vitest';
import { reachable, pathTo } from '../../../../src/main/engine/encounter/movement/reachable';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import { encounter, fig, figOf, refusal, step, withMoveOrder } from './fixtures';

const key = (h: { q: number; r: number }) => `${h.q},${h.r}`;

function moving(figures: Parameters<typeof encounter>[0], terrain: Record<string, string> = {}) {
  return encounter(figures, { terrain, phase: 'initialMovement' });
}

describe('reachable', () => {
  it('walk-slow reaches the 18 hexes within 2 on open ground, walls and figures block', () => {
    const s = moving([fig('me', 'a', 5, 5)]);
    const r = reachable(s, 'me', 'walk-slow');
    expect(r.budget.value).toBe(2);
    expect(r.hexes).toHaveLength(19);
    const walled = moving([fig('me', 'a', 5, 5), fig('pal', 'a', 6, 5)], { '5,4': 'wall', '4,5': 'wall' });
    const w = reachable(walled, 'me', 'walk-slow');
    expect(w.hexes.map((h) => key(h.hex))).not.toContain('5,4');
    expect(w.hexes.map((h) => key(h.hex))).not.toContain('6,5');
    expect(w.hexes.find((h) => key(h.hex) === '4,4')).toBeUndefined(); // 4 hexes round the walls
    expect(reachable(walled, 'me', 'walk').hexes.find((h) => key(h.hex) === '4,4')?.cost).toBe(4);
  });

  it('broken ground costs Rules.brokenGroundCost to enter (RULINGS M7)', () => {
    const s = moving([fig('me', 'a', 5, 5)], { '6,5': 'broken' });
    expect(reachable(s, 'me', 'walk').hexes.find((h) => key(h.hex) === '6,5')?.cost).toBe(2);
    expect(reachable(s, 'me', 'walk', { rules: { ...DEFAULT_RULES, brokenGroundCost: 3 } }).hexes.find((h) => key(h.hex) === '6,5')?.cost).toBe(3);
    // (7,5): through the broken hex 2 + 1, or round it by (6,4), (7,4): 3 either way.
    expect(reachable(s, 'me', 'walk').hexes.find((h) => key(h.hex) === '7,5')?.cost).toBe(3);
  });

  it('movement stops on entering an engaged hex (M5, M6); unarmed, prone or friendly figures do not engage', () => {
    const s = moving([fig('me', 'a', 2, 5), fig('foe', 'b', 6, 5, { facing: 3, equipment: { weaponIds: ['spear'], readyWeaponId: 'spear' } })]);
    const r = reachable(s, 'me', 'jog');
    expect(r.hexes.find((h) => key(h.hex) === '5,5')).toMatchObject({ cost: 3, engaged: true });
    // Beyond the front hexes only by going round them.
    expect(pathTo(r, { q: 5, r: 5 })).toEqual([
      { q: 2, r: 5 },
      { q: 3, r: 5 },
      { q: 4, r: 5 },
      { q: 5, r: 5 },
    ]);
    for (const foe of [
      fig('foe', 'b', 6, 5, { facing: 3 }),
      fig('foe', 'b', 6, 5, { facing: 3, posture: 'prone', equipment: { weaponIds: ['spear'], readyWeaponId: 'spear' } }),
    ]) {
      expect(reachable(moving([fig('me', 'a', 2, 5), foe]), 'me', 'jog').hexes.find((h) => key(h.hex) === '5,5')?.engaged).toBe(false);
    }
  });

  it('an engaged figure only shifts 1 hex and stays next to its foe; Jog is refused (M5)', () => {
    const s = moving([fig('me', 'a', 5, 5), fig('foe', 'b', 6, 5, { facing: 3, equipment: { weaponIds: ['spear'], readyWeaponId: 'spear' } })]);
    expect(reachable(s, 'me', 'jog')).toMatchObject({ allowed: false, reason: 'Me is engaged: it may only shift 1 hex or stand still (RULINGS M5).' });
    // The start, and the two free neighbours that touch the foe's hex (6,5).
    expect(
      reachable(s, 'me', 'shift')
        .hexes.map((h) => key(h.hex))
        .sort(),
    ).toEqual(['5,5', '5,6', '6,4']);
  });

  it('a figure on the ground crawls 2 hexes and nothing else; crawling makes a kneeler prone', () => {
    let s = moving([fig('me', 'a', 5, 5, { posture: 'kneeling' })]);
    expect(reachable(s, 'me', 'walk')).toMatchObject({ allowed: false, reason: 'Me is kneeling: it must stand up first, or crawl (001 §Action Options g).' });
    expect(reachable(s, 'me', 'crawl').budget.value).toBe(2);
    s = withMoveOrder(s, ['me']);
    s = step(s, { type: 'move', figureId: 'me', mode: 'crawl', to: { q: 7, r: 5 } }).state;
    expect(figOf(s, 'me')).toMatchObject({ position: { q: 7, r: 5 }, posture: 'prone', turn: { mode: 'crawl', spent: 2 } });
  });

  it('armour and load restrict gaits; dropping the pack first lifts the load (M4)', () => {
    // STR 10: 16 lbs of pack is Light+ (15 < 16 ≤ 20: Medium, cannot run).
    const s = moving([fig('me', 'a', 5, 5, { equipment: { packLbs: 16 } })]);
    expect(reachable(s, 'me', 'run')).toMatchObject({ allowed: false, reason: 'Me cannot Run: Encumbrance: Medium (RULINGS M4).' });
    expect(reachable(s, 'me', 'run', { dropPack: true }).budget.value).toBe(12);
    let t = withMoveOrder(s, ['me']);
    const r = step(t, { type: 'move', figureId: 'me', mode: 'run', to: { q: 17, r: 5 }, dropPack: true });
    t = r.state;
    expect(r.events.map((e) => e.type)).toEqual(['itemDropped', 'moved', 'fatigueSpent']);
    expect(r.events[2]).toMatchObject({ amount: 1, fatigue: 49, source: '001 §Movement (Fatigue Cost); RULINGS M3' });
    expect(t.items).toEqual([{ id: 'item-1', kind: 'pack', itemId: 'pack', lbs: 16, position: { q: 5, r: 5 }, ownerId: 'me' }]);
  });

  it('sprinting costs 6 Fatigue (M3); a path longer than the gait or through a figure is refused', () => {
    let s = moving([fig('me', 'a', 1, 5), fig('pal', 'a', 3, 5)]);
    s = withMoveOrder(s, ['me', 'pal']);
    expect(refusal(s, { type: 'move', figureId: 'me', mode: 'walk', to: { q: 3, r: 5 } })).toBe('Pal is already in that hex.');
    expect(refusal(s, { type: 'move', figureId: 'me', mode: 'walk', to: { q: 3, r: 4 }, path: [{ q: 3, r: 4 }] })).toBe(
      'The path jumps from 1,5 to 3,4; each step must be to a neighbouring hex.',
    );
    expect(
      refusal(s, {
        type: 'move',
        figureId: 'me',
        mode: 'walk-slow',
        to: { q: 4, r: 4 },
        path: [
          { q: 2, r: 4 },
          { q: 3, r: 4 },
          { q: 4, r: 4 },
        ],
      }),
    ).toBe('That path costs 3 hexes of movement; Me has 2 (RULINGS M1, M7).');
    // 13 hexes: past Run's 12, so the turn's gait is a Sprint (RULINGS T5).
    const r = step(s, { type: 'move', figureId: 'me', mode: 'sprint', to: { q: 14, r: 4 } });
    expect(r.events[1]).toMatchObject({ type: 'fatigueSpent', amount: 6, fatigue: 44 });
  });

  it('a 3-hex figure moves its whole footprint and needs room for all of it', () => {
    const s = moving([fig('ogre', 'a', 5, 5, { size: 3 }), fig('rock', 'b', 8, 4)], { '6,6': 'wall' });
    const r = reachable(s, 'ogre', 'walk');
    // Footprint at (7,4) facing 0 covers (7,4), (6,4), (6,5): free; at (8,4) it would hold the rock.
    expect(r.hexes.find((h) => key(h.hex) === '7,4')).toBeDefined();
    expect(r.hexes.find((h) => key(h.hex) === '8,4')).toBeUndefined();
    // Anchor (7,6): its rear hexes are (6,6) — a wall.
    expect(r.hexes.find((h) => key(h.hex) === '7,6')).toBeUndefined();
  });

  it('a move without a gait (a drag) takes the slowest gait that reaches: 5 hexes is a Walk at modifier +1', () => {
    let s = withMoveOrder(moving([fig('me', 'a', 2, 5, { attributes: { CON: 14 } })]), ['me']);
    const r = step(s, { type: 'move', figureId: 'me', to: { q: 7, r: 5 } });
    expect(r.events[0]).toMatchObject({ type: 'moved', mode: 'walk', cost: 5 });
    s = r.state;
    expect(figOf(s, 'me').turn).toMatchObject({ mode: 'walk', spent: 5, charged: true });
    expect(refusal(s, { type: 'move', figureId: 'me', to: { q: 8, r: 5 } })).toBe('Me has nothing left to do in Initial Movement.');
  });
});
