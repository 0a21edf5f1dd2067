import { createEnteredDice } from '../../../../src/main/engine/dice';
import type { EnteredDice } from '../../../../src/main/engine/dice';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import type { Rules } from '../../../../src/main/engine/rules';
import { DEFAULT_CATALOGUE, EMPTY_MAGIC_STATE } from '../../../../src/main/engine/magic';
import type { Caster, MagicContext, MagicSnapshot } from '../../../../src/main/engine/magic';

/** Three d6 faces that add up to `total` (3–18), for scripted rolls. */
export function d3(total: number): number[] {
  if (!Number.isInteger(total) || total < 3 || total > 18) throw new RangeError(`3d6 total ${total}`);
  const a = Math.min(6, total - 2);
  const b = Math.min(6, total - a - 1);
  return [a, b, total - a - b];
}

/** Four d6 faces that add up to `total` (4–24). */
export function d4(total: number): number[] {
  const a = Math.min(6, total - 3);
  return [a, ...d3(total - a)];
}

/** Entered dice from 3d6 totals (a number) or explicit faces (an array). */
export function dice(...rolls: (number | number[])[]): EnteredDice {
  return createEnteredDice(rolls.map((r) => (typeof r === 'number' ? d3(r) : r)));
}

export function caster(over: Partial<Caster> & { id: string }): Caster {
  return {
    name: over.id,
    attributes: { INT: 14, WIS: 12, DEX: 11, CON: 12 },
    fatigue: { current: 45, starting: 45 },
    body: { current: 30, starting: 30 },
    conscious: true,
    dead: false,
    mana: { pool: 12, current: 12, debt: 0 },
    mastery: {},
    ...over,
  };
}

export function snapshot(...casters: Caster[]): MagicSnapshot {
  return { magic: EMPTY_MAGIC_STATE, casters };
}

export function ctx(turn = 1, rules: Rules = DEFAULT_RULES): MagicContext {
  return { rules, catalogue: DEFAULT_CATALOGUE, turn };
}

export function casterIn(s: MagicSnapshot, id: string): Caster {
  const c = s.casters.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no caster ${id}`);
  return c;
}
