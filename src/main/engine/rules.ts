/**
 * The campaign's rule settings (DESIGN §The engine: one `Rules` value). The stored, JSON-safe
 * settings live in shared/ so the contract and the settings screen use the same schema.
 */
export * from '../../shared/contract/rulesSettings';

/**
 * The behaviour half of the `Rules` value (RULINGS O1–O4): `rulesFor(settings)` builds a
 * `RuleSet` — the stored settings plus the `initiative`, `movement`, `criticals`,
 * `heavyBlowRules` and `stats` strategies, Pillars by default, each option laying its own over
 * them. A `RuleSet` is a `Rules`, so code that reads settings keeps working; files store
 * `settingsOf(ruleSet)`. The strategies themselves are in ./options.
 */
export type { RuleSet, RuleBehaviour } from './options/types';
export { rulesFor, settingsOf, asRuleSet } from './options/rulesFor';
