/* No zod at run time here: pages import this without the schemas. */
import type { GmView, GmViewDelta, PlayerView, PlayerViewDelta } from './views';

/**
 * Whether a pushed or fetched view replaces the one a page holds (issue 12 §1): a view of another
 * opening (`session`) always does, whatever its revision, since revisions start again in every
 * encounter; within one opening only a revision not older than the one held does.
 */
export function replacesView(held: { session: string; revision: number } | null, next: { session: string; revision: number }): boolean {
  return held === null || next.session !== held.session || next.revision >= held.revision;
}

/** What the GM and the player views share, and a push's change is made of. */
interface PushedView {
  readonly session: string;
  readonly revision: number;
  readonly encounter: { readonly map: object; readonly figures: readonly { readonly id: string }[] };
}
interface PushedDelta {
  readonly session: string;
  readonly revision: number;
  readonly base: number;
  readonly encounter: { readonly map: object | null; readonly figures: readonly (string | { readonly id: string })[] };
}

/**
 * The change from `before` to `view` for a push (issue 18 §3): figures the view builder reused
 * (the same object as in `before`) go as their id, an unchanged map as null. Null when the two
 * are of different openings, or `view` is not newer: then the whole view goes.
 */
export function viewDelta(before: GmView | null, view: GmView): GmViewDelta | null;
export function viewDelta(before: PlayerView | null, view: PlayerView): PlayerViewDelta | null;
export function viewDelta(before: PushedView | null, view: PushedView): PushedDelta | null {
  if (!before || before.session !== view.session || view.revision <= before.revision) return null;
  const held = new Map(before.encounter.figures.map((f) => [f.id, f]));
  return {
    ...view,
    base: before.revision,
    encounter: {
      ...view.encounter,
      map: view.encounter.map === before.encounter.map ? null : view.encounter.map,
      figures: view.encounter.figures.map((f) => (held.get(f.id) === f ? f.id : f)),
    },
  };
}

/**
 * A delta applied to the view a page holds: the page's own figure objects are kept for the
 * figures that did not change, so work keyed on them is not redone. Null when the delta does not
 * follow the held view (another opening, another revision, a figure the page does not have):
 * the page then asks main for the whole view.
 */
export function applyViewDelta(held: GmView | null, delta: GmViewDelta): GmView | null;
export function applyViewDelta(held: PlayerView | null, delta: PlayerViewDelta): PlayerView | null;
export function applyViewDelta(held: PushedView | null, delta: PushedDelta): PushedView | null {
  if (!held || held.session !== delta.session || held.revision !== delta.base) return null;
  const byId = new Map(held.encounter.figures.map((f) => [f.id, f]));
  const figures: { readonly id: string }[] = [];
  for (const f of delta.encounter.figures) {
    const figure = typeof f === 'string' ? byId.get(f) : f;
    if (!figure) return null;
    figures.push(figure);
  }
  const { base: _base, ...view } = delta;
  return { ...view, encounter: { ...delta.encounter, map: delta.encounter.map ?? held.encounter.map, figures } };
}

export function isViewDelta(push: GmView | GmViewDelta): push is GmViewDelta;
export function isViewDelta(push: PlayerView | PlayerViewDelta): push is PlayerViewDelta;
export function isViewDelta(push: object): boolean {
  return 'base' in push;
}
