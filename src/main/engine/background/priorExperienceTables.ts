/**
 * Prior experience tables (001 §Prior Experience), transcribed as data. Each skill-table cell
 * keeps the text exactly as printed (`text`) next to the effect the engine applies (`effect`),
 * so a reader can check one against the other.
 */

import type { AttributeName } from '../characters/attributes';

/** The core attributes (001 §Core Attributes), as the characters module names them. */
export type CoreAttributeKey = AttributeName;

/** 001 §Prior Experience: "Characters start at 16 years of age" (RULINGS C7). */
export const STARTING_AGE = 16;

/** Column order of 001 §Survivability and §Prior Experience Skills Table. */
export const TRACKS = ['Army', 'Rangers', 'Navy', 'Officer', 'Random', 'Worker', 'Crafts', 'Merchant'] as const;
export type TrackName = (typeof TRACKS)[number];

// ---------------------------------------------------------------------------------------------
// Aging — 001 §Aging, applied per RULINGS C7 (the Age row counts)

export type AgedAttribute = 'STR' | 'DEX' | 'INT' | 'WIS' | 'CON';

export interface AgingColumn {
  readonly term: number;
  readonly age: number;
  readonly changes: { readonly [K in AgedAttribute]: number };
}

/** 001 §Aging, one entry per printed column. */
export const AGING_TABLE: readonly AgingColumn[] = [
  { term: 4, age: 34, changes: { STR: 0, DEX: 0, INT: 0, WIS: 0, CON: 0 } },
  { term: 5, age: 38, changes: { STR: -1, DEX: -1, INT: 0, WIS: 0, CON: 0 } },
  { term: 6, age: 42, changes: { STR: -1, DEX: -1, INT: 0, WIS: 0, CON: -1 } },
  { term: 7, age: 46, changes: { STR: -1, DEX: -1, INT: 0, WIS: 0, CON: -1 } },
  { term: 8, age: 50, changes: { STR: -1, DEX: -1, INT: 0, WIS: 0, CON: -1 } },
  { term: 9, age: 54, changes: { STR: -1, DEX: -1, INT: 0, WIS: 0, CON: -1 } },
  { term: 10, age: 58, changes: { STR: -1, DEX: -1, INT: 0, WIS: 0, CON: -1 } },
  { term: 11, age: 62, changes: { STR: -1, DEX: -1, INT: 0, WIS: 0, CON: -1 } },
  { term: 12, age: 66, changes: { STR: -1, DEX: -1, INT: 0, WIS: 0, CON: -1 } },
  { term: 13, age: 70, changes: { STR: -2, DEX: -2, INT: -1, WIS: -1, CON: -2 } },
];

// ---------------------------------------------------------------------------------------------
// Survivability — 001 §Survivability: 3d6 must beat the target; STR, DEX, INT, WIS modifiers apply

export type SurvivalTarget = { readonly kind: 'fixed'; readonly target: number } | { readonly kind: 'rolled'; readonly expression: string };

/** 001 §Survivability "Target" row. Random's target is "roll d8". */
export const SURVIVAL_TARGETS: Readonly<Record<TrackName, SurvivalTarget>> = {
  Army: { kind: 'fixed', target: 5 },
  Rangers: { kind: 'fixed', target: 6 },
  Navy: { kind: 'fixed', target: 5 },
  Officer: { kind: 'fixed', target: 5 },
  Random: { kind: 'rolled', expression: '1d8' },
  Worker: { kind: 'fixed', target: 4 },
  Crafts: { kind: 'fixed', target: 3 },
  Merchant: { kind: 'fixed', target: 3 },
};

export const SURVIVAL_DICE = '3d6';
/** 001 §Survivability: "STR, DEX, INT, WIS modifiers apply" (CON and CHR do not). */
export const SURVIVAL_MODIFIERS: readonly CoreAttributeKey[] = ['STR', 'DEX', 'INT', 'WIS'];

// ---------------------------------------------------------------------------------------------
// Skill tracks — 001 §Skill Tracks

/** 001 §Skill Tracks, Merchant: "10+ (poor), 8+ (working), 6+ (above working)". */
export const STANDINGS = ['poor', 'working', 'aboveWorking'] as const;
export type Standing = (typeof STANDINGS)[number];

