/**
 * The tactics weigh a blow by the hits it puts through armour (001 §Protection; RULINGS A4), and
 * a figure arms itself with what it carries or what lies at its feet rather than fight with bare
 * hands (001 §Action Options e, m, q). The weighing is the console's choice; the rules cited are
 * what it rests on.
 */
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../../../src/shared/hex';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { propose } from '../../../../src/main/engine/tactics/propose';
import { encounter, fig } from '../encounter/fixtures';
import { accepts, toPhase } from './helpers';

const rules = rulesFor(DEFAULT_RULES);
const armed = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };

describe('the tactics weigh blows through armour', () => {
  it('of two foes in front, a figure strikes the one its blows are not stopped by (001 §Protection)', () => {
    const ada = fig('ada', 'a', 5, 5, { facing: 0, attributes: { STR: 13, DEX: 12 }, equipment: armed });
    // Both foes stand in Ada's front hexes; the plated one is first in the roster.
    const plated = fig('plated', 'b', 6, 4, { facing: 3, attributes: { STR: 16 }, equipment: { ...armed, armorId: 'plate-armor' } });
    const bare = fig('bare', 'b', 6, 5, { facing: 3, equipment: armed });
    const s = toPhase(encounter([ada, plated, bare]), 'actions', rules, 1, 'ada');
    const p = propose(s, rules, { sides: ['a'] })!;
    expect(p.command).toMatchObject({ type: 'attack', figureId: 'ada', targetId: 'bare' });
    expect(p.reason).toMatch(/about \d+\.\d hits/);
    expect(accepts(s, p.command, rules)).toBeNull();
  });

  it('out of reach, a figure closes on the foe its blows would hurt more, not the armoured one as near', () => {
    const ada = fig('ada', 'a', 2, 10, { attributes: { STR: 13, DEX: 12 }, equipment: armed });
    const armoured = fig('armoured', 'b', 10, 6, { facing: 3, attributes: { STR: 16 }, equipment: { ...armed, armorId: 'plate-armor' } });
    const bare = fig('bare', 'b', 10, 2, { facing: 3, equipment: armed });
    expect(hexDistance(ada.position, armoured.position)).toBe(hexDistance(ada.position, bare.position));
    // On a tie the tactics take the first id, the armoured one.
    const s = toPhase(encounter([ada, armoured, bare]), 'initialMovement', rules, 1, 'ada');
    const p = propose(s, rules, { sides: ['a'] })!;
    expect(p.command).toMatchObject({ type: 'move', figureId: 'ada' });
    expect(p.reason).toContain('Bare');
  });

  it('an engaged figure with bare hands changes to the sword it carries rather than punch (001 §Action Options m)', () => {
    const ada = fig('ada', 'a', 5, 5, { facing: 0, attributes: { STR: 13, DEX: 12 }, equipment: { weaponIds: ['broadsword'], readyWeaponId: null } });
    const bob = fig('bob', 'b', 6, 4, { facing: 3, equipment: { ...armed, armorId: 'leather-armor' } });
    const s = toPhase(encounter([ada, bob]), 'actions', rules, 1, 'ada');
    const p = propose(s, rules, { sides: ['a'] })!;
    expect(p.command).toEqual({ type: 'changeWeapon', figureId: 'ada', weaponId: 'broadsword' });
    expect(accepts(s, p.command, rules)).toBeNull();
  });

  it('a figure that dropped its weapon picks it up from its hex (001 §Action Options q)', () => {
    const ada = fig('ada', 'a', 5, 5, { facing: 0, attributes: { STR: 13, DEX: 12 } });
    const bob = fig('bob', 'b', 6, 4, { facing: 3, equipment: armed });
    const start = {
      ...encounter([ada, bob]),
      items: [{ id: 'item-1', kind: 'weapon' as const, itemId: 'broadsword', lbs: 5, position: ada.position, ownerId: 'ada' }],
    };
    const s = toPhase(start, 'actions', rules, 1, 'ada');
    const p = propose(s, rules, { sides: ['a'] })!;
    expect(p.command).toEqual({ type: 'pickUpWeapon', figureId: 'ada', itemId: 'item-1' });
    expect(accepts(s, p.command, rules)).toBeNull();
  });

  it('a sword against a foe it cannot hurt more than a dagger would is kept: arming costs the turn', () => {
    const ada = fig('ada', 'a', 5, 5, {
      facing: 0,
      attributes: { STR: 13, DEX: 12 },
      equipment: { weaponIds: ['broadsword', 'dagger'], readyWeaponId: 'broadsword' },
    });
    const bob = fig('bob', 'b', 6, 4, { facing: 3, equipment: armed });
    const s = toPhase(encounter([ada, bob]), 'actions', rules, 1, 'ada');
    expect(propose(s, rules, { sides: ['a'] })!.command).toMatchObject({ type: 'attack', targetId: 'bob', weaponId: 'broadsword' });
  });
});
