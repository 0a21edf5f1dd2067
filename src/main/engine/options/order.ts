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
    // Insertion by adjDEX, after every figure of at least as much: a stable sort of a side's few.
    const mine: number[] = [];
    for (let i = 0; i < figures.length; i++) {
      const f = figures[i]!;
      if (f.sideId !== side) continue;
      let at = mine.length;
      mine.push(i);
      while (at > 0 && figures[mine[at - 1]!]!.adjDex < f.adjDex) {
        mine[at] = mine[at - 1]!;
        at--;
      }
      mine[at] = i;
    }
    for (let k = 0; k < mine.length; k++) out.push(figures[mine[k]!]!.id);
  }
  return out;
}
