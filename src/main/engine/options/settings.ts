/**
 * What the settings screen shows for each option (RULINGS O1–O4, G1): its name, its source
 * document and what it changes — declared once in shared/settings/ruleTable.ts — and the options'
 * own stored settings (JSON-safe), which `rulesFor` reads next to `RulesSchema`.
 */
import { RULE_OPTIONS, type OptionKey, type RuleOptionDescriptor } from '../../../shared/settings/ruleTable';
import { DEFAULT_OPTION_SETTINGS, OPTION_SETTING_SOURCES, OptionSettingsSchema, type OptionSettings } from '../../../shared/contract/rulesSettings';

// The stored, JSON-safe option settings are part of `RulesSchema` (shared/contract/rulesSettings.ts).
export { DEFAULT_OPTION_SETTINGS, OPTION_SETTING_SOURCES, OptionSettingsSchema, type OptionSettings };
export type { OptionKey };

export interface OptionInfo extends Omit<RuleOptionDescriptor, 'label'> {
  readonly key: OptionKey;
}

export const OPTION_INFO: readonly OptionInfo[] = RULE_OPTIONS;
