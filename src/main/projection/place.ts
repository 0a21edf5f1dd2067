import { hexDistance, hexToPixel, type Hex } from '../../shared/hex';
import type { EncounterState } from '../engine/encounter/schema';
import type { Sight } from './sight';

/**
 * Where something is, in the words a table uses (DESIGN §The player projection): players never
 * read raw hex coordinates. A place is said from the nearest figure the audience can see —
 * "next to Bram", "3 hexes north of Bram" — with north the top of the map as drawn; with no
 * figure in sight to say it from, it is left out (''). The landmark is chosen among figures in
 * sight only (nearest, then by name), so nothing unseen changes the words.
 */
export function placeInWords(state: EncounterState, sight: Sight, at: Hex, except: readonly string[] = []): string {
  let best: { name: string; position: Hex; distance: number } | null = null;
  for (const f of state.figures) {
    if (!sight.figures.has(f.id) || except.includes(f.id)) continue;
    const distance = hexDistance(f.position, at);
    if (best === null || distance < best.distance || (distance === best.distance && f.name < best.name))
      best = { name: f.name, position: f.position, distance };
  }
  if (best === null) return '';
  if (best.distance === 0) return `at ${best.name}`;
  if (best.distance === 1) return `next to ${best.name}`;
  return `${best.distance} hexes ${compass(state.map.orientation, best.position, at)} of ${best.name}`;
}

const WORDS = ['east', 'north-east', 'north', 'north-west', 'west', 'south-west', 'south', 'south-east'] as const;

/** The compass word from `from` to `to` on the map as drawn (y grows downwards, so up is north). */
export function compass(orientation: 'flat' | 'pointy', from: Hex, to: Hex): (typeof WORDS)[number] {
  const layout = { orientation, size: 1, origin: { x: 0, y: 0 } };
  const a = hexToPixel(layout, from);
  const b = hexToPixel(layout, to);
  const angle = Math.atan2(a.y - b.y, b.x - a.x);
  const sector = Math.round(angle / (Math.PI / 4));
  return WORDS[(sector + 8) % 8]!;
}
