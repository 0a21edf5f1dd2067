/* No zod here: pages import this without the schemas. */

/**
 * Whether a pushed or fetched view replaces the one a page holds (issue 12 §1): a view of another
 * opening (`session`) always does, whatever its revision, since revisions start again in every
 * encounter; within one opening only a revision not older than the one held does.
 */
export function replacesView(held: { session: string; revision: number } | null, next: { session: string; revision: number }): boolean {
  return held === null || next.session !== held.session || next.revision >= held.revision;
}
