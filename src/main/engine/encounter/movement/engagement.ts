/**
 * Engagement (001 §Engagement; RULINGS M5, M6): who holds a figure in place, and whether a figure
 * is disengaged, engaged or in hand-to-hand combat when its action comes (RULINGS T5).
 */
import { hexNeighbor, type Hex } from '../../../../shared/hex';
import { frontHexes } from '../../facing';
import { numKey } from '../../map/effectiveMap';
import type { EncounterState, FigureState } from '../schema';
import { canAct, figureHexes, hasCondition, isAlive, isArmed, isEnemy } from '../state';

/**
 * RULINGS M6: a standing, conscious enemy with a ready weapon (or a natural attack, M6 amended:
 * `isArmed`) engages through its front hexes. Figures in hand-to-hand combat are busy with their
 * foe and engage no one else (console's choice: 001 is silent). Whether a flier and a walker
 * engage each other is the field's business (`airborne`, RULINGS H6).
 */
export function canEngage(enemy: FigureState): boolean {
  return canEngageAnyone(enemy);
}

/**
 * RULINGS H6 (004 §Flight): a flier in the air engages and is engaged only in the air, unless the
 * GM says it chooses to engage ground figures this turn (`turn.engagesGround`).
 */
export function airborne(f: FigureState): boolean {
  return hasCondition(f, 'flying') && f.turn.engagesGround !== true;
}

function canEngageAnyone(enemy: FigureState): boolean {
  return isAlive(enemy) && canAct(enemy) && enemy.posture === 'standing' && isArmed(enemy) && enemy.hthWith.length === 0;
}

/** The front hexes of every figure that can engage, by hex: who threatens each hex. */
export interface EngagementField {
  /** Hex (numKey) → the indices in `figures` of the enemies whose front hexes cover it. */
  readonly byHex: ReadonlyMap<number, readonly number[]>;
  readonly figures: readonly FigureState[];
}

/**
 * The last field per side and footing (a figure's side and whether it flies are all a field
 * depends on besides the figures). Most commands change a figure's turn or pools, not where and
 * how it threatens, so a new figures array whose engagers stand as before reuses the hexes.
 */
const lastFields = new Map<string, { ground?: EngagementField; air?: EngagementField }>();

export function engagementField(state: EncounterState, against: FigureState): EngagementField {
  const flying = airborne(against);
  const footing = flying ? 'air' : 'ground';
  let bySide = lastFields.get(against.sideId);
  const last = bySide?.[footing];
  if (last !== undefined) {
    if (last.figures === state.figures) return last;
    if (threatenAlike(last.figures, state.figures)) {
      const field = { byHex: last.byHex, figures: state.figures };
      bySide![footing] = field;
      return field;
    }
  }
  const field = buildField(state, against, flying);
  if (bySide === undefined) {
    if (lastFields.size > 32) lastFields.clear();
    lastFields.set(against.sideId, (bySide = {}));
  }
  bySide[footing] = field;
  return field;
}

/** Whether two rosters engage the same hexes: the same figures, each placed, faced and able as before. */
function threatenAlike(a: readonly FigureState[], b: readonly FigureState[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (
      x.id !== y.id ||
      x.sideId !== y.sideId ||
      x.posture !== y.posture ||
      x.position.q !== y.position.q ||
      x.position.r !== y.position.r ||
      x.facing !== y.facing ||
      x.size !== y.size ||
      x.equipment.readyWeaponId !== y.equipment.readyWeaponId ||
      x.attacks !== y.attacks ||
      x.conditions !== y.conditions ||
      x.hthWith.length !== y.hthWith.length ||
      airborne(x) !== airborne(y)
    ) {
      return false;
    }
  }
  return true;
}

function buildField(state: EncounterState, against: FigureState, flying: boolean): EngagementField {
  const byHex = new Map<number, number[]>();
  state.figures.forEach((e, i) => {
    if (e.id === against.id || !isEnemy(e, against) || !canEngage(e)) return;
    if (airborne(e) !== flying) return; // 004 §Flight: fliers and walkers do not engage unless the flier chooses to
    // A one-hex figure's front hexes are the faced hex and one each side of it (001 §Facing).
    const front =
      e.size === 1
        ? [hexNeighbor(e.position, e.facing - 1), hexNeighbor(e.position, e.facing), hexNeighbor(e.position, e.facing + 1)]
        : frontHexes({ position: e.position, facing: e.facing, size: e.size });
    for (const h of front) {
      const k = numKey(h.q, h.r);
      const list = byHex.get(k);
      if (list) list.push(i);
      else byHex.set(k, [i]);
    }
  });
  return { byHex, figures: state.figures };
}

/** How many one-hex engagers, or any multi-hex one, a figure of this size needs (001 §Engagement; RULINGS M6). */
export function engagedByCount(size: 1 | 3 | 7, engagers: readonly FigureState[]): boolean {
  if (engagers.some((e) => e.size > 1)) return true;
  const need = size === 1 ? 1 : size === 7 ? 3 : 2;
  return engagers.length >= need;
}

/** The enemies whose front hexes hold a figure's footprint at `cells`. */
export function engagersAt(field: EngagementField, cells: readonly Hex[]): FigureState[] {
  if (cells.length === 1) {
    // One hex: each enemy stands once in its list (its front hexes are distinct).
    const c = cells[0]!;
    const list = field.byHex.get(numKey(c.q, c.r));
    return list === undefined ? [] : list.map((i) => field.figures[i]!);
  }
  const seen = new Map<string, FigureState>();
  for (const c of cells) {
    for (const i of field.byHex.get(numKey(c.q, c.r)) ?? []) {
      const e = field.figures[i]!;
      seen.set(e.id, e);
    }
  }
  return [...seen.values()];
}

export function isEngagedAt(field: EngagementField, size: 1 | 3 | 7, cells: readonly Hex[]): boolean {
  return engagedByCount(size, engagersAt(field, cells));
}

/**
 * RULINGS H9: a mount carrying a rider stops when either is engaged — the mount by its own count at
 * `cells` (M6), or the one-hex rider sitting in its front hex, the anchor `cells[0]`.
 */
export function pairEngagedAt(field: EngagementField, size: 1 | 3 | 7, cells: readonly Hex[], ridden: boolean): boolean {
  if (isEngagedAt(field, size, cells)) return true;
  return ridden && size > 1 && isEngagedAt(field, 1, cells.slice(0, 1));
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
