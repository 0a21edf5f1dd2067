import type { Attributes } from '../../../src/main/engine/characters/attributes';
import { startPriorExperience } from '../../../src/main/engine/background';
import type { PriorExperienceCharacter, PriorExperienceState } from '../../../src/main/engine/background';

/** Average attributes: no modifier anywhere. */
export const avg: Attributes = { STR: 12, DEX: 12, INT: 12, WIS: 12, CON: 12, CHR: 12 };

/** A commoner of moderate wealth with average attributes, unless told otherwise. */
export function start(over: Partial<PriorExperienceCharacter> = {}): PriorExperienceState {
  return startPriorExperience({ attributes: avg, socialClass: 'Commoner', wealth: 'Moderate', ...over });
}
