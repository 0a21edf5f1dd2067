import { AppError } from '../../shared/errors';
import { IdSchema } from '../../shared/contract/schemas';

/** Paths inside a campaign folder, relative with `/` (the names the GM is told). */
export const encounterDocName = (id: string) => `encounters/${id}.json`;
export const encounterLogName = (id: string) => `encounters/${id}.log.jsonl`;
export const encounterSnapshotName = (id: string) => `encounters/${id}.snapshot.json`;

export function assertId(id: string, what = 'encounter'): void {
  if (!IdSchema.safeParse(id).success) throw new AppError('invalid-args', `"${id}" is not a valid ${what} id.`);
}

/** A lower-case id from a name: letters and digits joined by "-". */
export function slug(text: string, fallback: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || fallback
  );
}
