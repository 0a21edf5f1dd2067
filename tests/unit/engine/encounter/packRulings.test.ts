/**
 * A dropped pack (001 §Encumbrance "Dropping a Pack"; 004 §Encumbrance "one full turn (no other
 * actions)"; RULINGS M4): picking it up is the figure's one option for the turn, refused after any
 * other option, GM override or not, with no option after it; dropping it is free at the start of
 * movement, for a large figure that pushes as for any other (RULINGS H8).
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { turnStateOf, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import { encounter, fig, figOf, refusal, step, withActionOrder, withMoveOrder } from './fixtures';

const broadsword = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };
const archer = { weaponIds: ['small-bow'], readyWeaponId: 'small-bow' };

/**
 * Actions phase: the porter (5,5, facing 0, broadsword) with its 30-lb pack lying behind it at
 * 4,5; the orc in its front hex 6,5; the bowman at 9,5 with a small bow.
 */
function withPack(porterTurn: Partial<EncounterState['figures'][number]['turn']> = {}, acted: string[] = []): EncounterState {
  const s = encounter(
    [
      fig('porter', 'a', 5, 5, { equipment: broadsword }),
      fig('orc', 'b', 6, 5, { facing: 3 }),
      fig('bowman', 'b', 9, 5, { facing: 3, attributes: { DEX: 12 }, equipment: archer }),
    ],
    { phase: 'actions' },
  );
  const ordered = withActionOrder(s, ['porter', 'orc', 'bowman']);
  return {
    ...ordered,
    nextId: 2,
    items: [{ id: 'item-1', kind: 'pack', itemId: 'pack', lbs: 30, position: { q: 4, r: 5 }, ownerId: 'porter' }],
    turnState: { ...turnStateOf(ordered), actionDone: acted },
    figures: ordered.figures.map((f) => (f.id === 'porter' ? { ...f, turn: { ...f.turn, mode: 'stand-still' as const, ...porterTurn } } : f)),
  };
}

const pickUp = { type: 'pickUpPack', figureId: 'porter', itemId: 'item-1' } as const;

