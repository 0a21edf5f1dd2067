/**
 * Attacks derived from the map (RULINGS A1–A7, H1–H4) and the action options (001 §Action
 * Options; RULINGS T5), forced retreat (H3).
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../../src/main/engine/encounter/actions/attack';
import { engagementState } from '../../../../../src/main/engine/encounter/movement/engagement';
import { legalOptions } from '../../../../../src/main/engine/encounter/turn/options';
import { turnStateOf, type EncounterState } from '../../../../../src/main/engine/encounter/schema';
import { encounter, fig, figOf, refusal, step, withActionOrder } from '../fixtures';

function acting(figures: Parameters<typeof encounter>[0], terrain: Record<string, string> = {}): EncounterState {
  return withActionOrder(
    encounter(figures, { terrain, phase: 'actions' }),
    figures.map((f) => f.id),
  );
}
const sword = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };
const lines = (s: EncounterState, a: string, t: string, w: string | null, ticks = {}, throwIt = false) =>
  attackPreview(s, a, t, w, ticks, { throw: throwIt }).adjDex.breakdown.map((l) => `${l.label} ${l.value}`);

describe('attackPreview: adjDEX from the map (RULINGS A1)', () => {
  it('armour, shield, injury, rear hex, shadow, invisible, flight, fire and the GM ticks', () => {
    const s = acting(
      [
        fig('atk', 'a', 5, 5, {
          attributes: { DEX: 12 },
          fatigue: { starting: 50, current: 20 },
          equipment: { ...sword, armorId: 'chainmail', shieldId: 'large-shield' },
        }),
        fig('tgt', 'b', 6, 5, { facing: 0, conditions: ['invisible', 'flying'] }),
      ],
      { '5,5': 'fire', '6,5': 'shadow' },
    );
    const p = attackPreview(s, 'atk', 'tgt', 'broadsword', { waitingTurns: 2, sweepingBlow: true });
    expect(p.zone).toBe('rear');
    expect(p.adjDex.breakdown.map((l) => `${l.label} ${l.value}`)).toEqual([
      'DEX 12',
      'Chainmail -3',
      'Large Shield -1',
      'Fatigue 20/50 (at or below half, above 5) -1',
      "Striking from enemy's rear hex 4",
      'Waiting for an opening (2+ turns) (waited 2 turns) 2',
      'Target is invisible -6',
      'Target is in a shadow hex -4',
      'Target is a one-hex figure in flight -4',
      'Sweeping blow (all 3 front hexes) -4',
      'Standing in fire -2',
    ]);
    expect(p.adjDex.value).toBe(-7);
    expect(p).toMatchObject({ allowed: true, kind: 'melee', dice: { count: 3 }, damage: '2d6', protection: { value: 0 } });
  });

  it('side hex +2; a prone target has only rear hexes (+4); a body underfoot and broken ground −2 each', () => {
    const side = acting([fig('atk', 'a', 5, 5, { equipment: sword }), fig('tgt', 'b', 6, 5, { facing: 1 })]);
    expect(attackPreview(side, 'atk', 'tgt', 'broadsword').zone).toBe('side');
    expect(lines(side, 'atk', 'tgt', 'broadsword')).toEqual(['DEX 10', "Striking from enemy's side hex 2"]);
    const prone = acting([fig('atk', 'a', 5, 5, { equipment: sword }), fig('tgt', 'b', 6, 5, { facing: 3, posture: 'prone' })], { '5,5': 'body' });
    const withBroken = { ...prone, figures: prone.figures.map((f) => (f.id === 'atk' ? { ...f, turn: { ...f.turn, brokenGround: true } } : f)) };
    expect(lines(withBroken, 'atk', 'tgt', 'broadsword')).toEqual([
      'DEX 10',
      "Striking from enemy's rear hex 4",
      'Standing on a body -2',
      'Moving over broken ground -2',
    ]);
  });

  it('thrown: −1 per hex; missile: megahex range; crossbow from prone +1; Dodge makes them roll 4 dice', () => {
    const s = acting([
      fig('atk', 'a', 2, 5, { equipment: { weaponIds: ['dagger', 'light-crossbow'], readyWeaponId: 'dagger' } }),
      fig('tgt', 'b', 5, 5, {
        facing: 3,
        turn: {
          mode: 'stand-still',
          spent: 0,
          yielded: false,
          option: 'c',
          defence: 'dodge',
          engagedAtStart: false,
          charged: false,
          brokenGround: false,
          hitsDealtTo: [],
          hitsTaken: 0,
          shots: 0,
          lastShot: false,
        },
      }),
    ]);
    const thrown = attackPreview(s, 'atk', 'tgt', 'dagger', {}, { throw: true });
    expect(thrown).toMatchObject({ kind: 'thrown', dice: { count: 4 }, damage: '1d6-1' });
    expect(thrown.adjDex.breakdown.map((l) => `${l.label} ${l.value}`)).toEqual(['DEX 10', 'Thrown range 3 hexes -3']);
    const prone = {
      ...s,
      figures: s.figures.map((f) => (f.id === 'atk' ? { ...f, posture: 'prone' as const, equipment: { ...f.equipment, readyWeaponId: 'light-crossbow' } } : f)),
    };
    const bolt = attackPreview(prone, 'atk', 'tgt', 'light-crossbow');
    expect(bolt.kind).toBe('missile');
    expect(bolt.adjDex.breakdown.map((l) => l.label)).toEqual(['DEX', 'Crossbow fired from prone', expect.stringMatching(/^Missile range \d+ MH$/)]);
    expect(bolt.dice.count).toBe(4);
  });

  it('refuses an attack out of the front hexes, beyond reach, or with a weapon not in hand', () => {
    const s = acting([fig('atk', 'a', 5, 5, { facing: 3, equipment: { ...sword, weaponIds: ['broadsword', 'spear'] } }), fig('tgt', 'b', 6, 5)]);
    expect(attackPreview(s, 'atk', 'tgt', 'broadsword').reason).toBe('Tgt is not in front of Atk: physical attacks go into front hexes (001 §Facing).');
    expect(attackPreview(s, 'atk', 'tgt', 'spear').reason).toBe('Spear is not ready: ready it first (001 §Action Options e, m).');
    expect(refusal(s, { type: 'attack', figureId: 'atk', targetId: 'tgt', weaponId: 'broadsword' })).toBe(
      "No enemy stands in Atk's front hexes (001 §Facing).",
    );
  });
});

describe('resolving attacks (RULINGS A3–A5, H2)', () => {
  it('a hit on 5 against armour: damage minus stops to Fatigue only; a 17 drops the weapon into the hex', () => {
    let s = acting([
      fig('atk', 'a', 5, 5, { equipment: sword }),
      fig('tgt', 'b', 6, 5, { facing: 3, equipment: { weaponIds: ['mace'], readyWeaponId: 'mace', armorId: 'half-plate' } }),
    ]);
    let r = step(s, { type: 'attack', figureId: 'atk', targetId: 'tgt', weaponId: 'broadsword' }, [
      [1, 2, 2],
      [6, 1],
    ]);
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({ rolled: 7, protection: 4, taken: 3, body: false, fatigueAfter: 47, bodyAfter: 34 });
    s = r.state;
    r = step(s, { type: 'attack', figureId: 'tgt', targetId: 'atk', weaponId: 'mace' }, [[6, 6, 5]]);
    expect(figOf(r.state, 'tgt').equipment).toMatchObject({ weaponIds: [], readyWeaponId: null });
    expect(r.state.items).toEqual([{ id: 'item-1', kind: 'weapon', itemId: 'mace', lbs: 6, position: { q: 6, r: 5 }, ownerId: 'tgt' }]);
    // H3: atk hit and took nothing: it may push tgt.
    s = step(r.state, { type: 'advancePhase' }).state;
    expect(s.turnState?.retreatOffers).toEqual([{ figureId: 'atk', targetIds: ['tgt'] }]);
  });

  it('disengaging (n): the figure steps away; a slower enemy strikes at the adjDEX difference (H2)', () => {
    let s = acting([
      fig('quick', 'a', 5, 5, { attributes: { DEX: 14 }, equipment: sword }),
      fig('slow', 'b', 6, 5, { facing: 3, attributes: { DEX: 11 }, equipment: { weaponIds: ['spear'], readyWeaponId: 'spear' } }),
    ]);
    s = { ...s, figures: s.figures.map((f) => ({ ...f, turn: { ...f.turn, mode: 'stand-still' as const, engagedAtStart: true } })) };
    expect(
      legalOptions(s, 'quick')
        .options.filter((o) => o.available)
        .map((o) => o.option),
    ).toEqual(['j', 'k', 'n', 'o', 's']);
    s = step(s, { type: 'disengage', figureId: 'quick', to: { q: 5, r: 6 } }).state;
    expect(figOf(s, 'quick').position).toEqual({ q: 5, r: 6 });
    // (5,6) is still in Slow's front: Slow strikes at 11 − 14 = −3.
    expect(lines(s, 'slow', 'quick', 'spear')).toEqual(['DEX 11', 'Quick disengaged first (adjDEX 14 vs 11) -3']);
  });

  it('missiles through a friend: a failed roll to miss hits the friend instead (H4)', () => {
    const s = acting([
      fig('archer', 'a', 2, 5, { equipment: { weaponIds: ['longbow'], readyWeaponId: 'longbow' } }),
      fig('pal', 'a', 3, 5),
      fig('foe', 'b', 5, 5, { facing: 3 }),
    ]);
    // Roll to miss Pal: 15 → double damage hit on Pal; 1d6+2 = 5, × 2 = 10 to Fatigue and Body.
    const r = step(s, { type: 'attack', figureId: 'archer', targetId: 'foe', weaponId: 'longbow' }, [[5, 5, 5], [3]]);
    expect(r.events.map((e) => e.type)).toEqual(['check', 'missileRedirected', 'damageDealt', 'conditionChanged', 'optionTaken']);
    expect(r.events[2]).toMatchObject({ targetId: 'pal', rolled: 5, multiplier: 2, taken: 10, fatigueAfter: 40, bodyAfter: 24 });
    expect(figOf(r.state, 'foe').fatigue.current).toBe(50);
  });
});

describe('hand-to-hand (RULINGS H1, H2)', () => {
  it('entering from the rear; the defender rolls 1–2: both go down in HTH; +4 for both; draw dagger; disengage', () => {
    let s = acting([
      fig('grap', 'a', 5, 5, { attributes: { DEX: 12, STR: 15 } }),
      fig('vic', 'b', 6, 5, { facing: 0, equipment: { weaponIds: ['broadsword', 'dagger'], readyWeaponId: 'broadsword', shieldId: 'small-shield' } }),
    ]);
    // From the rear the defender's 6 is ignored and rolled again.
    let r = step(s, { type: 'attemptHth', figureId: 'grap', targetId: 'vic' }, [[6], [2]]);
    expect(r.events.find((e) => e.type === 'hthDefence')).toMatchObject({ roll: 2 });
    s = r.state;
    expect(figOf(s, 'grap')).toMatchObject({ position: { q: 6, r: 5 }, posture: 'prone', hthWith: ['vic'] });
    expect(figOf(s, 'vic')).toMatchObject({ posture: 'prone', hthWith: ['grap'], equipment: { weaponIds: ['dagger'], readyWeaponId: null, shieldId: null } });
    expect(s.items?.map((i) => i.itemId)).toEqual(['broadsword', 'small-shield']);
    expect(
      legalOptions(s, 'vic')
        .options.filter((o) => o.available)
        .map((o) => o.option),
    ).toEqual(['t', 'u', 'v']);
    // Vic draws the dagger: 3d6 ≤ DEX 10.
    r = step(s, { type: 'drawDagger', figureId: 'vic' }, [[2, 3, 4]]);
    s = r.state;
    expect(figOf(s, 'vic').equipment.readyWeaponId).toBe('dagger');
    expect(lines(s, 'vic', 'grap', 'dagger')).toEqual(['DEX 10', 'HTH combat 4']);
    expect(attackPreview(s, 'grap', 'vic', null).damage).toBe('1d6');
    // Next turn, Grap strikes bare-handed (STR 15: 1d6) and Vic tries to leave: 4d6 ≤ 10.
    s = withActionOrder(
      { ...s, turnState: { ...turnStateOf(s), actionDone: [] }, figures: s.figures.map((f) => ({ ...f, turn: { ...f.turn, option: null } })) },
      ['grap', 'vic'],
    );
    r = step(s, { type: 'hthAttack', figureId: 'grap', targetId: 'vic' }, [[3, 3, 3], [4]]);
    expect(r.events.find((e) => e.type === 'attackRolled')).toMatchObject({ kind: 'hth', adjDex: 16, hit: true });
    expect(r.events.find((e) => e.type === 'damageDealt')).toMatchObject({ rolled: 4, taken: 4 });
    r = step(r.state, { type: 'hthDisengage', figureId: 'vic', to: { q: 7, r: 5 } }, [[1, 2, 3, 4]]);
    expect(figOf(r.state, 'vic')).toMatchObject({ position: { q: 7, r: 5 }, posture: 'standing', hthWith: [] });
    expect(figOf(r.state, 'grap').hthWith).toEqual([]);
  });

  it('an unconscious defender makes no defence roll: the attacker goes down into its hex, it stays unconscious', () => {
    const s = acting([fig('grap', 'a', 5, 5), fig('out', 'b', 6, 5, { posture: 'unconscious', fatigue: { starting: 50, current: -2 }, equipment: sword })]);
    const r = step(s, { type: 'attemptHth', figureId: 'grap', targetId: 'out' });
    expect(r.events.some((e) => e.type === 'hthDefence')).toBe(false);
    expect(figOf(r.state, 'grap')).toMatchObject({ position: { q: 6, r: 5 }, posture: 'prone', hthWith: ['out'] });
    expect(figOf(r.state, 'out')).toMatchObject({ posture: 'unconscious', hthWith: ['grap'], equipment: { readyWeaponId: 'broadsword' } });
  });

  it("refuses HTH when none of 001's conditions holds", () => {
    const s = acting([fig('grap', 'a', 5, 5), fig('vic', 'b', 6, 5, { facing: 3, equipment: sword })]);
    expect(refusal(s, { type: 'attemptHth', figureId: 'grap', targetId: 'vic' })).toBe(
      "Grap cannot enter Vic's hex: its back is not to a wall; it is standing; movement modifier 0 ≥ the attacker's 0; the attacker does not come from its rear; it does not agree (001 §Hand-to-Hand Combat).",
    );
  });
});

describe('options and forced retreat', () => {
  it('movement limits the options: a Jog rules out missiles; a prone figure may stand up or crawl, not Move (001 §Action Options g)', () => {
    let s = acting([fig('bow', 'a', 2, 5, { equipment: { weaponIds: ['small-bow'], readyWeaponId: 'small-bow' } }), fig('foe', 'b', 12, 5)]);
    s = { ...s, figures: s.figures.map((f) => (f.id === 'bow' ? { ...f, turn: { ...f.turn, mode: 'jog' as const, spent: 6 } } : f)) };
    const o = legalOptions(s, 'bow');
    expect(o.options.find((x) => x.option === 'f')?.reason).toBe('Bow moved at jog; Missile attack (f) allows at most walk-slow (001 §Action Options).');
    expect(o.options.filter((x) => x.available).map((x) => x.option)).toEqual(['a', 'c', 'd']);
    const down = acting([fig('me', 'a', 2, 5, { posture: 'prone' })]);
    expect(
      legalOptions(down, 'me')
        .options.filter((x) => x.available)
        .map((x) => x.option),
    ).toEqual(['c', 'g', 'crawl', 'i']);
    expect(legalOptions(down, 'me').options.find((x) => x.option === 'a')?.reason).toBe(
      'Me is prone: it must stand up first, or crawl (001 §Action Options g).',
    );
  });

  it('binding a wound (RULINGS A5) is the action of a figure that has not acted, engaged or not; on the ground and engaged it may only stand up', () => {
    // Bob, turned away, is engaged by Foe's sword: no foe in Bob's front hexes, and Bob has not acted
    // (it was refused as "has already acted").
    const bleeding = { conditions: ['bleeding' as const] };
    const behind = acting([fig('bob', 'a', 5, 5, { facing: 3, ...bleeding }), fig('foe', 'b', 6, 5, { facing: 2, equipment: sword })]);
    expect(engagementState(behind, figOf(behind, 'bob'))).toBe('engaged');
    expect(figOf(step(behind, { type: 'bindWound', figureId: 'bob', targetId: 'bob' }).state, 'bob').conditions).not.toContain('bleeding');
    const down = acting([fig('bob', 'a', 5, 5, { facing: 3, posture: 'prone', ...bleeding }), fig('foe', 'b', 6, 5, { facing: 2, equipment: sword })]);
    expect(refusal(down, { type: 'bindWound', figureId: 'bob', targetId: 'bob' })).toBe(
      'Bob is engaged: a figure on the ground may only stand up (001 §Action Options p).',
    );
  });

  it('casting (h, r, HTH) is open only to a figure that knows a spell (001 §Spell Mastery)', () => {
    const s = acting([fig('plain', 'a', 2, 5), fig('mage', 'a', 4, 5, { mastery: { 'magic-missile': 2 } }), fig('foe', 'b', 12, 5)]);
    expect(legalOptions(s, 'plain').options.find((x) => x.option === 'h')).toMatchObject({
      available: false,
      reason: 'Plain knows no spell (001 §Spell Mastery).',
    });
    expect(legalOptions(s, 'mage').options.find((x) => x.option === 'h')).toMatchObject({ available: true, reason: null });
  });

  it('allies left down in one hex when hand-to-hand ends: one stands, the other crawls out first (no two standing share a hex)', () => {
    // Ann and Bob both grappled a foe who is gone; they lie in 5,5, out of HTH.
    const s = acting([fig('ann', 'a', 5, 5, { posture: 'prone' }), fig('bob', 'a', 5, 5, { posture: 'prone' })]);
    const r = step(s, { type: 'standUp', figureId: 'ann' });
    expect(figOf(r.state, 'ann').posture).toBe('standing');
    const bob = legalOptions(r.state, 'bob').options.find((o) => o.option === 'g');
    expect(bob).toMatchObject({ available: false, reason: "Ann stands in Bob's hex: crawl to a free hex before standing up." });
    expect(refusal(r.state, { type: 'standUp', figureId: 'bob' })).toBe("Ann stands in Bob's hex: crawl to a free hex before standing up.");
  });

  it('a pushed foe with no free hex rolls 3d6 ≤ DEX or falls prone (H3)', () => {
    let s = encounter([fig('pusher', 'a', 5, 5, { equipment: sword }), fig('pinned', 'b', 6, 5, { facing: 3 })], {
      terrain: { '7,5': 'wall', '7,4': 'wall', '6,4': 'wall', '6,6': 'wall', '5,6': 'wall' },
      phase: 'forcedRetreat',
    });
    s = { ...s, turnState: { ...turnStateOf(s), retreatOffers: [{ figureId: 'pusher', targetIds: ['pinned'] }] } };
    expect(refusal(s, { type: 'forcedRetreat', figureId: 'pusher', targetId: 'pinned', to: { q: 7, r: 5 }, advance: false })).toBe(
      'Pinned can only be pushed into a free hex next to it (RULINGS H3).',
    );
    const r = step(s, { type: 'forcedRetreat', figureId: 'pusher', targetId: 'pinned', to: null, advance: false }, [[5, 5, 6]]);
    expect(r.events[0]).toMatchObject({ type: 'check', target: 10, roll: 16, success: false });
    expect(figOf(r.state, 'pinned').posture).toBe('prone');
  });
});
