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
    out.push(
      ...figures
        .map((f, i) => ({ f, i }))
        .filter(({ f }) => f.sideId === side)
        .sort((a, b) => b.f.adjDex - a.f.adjDex || a.i - b.i)
        .map(({ f }) => f.id),
    );
  }
  return out;
}
