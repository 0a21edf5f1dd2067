/**
 * The tactics module: its proposals are real commands the engine accepts, and they
 * follow the heuristics it promises (the console's choice; the rules they rest on are cited).
 */
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../../../src/shared/hex';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { propose } from '../../../../src/main/engine/tactics/propose';
import { encounter, fig } from '../encounter/fixtures';
import { accepts, toPhase } from './helpers';

const rules = rulesFor(DEFAULT_RULES);
const fighter = (id: string, side: string, q: number, r: number, extra: Parameters<typeof fig>[4] = {}) =>
  fig(id, side, q, r, { attributes: { STR: 13, DEX: 12 }, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' }, ...extra });

describe('propose', () => {
  it('a figure with a hurt enemy in its front hexes attacks that enemy (001 §Attack Rolls)', () => {
    // Two foes in front of Ada (facing 0 points at (6,4)→(7,3)?): both adjacent, one badly hurt.
    const ada = fighter('ada', 'a', 5, 5, { facing: 0 });
    const hale = fighter('hale', 'b', 6, 4, { facing: 3 });
    const hurt = fighter('hurt', 'b', 6, 5, { facing: 3, body: { starting: 34, current: 10 } });
    const s = toPhase(encounter([ada, hale, hurt]), 'actions', rules, 1, 'ada');
    const p = propose(s, rules, { sides: ['a'] })!;
    expect(p.command).toMatchObject({ type: 'attack', figureId: 'ada', targetId: 'hurt' });
    expect(p.reason).toContain('Hurt is hurt');
    expect(accepts(s, p.command, rules)).toBeNull();
  });

  it('an archer with a fair shot holds still and aims rather than charging (001 §Action Options f)', () => {
    const archer = fig('archer', 'a', 3, 10, { attributes: { DEX: 15 }, equipment: { weaponIds: ['small-bow', 'dagger'], readyWeaponId: 'small-bow' } });
    const brute = fighter('brute', 'b', 9, 7, { facing: 3 });
    const s = toPhase(encounter([archer, brute]), 'initialMovement', rules, 1, 'archer');
    const mine = propose(s, rules, { sides: ['a'] });
    expect(mine?.command).toMatchObject({ type: 'move', figureId: 'archer', mode: 'stand-still', to: archer.position });
    expect(mine?.reason).toMatch(/takes aim at Brute \(\d+ % to hit from here\)/);
  });

  it('a melee figure out of reach closes on its foe and faces it (001 §Movement)', () => {
    const ada = fighter('ada', 'a', 2, 10);
    const bob = fighter('bob', 'b', 12, 5);
    const s = toPhase(encounter([ada, bob]), 'initialMovement', rules);
    const p = propose(s, rules)!;
    expect(p.command.type).toBe('move');
    const cmd = p.command as { figureId: string; to: { q: number; r: number } };
    const mover = s.figures.find((f) => f.id === cmd.figureId)!;
    const foe = s.figures.find((f) => f.id !== cmd.figureId)!;
    expect(hexDistance(cmd.to, foe.position)).toBeLessThan(hexDistance(mover.position, foe.position));
    expect(p.path?.[0]).toEqual(mover.position);
    expect(p.path?.[p.path.length - 1]).toEqual(cmd.to);
  });

  it('engaged from behind, a figure turns on the foe engaging it to strike it (RULINGS M5; 001 §Action Options j), not on one a shift cannot reach', () => {
    // Bru faces away from Foe, whose sword engages him; Foe wears plate, Mage (hurt, unarmoured) stands far off.
    const bru = fighter('bru', 'a', 5, 5, { facing: 3 });
    const foe = fighter('foe', 'b', 6, 5, { facing: 2, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: 'plate-armor' } });
    const mage = fighter('mage', 'b', 12, 5, { facing: 3, body: { starting: 34, current: 22 } });
    const s = toPhase(encounter([bru, foe, mage]), 'initialMovement', rules, 1, 'bru');
    const p = propose(s, rules, { sides: ['a'] })!;
    expect(p.command).toMatchObject({ type: 'move', figureId: 'bru' });
    expect(p.reason).toMatch(/^Bru (turns to face|closes on \(shift, 1 hexes\)) Foe, to strike from its/);
    expect(accepts(s, p.command, rules)).toBeNull();
  });

  it("a figure past its side's morale disengages instead of striking (001 §Action Options n; morale is the GM's setting)", () => {
    const ada = fighter('ada', 'a', 5, 5, { facing: 0, body: { starting: 34, current: 6 } });
    const bob = fighter('bob', 'b', 6, 4, { facing: 3 });
    const s = toPhase(encounter([ada, bob]), 'actions', rules, 1, 'ada');
    const fleeing = propose(s, rules, { sides: ['a'], settings: { morale: { a: 0.5 } } })!;
    expect(fleeing.command).toMatchObject({ type: 'disengage', figureId: 'ada' });
    expect(hexDistance((fleeing.command as { to: { q: number; r: number } }).to, bob.position)).toBe(2);
    // With morale that never breaks, the same figure fights on.
    const stubborn = propose(s, rules, { sides: ['a'], settings: { morale: { a: 1 } } })!;
    expect(stubborn.command).toMatchObject({ type: 'attack', figureId: 'ada', targetId: 'bob' });
  });

  it("autopilot proposes only for its own sides and leaves the GM's steps to the GM", () => {
    const s = encounter([fighter('ada', 'a', 2, 10), fighter('bob', 'b', 12, 5)]);
    expect(propose(s, rules, { sides: ['a'] })).toBeNull();
    expect(propose(s, rules)?.command).toEqual({ type: 'rollInitiative' });
  });
});