export type EntryRequirement =
  /** Any character may take the track. */
  | { readonly kind: 'open' }
  /** `expression` + the listed attribute modifiers must reach `target`; `needsBonusIn`: at least one positive modifier. */
  | {
      readonly kind: 'roll';
      readonly expression: string;
      readonly target: number;
      readonly modifiers: readonly CoreAttributeKey[];
      readonly needsBonusIn: readonly CoreAttributeKey[];
    }
  /** Officer: "Must be promoted or Rich". */
  | { readonly kind: 'promotedOrRich' }
  /** Merchant: merchant class enters freely; others roll against a target by standing. */
  | {
      readonly kind: 'merchantClassOrRoll';
      readonly expression: string;
      readonly targets: { readonly [K in Standing]: number };
    };

export type RewardSpec =
  /** `base` MU + `percentileMultiplier` × 1d100 each year (Army, Navy). */
  | { readonly kind: 'basePlusPercentile'; readonly base: number; readonly percentileMultiplier: number }
  /** Rank × `perRank` MU + `percentileMultiplier` × 1d100 each year (Officer). */
  | { readonly kind: 'rankPlusPercentile'; readonly perRank: number; readonly percentileMultiplier: number }
  /** `base` MU + `perLevel` MU per skill/level used (Worker, Crafts). */
  | { readonly kind: 'perSkillLevelUsed'; readonly base: number; readonly perLevel: number }
  /** "Varies (see GM)" (Rangers, Random). */
  | { readonly kind: 'gm' }
  /** The rulebook prints no reward line (Merchant). */
  | { readonly kind: 'unlisted' };

export interface TrackInfo {
  readonly name: TrackName;
  /** The requirement line as printed. */
  readonly requirementText: string;
  readonly entry: EntryRequirement;
  /** The "Provides" line as printed (descriptive; skills come from the skills table). */
  readonly provides: readonly string[];
  /** The "Rewards" line as printed, or null when there is none. */
  readonly rewardText: string | null;
  readonly reward: RewardSpec;
  readonly source: string;
}

const S = '001 §Skill Tracks';

/** 001 §Skill Tracks. */
export const TRACK_INFO: Readonly<Record<TrackName, TrackInfo>> = {
  Army: {
    name: 'Army',
    requirementText: '8+ on 2d6 (+ STR, DEX modifiers)',
    entry: { kind: 'roll', expression: '2d6', target: 8, modifiers: ['STR', 'DEX'], needsBonusIn: [] },
    provides: ['Sword +1 hit', 'Sword +1 parry'],
    rewardText: '100 MU + percentile dice/year',
    reward: { kind: 'basePlusPercentile', base: 100, percentileMultiplier: 1 },
    source: S,
  },
  Navy: {
    name: 'Navy',
    requirementText: '8+ on 2d6 (+ STR, DEX, INT modifiers)',
    entry: { kind: 'roll', expression: '2d6', target: 8, modifiers: ['STR', 'DEX', 'INT'], needsBonusIn: [] },
    provides: ['Cutlass +1 hit', 'Cutlass +1 parry', 'Swimming', 'Coins'],
    rewardText: '110 MU + percentile dice/year',
    reward: { kind: 'basePlusPercentile', base: 110, percentileMultiplier: 1 },
    source: S,
  },
  Officer: {
    name: 'Officer',
    requirementText: 'Must be promoted or Rich',
    entry: { kind: 'promotedOrRich' },
    provides: ['Morale', 'Ken', 'Literacy', 'Weapon hit/parry'],
    rewardText: 'Rank × 100 MU + (percentile × 2)/year',
    reward: { kind: 'rankPlusPercentile', perRank: 100, percentileMultiplier: 2 },
    source: S,
  },
  Rangers: {
    name: 'Rangers',
    requirementText: 'Requires STR, DEX, INT or WIS bonuses; 8+ on 2d6',
    entry: { kind: 'roll', expression: '2d6', target: 8, modifiers: [], needsBonusIn: ['STR', 'DEX', 'INT', 'WIS'] },
    provides: ['Weapon hit/parry', 'Tracking', 'Wood lore', 'Ken', 'Literacy'],
    rewardText: 'Varies (see GM)',
    reward: { kind: 'gm' },
    source: S,
  },
  Random: {
    name: 'Random',
    requirementText: 'Any character',
    entry: { kind: 'open' },
    provides: ['Random skills', 'Swimming'],
    rewardText: 'Varies (see GM)',
    reward: { kind: 'gm' },
    source: S,
  },
  Worker: {
    name: 'Worker',
    requirementText: 'Any character',
    entry: { kind: 'open' },
    provides: ['Laborer (additional if poor/working class)'],
    rewardText: '100 MU + 10 MU per skill/level used',
    reward: { kind: 'perSkillLevelUsed', base: 100, perLevel: 10 },
    source: S,
  },
  Crafts: {
    name: 'Crafts',
    requirementText: 'Covers traditional crafts, academic, medical, scientific/magical pursuits',
    entry: { kind: 'open' },
    provides: ['Laborer', 'Literacy'],
    rewardText: '100 MU + 50 MU per skill/level used',
    reward: { kind: 'perSkillLevelUsed', base: 100, perLevel: 50 },
    source: S,
  },
  Merchant: {
    name: 'Merchant',
    requirementText: 'Must be merchant class, or roll: 10+ (poor), 8+ (working), 6+ (above working)',
    entry: { kind: 'merchantClassOrRoll', expression: '2d6', targets: { poor: 10, working: 8, aboveWorking: 6 } },
    provides: ['Coins', 'Literacy'],
    rewardText: null,
    reward: { kind: 'unlisted' },
    source: S,
  },
};

