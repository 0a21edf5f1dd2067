import { z } from 'zod';

/**
 * The stress die of declared intent (RULINGS O4 setting; 003 §1 Movement names the die, not how
 * it rolls): one die of `sides` faces; on `explodeOn` it is rolled again and the new face counts
 * double (×4, ×8 … on further explosions); `explodeOn: null` is a plain die.
 */
export const StressDieSchema = z
  .object({
    sides: z.number().int().min(2).max(100),
    explodeOn: z.number().int().min(1).max(100).nullable(),
  })
  .strict()
  .refine((s) => s.explodeOn === null || s.explodeOn <= s.sides, 'the exploding face must be a face of the die');

export type StressDie = z.infer<typeof StressDieSchema>;

export const DEFAULT_STRESS_DIE: StressDie = { sides: 10, explodeOn: 1 };

/** The options' own settings (RULINGS O1–O4), stored with the rules. */
export const OptionSettingsSchema = z
  .object({
    /** RULINGS O4 (setting): the stress die of declared intent. */
    declaredIntent: z.object({ stressDie: StressDieSchema }).strict(),
  })
  .strict();

export type OptionSettings = z.infer<typeof OptionSettingsSchema>;

export const DEFAULT_OPTION_SETTINGS: OptionSettings = { declaredIntent: { stressDie: DEFAULT_STRESS_DIE } };

/**
 * The GM's edits to the spell catalogue, by spell id then field (RULINGS S9). Stored with the
 * rules, so an encounter keeps the catalogue it started with; the magic engine's
 * `catalogueWithEdits` checks each field when the rules are built.
 */
export const StoredSpellEditsSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

/**
 * The one `Rules` value a campaign chooses (DESIGN §The engine). Rule code asks it; it never
 * branches on a campaign's name. Each setting names the ruling whose default it carries;
 * the settings screen shows that id. The options from the other documents (O1–O4) are values
 * here too, off by default.
 */
export const RulesSchema = z
  .object({
    /** RULINGS C8: how a new character's secret mana pool is rolled. */
    manaPoolDice: z.string().min(1).max(20),
    /** RULINGS M7: hexes of movement it costs to enter broken ground. */
    brokenGroundCost: z.number().int().min(1).max(6),
    /** RULINGS A5: Body lost per turn by a bleeding figure (0 turns bleeding off). */
    bleedingPerTurn: z.number().int().min(0).max(10),
    /** RULINGS A8: heavy blows (004) — Classic only unless the GM turns them on. */
    heavyBlows: z.boolean(),
    /** RULINGS S1: mana discount at mastery 4 and 5 (minimum cost 1). */
    masteryDiscount: z.object({ mastery4: z.number().int().min(0), mastery5: z.number().int().min(0) }).strict(),
    /** RULINGS S3: control-roll penalty per point of push. */
    pushPenaltyPerPoint: z.number().int().min(0).max(5),
    /** RULINGS S3: a failed control roll by this much or more starts Runaway. */
    runawayFailureMargin: z.number().int().min(1).max(18),
    /** RULINGS S6: whether the runaway drain adds the push to the spell's level. */
    runawayDrainIncludesPush: z.boolean(),
    /** RULINGS S5: what a night's rest restores (all mana less Debt, or none). */
    restRegainsAllMana: z.boolean(),
    /** RULINGS O1–O4: optional rule sets from the other documents. */
    options: z
      .object({
        classic: z.boolean(),
        perCharacterInitiative: z.boolean(),
        strideMomentum: z.boolean(),
        declaredIntent: z.boolean(),
      })
      .strict(),
    /** RULINGS O4: the options' own settings (the stress die); absent in files before v3. */
    optionSettings: OptionSettingsSchema.default(() => structuredClone(DEFAULT_OPTION_SETTINGS)),
    /** RULINGS S9: spell catalogue edits the encounter casts with; absent in files before v3. */
    spellEdits: StoredSpellEditsSchema.default(() => ({})),
  })
  .strict();

export type Rules = z.infer<typeof RulesSchema>;

/** Pillars as RULINGS.md settles it, every option off. */
export const DEFAULT_RULES: Rules = {
  manaPoolDice: '3d6',
  brokenGroundCost: 2,
  bleedingPerTurn: 1,
  heavyBlows: false,
  masteryDiscount: { mastery4: 1, mastery5: 2 },
  pushPenaltyPerPoint: 1,
  runawayFailureMargin: 5,
  runawayDrainIncludesPush: true,
  restRegainsAllMana: true,
  options: { classic: false, perCharacterInitiative: false, strideMomentum: false, declaredIntent: false },
  optionSettings: DEFAULT_OPTION_SETTINGS,
  spellEdits: {},
};

/** The ruling each setting carries, for the settings screen and the log. */
export const RULE_SOURCES: Readonly<Record<Exclude<keyof Rules, 'options' | 'optionSettings' | 'spellEdits'>, string>> = {
  manaPoolDice: 'RULINGS C8',
  brokenGroundCost: 'RULINGS M7',
  bleedingPerTurn: 'RULINGS A5',
  heavyBlows: 'RULINGS A8',
  masteryDiscount: 'RULINGS S1',
  pushPenaltyPerPoint: 'RULINGS S3',
  runawayFailureMargin: 'RULINGS S3',
  runawayDrainIncludesPush: 'RULINGS S6',
  restRegainsAllMana: 'RULINGS S5',
};

export { OPTION_SETTING_SOURCES } from './declaredIntent';
