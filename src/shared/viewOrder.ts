/* No zod at run time here: pages import this without the schemas. */
import type { GmView, GmViewDelta, PlayerView, PlayerViewDelta } from './contract/views';

/**
 * Whether a pushed or fetched view replaces the one a page holds: a view of another
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
type Figure = { readonly id: string };
/** A held figure by its id; the next n held figures; or a figure sent whole. */
type FigureStep = string | number | Figure;
interface PushedDelta {
  readonly session: string;
  readonly revision: number;
  readonly base: number;
  readonly encounter: { readonly map: object | null; readonly figures: readonly FigureStep[] };
}

/**
 * The change from `before` to `view` for a push: an unchanged map goes as null, and
 * the figures as steps through `before`'s list. A run of figures the view builder reused (the same
 * objects, in the same order) goes as its length; one reused from elsewhere in the list as its id;
 * any other whole. At 1,000 figures a command that changed one sends three steps, not 1,000 ids.
 * Null when the two are of different openings, or `view` is not newer: then the whole view goes.
 */
export function viewDelta(before: GmView | null, view: GmView): GmViewDelta | null;
export function viewDelta(before: PlayerView | null, view: PlayerView): PlayerViewDelta | null;
export function viewDelta(before: PushedView | null, view: PushedView): PushedDelta | null {
  if (!before || before.session !== view.session || view.revision <= before.revision) return null;
  const held = before.encounter.figures;
  let at: Map<Figure, number> | null = null;
  const steps: FigureStep[] = [];
  let next = 0;
  let run = 0;
  for (const f of view.encounter.figures) {
    if (held[next] === f) {
      run++;
      next++;
      continue;
    }
    if (run > 0) steps.push(run);
    run = 0;
    at ??= new Map(held.map((h, i) => [h, i]));
    const i = at.get(f);
    if (i !== undefined) {
      steps.push(f.id);
      next = i + 1;
    } else {
      steps.push(f);
      if (held[next]?.id === f.id) next++;
    }
  }
  if (run > 0) steps.push(run);
  return {
    ...view,
    base: before.revision,
    encounter: { ...view.encounter, map: view.encounter.map === before.encounter.map ? null : view.encounter.map, figures: steps },
  };
}

/**
 * A delta applied to the view a page holds, stepping through its figures as `viewDelta` did: the
 * page's own figure objects are kept for the figures that did not change, so work keyed on them
 * is not redone. Null when the delta does not follow the held view (another opening, another
 * revision, a figure the page does not have): the page then asks main for the whole view.
 */
export function applyViewDelta(held: GmView | null, delta: GmViewDelta): GmView | null;
export function applyViewDelta(held: PlayerView | null, delta: PlayerViewDelta): PlayerView | null;
export function applyViewDelta(held: PushedView | null, delta: PushedDelta): PushedView | null {
  if (!held || held.session !== delta.session || held.revision !== delta.base) return null;
  const had = held.encounter.figures;
  let byId: Map<string, number> | null = null;
  const figures: Figure[] = [];
  let next = 0;
  for (const step of delta.encounter.figures) {
    if (typeof step === 'number') {
      if (!Number.isInteger(step) || step < 1 || next + step > had.length) return null;
      for (let k = 0; k < step; k++) figures.push(had[next++]!);
    } else if (typeof step === 'string') {
      byId ??= new Map(had.map((h, i) => [h.id, i]));
      const i = byId.get(step);
      if (i === undefined) return null;
      figures.push(had[i]!);
      next = i + 1;
    } else {
      figures.push(step);
      if (had[next]?.id === step.id) next++;
    }
  }
  const { base: _base, ...view } = delta;
  return { ...view, encounter: { ...delta.encounter, map: delta.encounter.map ?? held.encounter.map, figures } };
}

export function isViewDelta(push: GmView | GmViewDelta): push is GmViewDelta;
export function isViewDelta(push: PlayerView | PlayerViewDelta): push is PlayerViewDelta;
export function isViewDelta(push: object): boolean {
  return 'base' in push;
}
