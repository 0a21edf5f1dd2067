import { explainSum, line } from '../explain';
import type { Explained } from '../explain';
import type { Dice, Roll } from '../dice/types';
import type { Attributes } from './attributes';

/** A pool's maximum (*starting*) and its value now (RULINGS C3). */
export interface PoolLevel {
  readonly current: number;
  readonly starting: number;
}

export interface DerivedPools {
  /** Starting Fatigue with its breakdown. */
  readonly fatigue: Explained<number>;
  /** Starting Body with its breakdown. */
  readonly body: Explained<number>;
  /** The 2d6 rolled once at creation, to be stored with the character (RULINGS C3). */
  readonly roll: Roll;
}

/**
 * Fatigue and Body from the attributes and the creation 2d6 (001 §Derived Pools, RULINGS C3):
 * Fatigue = CON + WIS + INT + max(DEX, STR) + 2d6; Body = ceil(2/3 × Fatigue).
 */
export function poolsFromRoll(attrs: Attributes, roll: Roll): Omit<DerivedPools, 'roll'> {
  const higher = attrs.DEX >= attrs.STR ? 'DEX' : 'STR';
  const fatigue = explainSum([
    line('CON', attrs.CON, '001 §Derived Pools'),
    line('WIS', attrs.WIS, '001 §Derived Pools'),
    line('INT', attrs.INT, '001 §Derived Pools'),
    line(`${higher} (higher of DEX and STR)`, attrs[higher], '001 §Derived Pools'),
    line(`2d6 at creation [${roll.faces.join(', ')}]`, roll.total, '001 §Derived Pools; RULINGS C3'),
  ]);
  return { fatigue, body: bodyFromFatigue(fatigue.value) };
}

/** Body = 2/3 × Fatigue, rounded up (001 §Derived Pools, RULINGS C3). */
export function bodyFromFatigue(fatigue: number): Explained<number> {
  if (!Number.isInteger(fatigue)) throw new RangeError(`Fatigue must be a whole number (got ${fatigue}).`);
  const body = Math.ceil((2 * fatigue) / 3);
  return { value: body, breakdown: [line(`2/3 of Fatigue ${fatigue}, rounded up`, body, '001 §Derived Pools; RULINGS C3')] };
}

/** Rolls the creation 2d6 once and derives both pools (RULINGS C3). */
export function derivePools(attrs: Attributes, dice: Dice): DerivedPools {
  const roll = dice.roll('2d6', 'creation: Fatigue 2d6'); // 001 §Derived Pools
  return { ...poolsFromRoll(attrs, roll), roll };
}

/** RULINGS C8: the default mana-pool roll (a campaign setting). */
export const MANA_POOL_DEFAULT_DICE = '3d6';

export type ManaPoolSource = { readonly kind: 'roll'; readonly dice: Dice; readonly notation?: string } | { readonly kind: 'gm'; readonly value: number };

export interface ManaPool extends Explained<number> {
  /** The roll, or null when the GM typed the value. */
  readonly roll: Roll | null;
}

/**
 * The starting mana pool (RULINGS C8; 001 gives no formula): rolled (default 3d6, a setting)
 * or a value the GM types.
 *
 * SECRET (RULINGS C8): the mana pool is shown only in GM views and must never leave the main
 * process toward a player view. Callers must keep it out of anything sent to players.
 */
export function manaPool(source: ManaPoolSource): ManaPool {
  if (source.kind === 'gm') {
    if (!Number.isInteger(source.value) || source.value < 0) {
      throw new RangeError(`Mana pool must be a whole number 0 or more (got ${source.value}).`);
    }
    return { value: source.value, breakdown: [line('set by the GM', source.value, 'RULINGS C8')], roll: null };
  }
  const notation = source.notation ?? MANA_POOL_DEFAULT_DICE;
  const roll = source.dice.roll(notation, 'creation: mana pool');
  return {
    value: roll.total,
    breakdown: [line(`${roll.notation} [${roll.faces.join(', ')}]`, roll.total, 'RULINGS C8')],
    roll,
  };
}
