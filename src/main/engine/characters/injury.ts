import { line } from '../explain';
import type { BreakdownLine, Explained } from '../explain';
import type { PoolLevel } from './pools';

/**
 * Injury bands (001 §Injury Thresholds & Death, RULINGS C4), from least to most hurt:
 * - `none`: above half the starting value, or above 5 and not yet at half
 * - `half`: at or below half the starting value but above 5: −1 to all rolls
 * - `low`: 1 to 5: −2 to all rolls
 * - `down`: 0 or less: Fatigue → unconscious, Body → semi-conscious
 *
 * Decisions: a pool at 1–5 is `low` even if that is above half its starting value (only possible
 * for starting values under 10, which 001's creation cannot produce). A pool at 0 or less keeps
 * the −2 of the band above it: 001 and C4 name no penalty there and being hurt worse never
 * lightens the penalty; it matters for a semi-conscious figure's limited actions.
 */
export type InjuryBand = 'none' | 'half' | 'low' | 'down';

const BAND_ORDER: readonly InjuryBand[] = ['none', 'half', 'low', 'down'];

/** The penalty to all rolls for each band (001 §Injury Thresholds & Death, RULINGS C4). */
export const INJURY_BAND_PENALTY: Readonly<Record<InjuryBand, number>> = {
  none: 0,
  half: -1, // 001 table: down to ½ (but above 5)
  low: -2, // 001 table: between 1 and 5
  down: -2, // decision above: no lighter than `low`
};

export interface PoolsNow {
  readonly fatigue: PoolLevel;
  readonly body: PoolLevel;
}

export interface InjuryState {
  /** 0, −1 or −2: added to all rolls. */
  readonly penalty: number;
  /** The worse of the two pools' bands (RULINGS C4). */
  readonly band: InjuryBand;
  /** Which pool set the penalty (Fatigue when both are in the same band). */
  readonly worsePool: 'fatigue' | 'body';
  readonly fatigueBand: InjuryBand;
  readonly bodyBand: InjuryBand;
  /** Fatigue at 0 or less (001 §Fatigue Points; RULINGS C4). */
  readonly unconscious: boolean;
  /** Body at 0 or less: limited actions, the GM decides which (001 §Body Points; RULINGS C4). */
  readonly semiConscious: boolean;
  readonly explained: Explained<number>;
}

export function checkPoolLevel(name: string, pool: PoolLevel): void {
  if (!Number.isInteger(pool.starting) || pool.starting < 1) {
    throw new RangeError(`${name} starting value must be a whole number 1 or more (got ${pool.starting}).`);
  }
  if (!Number.isInteger(pool.current)) {
    throw new RangeError(`${name} current value must be a whole number (got ${pool.current}).`);
  }
}

/** The band of one pool (001 §Injury Thresholds & Death, RULINGS C4). */
export function injuryBand(pool: PoolLevel): InjuryBand {
  checkPoolLevel('Pool', pool);
  const { current, starting } = pool;
  if (current <= 0) return 'down'; // 001 table: 0
  if (current <= 5) return 'low'; // 001 table: between 1 and 5
  if (2 * current <= starting) return 'half'; // 001 table: down to ½ (but above 5)
  return 'none';
}

const BAND_TEXT: Readonly<Record<InjuryBand, string>> = {
  none: 'above half',
  half: 'at or below half, above 5',
  low: '1 to 5',
  down: '0 or less',
};

/** The injury penalty and states from both pools; the worse pool counts (RULINGS C4). */
export function injuryPenalty(pools: PoolsNow): InjuryState {
  checkPoolLevel('Fatigue', pools.fatigue);
  checkPoolLevel('Body', pools.body);
  const fatigueBand = injuryBand(pools.fatigue);
  const bodyBand = injuryBand(pools.body);
  const worsePool = BAND_ORDER.indexOf(bodyBand) > BAND_ORDER.indexOf(fatigueBand) ? 'body' : 'fatigue';
  const band = worsePool === 'body' ? bodyBand : fatigueBand;
  const penalty = INJURY_BAND_PENALTY[band];
  const source = '001 §Injury Thresholds & Death; RULINGS C4';
  const describe = (name: string, p: PoolLevel, b: InjuryBand): string => `${name} ${p.current}/${p.starting} (${BAND_TEXT[b]})`;
  const breakdown: BreakdownLine[] =
    worsePool === 'fatigue'
      ? [
          line(describe('Fatigue', pools.fatigue, fatigueBand), penalty, source),
          line(`${describe('Body', pools.body, bodyBand)}, not counted: the worse pool applies`, 0, source),
        ]
      : [
          line(`${describe('Fatigue', pools.fatigue, fatigueBand)}, not counted: the worse pool applies`, 0, source),
          line(describe('Body', pools.body, bodyBand), penalty, source),
        ];
  return {
    penalty,
    band,
    worsePool,
    fatigueBand,
    bodyBand,
    unconscious: pools.fatigue.current <= 0,
    semiConscious: pools.body.current <= 0,
    explained: { value: penalty, breakdown },
  };
}
