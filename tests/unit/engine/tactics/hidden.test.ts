/**
 * Figures the players cannot see, as the tactics play them under the GM's setting (the console's
 * choice, shared/tacticsSettings.ts): never out of cover toward a foe they cannot strike that
 * turn; "stay hidden" keeps them unseen; "act openly" reveals them, as a logged step, just before
 * they strike.
 */
import { describe, expect, it } from 'vitest';
import { hexDistance, hexKey } from '../../../../src/shared/hex';
import { apply } from '../../../../src/main/engine/encounter/apply';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { propose } from '../../../../src/main/engine/tactics/propose';
import { encounter, fig } from '../encounter/fixtures';
import { accepts, toPhase } from './helpers';

const rules = rulesFor(DEFAULT_RULES);
const fighter = (id: string, side: string, q: number, r: number, extra: Parameters<typeof fig>[4] = {}) =>
  fig(id, side, q, r, { attributes: { STR: 13, DEX: 12 }, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' }, ...extra });
const fogged = (s: EncounterState, hexes: { q: number; r: number }[]): EncounterState => ({ ...s, map: { ...s.map, hidden: hexes.map(hexKey) } });

describe('hidden figures under the autopilot', () => {
  // Ada (side a, the party) and the lurker (side b) farther apart than any gait takes it in a turn.
  const far = () => [fighter('ada', 'a', 2, 24, { facing: 0 }), fighter('lurker', 'b', 34, 2, { facing: 3, hidden: true })];
  const wide = { cols: 40, rows: 30 };

  it('without the setting (a simulated fight) a hidden figure advances like any other', () => {
    const s = toPhase(encounter(far(), wide), 'initialMovement', rules, 1, 'lurker');
    const p = propose(s, rules, { sides: ['b'] })!;
    expect(p.command).toMatchObject({ type: 'move', figureId: 'lurker' });
    expect((p.command as { mode: string }).mode).not.toBe('stand-still');
  });

  it('never leaves cover toward a foe it cannot strike this turn, under either setting', () => {
    const s = toPhase(encounter(far(), wide), 'initialMovement', rules, 1, 'lurker');
    for (const hiddenFigures of ['stay', 'act'] as const) {
      const p = propose(s, rules, { sides: ['b'], settings: { hiddenFigures } })!;
      expect(p.command).toMatchObject({ type: 'move', figureId: 'lurker', mode: 'stand-still', to: { q: 34, r: 2 } });
      expect(p.reason).toContain(hiddenFigures === 'stay' ? 'hidden figures stay hidden' : 'no foe it could strike this turn');
      expect(accepts(s, p.command, rules)).toBeNull();
    }
  });

  it('a figure in fog moves only inside the fog when it cannot strike', () => {
    // Not hidden itself, but on a fogged strip; the fog runs toward Ada without reaching her.
    const lurker = fighter('lurker', 'b', 34, 2, { facing: 3 });
    const strip = Array.from({ length: 6 }, (_, i) => ({ q: 34 - i, r: 2 + i }));
    const s = toPhase(fogged(encounter([fighter('ada', 'a', 2, 24), lurker], wide), strip), 'initialMovement', rules, 1, 'lurker');
    const open = propose({ ...s, map: { ...s.map, hidden: [] } }, rules, { sides: ['b'], settings: { hiddenFigures: 'act' } })!;
    expect(strip.map(hexKey)).not.toContain(hexKey((open.command as { to: { q: number; r: number } }).to));
    const p = propose(s, rules, { sides: ['b'], settings: { hiddenFigures: 'act' } })!;
    const to = (p.command as { to: { q: number; r: number } }).to;
    expect(strip.map(hexKey)).toContain(hexKey(to));
  });

  it('"act openly": within a charge of a foe it first comes out of hiding, then closes and strikes', () => {
    const s = toPhase(
      encounter([fighter('ada', 'a', 10, 5, { facing: 0 }), fighter('lurker', 'b', 13, 5, { facing: 3, hidden: true })]),
      'initialMovement',
      rules,
      1,
      'lurker',
    );
    const reveal = propose(s, rules, { sides: ['b'], settings: { hiddenFigures: 'act' } })!;
    expect(reveal.command).toEqual({ type: 'setFigureHidden', figureId: 'lurker', hidden: false });
    expect(reveal.reason).toContain('comes out of hiding to strike');
    const shown = apply(s, reveal.command, createSeededDice(1), rules).state;
    const move = propose(shown, rules, { sides: ['b'], settings: { hiddenFigures: 'act' } })!;
    expect(move.command).toMatchObject({ type: 'move', figureId: 'lurker' });
    expect(hexDistance((move.command as { to: { q: number; r: number } }).to, { q: 10, r: 5 })).toBe(1);
  });

  it('"stay hidden": within a charge of a foe it still holds, and in the actions phase it strikes nobody', () => {
    const figures = [fighter('ada', 'a', 10, 5, { facing: 0 }), fighter('lurker', 'b', 11, 5, { facing: 3, hidden: true })];
    const moving = toPhase(encounter(figures), 'initialMovement', rules, 1, 'lurker');
    expect(propose(moving, rules, { sides: ['b'], settings: { hiddenFigures: 'stay' } })!.command).toMatchObject({ mode: 'stand-still' });
    const acting = toPhase(encounter(figures), 'actions', rules, 1, 'lurker');
    const open = propose(acting, rules, { sides: ['b'] })!;
    expect(open.command).toMatchObject({ type: 'attack', figureId: 'lurker', targetId: 'ada' });
    const kept = propose(acting, rules, { sides: ['b'], settings: { hiddenFigures: 'stay' } })!;
    expect(kept.command.type).not.toBe('attack');
    expect(['pass', 'defend']).toContain(kept.command.type);
    const act = propose(acting, rules, { sides: ['b'], settings: { hiddenFigures: 'act' } })!;
    expect(act.command).toEqual({ type: 'setFigureHidden', figureId: 'lurker', hidden: false });
  });
});
