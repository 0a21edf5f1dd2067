/**
 * `rulesFor(settings)`: the one `Rules` value a campaign's stored settings make (DESIGN §The
 * engine; RULINGS O1–O4, G1). This is the only place that reads the option switches: each option
 * that is on lays its strategies over the Pillars ones, in the order of `OPTION_LAYERS`, so a later
 * option's strategy replaces an earlier one's; rule code then just asks `rules.initiative`,
 * `rules.movement`, `rules.criticals`, `rules.heavyBlowRules`, `rules.stats`.
 *
 * Decisions (RULINGS are silent on combining options):
 * - Order: Classic, then per-character initiative, then stride & momentum, then declared intent.
 *   So Classic stats can run with 000's or 003's initiative and with 002's strides; with both
 *   O2 and O4 on, declared intent orders the turn (a note says so).
 * - Heavy blows are on when the campaign's `heavyBlows` setting is on (RULINGS A8) or when the
 *   Classic rule set is (they belong to it).
 */
import { RulesSchema, type Rules } from '../../../shared/contract/rulesSettings';
import { RULE_SETTINGS } from '../../../shared/settings/ruleTable';
import { catalogueWithEdits } from '../magic/catalogue';
import { CLASSIC_BEHAVIOUR } from './classic/rules';
import { declaredIntentBehaviour } from './declaredIntent/rules';
import { HEAVY_BLOWS_ON } from './heavyBlows';
import { PER_CHARACTER_BEHAVIOUR } from './perCharacterInitiative/rules';
import { PILLARS_BEHAVIOUR } from './pillars';
import { DEFAULT_OPTION_SETTINGS, OPTION_INFO, OptionSettingsSchema, type OptionKey, type OptionSettings } from './settings';
import { STRIDE_BEHAVIOUR } from './strideMomentum/rules';
import type { RuleBehaviour, RuleSet } from './types';

export const OPTION_LAYERS: readonly { readonly key: OptionKey; readonly behaviour: (o: OptionSettings) => Partial<RuleBehaviour> }[] = [
  { key: 'classic', behaviour: () => CLASSIC_BEHAVIOUR },
  { key: 'perCharacterInitiative', behaviour: () => PER_CHARACTER_BEHAVIOUR },
  { key: 'strideMomentum', behaviour: () => STRIDE_BEHAVIOUR },
  { key: 'declaredIntent', behaviour: (o) => declaredIntentBehaviour(o.declaredIntent.stressDie) },
];

const BEHAVIOUR_KEYS: readonly (keyof RuleBehaviour)[] = ['initiative', 'movement', 'criticals', 'heavyBlowRules', 'stats'];

/**
 * A rule set is built once per settings object (asRuleSet): zod's compiled fast path would cost
 * more to generate than the one read it serves (~3 ms cold against ~1.5 ms read as is), and it
 * checks the same things.
 */
const READ_ONCE = { jitless: true } as const;

/**
 * Builds the `Rules` value from the stored settings (validated here: bad JSON is refused). The
 * options' settings come from `settings.optionSettings`; `optionSettings` overrides them.
 * The spell catalogue is 001's with the stored `spellEdits` applied (RULINGS S9).
 */
export function rulesFor(settings: Rules, optionSettings?: OptionSettings): RuleSet {
  const stored = RulesSchema.parse(settings, READ_ONCE);
  const opts = OptionSettingsSchema.parse(optionSettings ?? stored.optionSettings ?? DEFAULT_OPTION_SETTINGS, READ_ONCE);
  const behaviour: { -readonly [K in keyof RuleBehaviour]: RuleBehaviour[K] } = { ...PILLARS_BEHAVIOUR };
  const suppliedBy = new Map<keyof RuleBehaviour, OptionKey>();
  const notes: string[] = [];
  if (stored.heavyBlows) behaviour.heavyBlowRules = HEAVY_BLOWS_ON;
  for (const layer of OPTION_LAYERS) {
    if (!stored.options[layer.key]) continue;
    const supplied = layer.behaviour(opts);
    for (const k of BEHAVIOUR_KEYS) {
      const v = supplied[k];
      if (v === undefined) continue;
      const earlier = suppliedBy.get(k);
      if (earlier !== undefined && k !== 'heavyBlowRules') {
        notes.push(`${infoName(layer.key)} replaces the ${k} of ${infoName(earlier)}.`);
      }
      (behaviour as Record<keyof RuleBehaviour, unknown>)[k] = v;
      suppliedBy.set(k, layer.key);
    }
  }
  return { ...stored, ...behaviour, optionSettings: opts, catalogue: catalogueWithEdits(stored.spellEdits), notes };
}

function infoName(key: OptionKey): string {
  return OPTION_INFO.find((i) => i.key === key)?.name ?? key;
}

/** The stored, JSON-safe part of a `Rules` value (what a campaign or encounter file keeps). */
export function settingsOf(rules: Rules): Rules {
  const stored: Record<string, unknown> = Object.fromEntries(RULE_SETTINGS.map((s) => [s.key, rules[s.key]]));
  return RulesSchema.parse({ ...stored, options: rules.options, optionSettings: rules.optionSettings, spellEdits: rules.spellEdits });
}

/** Built rule sets by the settings object they came from (settings are never mutated). */
const built = new WeakMap<Rules, RuleSet>();

/**
 * A `RuleSet` as is, or built from bare settings: what code that receives either should call.
 * The same settings object gives the same `RuleSet` (the session hands one in with every command).
 */
export function asRuleSet(rules: Rules | RuleSet): RuleSet {
  if ('initiative' in rules && 'movement' in rules) return rules as RuleSet;
  let r = built.get(rules);
  if (r === undefined) {
    r = rulesFor(rules);
    built.set(rules, r);
  }
  return r;
}
