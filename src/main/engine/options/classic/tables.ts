/**
 * The Classic rule set's tables (RULINGS O1; 004 *Combat and Movement Guide*), transcribed as
 * data, each row citing its section. The calculations that read them are in the sibling files.
 */
import { phaseName } from '../../../../shared/phases';

export const DOC_004 = '004';

// ---------------------------------------------------------------------------------------------
// 004 §Core Concepts: Attributes

export type ClassicAttribute = 'ST' | 'DX' | 'IQ' | 'WIS';

export interface ClassicAttributeRow {
  readonly id: ClassicAttribute;
  readonly name: string;
  /** The Governs cell as written. */
  readonly governs: string;
  /** The Pillars attribute a figure's Classic value is kept in (RULINGS O1: one figure, two readings). */
  readonly keptAs: 'STR' | 'DEX' | 'INT' | 'WIS';
  readonly source: string;
}

export const CLASSIC_ATTRIBUTES: readonly ClassicAttributeRow[] = [
  { id: 'ST', name: 'Strength', governs: 'Hit points, fatigue pool, carrying capacity', keptAs: 'STR', source: '004 §Attributes; RULINGS O1' },
  {
    id: 'DX',
    name: 'Dexterity',
    governs: 'Action order, success rolls, base movement, avoiding mishaps',
    keptAs: 'DEX',
    source: '004 §Attributes; RULINGS O1',
  },
  {
    id: 'IQ',
    name: 'Intelligence',
    governs: 'Number of skills/spells known, resistance to mental effects',
    keptAs: 'INT',
    source: '004 §Attributes; RULINGS O1',
  },
  { id: 'WIS', name: 'Wisdom', governs: 'Number of skills/spells known, resistance to mental effects', keptAs: 'WIS', source: '004 §Attributes; RULINGS O1' },
];

// ---------------------------------------------------------------------------------------------
// 004 §Base Movement Allowance: MA = DX − 2 (minimum 4), and its table

export const MA_FROM_DX = { subtract: 2, minimum: 4, source: '004 §Base Movement Allowance; RULINGS O1' } as const;

/** 004 §Base Movement Allowance table (DX | Base MA). */
export const BASE_MA_TABLE: readonly { readonly dx: number; readonly ma: number }[] = [
  { dx: 8, ma: 6 },
  { dx: 9, ma: 7 },
  { dx: 10, ma: 8 },
  { dx: 11, ma: 9 },
  { dx: 12, ma: 10 },
  { dx: 13, ma: 11 },
  { dx: 14, ma: 12 },
];

/** 004 §Quick Reference Summary: Movement Quick Reference (DX | Base MA | Run | Jog). */
export const MOVEMENT_QUICK_REFERENCE: readonly { readonly dx: number; readonly ma: number; readonly run: number; readonly jog: number }[] = [
  { dx: 8, ma: 6, run: 6, jog: 3 },
  { dx: 10, ma: 8, run: 8, jog: 4 },
  { dx: 12, ma: 10, run: 10, jog: 5 },
  { dx: 14, ma: 12, run: 12, jog: 6 },
];

// ---------------------------------------------------------------------------------------------
// 004 §Encumbrance: Load Level | Weight Carried | MA Modifier | Restrictions

export type ClassicLoad = 'unencumbered' | 'light' | 'medium' | 'heavy' | 'overloaded';

/** From least to most strict. */
export type ClassicRestriction = 'none' | 'cannot-run' | 'cannot-run-or-jog' | 'walk-only-1-hex';

export const CLASSIC_RESTRICTION_ORDER: readonly ClassicRestriction[] = ['none', 'cannot-run', 'cannot-run-or-jog', 'walk-only-1-hex'];

export interface ClassicLoadBand {
  readonly level: ClassicLoad;
  readonly name: string;
  readonly weightText: string;
  /** Upper limit as a multiple of ST (lbs); null for Overloaded. */
  readonly upToStTimes: number | null;
  /** MA Modifier; null where the table gives "Walk only, 1 hex max" instead. */
  readonly maModifier: number | null;
  readonly restriction: ClassicRestriction;
  readonly restrictionText: string;
}

export const CLASSIC_ENCUMBRANCE: readonly ClassicLoadBand[] = [
  { level: 'unencumbered', name: 'Unencumbered', weightText: 'Up to ST lbs', upToStTimes: 1, maModifier: 0, restriction: 'none', restrictionText: '—' },
  { level: 'light', name: 'Light', weightText: 'ST+1 to ST×1.5 lbs', upToStTimes: 1.5, maModifier: -1, restriction: 'none', restrictionText: '—' },
  {
    level: 'medium',
    name: 'Medium',
    weightText: 'ST×1.5+1 to ST×2 lbs',
    upToStTimes: 2,
    maModifier: -2,
    restriction: 'cannot-run',
    restrictionText: 'Cannot Run',
  },
  {
    level: 'heavy',
    name: 'Heavy',
    weightText: 'ST×2+1 to ST×2.5 lbs',
    upToStTimes: 2.5,
    maModifier: -4,
    restriction: 'cannot-run-or-jog',
    restrictionText: 'Cannot Run or Jog',
  },
  {
    level: 'overloaded',
    name: 'Overloaded',
    weightText: 'Over ST×2.5 lbs',
    upToStTimes: null,
    maModifier: null,
    restriction: 'walk-only-1-hex',
    restrictionText: 'Walk only, 1 hex max',
  },
];

