import type { GmView } from '../../../../shared/contract/views';
import { catalogue } from '../figure/catalogue.svelte';

/** Names and colours as the GM reads them, from the GM view. */
export function figureName(view: GmView, id: string): string {
  return view.encounter.figures.find((f) => f.id === id)?.name ?? view.encounter.sides.find((s) => s.id === id)?.name ?? id;
}

export function sideOf(view: GmView, id: string): { name: string; color: string } | undefined {
  const side = view.encounter.sides.find((s) => s.id === id);
  if (side) return side;
  const f = view.encounter.figures.find((x) => x.id === id);
  return f ? view.encounter.sides.find((s) => s.id === f.sideId) : undefined;
}

/** The six hex directions (shared/hex DIRECTIONS 0–5) as compass words, as the map is drawn. */
export function directionNames(orientation: 'flat' | 'pointy'): readonly string[] {
  return orientation === 'flat'
    ? ['south-east', 'south', 'south-west', 'north-west', 'north', 'north-east']
    : ['east', 'south-east', 'south-west', 'west', 'north-west', 'north-east'];
}

/**
 * A roll's label as the GM reads it: the ids main writes after "…: " ("initiative: party",
 * "action order tie: ilsa-2") become the names of those sides and figures.
 */
export function labelWithNames(view: GmView, label: string): string {
  return label.replace(/: ([A-Za-z0-9_-]+)/g, (whole, id: string) => {
    const name = figureName(view, id);
    return name === id ? whole : `: ${name}`;
  });
}

/** A weapon's name from main's catalogue (its id, words spaced, until the catalogue arrives). */
export function weaponName(id: string): string {
  return catalogue.value?.weapons.find((w) => w.id === id)?.name ?? id.replace(/-/g, ' ');
}
