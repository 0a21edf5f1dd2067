import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { SpellMapEffect } from '../../../shared/mapEffects';
import { SpellMapEffectSchema } from '../../../shared/contract/schemas';

/**
 * The spell catalogue (001 §Schools of Magic, §Spell Lists; RULINGS S9).
 *
 * Decisions where 001 is silent or ambiguous (RULINGS S9 makes the per-spell fields GM-editable):
 * - A list entry "A, B, C" at one level is several spells of that level, each its own skill.
 *   The same name in two schools is two spells (`passage-detect-magic`, `protection-detect-magic`;
 *   `elemental-shield`, `protection-shield`): a skill belongs to its school.
 * - A name followed by a parenthesised list of effects is ONE spell with variants, chosen when it
 *   is cast: "Effect Mental State/Senses (Sleep, Confusion, …)", "Force (Paralyze, …, etc.)" (the
 *   "etc." lets the GM type another variant). The elemental school's five elements are the
 *   variants of each elemental spell. "(including Blur)" and "(including Transparency)" are
 *   notes: the spell can also produce that effect; they are not variants to choose.
 * - "Web/Joining" is one spell with two names.
 * - Counter and Arcane/True Magic are schools in 001 with no spell list: they are in the
 *   catalogue with no spells.
 * - Defaults (every one editable per campaign, RULINGS S9): casting attribute INT (RULINGS S1);
 *   renewal cost 1 (RULINGS S2); continuing for spells whose effect lasts (shields, barriers,
 *   light, flight, illusions, weather, mind effects); must-hit for the elemental Missile, Ball and
 *   Bolt (missile spells, adjDEX by megahex) and for the Control spells aimed at one figure —
 *   Wound, Fatigue, Effect Mental State/Senses, Effect Senses, Force (thrown spells, −1 per hex).
 */

export const SCHOOL_IDS = ['elemental', 'passage', 'protection', 'mending', 'weather', 'counter', 'arcane', 'control'] as const;
export type SchoolId = (typeof SCHOOL_IDS)[number];

export type SchoolRarity = 'common' | 'less-common';

export interface RarityBand {
  readonly rarity: SchoolRarity;
  /** Percentile band, inclusive (001 §Schools of Magic: 0–70 %, 71–100 %). */
  readonly from: number;
  readonly to: number;
}

/** 001 §Schools of Magic, transcribed. */
export const RARITY_BANDS: Readonly<Record<SchoolRarity, RarityBand>> = {
  common: { rarity: 'common', from: 0, to: 70 },
  'less-common': { rarity: 'less-common', from: 71, to: 100 },
};

/** Which band a percentile (0–100) falls in (001 §Schools of Magic). */
export function rarityOfPercentile(percent: number): SchoolRarity {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`A percentile must be a whole number from 0 to 100 (got ${percent}).`);
  }
  return percent <= RARITY_BANDS.common.to ? 'common' : 'less-common';
}

export interface School {
  readonly id: SchoolId;
  readonly name: string;
  readonly rarity: SchoolRarity;
  readonly band: RarityBand;
  /** 001 names the elemental school's elements; empty for the others. */
  readonly elements: readonly string[];
  readonly source: string;
}

const SCHOOL_SOURCE = '001 §Schools of Magic';

function school(id: SchoolId, name: string, rarity: SchoolRarity, elements: readonly string[] = []): School {
  return { id, name, rarity, band: RARITY_BANDS[rarity], elements, source: SCHOOL_SOURCE };
}

export const ELEMENTS = ['water', 'fire', 'lightning', 'earth', 'wind'] as const;

/** 001 §Schools of Magic, in the book's order. */
export const SCHOOLS: readonly School[] = [
  school('elemental', 'Elemental', 'common', ELEMENTS),
  school('passage', 'Passage', 'common'),
  school('protection', 'Protection', 'common'),
  school('mending', 'Mending', 'common'),
  school('weather', 'Weather', 'less-common'),
  school('counter', 'Counter', 'less-common'),
  school('arcane', 'Arcane/True Magic', 'less-common'),
  school('control', 'Control', 'less-common'),
];

export type CastingAttribute = 'INT' | 'WIS';
/** Missile spells take the missile range modifier by megahex, thrown spells −1 per hex (RULINGS A2). */
export type SpellRangeKind = 'missile' | 'thrown';

/** The fields a campaign may edit per spell (RULINGS S9). */
export interface SpellFields {
  readonly castingAttribute: CastingAttribute;
  readonly continuing: boolean;
  /** Mana per turn to keep a continuing spell (RULINGS S2). */
  readonly renewalCost: number;
  readonly mustHit: boolean;
  /** Used when `mustHit`. */
  readonly rangeKind: SpellRangeKind;
  /**
   * What the spell does to the map while it lasts, aimed at a hex (engine/map/effectiveMap.ts).
   * 001 gives no spell an effect, so every default is null; the campaign writes its own.
   */
  readonly effect: SpellMapEffect | null;
}

