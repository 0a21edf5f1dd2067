/**
 * RULINGS H7 (amended): a ready shield fills a hand — the engine refuses two-weapon attacks with
 * one, and readying it with a weapon in each hand. RULINGS M6 (amended): a natural attack (bite,
 * claws, hooves, a snake's strike) counts as a ready weapon for engagement; a mount engages only
 * if its entry gives it an attack.
 */
import { describe, expect, it } from 'vitest';
import { isEngaged } from '../../../../src/main/engine/encounter/movement/engagement';
import { twoWeaponPreview } from '../../../../src/main/engine/encounter/actions/twoWeapons';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import { turnStateOf, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import type { CommandOf } from '../../../../src/shared/contract/commands';
import { encounter, fig, figOf, refusal, step, withActionOrder } from './fixtures';

const acting = (figures: Parameters<typeof encounter>[0]): EncounterState =>
  withActionOrder(
    encounter(figures, { phase: 'actions' }),
    figures.map((f) => f.id),
  );
const twoBlades = { weaponIds: ['broadsword', 'shortsword'], readyWeaponId: 'broadsword', offHandWeaponId: 'shortsword' };
const both: CommandOf<'twoWeaponAttack'> = {
  type: 'twoWeaponAttack',
  figureId: 'atk',
  attacks: [
    { targetId: 'orc', weaponId: 'broadsword' },
    { targetId: 'orc', weaponId: 'shortsword' },
  ],
};

describe('a ready shield fills a hand (RULINGS H7 amended)', () => {
  // Atk at 5,5 faces direction 0; the orc stands in its front hex 6,5.
  const withShield = (shieldReady: boolean) =>
    acting([
      fig('atk', 'a', 5, 5, { attributes: { DEX: 13 }, equipment: { ...twoBlades, shieldId: 'small-shield', shieldReady } }),
      fig('orc', 'b', 6, 5, { facing: 3 }),
    ]);

  it('two weapons and a ready shield: the two-weapon attack is refused by the engine, whatever sent it', () => {
    const reason = "Atk's ready shield fills a hand: no two-weapon attack with it (004 §Your Conditions (Two-weapon fighting); RULINGS H7).";
    expect(twoWeaponPreview(withShield(true), 'atk', both.attacks).reason).toBe(reason);
    expect(refusal(withShield(true), both)).toBe(reason);
    expect(refusal(withShield(true), { ...both, override: true })).toBe(reason);
  });

  it('with the shield slung the same two attacks are made, each at DEX 13 − 4 = 9', () => {
    // Broadsword [3,3,3] = 9 ≤ 9 hits for 2d6 [1,2] = 3; shortsword [6,6,4] = 16 misses.
    const r = step(withShield(false), both, [
      [3, 3, 3],
      [1, 2],
      [6, 6, 4],
    ]);
    expect(r.events.filter((e) => e.type === 'attackRolled').map((e) => e.type === 'attackRolled' && `${e.roll}/${e.adjDex} ${e.hit}`)).toEqual([
      '9/9 true',
      '16/9 false',
    ]);
    expect(turnStateOf(r.state).actionDone).toEqual(['atk']);
  });

  it('readying the shield (option e) with a weapon in each hand is refused; with one hand free it is readied', () => {
    const msg = /^Atk has a weapon ready in each hand: a ready shield fills a hand, so it readies its shield with one hand free \(RULINGS H7\)\.$/;
    expect(refusal(withShield(false), { type: 'readyWeapon', figureId: 'atk', weaponId: 'broadsword', shieldReady: true })).toMatch(msg);
    expect(refusal(withShield(false), { type: 'readyWeapon', figureId: 'atk', weaponId: 'broadsword', shieldReady: true, override: true })).toMatch(msg);
    // Readying bare hands in the main hand frees it: the shield goes on.
    const r = step(withShield(false), { type: 'readyWeapon', figureId: 'atk', weaponId: null, shieldReady: true });
    expect(figOf(r.state, 'atk').equipment).toMatchObject({ readyWeaponId: null, shieldReady: true });
  });

  it('picking a shield up from the map (option e) with a weapon in each hand is refused', () => {
    const s = acting([fig('atk', 'a', 5, 5, { equipment: twoBlades }), fig('orc', 'b', 9, 9)]);
    const lying: EncounterState = {
      ...s,
      nextId: 2,
      items: [{ id: 'item-1', kind: 'shield', itemId: 'small-shield', lbs: 10, position: { q: 4, r: 5 }, ownerId: null }],
    };
    expect(refusal(lying, { type: 'readyWeapon', figureId: 'atk', weaponId: null, itemId: 'item-1' })).toMatch(
      /weapon ready in each hand: a ready shield fills a hand/,
    );
  });

  it('the sheet takes a second weapon beside a slung shield, not beside a ready one; the invariants say so too', () => {
    const s = acting([
      fig('atk', 'a', 5, 5, { attributes: { STR: 14 }, equipment: { ...twoBlades, offHandWeaponId: null, shieldId: 'small-shield', shieldReady: false } }),
    ]);
    const changes = {
      equipment: {
        weaponIds: ['broadsword', 'shortsword'],
        readyWeaponId: 'broadsword',
        offHandWeaponId: 'shortsword',
        armorId: null,
        shieldId: 'small-shield',
      },
    };
    // The same shield keeps its place: slung, so the other hand is free.
    const r = step(s, { type: 'updateFigure', figureId: 'atk', changes });
    expect(figOf(r.state, 'atk').equipment).toMatchObject({ offHandWeaponId: 'shortsword', shieldReady: false });
    const ready = { ...s, figures: s.figures.map((f) => ({ ...f, equipment: { ...f.equipment, shieldReady: true } })) };
    expect(refusal(ready, { type: 'updateFigure', figureId: 'atk', changes })).toMatch(/A ready shield fills the other hand: sling it or drop it/);
    const bad = { ...s, figures: s.figures.map((f) => ({ ...f, equipment: { ...f.equipment, ...twoBlades, shieldReady: true } })) };
    expect(checkInvariants(bad)).toEqual(['atk holds a weapon in each hand and a ready shield.']);
  });
});

describe('natural weapons engage (RULINGS M6 amended)', () => {
  // Ann stands at 6,5, in the front hex (direction 3) of a creature at 7,5 facing her.
  const facingAnn = (extra: Parameters<typeof fig>[4]) => encounter([fig('ann', 'a', 6, 5), fig('beast', 'b', 7, 5, { facing: 3, ...extra })]);

  it('a wolf with a bite (its entry gives it 1 attack) engages with no weapon in hand', () => {
    const s = facingAnn({ attacks: 1 });
    expect(isEngaged(s, figOf(s, 'ann'))).toBe(true);
  });

  it("a giant snake's strike engages", () => {
    const s = facingAnn({ conditions: ['giantSnake'] });
    expect(isEngaged(s, figOf(s, 'ann'))).toBe(true);
  });

  it('an unarmed man with no natural attack does not (M6: only armed enemies engage)', () => {
    const s = facingAnn({});
    expect(isEngaged(s, figOf(s, 'ann'))).toBe(false);
  });

  it('a mount engages only if its entry gives it an attack: a riding horse does not, a warhorse with hooves does', () => {
    // A 3-hex horse anchored at 8,5 facing 3 (west): Ann at 7,5 stands in its front hex.
    const horse = (attacks?: number) =>
      encounter([fig('ann', 'a', 7, 5), fig('horse', 'b', 8, 5, { size: 3, facing: 3, attributes: { STR: 18, CON: 16 }, ...(attacks ? { attacks } : {}) })]);
    const plain = horse();
    expect(isEngaged(plain, figOf(plain, 'ann'))).toBe(false);
    const war = horse(2);
    expect(isEngaged(war, figOf(war, 'ann'))).toBe(true);
  });
});
