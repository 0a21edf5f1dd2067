/**
 * The side a new figure's form starts on. The party is the first side (the sample's and a new
 * encounter's order); a new character starts there. A Quick NPC starts on the side the GM last
 * placed an NPC on, while it exists, else on the last side that is not the party's (the console's
 * choice: foes are added after the party, and a GM adding a band of foes adds them one after another).
 */
let lastNpcSide: string | null = null;

export function defaultSide(kind: 'character' | 'npc', sides: readonly { readonly id: string }[]): string {
  const first = sides[0]?.id ?? '';
  if (kind === 'character') return first;
  if (lastNpcSide !== null && sides.some((s) => s.id === lastNpcSide)) return lastNpcSide;
  return sides.length > 1 ? sides[sides.length - 1]!.id : first;
}

/** Remembers the side an NPC was placed on, for the next Quick NPC. */
export function rememberNpcSide(sideId: string): void {
  lastNpcSide = sideId;
}
