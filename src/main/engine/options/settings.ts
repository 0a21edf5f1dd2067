/**
 * What the settings screen shows for each option (RULINGS O1–O4, G1): its name, its source
 * document and what it changes; and the options' own stored settings (JSON-safe), which
 * `rulesFor` reads next to `RulesSchema`.
 */
import type { Rules } from '../../../shared/rulesSettings';
import { DEFAULT_OPTION_SETTINGS, OPTION_SETTING_SOURCES, OptionSettingsSchema, type OptionSettings } from '../../../shared/rulesSettings';

// The stored, JSON-safe option settings are part of `RulesSchema` (shared/rulesSettings.ts).
export { DEFAULT_OPTION_SETTINGS, OPTION_SETTING_SOURCES, OptionSettingsSchema, type OptionSettings };

export type OptionKey = keyof Rules['options'];

export interface OptionInfo {
  readonly key: OptionKey;
  readonly name: string;
  readonly ruling: string;
  /** The source document's file in shared/rules. */
  readonly document: string;
  readonly documentTitle: string;
  /** What switching it on changes, in the console's words. */
  readonly changes: readonly ('initiative' | 'movement' | 'criticals' | 'heavyBlowRules' | 'stats')[];
  readonly summary: string;
}

export const OPTION_INFO: readonly OptionInfo[] = [
  {
    key: 'classic',
    name: 'Classic rule set',
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
    ruling: 'RULINGS O2',
    document: '000_89ee8f76616d0bc7.txt',
    documentTitle: 'Pillars: Combat and Movement Guide (earlier draft)',
    changes: ['initiative'],
    summary: 'Each figure rolls 1d20; highest moves first or yields to go last; a Cleanup phase ends the turn.',
  },
  {
    key: 'strideMomentum',
    name: 'Stride & momentum',
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
    ruling: 'RULINGS O4',
    document: '003_d9aa0f0375e8b107.txt',
    documentTitle: 'Rulebook p. 163: Combat',
    changes: ['initiative'],
    summary: 'Every figure declares before movement; initiative total = stress die + score + modifiers; clashes go to the higher total.',
  },
];
