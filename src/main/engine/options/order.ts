/** Movement order shared by the side-initiative rule sets (Pillars, Classic). */

export interface MoverRef {
  readonly id: string;
  readonly sideId: string;
  /** adjDX: the listing order inside a side (the GM may reorder). */
  readonly adjDex: number;
}

/** RULINGS T4: sides in initiative order; inside a side adjDEX high to low, ties as listed. */
export function sidesThenAdjDex(sideOrder: readonly string[], figures: readonly MoverRef[]): string[] {
  const out: string[] = [];
  for (const side of sideOrder) {
    const mine: number[] = [];
    for (let i = 0; i < figures.length; i++) if (figures[i]!.sideId === side) mine.push(i);
    mine.sort((a, b) => figures[b]!.adjDex - figures[a]!.adjDex || a - b);
    for (const i of mine) out.push(figures[i]!.id);
  }
  return out;
}
