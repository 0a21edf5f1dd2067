/**
 * RULINGS O3 (amended) with M4: under stride & momentum the load and armour restrictions carry
 * over as stride caps — "cannot sprint" stride 5, "cannot run or sprint" 3, "cannot jog, run or
 * sprint" 2, Overloaded 1 hex a turn.
 */
import { describe, expect, it } from 'vitest';
import { figureAllowance } from '../../../../src/main/engine/encounter/movement/reachable';
import { DEFAULT_RULES, rulesFor, type RuleSet } from '../../../../src/main/engine/rules';
import { STRIDE_MOVEMENT } from '../../../../src/main/engine/options/strideMomentum/rules';
import { hex } from '../../../../src/shared/hex';
import { encounter, fig } from '../encounter/fixtures';
import { underRules } from './underRules';

const O3: RuleSet = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, strideMomentum: true } });
const { run, refused, moving } = underRules(O3);
const attrs = { STR: 10, DEX: 10, IQ: 10, INT: 10, WIS: 10, CON: 10, CHR: 10 } as never;
const open = (lbs: number, armorId: string | null = null): string[] =>
  STRIDE_MOVEMENT.allowance({ attributes: attrs, carriedLbs: lbs, armorId })
    .filter((a) => a.allowed)
    .map((a) => a.mode);

describe('stride caps from load and armour (RULINGS O3 amended, M4)', () => {
  it('STR 10: unencumbered all eight strides; Medium (16 lbs) 1–3; Heavy (22 lbs) 1–2; leather (cannot sprint) 1–5', () => {
    expect(open(0)).toEqual(['stride-8', 'stride-7', 'stride-6', 'stride-5', 'stride-4', 'stride-3', 'stride-2', 'stride-1']);
    expect(open(16)).toEqual(['stride-3', 'stride-2', 'stride-1']);
    expect(open(22)).toEqual(['stride-2', 'stride-1']);
    expect(open(0, 'leather-armor')).toEqual(['stride-5', 'stride-4', 'stride-3', 'stride-2', 'stride-1']);
  });

  it('Overloaded (30 lbs at STR 10): only stride-1, and 1 hex a turn, each closed stride saying why', () => {
    const all = STRIDE_MOVEMENT.allowance({ attributes: attrs, carriedLbs: 30, armorId: null });
    expect(all.filter((a) => a.allowed).map((a) => a.mode)).toEqual(['stride-1']);
    const one = all.find((a) => a.mode === 'stride-1')!;
    expect(one.hexes.value).toBe(1);
    expect(one.hexes.breakdown.at(-1)).toEqual({ label: 'Encumbrance: Overloaded: 1 hex a turn', value: -4, source: 'RULINGS O3, M4' });
    expect(all.find((a) => a.mode === 'stride-8')?.reason).toBe('Encumbrance: Overloaded: stride 1 at most, 1 hex a turn (RULINGS O3, M4)');
  });

  it('an Overloaded figure on the map: stride-2 is refused, 2 hexes at stride-1 are refused, 1 hex goes', () => {
    const s = moving(encounter([fig('mule', 'a', 2, 5, { equipment: { packLbs: 30 } }), fig('foe', 'b', 15, 5)]));
    expect(
      figureAllowance(s.figures[0]!, O3)
        .filter((a) => a.allowed)
        .map((a) => a.mode),
    ).toEqual(['stride-1']);
    expect(refused(s, { type: 'move', figureId: 'mule', mode: 'stride-2', to: hex(4, 5) })).toBe(
      'Mule cannot Stride-2 (Walking): Encumbrance: Overloaded: stride 1 at most, 1 hex a turn (RULINGS O3, M4).',
    );
    expect(refused(s, { type: 'move', figureId: 'mule', mode: 'stride-1', to: hex(4, 5), strides: [1, 1] })).toBe(
      'Mule cannot reach that hex at stride-1 this turn (RULINGS M1–M7).',
    );
    const r = run(s, { type: 'move', figureId: 'mule', mode: 'stride-1', to: hex(3, 5) });
    expect(r.state.figures[0]!.position).toEqual(hex(3, 5));
  });
});
