/**
 * A full three-turn fight between four figures, written from the rules with every roll entered,
 * asserting the numbers at each step: initiative and its tie (RULINGS T2, G4), the movement and
 * action orders (T4, T5), reach and engagement (M1, M5, M6), the options (001 §Action Options),
 * adjDEX (A1), the dice (A6), criticals (A3), damage and protection (A4), bleeding (A5), forced
 * retreat (H3) and the end of each turn (T1).
 *
 * The map is open ground. Flat-top axial coordinates; direction 0 is (+1, 0), 3 is (−1, 0).
 * - Aldo (party): DEX 13, all else 0 modifiers; broadsword 2d6; no armour. adjDEX 13.
 * - Bea (party): DEX 14 (+1); small bow 1d6−1 and a dagger. adjDEX 14; movement modifier +1.
 * - Cort (foes): STR 14 (+1), DEX 12, CON 13; leather (stops 2, DEX −2, cannot sprint),
 *   shortsword 2d6−1; carries 20 lbs at STR 14 (light, −1). adjDEX 10.
 * - Dara (foes): DEX 11; spear 1d6. adjDEX 11.
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { reachable } from '../../../../src/main/engine/encounter/movement/reachable';
import { legalOptions } from '../../../../src/main/engine/encounter/turn/options';
import { phaseStatus } from '../../../../src/main/engine/encounter/turn/turn';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { encounter, fig, figOf, step } from './fixtures';

function start(): EncounterState {
  return encounter(
    [
      fig('aldo', 'party', 2, 5, { attributes: { STR: 12, DEX: 13, CON: 12 }, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
      fig('bea', 'party', 2, 6, {
        attributes: { DEX: 14 },
        fatigue: { starting: 48, current: 48 },
        body: { starting: 32, current: 32 },
        equipment: { weaponIds: ['small-bow', 'dagger'], readyWeaponId: 'small-bow' },
      }),
      fig('cort', 'foes', 8, 5, {
        facing: 3,
        attributes: { STR: 14, DEX: 12, CON: 13 },
        fatigue: { starting: 52, current: 52 },
        body: { starting: 35, current: 35 },
        equipment: { weaponIds: ['shortsword'], readyWeaponId: 'shortsword', armorId: 'leather-armor' },
      }),
      fig('dara', 'foes', 8, 4, {
        facing: 3,
        attributes: { STR: 11, DEX: 11, CON: 11 },
        fatigue: { starting: 46, current: 46 },
        body: { starting: 31, current: 31 },
        equipment: { weaponIds: ['spear'], readyWeaponId: 'spear' },
      }),
    ],
    { sides: ['party', 'foes'] },
  );
}

const pools = (s: EncounterState, id: string) => ({ fatigue: figOf(s, id).fatigue.current, body: figOf(s, id).body.current });

describe('a scripted three-turn fight', () => {
  it('plays out exactly as the rules say', () => {
    let s = start();
    const go = (command: Parameters<typeof step>[1], faces: number[][] = []) => {
      const r = step(s, command, faces);
      s = r.state;
      return r;
    };

    // ---------------- Turn 1 ----------------
    let r = go({ type: 'rollInitiative' }, [[4], [2]]);
    expect(r.events[0]).toMatchObject({
      type: 'initiativeRolled',
      rolls: [
        { sideId: 'party', total: 4 },
        { sideId: 'foes', total: 2 },
      ],
      rollOrder: ['party', 'foes'],
    });
    expect(phaseStatus(s).due).toEqual(['party']);
    go({ type: 'chooseInitiative', sideId: 'party', moveFirst: true });
    go({ type: 'advancePhase' });
    expect(s.phase).toBe('renewSpells');
    expect(s.turnState?.renewOrder).toEqual([]);
    go({ type: 'advancePhase' });
    expect(s.phase).toBe('initialMovement');
    // RULINGS T4: party first; Bea (14) before Aldo (13); then Dara (11), Cort (10).
    expect(s.turnState?.moveOrder).toEqual(['bea', 'aldo', 'dara', 'cort']);
    expect(phaseStatus(s).due).toEqual(['bea']);

    go({ type: 'yieldMove', figureId: 'bea' });
    // Aldo: movement modifier 0, Jog 7. (7,5) is in Cort's and Dara's front hexes: reachable, but he would stop there (M5).
    const reach = reachable(s, 'aldo', 'jog');
    expect(reach.budget.value).toBe(7);
    const at = (q: number, rr: number) => reach.hexes.find((h) => h.hex.q === q && h.hex.r === rr);
    expect(at(6, 5)).toMatchObject({ cost: 4, engaged: false });
    expect(at(7, 5)).toMatchObject({ cost: 5, engaged: true });
    expect(at(9, 5)).toBeUndefined(); // only through an engaged hex or Cort: movement stops (M5)
    expect(reachable(s, 'cort', 'sprint')).toMatchObject({ allowed: false, reason: 'Cort cannot Sprint: Leather Armor: Cannot Sprint (RULINGS M4).' });
    expect(reachable(s, 'cort', 'run').budget.value).toBe(12); // 12 + (1 + 0 + 0 − 1 light load)

    r = go({ type: 'move', figureId: 'aldo', mode: 'jog', to: { q: 6, r: 5 } });
    expect(r.events[0]).toMatchObject({
      type: 'moved',
      cost: 4,
      engaged: false,
      path: [
        { q: 2, r: 5 },
        { q: 3, r: 5 },
        { q: 4, r: 5 },
        { q: 5, r: 5 },
        { q: 6, r: 5 },
      ],
    });
    r = go({ type: 'move', figureId: 'dara', mode: 'walk', to: { q: 7, r: 4 }, facing: 2 });
    expect(r.events[0]).toMatchObject({ type: 'moved', cost: 1, engaged: true });
    go({ type: 'move', figureId: 'cort', mode: 'walk', to: { q: 7, r: 5 } });
    go({ type: 'advancePhase' });
    expect(phaseStatus(s).due).toEqual(['bea']);
    go({ type: 'move', figureId: 'bea', mode: 'walk-slow', to: { q: 3, r: 6 } });
    go({ type: 'advancePhase' });
    expect(s.phase).toBe('actions');
    expect(s.turnState?.actionOrder).toEqual(['bea', 'aldo', 'dara', 'cort']);

    // Bea shoots Dara: adjDEX 14 (range within 2 megahexes: 0), 3 dice, one shot (needs 15+ for
    // two). Aldo stands on the line of fire: first a roll to miss him (H4): 9 ≤ 14, it passes.
    const shot = attackPreview(s, 'bea', 'dara', 'small-bow');
    expect(shot).toMatchObject({ kind: 'missile', allowed: true, zone: 'front', dice: { count: 3 }, shotsLeft: 1, damage: '1d6-1', friendsInPath: ['aldo'] });
    expect(shot.adjDex.value).toBe(14);
    r = go({ type: 'attack', figureId: 'bea', targetId: 'dara', weaponId: 'small-bow' }, [[3, 4, 2], [3, 4, 2], [5]]);
    expect(r.events[0]).toMatchObject({ type: 'check', purpose: 'miss Aldo in the line of fire', target: 14, roll: 9, success: true });
    expect(r.events.find((e) => e.type === 'attackRolled')).toMatchObject({ roll: 9, hit: true, adjDex: 14, dice: 3 });
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({
      rolled: 4,
      multiplier: 1,
      protection: 0,
      taken: 4,
      fatigueAfter: 42,
      bodyAfter: 31,
    });

    // Aldo charged into engagement: the engaged table, plus b; j needs shift/still.
    const aldoOpts = legalOptions(s, 'aldo');
    expect(aldoOpts.state).toBe('engaged');
    expect(aldoOpts.options.find((o) => o.option === 'b')?.available).toBe(true);
    expect(aldoOpts.options.find((o) => o.option === 'j')?.reason).toBe(
      'Aldo moved 4 hexes, a walk (RULINGS T5); Attack (j) allows at most shift (001 §Action Options).',
    );
    r = go({ type: 'attack', figureId: 'aldo', targetId: 'cort', weaponId: 'broadsword' }, [
      [4, 4, 4],
      [6, 3],
    ]);
    expect(r.events.find((e) => e.type === 'optionTaken')).toMatchObject({ option: 'b' });
    expect(r.events.find((e) => e.type === 'attackRolled')).toMatchObject({ roll: 12, hit: true, adjDex: 13 });
    // 2d6 = 9, leather stops 2: 7 off Fatigue.
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({ rolled: 9, protection: 2, taken: 7, fatigueAfter: 45, bodyAfter: 35 });

    r = go({ type: 'attack', figureId: 'dara', targetId: 'aldo', weaponId: 'spear' }, [[6, 5, 2]]);
    expect(r.events.find((e) => e.type === 'attackRolled')).toMatchObject({ roll: 13, hit: false, adjDex: 11 });

    // Cort: DEX 12, leather −2: adjDEX 10. Rolls 4: double damage to Fatigue and Body, bleeding (A3).
    expect(attackPreview(s, 'cort', 'aldo', 'shortsword').adjDex.breakdown.map((l) => [l.label, l.value])).toEqual([
      ['DEX', 12],
      ['Leather Armor', -2],
    ]);
    r = go({ type: 'attack', figureId: 'cort', targetId: 'aldo', weaponId: 'shortsword' }, [
      [1, 1, 2],
      [3, 4],
    ]);
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({ rolled: 6, multiplier: 2, taken: 12, body: true, fatigueAfter: 38, bodyAfter: 22 });
    expect(figOf(s, 'aldo').conditions).toEqual(['bleeding']);

    go({ type: 'advancePhase' });
    expect(s.phase).toBe('forcedRetreat');
    expect(s.turnState?.retreatOffers).toEqual([]); // Aldo and Cort both took hits; Bea is not next to Dara
    r = go({ type: 'advancePhase' });
    expect(r.events.filter((e) => e.type === 'bled')).toMatchObject([{ figureId: 'aldo', amount: 1, bodyAfter: 21 }]);
    expect(s.turn).toBe(2);
    expect(s.phase).toBe('initiative');
    expect(pools(s, 'aldo')).toEqual({ fatigue: 38, body: 21 });
    expect(pools(s, 'cort')).toEqual({ fatigue: 45, body: 35 });
    expect(pools(s, 'dara')).toEqual({ fatigue: 42, body: 31 });

    // ---------------- Turn 2 ----------------
    // A 3–3 tie is rolled again (G4): 5 against 2. The Party chooses to move second.
    r = go({ type: 'rollInitiative' }, [[3], [3], [5], [2]]);
    expect(r.rolls.map((x) => x.total)).toEqual([3, 3, 5, 2]);
    expect(r.events[0]).toMatchObject({
      rolls: [
        { sideId: 'party', total: 3 },
        { sideId: 'foes', total: 3 },
      ],
      rollOrder: ['party', 'foes'],
    });
    go({ type: 'chooseInitiative', sideId: 'party', moveFirst: false });
    go({ type: 'advancePhase' });
    go({ type: 'advancePhase' });
    expect(s.turnState?.moveOrder).toEqual(['dara', 'cort', 'bea', 'aldo']);
    expect(figOf(s, 'aldo').turn.engagedAtStart).toBe(true);
    expect(reachable(s, 'aldo', 'walk')).toMatchObject({ allowed: false, reason: 'Aldo is engaged: it may only shift 1 hex or stand still (RULINGS M5).' });
    // Dara declares Defend before her action (option k): attackers with melee roll 4 dice.
    r = go({ type: 'defend', figureId: 'dara' });
    expect(r.events[0]).toMatchObject({ type: 'defenceDeclared', defence: 'defend' });
    for (const id of ['dara', 'cort', 'bea', 'aldo']) go({ type: 'move', figureId: id, mode: 'stand-still', to: figOf(s, id).position });
    go({ type: 'advancePhase' });
    go({ type: 'advancePhase' });
    expect(s.turnState?.actionOrder).toEqual(['bea', 'aldo', 'dara', 'cort']);
    expect(s.turnState?.actionDone).toEqual(['dara']);

    // Defend does not hinder missiles: 3 dice. A 5 is an automatic hit, Fatigue only.
    expect(attackPreview(s, 'bea', 'dara', 'small-bow').dice.count).toBe(3);
    r = go({ type: 'attack', figureId: 'bea', targetId: 'dara', weaponId: 'small-bow' }, [[1, 2, 3], [2, 2, 1], [6]]);
    expect(r.events.find((e) => e.type === 'attackRolled')).toMatchObject({ roll: 5, hit: true });
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({ rolled: 5, taken: 5, fatigueAfter: 37 });
    // Aldo's melee against the defending Dara rolls 4 dice (A6).
    expect(attackPreview(s, 'aldo', 'dara', 'broadsword')).toMatchObject({
      dice: { count: 4 },
      criticalTable: [{ roll: '4–5' }, { roll: '20+' }, { roll: '21–22' }, { roll: '23–24' }],
    });
    r = go({ type: 'attack', figureId: 'aldo', targetId: 'dara', weaponId: 'broadsword' }, [
      [3, 3, 3, 3],
      [5, 5],
    ]);
    expect(r.events.find((e) => e.type === 'optionTaken')).toMatchObject({ option: 'j' });
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({ rolled: 10, taken: 10, fatigueAfter: 27 });
    r = go({ type: 'attack', figureId: 'cort', targetId: 'aldo', weaponId: 'shortsword' }, [[5, 5, 6]]);
    expect(r.events.find((e) => e.type === 'attackRolled')).toMatchObject({ roll: 16, hit: false, result: 'Rolled 16: an automatic miss.' });
    go({ type: 'advancePhase' });
    // H3: Aldo hit Dara and took nothing this turn.
    expect(s.turnState?.retreatOffers).toEqual([{ figureId: 'aldo', targetIds: ['dara'] }]);
    r = go({ type: 'forcedRetreat', figureId: 'aldo', targetId: 'dara', to: { q: 8, r: 3 }, advance: true });
    expect(r.events[0]).toMatchObject({ type: 'pushed', from: { q: 7, r: 4 }, to: { q: 8, r: 3 }, advanced: true });
    expect(figOf(s, 'aldo').position).toEqual({ q: 7, r: 4 });
    r = go({ type: 'advancePhase' });
    expect(r.events.find((e) => e.type === 'bled')).toMatchObject({ bodyAfter: 20 });
    expect(s.turn).toBe(3);

    // ---------------- Turn 3 ----------------
    go({ type: 'rollInitiative' }, [[1], [6]]);
    go({ type: 'chooseInitiative', sideId: 'foes', moveFirst: true });
    go({ type: 'advancePhase' });
    go({ type: 'advancePhase' });
    expect(s.turnState?.moveOrder).toEqual(['dara', 'cort', 'bea', 'aldo']);
    // Dara is engaged by Aldo: she may shift 1 hex and stay next to him (M5).
    const shift = reachable(s, 'dara', 'shift');
    expect(shift.hexes.map((h) => `${h.hex.q},${h.hex.r}`).sort()).toEqual(['7,3', '8,3', '8,4']);
    go({ type: 'move', figureId: 'dara', mode: 'shift', to: { q: 8, r: 4 }, facing: 3 });
    for (const id of ['cort', 'bea', 'aldo']) go({ type: 'move', figureId: id, mode: 'stand-still', to: figOf(s, id).position });
    go({ type: 'advancePhase' });
    go({ type: 'advancePhase' });
    expect(s.turnState?.actionOrder).toEqual(['bea', 'aldo', 'dara', 'cort']);

    // Bea rolls 18: a miss and her bow breaks (A3).
    r = go({ type: 'attack', figureId: 'bea', targetId: 'cort', weaponId: 'small-bow' }, [[6, 6, 6]]);
    expect(r.events.find((e) => e.type === 'weaponBroken')).toMatchObject({ figureId: 'bea', weaponId: 'small-bow' });
    expect(figOf(s, 'bea').equipment).toMatchObject({ weaponIds: ['dagger'], readyWeaponId: null });
    // Aldo rolls 3: triple damage to Fatigue and Body. 2d6 = 5, × 3 = 15, leather stops 2: 13.
    r = go({ type: 'attack', figureId: 'aldo', targetId: 'cort', weaponId: 'broadsword' }, [
      [1, 1, 1],
      [2, 3],
    ]);
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({
      rolled: 5,
      multiplier: 3,
      protection: 2,
      taken: 13,
      body: true,
      fatigueAfter: 32,
      bodyAfter: 22,
    });
    // Dara shifted: option j. 1d6 = 4.
    r = go({ type: 'attack', figureId: 'dara', targetId: 'aldo', weaponId: 'spear' }, [[2, 3, 4], [4]]);
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({ taken: 4, fatigueAfter: 34, bodyAfter: 20 });
    // Cort rolls 17: a miss, and he drops his shortsword in his hex.
    r = go({ type: 'attack', figureId: 'cort', targetId: 'aldo', weaponId: 'shortsword' }, [[6, 6, 5]]);
    expect(r.events.find((e) => e.type === 'itemDropped')).toMatchObject({ figureId: 'cort', itemId: 'item-1', what: 'shortsword', at: { q: 7, r: 5 } });
    expect(s.items).toEqual([{ id: 'item-1', kind: 'weapon', itemId: 'shortsword', lbs: 4, position: { q: 7, r: 5 }, ownerId: 'cort' }]);
    go({ type: 'advancePhase' });
    // Dara hit Aldo and took nothing this turn; Aldo took 4 from her.
    expect(s.turnState?.retreatOffers).toEqual([{ figureId: 'dara', targetIds: ['aldo'] }]);
    go({ type: 'declineRetreat', figureId: 'dara' });
    go({ type: 'advancePhase' });
    expect(s.turn).toBe(4);
    expect(pools(s, 'aldo')).toEqual({ fatigue: 34, body: 19 });
    expect(pools(s, 'bea')).toEqual({ fatigue: 48, body: 32 });
    expect(pools(s, 'cort')).toEqual({ fatigue: 32, body: 22 });
    expect(pools(s, 'dara')).toEqual({ fatigue: 27, body: 31 });
    expect(s.figures.map((f) => [f.id, f.position, f.posture])).toEqual([
      ['aldo', { q: 7, r: 4 }, 'standing'],
      ['bea', { q: 3, r: 6 }, 'standing'],
      ['cort', { q: 7, r: 5 }, 'standing'],
      ['dara', { q: 8, r: 4 }, 'standing'],
    ]);
  });
});
