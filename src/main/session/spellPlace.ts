import { ENCOUNTER_CATALOGUE } from '../engine/encounter/magic/magicBridge';

/** A hex spell's place and school for its map marker (001 §Facing); nothing for any other spell. */
export function spellPlace(spellId: string, at: { q: number; r: number } | undefined): { at?: { q: number; r: number }; school?: string } {
  if (at === undefined) return {};
  const school = ENCOUNTER_CATALOGUE.byId.get(spellId)?.school;
  return { at: { q: at.q, r: at.r }, ...(school !== undefined ? { school } : {}) };
}
