/**
 * Every derived number can say how it was made (DESIGN §The engine). A breakdown line names
 * what contributed, by how much, and which rule says so (`001 §Movement`, `RULINGS M1`).
 */
export interface BreakdownLine {
  readonly label: string;
  readonly value: number;
  readonly source: string;
}

export interface Explained<T = number> {
  readonly value: T;
  readonly breakdown: readonly BreakdownLine[];
}

export function line(label: string, value: number, source: string): BreakdownLine {
  return { label, value, source };
}

/** Sums the lines into an explained total. */
export function explainSum(breakdown: readonly BreakdownLine[]): Explained<number> {
  return { value: breakdown.reduce((sum, l) => sum + l.value, 0), breakdown };
}
