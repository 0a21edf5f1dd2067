/*
 * No zod here: the GM page's rules form imports this table, and main derives the zod schema from it
 * (shared/contract/rulesSettings.ts). Every rule setting and every rule option is declared once, in this file
 * (DESIGN §Settings, declared once); the schema, the defaults, the ruling each
 * carries, the rules form and the channels' option enum all read it.
 */

/** A whole number within bounds. */
interface IntSetting {
  readonly kind: 'int';
  readonly min: number;
  readonly max?: number;
}
/** Two whole numbers side by side (e.g. a discount at mastery 4 and at mastery 5). */
interface IntPairSetting {
  readonly kind: 'intPair';
  readonly parts: readonly [string, string];
  readonly min: number;
}
interface FlagSetting {
  readonly kind: 'flag';
}
/** A short text (e.g. a dice expression). */
interface TextSetting {
  readonly kind: 'text';
  readonly maxLength: number;
}

export type RuleSettingShape = IntSetting | IntPairSetting | FlagSetting | TextSetting;

export type RuleSettingDescriptor = RuleSettingShape & {
  readonly key: string;
  /** The ruling whose default the setting carries (shown in the form, cited in explanations). */
  readonly ruling: string;
  /** The form's words for it. */
  readonly label: string;
  readonly default: unknown;
};

/**
 * The campaign's rule settings, in the order they are stored. A stored file that lacks one reads
 * it as its `default` (CONTRIBUTING.md "Stored formats"), so adding one needs no migration.
 */
export const RULE_SETTINGS = [
  { key: 'manaPoolDice', kind: 'text', maxLength: 20, default: '3d6', ruling: 'RULINGS C8', label: 'Mana pool dice for a new caster' },
  { key: 'brokenGroundCost', kind: 'int', min: 1, max: 6, default: 2, ruling: 'RULINGS M7', label: 'Hexes of movement to enter broken ground' },
  { key: 'bleedingPerTurn', kind: 'int', min: 0, max: 10, default: 1, ruling: 'RULINGS A5', label: 'Body lost per turn while bleeding (0: no bleeding)' },
  { key: 'heavyBlows', kind: 'flag', default: false, ruling: 'RULINGS A8', label: 'Heavy blows (004: 5+ hits −2 DEX next turn, 8+ fall down)' },
  {
    key: 'masteryDiscount',
    kind: 'intPair',
    parts: ['mastery4', 'mastery5'],
    min: 0,
    default: { mastery4: 1, mastery5: 2 },
    ruling: 'RULINGS S1',
    label: 'Mana discount at mastery 4 / 5 (minimum cost 1)',
  },
  { key: 'pushPenaltyPerPoint', kind: 'int', min: 0, max: 5, default: 1, ruling: 'RULINGS S3', label: 'Control-roll penalty per point of push' },
  { key: 'runawayFailureMargin', kind: 'int', min: 1, max: 18, default: 5, ruling: 'RULINGS S3', label: 'A control roll failed by this much starts Runaway' },
  { key: 'runawayDrainIncludesPush', kind: 'flag', default: true, ruling: 'RULINGS S6', label: 'Runaway drain adds the push to the spell’s level' },
  { key: 'restRegainsAllMana', kind: 'flag', default: true, ruling: 'RULINGS S5', label: 'A night’s rest restores all mana (less Debt)' },
] as const satisfies readonly RuleSettingDescriptor[];

/** What switching an option on changes (the `RuleSet` strategies it lays over Pillars'). */
export type OptionChange = 'initiative' | 'movement' | 'criticals' | 'heavyBlowRules' | 'stats';

export interface RuleOptionDescriptor {
  readonly key: string;
  readonly name: string;
  /** The form's words for its switch. */
  readonly label: string;
  readonly ruling: string;
  /** The source document's file in shared/rules. */
  readonly document: string;
  readonly documentTitle: string;
  readonly changes: readonly OptionChange[];
  /** What switching it on changes, in the console's words. */
  readonly summary: string;
}

/**
 * The rule options from the other documents (RULINGS O1–O4), off by default, in the order their
 * strategies are laid over Pillars' (`OPTION_LAYERS` in main's options/rulesFor.ts gives each its
 * behaviour).
 */