export interface SpellDefinition extends SpellFields {
  /** Stable id: `school-spell` in kebab-case. */
  readonly id: string;
  readonly name: string;
  readonly school: SchoolId;
  readonly level: number;
  /** Effects chosen when casting (see the decisions above); empty when the spell has none. */
  readonly variants: readonly string[];
  /** The list ends in "etc.": the GM may type a variant not listed. */
  readonly openVariants: boolean;
  readonly note: string | null;
  readonly source: string;
}

export function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

interface Entry {
  readonly name: string;
  readonly continuing?: boolean;
  readonly hit?: SpellRangeKind;
  readonly variants?: readonly string[];
  readonly openVariants?: boolean;
  readonly note?: string;
}

function spellsOf(schoolId: SchoolId, levels: readonly (readonly Entry[])[]): SpellDefinition[] {
  return levels.flatMap((entries, i) =>
    entries.map((e) => ({
      id: `${schoolId}-${kebab(e.name)}`,
      name: e.name,
      school: schoolId,
      level: i + 1,
      variants: e.variants ?? [],
      openVariants: e.openVariants ?? false,
      note: e.note ?? null,
      castingAttribute: 'INT' as const, // RULINGS S1 default
      continuing: e.continuing ?? false,
      renewalCost: 1, // RULINGS S2 default
      mustHit: e.hit !== undefined,
      rangeKind: e.hit ?? 'thrown',
      effect: null,
      source: `001 §Spell Lists, ${SCHOOLS.find((s) => s.id === schoolId)?.name ?? schoolId} ${i + 1}; RULINGS S9`,
    })),
  );
}

const EL = { variants: ELEMENTS } as const;

/** 001 §Spell Lists, every school and level, in the book's order. */
export const SPELLS: readonly SpellDefinition[] = [
  ...spellsOf('elemental', [
    [{ name: 'Missile', hit: 'missile', ...EL }],
    [{ name: 'Ball', hit: 'missile', ...EL }],
    [{ name: 'Bolt', hit: 'missile', ...EL }],
    [{ name: 'Shield', continuing: true, ...EL }],
    [{ name: 'Barrier', continuing: true, ...EL }],
    [{ name: 'Elemental', continuing: true, ...EL }],
  ]),
  ...spellsOf('passage', [
    [{ name: 'Detect Magic' }, { name: 'Light', continuing: true }],
    [{ name: 'Knock' }, { name: 'Hold', continuing: true }, { name: 'Blur', continuing: true }],
    [{ name: 'Transparency', continuing: true }, { name: 'Detect Invisibility' }, { name: 'Lock' }],
    [{ name: 'Breathing', continuing: true }],
    [{ name: 'Flying', continuing: true }],
    [{ name: 'Pass Wall', continuing: true }],
    [{ name: 'Shape Change', continuing: true }],
  ]),
  ...spellsOf('protection', [
    [{ name: 'Counter 1' }, { name: 'Shield', continuing: true }, { name: 'Detect Magic' }],
    [{ name: 'Counter 2' }, { name: 'Shield Wall', continuing: true }, { name: 'Knowledge' }],
    [{ name: 'Counter 3' }, { name: 'Minor Protection from Element', continuing: true, ...EL }],
    [{ name: 'Counter 4' }, { name: 'Major Protection from Element', continuing: true, ...EL }],
    [{ name: 'Counter 5' }, { name: 'Encase', continuing: true }],
  ]),
  ...spellsOf('mending', [[{ name: 'Heal' }], [{ name: 'Cure' }], [{ name: 'Web/Joining' }, { name: 'Breaking' }], [{ name: 'Shaping' }]]),
  ...spellsOf('weather', [
    [{ name: 'Detect Weather' }],
    [{ name: 'Wind', continuing: true }, { name: 'Wind Counter' }],
    [{ name: 'Rain', continuing: true }, { name: 'Rain Counter' }],
    [{ name: 'Storm', continuing: true }, { name: 'Storm Counter' }],
  ]),
  ...spellsOf('control', [
    [{ name: 'Persuade Minor' }, { name: 'Calm', continuing: true }, { name: 'Enrage', continuing: true }],
    [
      { name: 'Minor Illusion', continuing: true, note: 'includes Blur' },
      { name: 'Fatigue', hit: 'thrown' },
    ],
    [
      { name: 'Wound', hit: 'thrown' },
      {
        name: 'Effect Mental State/Senses',
        continuing: true,
        hit: 'thrown',
        variants: ['Sleep', 'Confusion', 'Blind', 'Deafen', 'Laugh'],
      },
    ],
    [{ name: 'Persuade Major' }, { name: 'Illusion', continuing: true, note: 'includes Transparency' }],
    [
      { name: 'Major Illusion', continuing: true },
      { name: 'Area Effect', continuing: true },
      { name: 'Effect Senses', continuing: true, hit: 'thrown' },
    ],
    [
      {
        name: 'Force',
        continuing: true,
        hit: 'thrown',
        variants: ['Paralyze', 'Move', 'Breath', 'Run', 'Sleep'],
        openVariants: true,
      },
    ],
  ]),
];

/* ---- Spell mastery (001 §Spell Mastery) ---- */

export type MasteryLevel = 1 | 2 | 3 | 4 | 5;

