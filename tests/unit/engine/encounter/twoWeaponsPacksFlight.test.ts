/**
 * Two-weapon fighting and sweeping blows (RULINGS H7; 004 §Your
 * Conditions), a giant snake as a target (001 §DEX Adjustments: Target Conditions, −3) and a
 * dropped pack picked up as the whole turn (001 §Encumbrance). Entered dice, exact numbers.
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { sweepPreview } from '../../../../src/main/engine/encounter/actions/sweepingBlow';
import { twoWeaponPreview } from '../../../../src/main/engine/encounter/actions/twoWeapons';
import { turnStateOf, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import { isEngaged } from '../../../../src/main/engine/encounter/movement/engagement';
import { encounter, fig, figOf, refusal, step, withActionOrder, withMoveOrder } from './fixtures';

function acting(figures: Parameters<typeof encounter>[0]): EncounterState {
  return withActionOrder(
    encounter(figures, { phase: 'actions' }),
    figures.map((f) => f.id),
  );
}
const twoBlades = { weaponIds: ['broadsword', 'shortsword'], readyWeaponId: 'broadsword', offHandWeaponId: 'shortsword' };
const damageTaken = (events: readonly { type: string }[]) =>
  events
    .filter((e): e is { type: 'damageDealt'; targetId: string; taken: number } & typeof e => e.type === 'damageDealt')
    .map((e) => `${e.targetId} ${e.taken}`);

describe('two-weapon fighting (RULINGS H7: two attacks, each at −4)', () => {
  // Atk at 5,5 faces direction 0: its front hexes are 6,4 · 6,5 · 5,6 (001 §Facing).
  const s = acting([
    fig('atk', 'a', 5, 5, { attributes: { DEX: 13 }, equipment: twoBlades }),
    fig('orc', 'b', 6, 5, { facing: 3 }),
    fig('gob', 'b', 5, 6, { facing: 4 }),
  ]);

  it('previews both attacks with the −4 row and refuses a figure with one weapon in hand', () => {
    const p = twoWeaponPreview(s, 'atk', [
      { targetId: 'orc', weaponId: 'broadsword' },
      { targetId: 'gob', weaponId: 'shortsword' },
    ]);
    expect(p.allowed).toBe(true);
    expect(p.attacks.map((a) => a.adjDex.value)).toEqual([9, 9]);
    expect(p.attacks[0]!.adjDex.breakdown.map((l) => `${l.label} ${l.value}`)).toEqual(['DEX 13', 'Two-weapon fighting -4']);
    const one = acting([
      fig('atk', 'a', 5, 5, { equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
      fig('orc', 'b', 6, 5, { facing: 3 }),
    ]);
    expect(
      refusal(one, {
        type: 'twoWeaponAttack',
        figureId: 'atk',
        attacks: [
          { targetId: 'orc', weaponId: 'broadsword' },
          { targetId: 'orc', weaponId: 'broadsword' },
        ],
      }),
    ).toMatch(/ready weapon in each hand/);
  });

  it('strikes twice, one roll and damage per weapon, at different targets: one action', () => {
    // Broadsword 3d6 [2,3,3] = 8 ≤ 9 hits the orc, 2d6 [4,5] = 9; shortsword [6,5,4] = 15 > 9 misses the goblin.
    const r = step(
      s,
      {
        type: 'twoWeaponAttack',
        figureId: 'atk',
        attacks: [
          { targetId: 'orc', weaponId: 'broadsword' },
          { targetId: 'gob', weaponId: 'shortsword' },
        ],
      },
      [
        [2, 3, 3],
        [4, 5],
        [6, 5, 4],
      ],
    );
    const rolls = r.events.filter((e) => e.type === 'attackRolled');
    expect(rolls.map((e) => e.type === 'attackRolled' && `${e.targetId} ${e.weaponId} ${e.roll}/${e.adjDex} ${e.hit}`)).toEqual([
      'orc broadsword 8/9 true',
      'gob shortsword 15/9 false',
    ]);
    expect(damageTaken(r.events)).toEqual(['orc 9']);
    expect(figOf(r.state, 'orc').fatigue.current).toBe(41);
    expect(turnStateOf(r.state).actionDone).toEqual(['atk']);
    expect(figOf(r.state, 'atk').turn.option).toBe('b');
  });

  it('both attacks may go at the same enemy; each weapon once', () => {
    const r = step(
      s,
      {
        type: 'twoWeaponAttack',
        figureId: 'atk',
        attacks: [
          { targetId: 'orc', weaponId: 'shortsword' },
          { targetId: 'orc', weaponId: 'broadsword' },
        ],
      },
      [
        [1, 2, 3],
        [2, 2],
        [2, 2, 2],
        [1, 1],
      ],
    );
    // Shortsword 2d6−1 [2,2] = 3; broadsword 2d6 [1,1] = 2 (001 §Knives and Swords).
    expect(damageTaken(r.events)).toEqual(['orc 3', 'orc 2']);
    expect(
      refusal(s, {
        type: 'twoWeaponAttack',
        figureId: 'atk',
        attacks: [
          { targetId: 'orc', weaponId: 'broadsword' },
          { targetId: 'gob', weaponId: 'broadsword' },
        ],
      }),
    ).toMatch(/one attack with each ready weapon/);
  });

  it("the sheet refuses a second weapon beside a two-handed one (the console's choice) or a ready shield (RULINGS H7)", () => {
    const bad = acting([fig('atk', 'a', 5, 5), fig('orc', 'b', 6, 5)]);
    const update = (equipment: object) =>
      refusal(
        { ...bad, figures: bad.figures.map((f) => (f.id === 'atk' ? { ...f, attributes: { ...f.attributes, STR: 14 } } : f)) },
        {
          type: 'updateFigure',
          figureId: 'atk',
          changes: { equipment: { weaponIds: ['broadsword', 'shortsword'], readyWeaponId: 'broadsword', armorId: null, shieldId: null, ...equipment } },
        },
      );
    expect(update({ offHandWeaponId: 'shortsword', shieldId: 'small-shield' })).toMatch(/A ready shield fills the other hand/);
    expect(update({ weaponIds: ['bastard-sword-two-hands', 'dagger'], readyWeaponId: 'bastard-sword-two-hands', offHandWeaponId: 'dagger' })).toMatch(
      /takes both hands/,
    );
  });
});

describe('sweeping blow (RULINGS H7: one roll at −4 against every enemy in the three front hexes)', () => {
  const s = acting([
    fig('atk', 'a', 5, 5, { attributes: { DEX: 12 }, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
    fig('north', 'b', 6, 4, { facing: 2 }),
    fig('ahead', 'b', 6, 5, { facing: 3 }),
    fig('ghost', 'b', 5, 6, { facing: 4, conditions: ['invisible'] }),
    fig('friend', 'a', 4, 5),
  ]);

  it('previews each enemy in front with its own adjDEX; friends and the hexes behind are left out', () => {
    const p = sweepPreview(s, 'atk');
    expect(p.allowed).toBe(true);
    expect(p.targets.map((t) => `${t.targetId} ${t.adjDex.value}`)).toEqual(['north 8', 'ahead 8', 'ghost 2']);
    expect(p.targets[0]!.adjDex.breakdown.map((l) => l.label)).toContain('Sweeping blow (all 3 front hexes)');
    expect(p.diceCount).toBe(3);
  });

  it('one roll of 6 hits the two it reaches (adjDEX 8) and misses the invisible one (2); damage per target', () => {
    const r = step(s, { type: 'sweepingBlow', figureId: 'atk' }, [
      [3, 2, 1],
      [3, 3],
      [2, 2],
    ]);
    const rolls = r.events.filter((e) => e.type === 'attackRolled');
    expect(rolls.map((e) => e.type === 'attackRolled' && `${e.targetId} ${e.roll}/${e.adjDex} ${e.hit}`)).toEqual([
      'north 6/8 true',
      'ahead 6/8 true',
      'ghost 6/2 false',
    ]);
    expect(r.rolls.map((x) => x.label)).toEqual(["attack: Atk's sweeping blow", 'damage: Atk → North (sweep)', 'damage: Atk → Ahead (sweep)']);
    expect(damageTaken(r.events)).toEqual(['north 6', 'ahead 4']);
    expect(figOf(r.state, 'friend').fatigue.current).toBe(50);
    expect(turnStateOf(r.state).actionDone).toEqual(['atk']);
  });

  it("a defending target makes it a 4-dice roll; the others read its first three dice (the console's choice)", () => {
    const defending = { ...s, figures: s.figures.map((f) => (f.id === 'ahead' ? { ...f, turn: { ...f.turn, defence: 'defend' as const } } : f)) };
    expect(sweepPreview(defending, 'atk').diceCount).toBe(4);
    // 4d6 [2,2,2,6]: north reads 2+2+2 = 6 ≤ 8 (hit), ahead reads 12 > 8 (miss), ghost 6 > 2.
    const r = step(defending, { type: 'sweepingBlow', figureId: 'atk' }, [
      [2, 2, 2, 6],
      [1, 2],
    ]);
    expect(r.events.filter((e) => e.type === 'attackRolled').map((e) => e.type === 'attackRolled' && `${e.targetId} ${e.dice}d ${e.roll}`)).toEqual([
      'north 3d 6',
      'ahead 4d 12',
      'ghost 3d 6',
    ]);
    expect(damageTaken(r.events)).toEqual(['north 3']);
  });

  it('a fumble of 17 drops the weapon once; nothing in front, or bare hands, is refused', () => {
    const r = step(s, { type: 'sweepingBlow', figureId: 'atk' }, [[6, 6, 5]]);
    expect(r.events.filter((e) => e.type === 'itemDropped')).toHaveLength(1);
    expect(figOf(r.state, 'atk').equipment.readyWeaponId).toBeNull();
    const alone = acting([fig('atk', 'a', 5, 5, { equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }), fig('far', 'b', 9, 9)]);
    expect(refusal(alone, { type: 'sweepingBlow', figureId: 'atk' })).toMatch(/No enemy stands in Atk's front hexes/);
    const bare = acting([fig('atk', 'a', 5, 5), fig('ahead', 'b', 6, 5)]);
    expect(refusal(bare, { type: 'sweepingBlow', figureId: 'atk' })).toMatch(/not bare hands/);
  });
});

describe('giant snake (001 §DEX Adjustments: Target Conditions, −3)', () => {
  it('the flag set with setCondition puts the −3 row into the attack', () => {
    const s = acting([
      fig('atk', 'a', 5, 5, { equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
      fig('snake', 'b', 6, 5, { facing: 3 }),
    ]);
    const flagged = step({ ...s, phase: 'actions' }, { type: 'setCondition', figureId: 'snake', condition: 'giantSnake', on: true }).state;
    const p = attackPreview(flagged, 'atk', 'snake', 'broadsword');
    expect(p.adjDex.breakdown.map((l) => `${l.label} ${l.value}`)).toEqual(['DEX 10', 'Target is a giant snake -3']);
    expect(p.adjDex.value).toBe(7);
    // Roll 8 > 7 misses the snake; without the flag 8 ≤ 10 would have hit.
    const r = step(flagged, { type: 'attack', figureId: 'atk', targetId: 'snake', weaponId: 'broadsword' }, [[3, 3, 2]]);
    expect(r.events.find((e) => e.type === 'attackRolled')).toMatchObject({ adjDex: 7, roll: 8, hit: false });
  });
});

describe('picking a dropped pack back up (001 §Encumbrance: one full turn)', () => {
  const withPack = (moved: boolean): EncounterState => {
    const s = acting([fig('porter', 'a', 5, 5), fig('orc', 'b', 9, 9)]);
    return {
      ...s,
      nextId: 2,
      items: [{ id: 'item-1', kind: 'pack', itemId: 'pack', lbs: 30, position: { q: 6, r: 5 }, ownerId: 'porter' }],
      figures: s.figures.map((f) => (f.id === 'porter' && moved ? { ...f, turn: { ...f.turn, mode: 'walk' as const, spent: 2 } } : f)),
    };
  };

  it('a figure that has not moved picks up the pack next to it: 30 lbs back on, its action spent', () => {
    const r = step(withPack(false), { type: 'pickUpPack', figureId: 'porter', itemId: 'item-1' });
    expect(figOf(r.state, 'porter').equipment.packLbs).toBe(30);
    expect(r.state.items).toEqual([]);
    expect(turnStateOf(r.state).actionDone).toEqual(['porter']);
    expect(r.events.find((e) => e.type === 'itemPickedUp')).toMatchObject({ what: 'pack', source: expect.stringContaining('001 §Encumbrance') });
  });

  it('a figure that moved this turn cannot: it takes the whole turn', () => {
    expect(refusal(withPack(true), { type: 'pickUpPack', figureId: 'porter', itemId: 'item-1' })).toMatch(
      /moved this turn: picking up a pack takes the whole turn/,
    );
  });
});

describe('flight (004 §Flight; RULINGS H6)', () => {
  const moving = (extra: Parameters<typeof fig>[4] = {}): EncounterState =>
    withMoveOrder(
      encounter(
        [
          fig('hawk', 'a', 3, 3, { flyingMa: 12, ...extra }),
          fig('orc', 'b', 9, 3, { facing: 3, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
        ],
        { phase: 'initialMovement' },
      ),
      ['hawk', 'orc'],
    );

  it('takes off and flies at most half its flying MA (12 → 6) that turn, over walls no, over figures yes', () => {
    expect(refusal(moving(), { type: 'takeOff', figureId: 'hawk', to: { q: 10, r: 3 } })).toMatch(/6 hexes at most/);
    const r = step(moving(), { type: 'takeOff', figureId: 'hawk', to: { q: 9, r: 2 } });
    const hawk = figOf(r.state, 'hawk');
    expect(hawk.conditions).toContain('flying');
    expect(hawk.position).toEqual({ q: 9, r: 2 });
    expect(hawk.turn.spent).toBe(6);
    expect(r.events.find((e) => e.type === 'conditionChanged')).toMatchObject({ condition: 'flying', on: true, source: expect.stringContaining('RULINGS H6') });
    // The walls of the map still stop it; a ground figure's hex is flown over, not landed in.
    expect(refusal(moving(), { type: 'takeOff', figureId: 'hawk', to: { q: 9, r: 3 } })).toMatch(/Orc is in that hex/);
  });

  it('in the air it flies up to its flying MA, not by ground gaits; a ground foe does not engage it unless it chooses to', () => {
    const aloft = moving({ conditions: ['flying'] });
    expect(refusal(aloft, { type: 'move', figureId: 'hawk', mode: 'walk', to: { q: 4, r: 3 } })).toMatch(/in the air: it flies/);
    expect(refusal(aloft, { type: 'fly', figureId: 'hawk', to: { q: 16, r: 3 } })).toMatch(/12 hexes at most/);
    // Next to the orc's front (8,3): in the air it is not engaged (004 §Flight).
    const r = step(aloft, { type: 'fly', figureId: 'hawk', to: { q: 8, r: 3 } });
    expect(figOf(r.state, 'hawk').turn.spent).toBe(5);
    expect(isEngaged(r.state, figOf(r.state, 'hawk'))).toBe(false);
    const swoop = step(r.state, { type: 'engageGround', figureId: 'hawk', on: true });
    expect(isEngaged(swoop.state, figOf(swoop.state, 'hawk'))).toBe(true);
  });

  it('lands only before moving, then cannot move that turn', () => {
    const aloft = moving({ conditions: ['flying'] });
    const r = step(aloft, { type: 'land', figureId: 'hawk' });
    expect(figOf(r.state, 'hawk').conditions).not.toContain('flying');
    expect(turnStateOf(r.state).moveDone).toContain('hawk');
    expect(refusal(r.state, { type: 'move', figureId: 'hawk', mode: 'walk', to: { q: 4, r: 3 } }, [])).toMatch(/.+/);
    const flown = step(aloft, { type: 'fly', figureId: 'hawk', to: { q: 5, r: 3 } }).state;
    expect(refusal(flown, { type: 'land', figureId: 'hawk', override: true })).toMatch(/cannot move on the turn it lands/);
  });

  it('two fliers pass at different heights only when both agree (passFliers)', () => {
    const s = withMoveOrder(
      encounter([fig('hawk', 'a', 3, 3, { flyingMa: 2, conditions: ['flying'] }), fig('kite', 'a', 4, 3, { flyingMa: 6, conditions: ['flying'] })], {
        phase: 'initialMovement',
        rows: 7,
        cols: 12,
      }),
      ['hawk', 'kite'],
    );
    // Two hexes of flight: straight through Kite's hex to 5,3, or not at all.
    const walled = s;
    expect(refusal(walled, { type: 'fly', figureId: 'hawk', to: { q: 5, r: 3 } })).toMatch(/cannot fly to 5,3/);
    expect(figOf(step(walled, { type: 'fly', figureId: 'hawk', to: { q: 5, r: 3 }, passFliers: true }).state, 'hawk').position).toEqual({ q: 5, r: 3 });
  });
});
