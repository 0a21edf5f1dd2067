import { hexKey } from '../../../../shared/hex';
import type { EncounterState } from '../schema';

/** The longest name a figure may have. */
export const NAME_MAX = 80;

/** An id for a new figure from its name: lower-case letters, digits and "-", unique in the encounter. */
export function figureIdFor(state: EncounterState, name: string): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'figure';
  const taken = new Set(state.figures.map((f) => f.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A name no other figure of the encounter has: a second "Grak" (a copy, a roster character placed
 * twice) becomes "Grak 2", the next "Grak 3", so the log, the lists and the tokens ("G2") tell them
 * apart. The console's choice: the number counts on from a trailing number the name
 * already has ("Raider 2" taken gives "Raider 3"); names are compared without case.
 *
 * A figure the players will see is numbered only against the figures they see: a visible
 * "Goblin 2" would tell them a hidden Goblin is about (DESIGN: no secret reaches a player page).
 */
export function distinctName(state: EncounterState, name: string, seenByPlayers: boolean): string {
  const fogged = new Set(state.map.hidden);
  const counted = seenByPlayers ? state.figures.filter((f) => !f.hidden && !fogged.has(hexKey(f.position))) : state.figures;
  const taken = new Set(counted.map((f) => f.name.toLowerCase()));
  if (!taken.has(name.toLowerCase())) return name;
  const numbered = /^(.*\S)\s+(\d{1,6})$/.exec(name);
  const stem = (numbered ? numbered[1]! : name).slice(0, NAME_MAX - 8);
  for (let n = numbered ? Number(numbered[2]) + 1 : 2; ; n++) {
    const candidate = `${stem} ${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
