/**
 * RULINGS H2 (amended; 001 §Disengaging): a slower enemy that engaged a figure when it disengaged
 * (option n) strikes it in its own action at the adjDEX difference, even though the figure stepped
 * out of reach: reach is counted from the hex the figure left.
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../../src/main/engine/encounter/actions/attack';
import { optionRefusal } from '../../../../../src/main/engine/encounter/turn/options';
import type { EncounterState } from '../../../../../src/main/engine/encounter/schema';
import { encounter, fig, figOf, refusal, step, withActionOrder } from '../fixtures';

const sword = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };

/** Quick (DEX 14) at (5,5) engaged by Slow (DEX 11, broadsword) at (6,5); Quick disengages to (4,5), 2 hexes from Slow. */
function afterDisengaging(): EncounterState {
  let s = withActionOrder(
    encounter(
      [
        fig('quick', 'a', 5, 5, { attributes: { DEX: 14 }, equipment: sword }),
        fig('slow', 'b', 6, 5, { facing: 3, attributes: { DEX: 11 }, equipment: sword }),
        fig('archer', 'b', 9, 5, { attributes: { DEX: 16 }, equipment: { weaponIds: ['small-bow'], readyWeaponId: 'small-bow' } }),
      ],
      { phase: 'actions' },
    ),
    ['archer', 'quick', 'slow'],
  );
  s = { ...s, figures: s.figures.map((f) => ({ ...f, turn: { ...f.turn, mode: 'stand-still' as const, engagedAtStart: f.id !== 'archer' } })) };
  s = step(s, { type: 'pass', figureId: 'archer' }).state;
  return step(s, { type: 'disengage', figureId: 'quick', to: { q: 4, r: 5 } }).state;
}

describe('a slower enemy still strikes a figure that disengaged out of reach (RULINGS H2 amended)', () => {
  it('Quick remembers the hex it left and who engaged it there', () => {
    const s = afterDisengaging();
    expect(figOf(s, 'quick')).toMatchObject({ position: { q: 4, r: 5 }, turn: { option: 'n', disengagedFrom: { at: { q: 5, r: 5 }, engagers: ['slow'] } } });
  });

  it('Slow’s broadsword reaches from (5,5): allowed, at 11 − 14 = −3', () => {
    const s = afterDisengaging();
    expect(optionRefusal(s, figOf(s, 'slow'), 'b')).toBeNull();
    const p = attackPreview(s, 'slow', 'quick', 'broadsword');
    expect(p).toMatchObject({ allowed: true, kind: 'melee', zone: 'front' });
    expect(p.adjDex.breakdown.map((l) => `${l.label} ${l.value}`)).toEqual(['DEX 11', 'Quick disengaged first (adjDEX 14 vs 11) -3']);
    expect(p.adjDex.breakdown.at(-1)?.source).toBe('001 §Disengaging (From Engaged, option n); RULINGS H2');
  });

  it('the strike is rolled at adjDEX 8: 3d6 = 7 hits, broadsword 2d6 = 5 off Quick’s Fatigue', () => {
    const r = step(afterDisengaging(), { type: 'attack', figureId: 'slow', targetId: 'quick', weaponId: 'broadsword' }, [
      [2, 2, 3],
      [2, 3],
    ]);
    expect(r.events.find((e) => e.type === 'attackRolled')).toMatchObject({ adjDex: 8, roll: 7, hit: true });
    expect(figOf(r.state, 'quick').fatigue.current).toBe(45);
    expect(figOf(r.state, 'quick').position).toEqual({ q: 4, r: 5 });
  });

  it('a figure that was not engaging it gains nothing: its reach counts from where Quick stands now', () => {
    const s = afterDisengaging();
    const other = { ...s, figures: [...s.figures, fig('brute', 'b', 6, 4, { facing: 3, attributes: { DEX: 8 }, equipment: sword })] };
    expect(attackPreview(other, 'brute', 'quick', 'broadsword')).toMatchObject({
      allowed: false,
      reason: 'Quick is 2 hexes away; Broadsword reaches 1 (001 §Pole Weapons).',
    });
  });

  it('a faster enemy is not in the list: it struck before Quick moved (H2: faster ones strike as usual)', () => {
    let s = withActionOrder(
      encounter(
        [
          fig('quick', 'a', 5, 5, { attributes: { DEX: 11 }, equipment: sword }),
          fig('fast', 'b', 6, 5, { facing: 3, attributes: { DEX: 14 }, equipment: sword }),
        ],
        { phase: 'actions' },
      ),
      ['quick', 'fast'],
    );
    s = { ...s, figures: s.figures.map((f) => ({ ...f, turn: { ...f.turn, mode: 'stand-still' as const, engagedAtStart: true } })) };
    s = step(s, { type: 'disengage', figureId: 'quick', to: { q: 4, r: 5 }, override: true }).state;
    expect(figOf(s, 'quick').turn.disengagedFrom).toEqual({ at: { q: 5, r: 5 }, engagers: [] });
    expect(refusal(s, { type: 'attack', figureId: 'fast', targetId: 'quick', weaponId: 'broadsword' })).toMatch(/front hexes|2 hexes away/);
  });
});