// ---------------------------------------------------------------------------------------------
// 004 §Movement Speeds: Speed | Distance | Fatigue Cost | Available Actions

export type ClassicGait = 'run' | 'jog' | 'walk' | 'walk-slow' | 'stand-still';

export interface ClassicGaitRow {
  readonly gait: ClassicGait;
  readonly name: string;
  readonly distanceText: string;
  /** How the distance is found: the whole MA, half of it, or a fixed number of hexes. */
  readonly distance: { readonly kind: 'ma' } | { readonly kind: 'half-ma' } | { readonly kind: 'fixed'; readonly hexes: number };
  /** Fatigue per turn in combat. */
  readonly fatiguePerTurn: number;
  readonly fatigueText: string;
  readonly actionsText: string;
  readonly source: string;
}

export const CLASSIC_GAITS: readonly ClassicGaitRow[] = [
  {
    gait: 'run',
    name: 'Run',
    distanceText: 'Full MA',
    distance: { kind: 'ma' },
    fatiguePerTurn: 1,
    fatigueText: '1 per turn',
    actionsText: 'None (movement only)',
    source: '004 §Movement Speeds',
  },
  // 000 charges jogging 1 fatigue per 4 turns; 004 charges none in combat, and 004 comes first (RULINGS G1).
  {
    gait: 'jog',
    name: 'Jog',
    distanceText: 'Half MA',
    distance: { kind: 'half-ma' },
    fatiguePerTurn: 0,
    fatigueText: 'None (combat) / 1 per 10 min (travel)',
    actionsText: 'Charge Attack, Dodge, Drop prone',
    source: '004 §Movement Speeds; RULINGS G1',
  },
  {
    gait: 'walk',
    name: 'Walk',
    distanceText: 'Up to 2 hexes',
    distance: { kind: 'fixed', hexes: 2 },
    fatiguePerTurn: 0,
    fatigueText: 'None',
    actionsText: 'Ready Weapon',
    source: '004 §Movement Speeds',
  },
  // RULINGS M2: the 1-hex slow walk belongs to the Classic rule set.
  {
    gait: 'walk-slow',
    name: 'Walk (slow)',
    distanceText: 'Up to 1 hex',
    distance: { kind: 'fixed', hexes: 1 },
    fatiguePerTurn: 0,
    fatigueText: 'None',
    actionsText: 'Cast Spell, Missile Attack, Disbelieve',
    source: '004 §Movement Speeds; RULINGS M2, O1',
  },
  {
    gait: 'stand-still',
    name: 'Stand Still',
    distanceText: '0',
    distance: { kind: 'fixed', hexes: 0 },
    fatiguePerTurn: 0,
    fatigueText: 'None',
    actionsText: 'Stand Up, Pick Up Weapon',
    source: '004 §Movement Speeds',
  },
];

/** Which gaits each restriction forbids (004 §Encumbrance; 004 §Fatigue: exhausted cannot run). */
export const CLASSIC_RESTRICTION_FORBIDS: Readonly<Record<ClassicRestriction, readonly ClassicGait[]>> = {
  none: [],
  'cannot-run': ['run'],
  'cannot-run-or-jog': ['run', 'jog'],
  'walk-only-1-hex': ['run', 'jog'],
};

// ---------------------------------------------------------------------------------------------
// 004 §Fatigue and §Injury Effects

export const CLASSIC_EXHAUSTION = {
  /** MA halved, rounded down. */
  maDivisor: 2,
  dxPenalty: -2,
  restriction: 'cannot-run' as ClassicRestriction,
  source: '004 §Fatigue (Exhaustion); RULINGS O1',
} as const;

/** 004 §Fatigue: fatigue cost per activity (Fatigue Pool = ST). */
export const CLASSIC_FATIGUE_TABLE: readonly { readonly activity: string; readonly cost: string }[] = [
  { activity: 'Running', cost: '1 per turn' },
  { activity: 'Jogging (combat)', cost: 'None' },
  { activity: 'Jogging (travel)', cost: '1 per 10 minutes' },
  { activity: 'Walking', cost: 'None' },
  { activity: 'Walking (travel)', cost: 'Recover 1 per hour' },
  { activity: 'Resting', cost: 'Recover 1 per 10 minutes' },
];

