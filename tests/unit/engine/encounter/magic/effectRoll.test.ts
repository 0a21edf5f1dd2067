/**
 * A spell effect's roll (engine/encounter/magic/effectRoll.ts): when the spell takes effect, each living
 * figure in its area takes the campaign's dice as damage (Fatigue and Body, no armour) or healing;
 * a failed casting rolls nothing, and figures outside the area are untouched.
 */
import { describe, expect, it } from 'vitest';
import type { EncounterState } from '../../../../../src/main/engine/encounter/schema';
import { rulesFor } from '../../../../../src/main/engine/options/rulesFor';
import { DEFAULT_RULES } from '../../../../../src/main/engine/rules';
import type { SpellMapEffect } from '../../../../../src/shared/mapEffects';
import { encounter, fig, step, withActionOrder } from '../fixtures';

function field(): EncounterState {
  const ilsa = fig('ilsa', 'a', 5, 5, { attributes: { INT: 15, DEX: 11 }, mana: { pool: 12, current: 12, debt: 0 }, mastery: { 'passage-light': 1 } });
  const tam = fig('tam', 'a', 5, 8);
  const grak = fig('grak', 'b', 10, 5, { facing: 3 });
  const figures = [ilsa, tam, grak];
  return withActionOrder(
    encounter(figures, { phase: 'actions' }),
    figures.map((f) => f.id),
  );
}

const lightWith = (effect: SpellMapEffect) => rulesFor({ ...DEFAULT_RULES, spellEdits: { 'passage-light': { effect } } });
const pools = (s: EncounterState, id: string) => {
  const f = s.figures.find((x) => x.id === id)!;
  return [f.fatigue.current, f.body.current];
};

describe("a spell effect's roll", () => {
  const burning = lightWith({ kind: 'rough', shape: 'radius', size: 1, shown: true, roll: { dice: 2, does: 'damage' } });

  it('strikes each figure in the area once the casting succeeds: 2d6 to Fatigue and Body, armour or not', () => {
    const before = field();
    const done = step(
      before,
      { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: { q: 10, r: 4 } },
      [
        [2, 3, 4],
        [3, 4],
      ],
      burning,
    );
    const [fatigue, body] = pools(before, 'grak');
    expect(pools(done.state, 'grak')).toEqual([fatigue! - 7, body! - 7]);
    expect(pools(done.state, 'tam')).toEqual(pools(before, 'tam'));
    expect(done.rolls.map((r) => r.label)).toContain('Light: damage to Grak');
    expect(done.events).toContainEqual(expect.objectContaining({ type: 'poolsChanged', figureId: 'grak', how: 'damage', cause: 'Light', causeTold: true }));
  });

  it('rolls nothing when the casting fails', () => {
    const before = field();
    const done = step(before, { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: { q: 10, r: 4 } }, [[6, 6, 6]], burning);
    expect(pools(done.state, 'grak')).toEqual(pools(before, 'grak'));
  });

  it('heals the caster standing in its own area, up to the starting values', () => {
    const hurt = field();
    const ilsa = hurt.figures[0]!;
    const state = {
      ...hurt,
      figures: [
        { ...ilsa, fatigue: { ...ilsa.fatigue, current: ilsa.fatigue.starting - 3 }, body: { ...ilsa.body, current: ilsa.body.starting - 10 } },
        ...hurt.figures.slice(1),
      ],
    };
    const mending = lightWith({ kind: 'light', shape: 'hex', size: 1, shown: false, roll: { dice: 1, does: 'heal' } });
    const done = step(state, { type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: { q: 5, r: 5 } }, [[2, 3, 4], [5]], mending);
    expect(pools(done.state, 'ilsa')).toEqual([ilsa.fatigue.starting, ilsa.body.starting - 5]);
    expect(done.events).toContainEqual(expect.objectContaining({ type: 'poolsChanged', figureId: 'ilsa', how: 'heal', cause: 'Light' }));
    expect(done.events.find((e) => e.type === 'poolsChanged' && e.figureId === 'ilsa')).not.toHaveProperty('causeTold');
  });
});
