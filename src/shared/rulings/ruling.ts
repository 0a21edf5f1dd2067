/** One of the console's rulings (./index.ts). */
export interface Ruling {
  /** The id as cited: a letter for the group and a number, `M7`. */
  readonly id: string;
  readonly title: string;
  /** What the console does, in one to three sentences. */
  readonly does: string;
  /** The document sections the ruling settles. */
  readonly settles: string;
  /** Whether the campaign's rule settings can change it (the rules form names the id). */
  readonly setting?: true;
}

export function ruling(id: string, title: string, does: string, settles: string, setting?: true): Ruling {
  return { id, title, does, settles, ...(setting ? { setting } : {}) };
}
