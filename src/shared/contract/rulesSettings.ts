import { z } from 'zod';
import {
  DEFAULT_OPTION_SWITCHES,
  DEFAULT_RULE_SETTINGS,
  RULE_OPTIONS,
  RULE_SETTINGS,
  type OptionSwitches,
  type RuleSettingDescriptor,
  type RuleSettingValues,
} from '../settings/ruleTable';

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

/** The zod check of one declared rule setting (shared/settings/ruleTable.ts). */
function checkOf(setting: RuleSettingDescriptor): z.ZodType {
  switch (setting.kind) {
    case 'int': {
      const n = z.number().int().min(setting.min);
      return setting.max === undefined ? n : n.max(setting.max);
    }
    case 'flag':
      return z.boolean();
    case 'text':
      return z.string().min(1).max(setting.maxLength);
    case 'intPair':
      return z.object(Object.fromEntries(setting.parts.map((p) => [p, z.number().int().min(setting.min)]))).strict();
  }
}

/** Absent from a stored file: the declared default (CONTRIBUTING.md "Stored formats"). */
const orDefault = (check: z.ZodType, value: unknown) => check.default(() => structuredClone(value) as never);

const OptionSwitchesSchema = z.object(Object.fromEntries(RULE_OPTIONS.map((o) => [o.key, orDefault(z.boolean(), false)]))).strict() as unknown as z.ZodType<
  OptionSwitches,
  Partial<OptionSwitches>
>;

/**
 * The one `Rules` value a campaign chooses (DESIGN §The engine). Rule code asks it; it never
 * branches on a campaign's name. The settings and the options (O1–O4, off by default) are
 * declared in shared/settings/ruleTable.ts, each naming the ruling whose default it carries.
 */
export type Rules = RuleSettingValues & {
  /** RULINGS O1–O4: optional rule sets from the other documents. */
  options: OptionSwitches;
  /** RULINGS O4: the options' own settings (the stress die). */
  optionSettings: OptionSettings;
  /** RULINGS S9: spell catalogue edits the encounter casts with. */
  spellEdits: Record<string, Record<string, unknown>>;
};

/** What a stored or sent `Rules` may leave out (each absent part reads as its default). */
export type RulesInput = Partial<Omit<Rules, 'options'>> & { options?: Partial<OptionSwitches> };

export const RulesSchema = z
  .object({
    ...Object.fromEntries(RULE_SETTINGS.map((s: RuleSettingDescriptor) => [s.key, orDefault(checkOf(s), s.default)])),
    options: orDefault(OptionSwitchesSchema, DEFAULT_OPTION_SWITCHES),
    optionSettings: orDefault(OptionSettingsSchema, DEFAULT_OPTION_SETTINGS),
    spellEdits: orDefault(StoredSpellEditsSchema, {}),
  })
  .strict() as unknown as z.ZodType<Rules, RulesInput>;

/** Pillars as RULINGS.md settles it, every option off. */
export const DEFAULT_RULES: Rules = {
  ...DEFAULT_RULE_SETTINGS,
  options: DEFAULT_OPTION_SWITCHES,
  optionSettings: DEFAULT_OPTION_SETTINGS,
  spellEdits: {},
};

export { RULE_SOURCES, OPTION_SOURCES } from '../settings/ruleTable';
export { OPTION_SETTING_SOURCES } from '../declaredIntent';
