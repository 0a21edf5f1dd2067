import type { GmView } from '../../../../shared/views';

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