/** 001 §Skill Tracks, Crafts: "Roll 1d6 or choose craft type". */
export const CRAFT_TYPES = [
  { roll: 1, name: 'Smith', detail: 'armorer/weapon smith' },
  { roll: 2, name: 'Agriculture', detail: null },
  { roll: 3, name: 'Tailor', detail: null },
  { roll: 4, name: 'Science', detail: 'maps/logistics/accounting, potions/meds, physics, builder' },
  { roll: 5, name: 'Medical', detail: null },
  { roll: 6, name: 'Magic', detail: null },
] as const;
export type CraftType = (typeof CRAFT_TYPES)[number]['name'];
export const CRAFT_TYPE_DICE = '1d6';

// ---------------------------------------------------------------------------------------------
// Prior Experience Skills Table — 001 §Prior Experience Skills Table, 1d12 per year

export const SKILL_DICE = '1d12';

export type SkillEffect =
  /** Gain each named skill (or +1 toward its next level when already held). */
  | { readonly kind: 'skills'; readonly skills: readonly string[] }
  /** A printed attribute name (`STR`) raises it by 1; `−1 STR` lowers it by 1. */
  | { readonly kind: 'attribute'; readonly attribute: CoreAttributeKey; readonly delta: number }
  /** "Field Promotion", "Promotion": rank + 1. */
  | { readonly kind: 'promotion' }
  /** "Ranger Skill", "Officer Skill", "Merchant Skill", "Crafts Skill", "Random": roll 1d12 on that column. */
  | { readonly kind: 'rollOn'; readonly track: TrackName }
  /** "Talent": one talent, picked with the GM. */
  | { readonly kind: 'talent' };

export interface SkillCell {
  /** The cell exactly as printed. */
  readonly text: string;
  readonly effect: SkillEffect;
}

const sk = (text: string, ...skills: string[]): SkillCell => ({
  text,
  effect: { kind: 'skills', skills: skills.length > 0 ? skills : [text] },
});
const up = (text: string, attribute: CoreAttributeKey): SkillCell => ({
  text,
  effect: { kind: 'attribute', attribute, delta: 1 },
});
const down = (text: string, attribute: CoreAttributeKey): SkillCell => ({
  text,
  effect: { kind: 'attribute', attribute, delta: -1 },
});
const on = (text: string, track: TrackName): SkillCell => ({ text, effect: { kind: 'rollOn', track } });
const promotion = (text: string): SkillCell => ({ text, effect: { kind: 'promotion' } });
const talent = (text: string): SkillCell => ({ text, effect: { kind: 'talent' } });

