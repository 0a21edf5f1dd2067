/** The shapes of prior experience (001 §Prior Experience): the character going in, the state year by year, a year's choice and result. */
import type { Attributes } from '../characters/attributes';
import type { Step } from './background';
import type { CraftType, Standing, TrackName } from './priorExperienceTables';
import type { SocialClass, WealthLevel } from './tables';

/** A skill held: its level and the points gathered toward the next one (001 §Prior Experience Skills Table). */
export interface SkillProgress {
  readonly level: number;
  readonly towardNext: number;
}

export interface PriorExperienceCharacter {
  readonly attributes: Attributes;
  readonly socialClass: SocialClass;
  readonly wealth: WealthLevel;
  /** Standing for the Merchant entry roll; default from wealth (see `standingFromWealth`). */
  readonly standing?: Standing;
  /** Skills already held (e.g. from location), by name. */
  readonly skills?: Readonly<Record<string, SkillProgress>>;
}

export interface PriorExperienceState {
  readonly status: 'alive' | 'dead';
  readonly age: number;
  /** Years of prior experience completed. */
  readonly years: number;
  readonly attributes: Attributes;
  readonly socialClass: SocialClass;
  readonly wealth: WealthLevel;
  readonly standing: Standing;
  readonly skills: Readonly<Record<string, SkillProgress>>;
  /** Talents won and not yet picked with the GM. */
  readonly talents: number;
  /** Promotions gained ("Field Promotion", "Promotion"). */
  readonly rank: number;
  /** Track of the last completed year (null before the first). */
  readonly track: TrackName | null;
  readonly craftType: CraftType | null;
  /** MU earned from track rewards. */
  readonly coins: number;
  /** Ages of the Aging table whose column has been applied (RULINGS C7: once each). */
  readonly agingApplied: readonly number[];
  /** Tracks whose entry roll failed this year (cleared when a year is served). */
  readonly barredThisYear: readonly TrackName[];
  readonly death: { readonly age: number; readonly track: TrackName } | null;
}

export interface YearChoice {
  readonly track: TrackName;
  /** Crafts only, when entering the track: choose the craft type or roll 1d6 (default roll). */
  readonly craftType?: CraftType | 'roll';
  /** Worker and Crafts reward: how many skills/levels were used this year (default 0). */
  readonly skillLevelsUsed?: number;
  /** Rangers, Random (and Merchant, which lists no reward): the GM's amount in MU (default 0). */
  readonly gmReward?: number;
}

export type YearOutcome = 'served' | 'entryFailed' | 'died';

export interface YearResult {
  readonly state: PriorExperienceState;
  readonly steps: readonly Step[];
  readonly outcome: YearOutcome;
}

export type Eligibility = { readonly ok: true } | { readonly ok: false; readonly reason: string };