describe('picking up a pack is the one option of the turn (RULINGS M4; 004 §Encumbrance)', () => {
  it('after a Dodge declared while moving it is refused, GM override or not, and the Dodge stays on', () => {
    // Dodge (c) declared in movement: startActions counts it as the porter's action (RULINGS A6).
    const dodged = withPack({ option: 'c', defence: 'dodge' }, ['porter']);
    const because = 'Porter has taken option c (Dodge) this turn: picking up a pack is its one option for the turn';
    expect(refusal(dodged, pickUp)).toMatch(/^It is Orc's turn/);
    expect(refusal(dodged, { ...pickUp, override: true })).toMatch(new RegExp(`^${because.replace(/[()]/g, '\\$&')}`));
    // The shot at the dodger is still rolled on 4 dice (RULINGS A6): nothing was undone.
    expect(attackPreview(dodged, 'bowman', 'porter', 'small-bow').dice.count).toBe(4);
  });

  it('after an attack it is refused, GM override or not', () => {
    // Broadsword 3d6 [2,3,4] = 9 ≤ DEX 10 hits the orc; 2d6 [1,1] = 2 hits.
    const attacked = step(withPack(), { type: 'attack', figureId: 'porter', targetId: 'orc', weaponId: 'broadsword' }, [
      [2, 3, 4],
      [1, 1],
    ]).state;
    expect(figOf(attacked, 'porter').turn.option).toBe('b');
    expect(refusal(attacked, { ...pickUp, override: true })).toMatch(/^Porter has taken option b \(Charge attack\) this turn: picking up a pack/);
    expect(attacked.items).toHaveLength(1);
  });

  it('after a first shot with a second to come (RULINGS A7) it is refused: the option is fixed', () => {
    // A bowman with adjDEX 15+ shoots twice a turn (001 §Missile Weapons): after one shot, option f is taken.
    const s = withPack();
    const bowFirst = withActionOrder(
      {
        ...s,
        figures: s.figures.map((f) =>
          f.id === 'porter'
            ? { ...f, attributes: { ...f.attributes, DEX: 15 }, equipment: { ...f.equipment, weaponIds: ['small-bow'], readyWeaponId: 'small-bow' } }
            : f,
        ),
      },
      ['porter', 'orc', 'bowman'],
    );
    // 3d6 [1,2,3] = 6 ≤ 15 hits the bowman at 4 hexes; 1d6 [2] damage.
    const shot = step(bowFirst, { type: 'attack', figureId: 'porter', targetId: 'bowman', weaponId: 'small-bow' }, [[1, 2, 3], [2]]).state;
    expect(turnStateOf(shot).actionDone).not.toContain('porter');
    expect(refusal(shot, pickUp)).toMatch(/has taken option f \(Missile attack\) this turn: picking up a pack is its one option/);
  });

  it('once picked up, no option is open that turn: an attack and a Dodge are refused even with override', () => {
    const r = step(withPack(), pickUp);
    expect(figOf(r.state, 'porter').equipment.packLbs).toBe(30);
    expect(turnStateOf(r.state).actionDone).toEqual(['porter']);
    expect(refusal(r.state, { type: 'attack', figureId: 'porter', targetId: 'orc', weaponId: 'broadsword', override: true })).toBe(
      'Porter has already acted this turn (004 §Actions: one option a turn).',
    );
    expect(refusal(r.state, { type: 'dodge', figureId: 'porter', override: true })).toBe(
      'Porter has already acted this turn (004 §Actions: one option a turn).',
    );
  });
});

describe('dropping a pack is free at the start of movement, also for a pusher (RULINGS M4, H8)', () => {
  it("a 3-hex figure that pushes drops its pack first: the drop lightens the move's load and lies in its start hex", () => {
    // Ogre STR 14 (+1), DEX 10, CON 10: modifier +1 (RULINGS C1, M1) — unladen Walk 5.
    // Its 30-lb pack: Heavy over STR 14 (28 < 30 ≤ 35, 001 §Encumbrance): −4 and walk only, Walk 1.
    // Facing 0 at 5,5 it covers 5,5 · 4,5 · 5,4; at 7,5 it covers 7,5 · 6,5 · 7,4, so its second
    // step enters the imp's hex 7,5.
    const ogre = fig('ogre', 'a', 5, 5, { size: 3, attributes: { STR: 14 }, equipment: { packLbs: 30 } });
    const imp = fig('imp', 'b', 7, 5, { attributes: { STR: 6 } });
    const s = withMoveOrder(encounter([ogre, imp], { phase: 'initialMovement' }), ['ogre', 'imp']);
    // With the pack it walks 1 hex: 7,5 is out of reach.
    expect(refusal(s, { type: 'move', figureId: 'ogre', to: { q: 7, r: 5 } })).toMatch(/cannot reach that hex this turn/);
    // Dropped first: unladen, Walk 5 covers the 2 hexes to 7,5, and the imp (ST 6 < 14) is pushed straight on to 8,5.
    const r = step(s, { type: 'move', figureId: 'ogre', to: { q: 7, r: 5 }, dropPack: true });
    expect(figOf(r.state, 'ogre').position).toEqual({ q: 7, r: 5 });
    expect(figOf(r.state, 'imp').position).toEqual({ q: 8, r: 5 });
    expect(figOf(r.state, 'ogre').equipment.packLbs).toBe(0);
    expect(r.state.items).toEqual([{ id: 'item-1', kind: 'pack', itemId: 'pack', lbs: 30, position: { q: 5, r: 5 }, ownerId: 'ogre' }]);
    expect(r.events.map((e) => e.type)).toEqual(['itemDropped', 'pushed', 'moved']);
    // Two hexes: the slowest gait that covers them is Walk (slow) 2 (RULINGS M2, T5).
    expect(figOf(r.state, 'ogre').turn).toMatchObject({ mode: 'walk-slow', spent: 2 });
  });
});