/**
 * 001 §Prior Experience Skills Table: for each track, rows 1–12 in order (index = roll − 1).
 * Skill names are normalised where the table spells one skill two ways ("Wood lore" / "Wood Lore",
 * "Course / Path" / "Course/Path", "weather" / "Weather") so repeats count toward the next level.
 */
export const SKILLS_TABLE: Readonly<Record<TrackName, readonly SkillCell[]>> = {
  Army: [
    sk('Sword'),
    sk('Archery'),
    sk('Morale'),
    sk('Running'),
    sk('Literacy'),
    sk('Medic'),
    sk('Climbing'),
    up('STR', 'STR'),
    up('DEX', 'DEX'),
    sk('Medic'),
    on('Ranger Skill', 'Rangers'),
    promotion('Field Promotion'),
  ],
  Rangers: [
    sk('Sword'),
    sk('Archery'),
    sk('Archery'),
    sk('Tracking'),
    sk('Course / Path', 'Course/Path'),
    sk('Wood lore', 'Wood Lore'),
    sk('Medic & Herb Lore'),
    up('STR', 'STR'),
    up('DEX', 'DEX'),
    up('INT', 'INT'),
    sk('Stealth, weather, wood lore', 'Stealth', 'Weather', 'Wood Lore'),
    talent('Talent'),
  ],
  Navy: [
    sk('Cutlass'),
    sk('Sailing'),
    sk('Ropes & climbing', 'Ropes & Climbing'),
    sk('Swimming'),
    sk('Medic'),
    sk('Weather'),
    sk('Literacy'),
    up('STR', 'STR'),
    up('DEX', 'DEX'),
    up('INT', 'INT'),
    on('Officer Skill', 'Officer'),
    promotion('Field Promotion'),
  ],
  Officer: [
    sk('Morale'),
    sk('Morale'),
    sk('Tactics'),
    sk('Tactics'),
    sk('Logistics'),
    sk('Medic'),
    sk('Persuade'),
    up('STR', 'STR'),
    up('DEX', 'DEX'),
    up('INT', 'INT'),
    promotion('Promotion'),
    on('Random', 'Random'),
  ],
  Random: [
    sk('Climbing & Running'),
    sk('Medic'),
    sk('Stealth'),
    down('−1 STR', 'STR'),
    down('−1 DEX', 'DEX'),
    sk('Persuade'),
    sk('Potions/Herbs'),
    up('STR', 'STR'),
    up('DEX', 'DEX'),
    on('Crafts Skill', 'Crafts'),
    sk('Jack of All Trades'),
    on('Random', 'Random'),
  ],
  Worker: [
    sk('Laborer (STR, DEX)', 'Laborer'),
    sk('Morale'),
    sk('Growing'),
    sk('Wood Lore'),
    sk('Portage'),
    sk('Builder'),
    sk('Mining'),
    up('STR', 'STR'),
    up('DEX', 'DEX'),
    up('INT', 'INT'),
    on('Random', 'Random'),
    on('Crafts skill', 'Crafts'),
  ],
  Crafts: [
    sk('Smith'),
    sk('Smith'),
    sk('Builder'),
    sk('Arts & Crafts'),
    sk('Potions/Herbs'),
    sk('Medic'),
    sk('Literacy'),
    up('STR', 'STR'),
    up('DEX', 'DEX'),
    up('INT', 'INT'),
    on('Merchant Skill', 'Merchant'),
    sk('Jack of All Trades'),
  ],
  Merchant: [
    sk('Coins'),
    sk('Literacy'),
    sk('Persuade'),
    sk('Persuade'),
    sk('Weather, Course/Path', 'Weather', 'Course/Path'),
    sk('Ken'),
    sk('Ken'),
    down('−1 STR', 'STR'),
    down('−1 DEX', 'DEX'),
    talent('Talent'),
    on('Random', 'Random'),
    sk('Jack of All Trades'),
  ],
};

/** How many "roll on another column" links one skill roll may follow before the engine gives up. */
export const MAX_SKILL_REDIRECTS = 50;
