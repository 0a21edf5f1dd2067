/** An engaged figure's shift refused for its true reason (RULINGS M5, M7). */
import { describe, expect, it } from 'vitest';
import { encounter, fig, refusal, step, withMoveOrder } from './fixtures';

const spear = { weaponIds: ['spear'], readyWeaponId: 'spear' };

/** Me at (5,5) engaged by Foe at (6,5); Pal stands at (5,6), next to both; a wall at (6,4). */
function engaged() {
  return withMoveOrder(
    encounter([fig('me', 'a', 5, 5), fig('foe', 'b', 6, 5, { facing: 3, equipment: spear }), fig('pal', 'a', 5, 6)], {
      terrain: { '6,4': 'wall' },
      phase: 'initialMovement',
    }),
    ['me', 'foe', 'pal'],
  );
}

describe('shift refusals say why (RULINGS M5, M7)', () => {
  it('into a hex a figure stands in: names the figure, not the 1-hex limit', () => {
    const message = refusal(engaged(), { type: 'move', figureId: 'me', mode: 'shift', to: { q: 5, r: 6 } });
    expect(message).toBe('Pal is already in that hex: Me may only shift into a free hex (RULINGS M7).');
    expect(message).not.toContain('1 hex');
  });

  it('into a wall: the wall', () => {
    expect(refusal(engaged(), { type: 'move', figureId: 'me', mode: 'shift', to: { q: 6, r: 4 } })).toBe(
      'That hex cannot be entered (wall or map edge, RULINGS M7).',
    );
  });

  it('two hexes: the 1-hex limit; away from the foe: stay next to it', () => {
    expect(
      refusal(engaged(), {
        type: 'move',
        figureId: 'me',
        mode: 'shift',
        to: { q: 3, r: 5 },
        path: [
          { q: 4, r: 5 },
          { q: 3, r: 5 },
        ],
      }),
    ).toBe('Me is engaged: it may only shift 1 hex, not 2 (RULINGS M5).');
    expect(refusal(engaged(), { type: 'move', figureId: 'me', mode: 'shift', to: { q: 4, r: 5 } })).toBe(
      'Me must stay next to an enemy engaging it when it shifts (RULINGS M5).',
    );
  });

  it('a free hex next to the foe is still a legal shift', () => {
    const s = withMoveOrder(encounter([fig('me', 'a', 5, 5), fig('foe', 'b', 6, 5, { facing: 3, equipment: spear })], { phase: 'initialMovement' }), [
      'me',
      'foe',
    ]);
    expect(step(s, { type: 'move', figureId: 'me', mode: 'shift', to: { q: 5, r: 6 } }).state.figures[0]!.position).toEqual({ q: 5, r: 6 });
  });
});
