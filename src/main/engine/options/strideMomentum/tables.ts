/**
 * Stride & momentum's numbers (RULINGS O3; 002 §Movement (stride), §Sprinting, §Charging,
 * §Attacks of Opportunity, §Assigning Movement), as data.
 */

export type StrideBand = 'wary' | 'walking' | 'running' | 'sprinting';

/** 002 §Movement (stride): Stride | Hexes/AP. */
export const STRIDE_BANDS: readonly { readonly band: StrideBand; readonly name: string; readonly from: number; readonly to: number; readonly text: string }[] =
  [
    { band: 'wary', name: 'Wary', from: 1, to: 1, text: '1' },
    { band: 'walking', name: 'Walking', from: 2, to: 3, text: '2-3' },
    { band: 'running', name: 'Running', from: 4, to: 5, text: '4-5' },
    { band: 'sprinting', name: 'Sprinting', from: 6, to: 8, text: '6-8' },
  ];

export const MAX_STRIDE = 8;

export const STRIDE = {
  /** 002 §Assigning Movement: every humanoid has 5 action points. */
  humanoidActionPoints: 5,
  /** 002 §Sprinting: at most +6 stride per AP over the current momentum (unless proficient in running). */
  maxSpeedUpPerAp: 6,
  /** 002 §Sprinting: slowing by more than 4 per AP risks a tumble. */
  maxSafeSlowDownPerAp: 4,
  /** 002 §Sprinting: the DEX check to keep one's feet takes −4. */
  tumbleCheckPenalty: -4,
  /** 002 §Sprinting: a tumble does 1d4 and stops the figure in the next hex. */
  tumbleDamage: '1d4',
  /** 002 §Charging: a collision does 1d6 to each, whatever the speed. */
  collisionDamage: '1d6',
  /** 002 §Charging: the pass-by charge needs stride 4 or more. */
  passByMinStride: 4,
  /** 002 §Charging: any charge: +2 to the attacker's attack roll, +1 to the defender's. */
  chargeAttackerBonus: 2,
  chargeDefenderBonus: 1,
  /** 002 §Attacks of Opportunity: triggered by engaging at stride 3 or more. */
  opportunityMinStride: 3,
  /** 002 §Assigning Movement: +1 to hit against an ambling monster. */
  amblingOpportunityBonus: 1,
  source: '002; RULINGS O3',
} as const;

/** 002 §Sprinting: a crash's damage by the stride at impact. */
export const CRASH_DAMAGE: readonly { readonly upToStride: number; readonly dice: string; readonly text: string }[] = [
  { upToStride: 6, dice: '1d6', text: 'stride-6 or less' },
  { upToStride: 7, dice: '1d8', text: 'stride-7' },
  { upToStride: 8, dice: '1d10', text: 'stride-8' },
];

/** 002 §Assigning Movement: a monster's three paces and the human stride band each matches. */
export type MonsterPace = 'feeding' | 'ambling' | 'strike';

export const MONSTER_PACES: readonly { readonly pace: MonsterPace; readonly name: string; readonly band: StrideBand | 'top'; readonly text: string }[] = [
  { pace: 'feeding', name: 'Feeding', band: 'wary', text: 'conforms to a wary stride' },
  { pace: 'ambling', name: 'Ambling', band: 'walking', text: 'conforms to walking' },
  { pace: 'strike', name: 'Strike/flee', band: 'top', text: "the creature's top speed" },
];
