/**
 * Engagement (001 §Engagement; RULINGS M5, M6): who holds a figure in place, and whether a figure
 * is disengaged, engaged or in hand-to-hand combat when its action comes (RULINGS T5).
 */
import { hexNeighbor, type Hex } from '../../../shared/hex';
import { frontHexes } from '../facing';
import type { EncounterState, FigureState } from './schema';
import { canAct, figureHexes, hasCondition, isAlive, isArmed, isEnemy } from './state';

/** A compact numeric key for a hex (maps are at most 500 × 500). */
export function numKey(q: number, r: number): number {
  return (q + 2048) * 4096 + (r + 2048);
}

/**
 * RULINGS M6: a standing, conscious enemy with a ready weapon engages through its front hexes.
 * Figures in hand-to-hand combat are busy with their foe and engage no one else (console's
 * choice: 001 is silent); a flier does not engage a figure on the ground (004 §Flight).
 */
export function canEngage(enemy: FigureState): boolean {
  return isAlive(enemy) && canAct(enemy) && enemy.posture === 'standing' && isArmed(enemy) && enemy.hthWith.length === 0;
}

/** The front hexes of every figure that can engage, by hex: who threatens each hex. */
export interface EngagementField {
  readonly byHex: ReadonlyMap<number, readonly FigureState[]>;
}

/**
 * Fields by the figures array they were made from (states are never mutated, so a new array is
 * a new state): a figure's side and whether it flies are all a field depends on.
 */
const fieldCache = new WeakMap<readonly FigureState[], Map<string, EngagementField>>();

export function engagementField(state: EncounterState, against: FigureState): EngagementField {
  const flying = hasCondition(against, 'flying');
  const key = `${against.sideId}|${flying ? 'air' : 'ground'}`;
  let perState = fieldCache.get(state.figures);
  if (perState === undefined) {
    perState = new Map();
    fieldCache.set(state.figures, perState);
  }
  const cached = perState.get(key);
  if (cached !== undefined) return cached;
  const field = buildField(state, against, flying);
  perState.set(key, field);
  return field;
}

function buildField(state: EncounterState, against: FigureState, flying: boolean): EngagementField {
  const byHex = new Map<number, FigureState[]>();
  for (const e of state.figures) {
    if (e.id === against.id || !isEnemy(e, against) || !canEngage(e)) continue;
    if (hasCondition(e, 'flying') !== flying) continue; // 004 §Flight: fliers and walkers do not engage
    // A one-hex figure's front hexes are the faced hex and one each side of it (001 §Facing).
    const front =
      e.size === 1
        ? [hexNeighbor(e.position, e.facing - 1), hexNeighbor(e.position, e.facing), hexNeighbor(e.position, e.facing + 1)]
        : frontHexes({ position: e.position, facing: e.facing, size: e.size });
    for (const h of front) {
      const k = numKey(h.q, h.r);
      const list = byHex.get(k);
      if (list) list.push(e);
      else byHex.set(k, [e]);
    }
  }
  return { byHex };
}

/** How many one-hex engagers, or any multi-hex one, a figure of this size needs (001 §Engagement; RULINGS M6). */
export function engagedByCount(size: 1 | 3 | 7, engagers: readonly FigureState[]): boolean {
  if (engagers.some((e) => e.size > 1)) return true;
  const need = size === 1 ? 1 : size === 7 ? 3 : 2;
  return engagers.length >= need;
}

/** The enemies whose front hexes hold a figure's footprint at `cells`. */
export function engagersAt(field: EngagementField, cells: readonly Hex[]): FigureState[] {
  const seen = new Map<string, FigureState>();
  for (const c of cells) {
    for (const e of field.byHex.get(numKey(c.q, c.r)) ?? []) seen.set(e.id, e);
  }
  return [...seen.values()];
}

export function isEngagedAt(field: EngagementField, size: 1 | 3 | 7, cells: readonly Hex[]): boolean {
  return engagedByCount(size, engagersAt(field, cells));
}

/** The enemies that engage the figure where it stands now (empty when it is not engaged). */
export function engagers(state: EncounterState, f: FigureState): FigureState[] {
  const list = engagersAt(engagementField(state, f), figureHexes(f));
  return engagedByCount(f.size, list) ? list : [];
}

export function isEngaged(state: EncounterState, f: FigureState): boolean {
  return engagers(state, f).length > 0;
}

export type EngagementState = 'disengaged' | 'engaged' | 'hth';

/** RULINGS T5: the figure's state when its action comes. */
export function engagementState(state: EncounterState, f: FigureState): EngagementState {
  if (f.hthWith.length > 0) return 'hth';
  return isEngaged(state, f) ? 'engaged' : 'disengaged';
}