/** 004 §Injury Effects, the rows that read ST left after damage. */
export const CLASSIC_INJURY = {
  lowStAtMost: 3,
  lowStDxPenalty: -3,
  unconsciousAt: 1,
  deadAtMost: 0,
  source: '004 §Injury Effects; RULINGS O1',
} as const;

/** 004 §Injury Effects: heavy blows by the figure's ST (RULINGS A8). */
export interface HeavyBlowBand {
  readonly text: string;
  readonly fromSt: number;
  /** Inclusive; null = no upper limit. */
  readonly toSt: number | null;
  /** Hits in one turn that give −2 DX next turn. */
  readonly dxPenaltyAt: number;
  /** Hits in one turn that knock the figure down. */
  readonly fallDownAt: number;
}

export const HEAVY_BLOW_BANDS: readonly HeavyBlowBand[] = [
  { text: 'ST under 30', fromSt: Number.NEGATIVE_INFINITY, toSt: 29, dxPenaltyAt: 5, fallDownAt: 8 },
  { text: 'ST 30–49', fromSt: 30, toSt: 49, dxPenaltyAt: 9, fallDownAt: 16 },
  { text: 'ST 50+', fromSt: 50, toSt: null, dxPenaltyAt: 15, fallDownAt: 25 },
];

export const HEAVY_BLOW_DX_PENALTY = -2;
export const HEAVY_BLOW_SOURCE = '004 §Injury Effects; RULINGS A8';

// ---------------------------------------------------------------------------------------------
// 004 §Rolling to Hit: Automatic Results, §Defending and Dodging: 4-Dice Special Results,
// §Roll to Miss

export type ClassicCritical = 'triple' | 'double' | 'auto-hit' | 'miss' | 'drop' | 'break';

export interface ClassicCriticalRow {
  readonly dice: 3 | 4;
  readonly from: number;
  readonly to: number;
  readonly critical: ClassicCritical;
  readonly resultText: string;
}

export const CLASSIC_CRITICALS: readonly ClassicCriticalRow[] = [
  { dice: 3, from: 3, to: 3, critical: 'triple', resultText: 'Automatic hit, triple damage/effect' },
  { dice: 3, from: 4, to: 4, critical: 'double', resultText: 'Automatic hit, double damage/effect' },
  { dice: 3, from: 5, to: 5, critical: 'auto-hit', resultText: 'Automatic hit' },
  { dice: 3, from: 16, to: 16, critical: 'miss', resultText: 'Automatic miss' },
  { dice: 3, from: 17, to: 17, critical: 'drop', resultText: 'Automatic miss, drop weapon' },
  { dice: 3, from: 18, to: 18, critical: 'break', resultText: 'Automatic miss, break weapon' },
  { dice: 4, from: 4, to: 5, critical: 'auto-hit', resultText: 'auto-hit' },
  { dice: 4, from: 20, to: 20, critical: 'miss', resultText: 'auto-miss' },
  { dice: 4, from: 21, to: 22, critical: 'drop', resultText: 'drop weapon' },
  { dice: 4, from: 23, to: 24, critical: 'break', resultText: 'break weapon' },
];

export const CLASSIC_CRITICALS_SOURCE: Readonly<Record<3 | 4, string>> = {
  3: '004 §Rolling to Hit (Automatic Results); RULINGS O1',
  4: '004 §Defending and Dodging (4-Dice Special Results); RULINGS O1',
};

/** 004 §Roll to Miss: the fixed rows; any other roll over adjDX hits the friend for ordinary damage. */
export const CLASSIC_ROLL_TO_MISS: readonly { readonly from: number; readonly to: number; readonly multiplier: 1 | 2 | 3; readonly resultText: string }[] = [
  { from: 14, to: 14, multiplier: 1, resultText: 'Automatic hit' },
  { from: 15, to: 16, multiplier: 2, resultText: 'Double damage hit' },
  { from: 17, to: 18, multiplier: 3, resultText: 'Triple damage hit' },
];

// ---------------------------------------------------------------------------------------------
// 004 §The Turn: Turn Sequence

export const CLASSIC_PHASES: readonly { readonly id: string; readonly name: string; readonly source: string }[] = [
  { id: 'initiative', source: '004 §Turn Sequence (1)' },
  { id: 'renewSpells', source: '004 §Turn Sequence (2)' },
  { id: 'firstMovement', source: '004 §Turn Sequence (3)' },
  { id: 'secondMovement', source: '004 §Turn Sequence (4)' },
  { id: 'actions', source: '004 §Turn Sequence (5)' },
  { id: 'forcedRetreat', source: '004 §Turn Sequence (6)' },
].map((p) => ({ ...p, name: phaseName(p.id) }));

/** 004 §Turn Sequence (1): each side rolls one die. */
export const CLASSIC_INITIATIVE_DIE = '1d6';
