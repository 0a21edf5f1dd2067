/**
 * Where the tactics take a fight (the console's choices, on the rules cited): round a friend in
 * the way to the foe (001 §Movement), not after a foe that flees, to a dropped weapon worth taking
 * up (001 §Action Options e), and a forced retreat toward a friend, not away from one (RULINGS H3).
 */
import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../../../src/shared/hex';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { propose } from '../../../../src/main/engine/tactics/propose';
import { retreatCandidates } from '../../../../src/main/engine/tactics/phases';
import { encounter, fig } from '../encounter/fixtures';
import { accepts, toPhase } from './helpers';

const rules = rulesFor(DEFAULT_RULES);
const armed = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };

describe('where the tactics take a fight', () => {
  it("a foe past its side's morale is not chased while another stands and fights", () => {
    const ada = fig('ada', 'a', 2, 8, { attributes: { STR: 13, DEX: 12 }, equipment: armed });
    const runner = fig('runner', 'b', 6, 6, { facing: 3, equipment: armed, body: { starting: 34, current: 6 } });
    const stander = fig('stander', 'b', 9, 5, { facing: 3, equipment: armed });
    const s = toPhase(encounter([ada, runner, stander]), 'initialMovement', rules, 1, 'ada');
    const p = propose(s, rules, { sides: ['a'], settings: { morale: { b: 0.5 } } })!;
    expect(p.reason).toContain('Stander');
    // Without morale the badly hurt foe is the one to finish.
    expect(propose(s, rules, { sides: ['a'], settings: { morale: { b: 1 } } })!.reason).toContain('Runner');
  });

  it('a figure that moves a hex a turn steps round the friends between it and its foe (001 §Movement; §Encumbrance)', () => {
    // Overloaded: walk only, 1 hex (001 §Encumbrance). Cy and Dee fill the two hexes beside both Ada and Bob.
    const ada = fig('ada', 'a', 4, 8, { equipment: { ...armed, packLbs: 60 } });
    const cy = fig('cy', 'a', 4, 9, { equipment: armed });
    const dee = fig('dee', 'a', 5, 8, { equipment: armed });
    const bob = fig('bob', 'b', 5, 9, { facing: 1, equipment: armed });
    const s = toPhase(encounter([ada, cy, dee, bob]), 'initialMovement', rules, 1, 'ada');
    const p = propose(s, rules, { sides: ['a'] })!;
    expect(p.command).toMatchObject({ type: 'move', figureId: 'ada' });
    const to = (p.command as { to: { q: number; r: number } }).to;
    expect(to).not.toEqual(ada.position);
    // Round Cy or round Dee: two steps from a free hex beside Bob, where Ada stands three away.
    expect([
      { q: 3, r: 9 },
      { q: 5, r: 7 },
    ]).toContainEqual(to);
    expect(accepts(s, p.command, rules)).toBeNull();
  });

  it('a bare-handed figure goes to a sword lying within its walk, then readies it there (001 §Action Options e)', () => {
    const ada = fig('ada', 'a', 2, 8, { attributes: { STR: 13, DEX: 12 } });
    const bob = fig('bob', 'b', 14, 2, { facing: 3, equipment: armed });
    const start = {
      ...encounter([ada, bob]),
      items: [{ id: 'item-1', kind: 'weapon' as const, itemId: 'broadsword', lbs: 5, position: { q: 5, r: 7 }, ownerId: null }],
    };
    const s = toPhase(start, 'initialMovement', rules, 1, 'ada');
    const p = propose(s, rules, { sides: ['a'] })!;
    expect(p.reason).toContain('goes to the Broadsword');
    const to = (p.command as { to: { q: number; r: number } }).to;
    expect(hexDistance(to, { q: 5, r: 7 })).toBeLessThanOrEqual(1);
    expect(accepts(s, p.command, rules)).toBeNull();
  });

  it('a forced retreat pushes the foe next to a friend of the pusher, and follows (RULINGS H3)', () => {
    const ada = fig('ada', 'a', 5, 5, { facing: 0, equipment: armed });
    const bob = fig('bob', 'b', 6, 4, { facing: 3, equipment: armed });
    const cy = fig('cy', 'a', 5, 3, { facing: 3, equipment: armed });
    const s = offering(encounter([ada, bob, cy]));
    const [first] = retreatCandidates(s, s.figures[0]!);
    expect(first!.command).toMatchObject({ type: 'forcedRetreat', targetId: 'bob', advance: true });
    expect(hexDistance((first!.command as { to: { q: number; r: number } }).to, cy.position)).toBe(1);
  });

  it('a foe a friend already stands beside is not pushed away from it', () => {
    const ada = fig('ada', 'a', 5, 5, { facing: 0, equipment: armed });
    const bob = fig('bob', 'b', 6, 4, { facing: 3, equipment: armed });
    // Cy is beside Bob; of the two hexes beside both, Ada stands in one and a wall fills the other.
    const cy = fig('cy', 'a', 6, 5, { facing: 3, equipment: armed });
    const s = offering(encounter([ada, bob, cy], { terrain: { '7,4': 'wall' } }));
    const pushTo = retreatCandidates(s, s.figures[0]!)
      .filter((c) => c.command.type === 'forcedRetreat')
      .map((c) => (c.command as { to: { q: number; r: number } }).to);
    expect(pushTo.every((h) => hexDistance(h, cy.position) > 1)).toBe(true);
    expect(retreatCandidates(s, s.figures[0]!)[0]!.command).toEqual({ type: 'declineRetreat', figureId: 'ada' });
  });
});

/** Ada may push Bob (RULINGS H3): the offer as the Actions phase leaves it. */
function offering(s: EncounterState): EncounterState {
  const t = toPhase(s, 'actions', rules);
  return { ...t, turnState: { ...t.turnState!, retreatOffers: [{ figureId: 'ada', targetIds: ['bob'] }] } };
}