export const RULE_OPTIONS = [
  {
    key: 'classic',
    name: 'Classic rule set',
    label: 'Classic rule set (ST/DX/IQ, MA, exhaustion)',
    ruling: 'RULINGS O1',
    document: '004_48d5a15eb5ab9657.txt',
    documentTitle: 'Combat and Movement Guide',
    changes: ['initiative', 'movement', 'criticals', 'heavyBlowRules', 'stats'],
    summary:
      'ST/DX/IQ/WIS; ST is hit points and fatigue; MA = DX − 2 (min 4); side initiative with first and second movement; exhaustion; heavy blows; 3-dice automatic results.',
  },
  {
    key: 'perCharacterInitiative',
    name: 'Per-character initiative',
    label: 'Per-character initiative (1d20 each, Cleanup phase)',
    ruling: 'RULINGS O2',
    document: '000_89ee8f76616d0bc7.txt',
    documentTitle: 'Pillars: Combat and Movement Guide (earlier draft)',
    changes: ['initiative'],
    summary: 'Each figure rolls 1d20; highest moves first or yields to go last; a Cleanup phase ends the turn.',
  },
  {
    key: 'strideMomentum',
    name: 'Stride & momentum',
    label: 'Stride & momentum (action points, crashes, charges)',
    ruling: 'RULINGS O3',
    document: '002_bc0590f0eac730f5.txt',
    documentTitle: 'Movement (stride)',
    changes: ['movement'],
    summary:
      '5 action points; 1–8 hexes per AP; speed up at most +6 per AP, slow more than 4 and risk a tumble; crashes, collisions, pass-by charges, attacks of opportunity.',
  },
  {
    key: 'declaredIntent',
    name: 'Declared intent',
    label: 'Declared intent (declare, then initiative scores)',
    ruling: 'RULINGS O4',
    document: '003_d9aa0f0375e8b107.txt',
    documentTitle: 'Rulebook p. 163: Combat',
    changes: ['initiative'],
    summary: 'Every figure declares before movement; initiative total = stress die + score + modifiers; clashes go to the higher total.',
  },
] as const satisfies readonly RuleOptionDescriptor[];

type SettingValue<D> = D extends { readonly kind: 'int' }
  ? number
  : D extends { readonly kind: 'flag' }
    ? boolean
    : D extends { readonly kind: 'text' }
      ? string
      : D extends { readonly kind: 'intPair'; readonly parts: readonly (infer P extends string)[] }
        ? { [K in P]: number }
        : never;

/** The rule settings' values, as stored (the options and their settings are beside them in `Rules`). */
export type RuleSettingValues = { [D in (typeof RULE_SETTINGS)[number] as D['key']]: SettingValue<D> };
export type RuleSettingKey = (typeof RULE_SETTINGS)[number]['key'];
export type RuleSettingKind = RuleSettingShape['kind'];
export type OptionKey = (typeof RULE_OPTIONS)[number]['key'];
export type OptionSwitches = Record<OptionKey, boolean>;

export const OPTION_KEYS = RULE_OPTIONS.map((o) => o.key) as [OptionKey, ...OptionKey[]];

export const DEFAULT_RULE_SETTINGS = Object.fromEntries(RULE_SETTINGS.map((s) => [s.key, structuredClone(s.default)])) as RuleSettingValues;

export const DEFAULT_OPTION_SWITCHES = Object.fromEntries(RULE_OPTIONS.map((o) => [o.key, false])) as OptionSwitches;

/** The ruling each setting carries, for the settings screen and the log. */
export const RULE_SOURCES = Object.fromEntries(RULE_SETTINGS.map((s) => [s.key, s.ruling])) as Readonly<Record<RuleSettingKey, string>>;

/** Each option's ruling and the number of the document it comes from, keyed `options.<key>` ("RULINGS O1 (004)"). */
export const OPTION_SOURCES = Object.fromEntries(RULE_OPTIONS.map((o) => [`options.${o.key}`, `${o.ruling} (${o.document.slice(0, 3)})`])) as Readonly<
  Record<`options.${OptionKey}`, string>
>;

/** The rule settings of one kind, in table order (the form shows them kind by kind). */
export function settingsOfKind<K extends RuleSettingKind>(kind: K): readonly Extract<(typeof RULE_SETTINGS)[number], { kind: K }>[] {
  return RULE_SETTINGS.filter((s): s is Extract<(typeof RULE_SETTINGS)[number], { kind: K }> => s.kind === kind);
}