export interface MasteryRow {
  readonly level: MasteryLevel;
  /** What this level adds, in our words. */
  readonly benefit: string;
  /** Separate skills this level makes available to learn. */
  readonly unlocksSkill: 'protection' | 'halt' | 'reflect' | null;
}

/** 001 §Spell Mastery, row by row. */
export const MASTERY_TABLE: readonly MasteryRow[] = [
  { level: 1, benefit: 'may cast the spell', unlocksSkill: null },
  { level: 2, benefit: 'no hand gestures needed', unlocksSkill: null },
  { level: 3, benefit: 'no spoken incantation needed', unlocksSkill: 'protection' },
  { level: 4, benefit: 'costs less mana', unlocksSkill: 'halt' },
  { level: 5, benefit: 'costs still less mana', unlocksSkill: 'reflect' },
];

export interface MasteryBenefits {
  readonly level: number;
  readonly canCast: boolean;
  readonly noGestures: boolean;
  readonly noIncantation: boolean;
  /** Whether the cost is reduced (the amount is the campaign's RULINGS S1 setting). */
  readonly reducedCost: boolean;
  /** Separate skills unlocked: protection from, halt, reflect the same spell. */
  readonly unlockedSkills: readonly ('protection' | 'halt' | 'reflect')[];
  readonly source: string;
}

/** Everything mastery `level` (0 = not known, 1–5) gives, cumulatively (001 §Spell Mastery). */
export function masteryBenefits(level: number): MasteryBenefits {
  if (!Number.isInteger(level) || level < 0 || level > 5) {
    throw new RangeError(`Spell mastery is a whole number from 0 to 5 (got ${level}).`);
  }
  const rows = MASTERY_TABLE.filter((r) => r.level <= level);
  return {
    level,
    canCast: level >= 1,
    noGestures: level >= 2,
    noIncantation: level >= 3,
    reducedCost: level >= 4,
    unlockedSkills: rows.flatMap((r) => (r.unlocksSkill === null ? [] : [r.unlocksSkill])),
    source: '001 §Spell Mastery',
  };
}

/* ---- The catalogue with a campaign's edits (RULINGS S9) ---- */

export interface Catalogue {
  readonly schools: readonly School[];
  readonly spells: readonly SpellDefinition[];
  readonly byId: ReadonlyMap<string, SpellDefinition>;
}

export const SpellEditSchema = z
  .object({
    castingAttribute: z.enum(['INT', 'WIS']).optional(),
    continuing: z.boolean().optional(),
    renewalCost: z.number().int().min(0).max(20).optional(),
    mustHit: z.boolean().optional(),
    rangeKind: z.enum(['missile', 'thrown']).optional(),
    effect: SpellMapEffectSchema.nullable().optional(),
  })
  .strict();
export type SpellEdit = z.infer<typeof SpellEditSchema>;

export const SpellEditsSchema = z.record(z.string(), SpellEditSchema);
export type SpellEdits = Readonly<Record<string, SpellEdit>>;

function build(spells: readonly SpellDefinition[]): Catalogue {
  return { schools: SCHOOLS, spells, byId: new Map(spells.map((s) => [s.id, s])) };
}

/** 001's catalogue with the defaults above. */
export const DEFAULT_CATALOGUE: Catalogue = build(SPELLS);

/**
 * The catalogue with a campaign's per-spell edits applied (RULINGS S9). Every edit is checked:
 * an unknown spell id, an unknown field or an out-of-range value is refused with a message that
 * names the spell and the field; nothing is half-applied.
 */
export function catalogueWithEdits(edits: unknown): Catalogue {
  const parsed = SpellEditsSchema.safeParse(edits ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.map(String).join('.') : '';
    throw new AppError('invalid-args', `Spell edits are not valid${where ? ` at ${where}` : ''}: ${issue?.message ?? 'unreadable'}.`);
  }
  const unknown = Object.keys(parsed.data).filter((id) => !DEFAULT_CATALOGUE.byId.has(id));
  if (unknown.length > 0) {
    throw new AppError('invalid-args', `Spell edits name spells that are not in the catalogue: ${unknown.join(', ')}.`);
  }
  const spells = SPELLS.map((s) => {
    const edit = parsed.data[s.id];
    if (edit === undefined) return s;
    const next: SpellDefinition = { ...s };
    return Object.assign(next, Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined))) as SpellDefinition;
  });
  // A map effect lasts while the spell does (engine/map/effectiveMap.ts): a spell that ends as it
  // is cast has nothing to keep it (console's choice, so no effect is set that could never show).
  const brief = spells.filter((s) => s.effect !== null && !s.continuing);
  if (brief.length > 0) {
    throw new AppError(
      'invalid-args',
      `A map effect lasts while its spell does: make ${brief.map((s) => s.name).join(', ')} continuing, or take the effect off.`,
    );
  }
  return build(spells);
}

export function spellById(catalogue: Catalogue, id: string): SpellDefinition {
  const spell = catalogue.byId.get(id);
  if (spell === undefined) throw new AppError('not-found', `There is no spell "${id}" in the catalogue.`);
  return spell;
}
