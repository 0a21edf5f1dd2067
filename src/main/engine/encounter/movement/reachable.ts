/**
 * Where a figure can go this turn (001 §Movement, §Engagement; RULINGS M1–M7): every hex it can
 * reach with a chosen way of moving, with the movement it costs and the step it came from.
 */
import { hexKey, hexNeighbor, hexDistance, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import { isOnMap } from '../../../../shared/mapGrid';
import type { MoveMode } from '../../../../shared/contract/schemas';
import { explainSum, line, type Explained } from '../../explain';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import type { MoveAllowance } from '../../options/types';
import { allowanceFor, figureAllowance } from './allowance';
import { engagementField, engagers, isEngagedAt, pairEngagedAt, type EngagementField } from './engagement';
import { BROKEN, effectiveMap, numKey, WALL, type EffectiveMap } from '../../map/effectiveMap';
import type { EncounterState, FigureState } from '../schema';
import { canAct, figureById, figureHexes, isAlive, isDown, isRidden, mountOf, riderOf } from '../state';

export interface ReachableHex {
  readonly hex: Hex;
  /** Hexes of movement spent to get here (broken ground costs Rules.brokenGroundCost, RULINGS M7). */
  readonly cost: number;
  /** The hex the path came from; null for the start hex. */
  readonly prev: Hex | null;
  /** Movement ends here: the figure is engaged in this hex (RULINGS M5). */
  readonly engaged: boolean;
}

export interface Reach {
  readonly figureId: string;
  readonly mode: MoveMode;
  /** Whether this way of moving is open to the figure now; `reason` says why not. */
  readonly allowed: boolean;
  readonly reason: string | null;
  /** How many hexes of movement the mode gives, explained. */
  readonly budget: Explained<number>;
  /** Every reachable hex, the start hex first (cost 0). */
  readonly hexes: readonly ReachableHex[];
}

export interface ReachOptions {
  /** The encounter's rules (stored settings or the built `RuleSet`; default Pillars). */
  readonly rules?: Rules | RuleSet;
  /** Drop the pack first: free at the start of movement (001 §Encumbrance; RULINGS M4). */
  readonly dropPack?: boolean;
}

// A figure's ways of moving live in ./allowance; existing imports of them from here still resolve.
export { figureAllowance, figureMovement } from './allowance';

function refuse(f: FigureState, mode: MoveMode, reason: string): Reach {
  return {
    figureId: f.id,
    mode,
    allowed: false,
    reason,
    budget: explainSum([line(reason, 0, '001 §Movement')]),
    hexes: [{ hex: f.position, cost: 0, prev: null, engaged: false }],
  };
}

/** Standing still's budget: the same for every figure, and explanations are never changed. */
const STAND_STILL: Explained<number> = explainSum([line('Stand still', 0, '001 §Movement')]);

/** Why the figure cannot move in this mode now, or its budget in hexes. */
export function movementBudget(
  state: EncounterState,
  f: FigureState,
  mode: MoveMode,
  dropPack = false,
  field?: EngagementField,
  rules: Rules | RuleSet = DEFAULT_RULES,
): { ok: true; budget: Explained<number>; allowance?: MoveAllowance } | { ok: false; reason: string } {
  if (!canAct(f)) return { ok: false, reason: `${f.name} is ${f.posture} and cannot move.` };
  if (f.turn.mode !== null) return { ok: false, reason: `${f.name} has already moved this turn.` };
  if (f.hthWith.length > 0) {
    return { ok: false, reason: `${f.name} is in hand-to-hand combat: only option v (disengage) gets out (001 §Hand-to-Hand Combat).` };
  }
  if (mode === 'stand-still') return { ok: true, budget: STAND_STILL };
  // RULINGS H9: a ridden mount is held when either it or its rider is engaged.
  const ridden = isRidden(state, f);
  const engagedNow = ridden
    ? pairEngagedAt(field ?? engagementField(state, f), f.size, figureHexes(f), true)
    : field
      ? isEngagedAt(field, f.size, figureHexes(f))
      : engagers(state, f).length > 0;
  if (isDown(f)) {
    if (mode !== 'crawl') {
      return { ok: false, reason: `${f.name} is ${f.posture}: it must stand up first, or crawl (001 §Action Options g).` };
    }
    if (engagedNow) return { ok: false, reason: `${f.name} is engaged: a figure on the ground may only stand up (001 §Action Options p).` };
    return { ok: true, budget: explainSum([line('Crawl', 2, '001 §Action Options (CRAWL: 2 hex)')]) };
  }
  if (mode === 'crawl') return { ok: false, reason: `${f.name} is standing: only a figure on the ground crawls.` };
  if (engagedNow) {
    if (mode !== 'shift') {
      return { ok: false, reason: `${f.name} is engaged: it may only shift 1 hex or stand still (RULINGS M5).` };
    }
    return { ok: true, budget: explainSum([line('Shift', 1, 'RULINGS M5')]) };
  }
  if (mode === 'shift') return { ok: false, reason: `${f.name} is not engaged: choose a gait instead of a shift (RULINGS M5).` };
  // RULINGS M1–M4 (O1, O3): the rules' movement strategy gives the ways of moving and their hexes.
  const rs = asRuleSet(rules);
  const gait = allowanceFor(figureAllowance(f, rs, dropPack), mode);
  if (gait === undefined) return { ok: false, reason: `${f.name} cannot move by ${mode} under ${rs.movement.name} (${rs.movement.source}).` };
  if (!gait.allowed) {
    return { ok: false, reason: `${f.name} cannot ${gait.name}: ${gait.reason ?? 'restricted'}.` };
  }
  return { ok: true, budget: gait.hexes, allowance: gait };
}

export interface PathWorld {
  /** The map as it stands now: terrain plus the spells' effects (engine/map/effectiveMap.ts). */
  readonly map: EffectiveMap;
  readonly blocked: Set<number>;
  readonly field: EngagementField;
}

/** The obstacles a figure meets: walls, other living figures, the map's edge (RULINGS M7). */
export function pathWorld(state: EncounterState, f: FigureState): PathWorld {
  return new LazyPathWorld(state, f);
}

/**
 * A move that stands still never looks at the blocked hexes, nor (in a quiet replay) at the
 * engagement field: they are gathered on first use.
 */
class LazyPathWorld implements PathWorld {
  readonly map: EffectiveMap;
  private hexes: Set<number> | undefined;
  private engagement: EngagementField | undefined;

  constructor(
    private readonly state: EncounterState,
    private readonly f: FigureState,
  ) {
    this.map = effectiveMap(state);
  }

  get field(): EngagementField {
    return (this.engagement ??= engagementField(this.state, this.f));
  }

  get blocked(): Set<number> {
    if (this.hexes !== undefined) return this.hexes;
    const blocked = new Set<number>();
    for (const o of this.state.figures) {
      // A rider sits in its mount's hexes: the mount is what takes up the room (console's choice).
      if (o.id === this.f.id || !isAlive(o) || o.ridingId !== undefined) continue;
      for (const h of figureHexes(o)) blocked.add(numKey(h.q, h.r));
    }
    return (this.hexes = blocked);
  }
}

/** Whether the figure's footprint fits at `anchor` (on the map, no wall, no other living figure). */
export function fits(state: EncounterState, world: PathWorld, cells: readonly Hex[]): boolean {
  for (const c of cells) {
    const k = numKey(c.q, c.r);
    if (world.blocked.has(k) || (world.map.flagsAtNum(k) & WALL) !== 0 || !isOnMap(state.map, c)) return false;
  }
  return true;
}

function entryCost(world: PathWorld, cells: readonly Hex[], rules: Rules): number {
  for (const c of cells) if ((world.map.flagsAtNum(numKey(c.q, c.r)) & BROKEN) !== 0) return rules.brokenGroundCost; // RULINGS M7
  return 1;
}

/**
 * Every hex the figure can reach in `mode` (RULINGS M1–M7):
 * - walls, the map's edge and hexes with another living figure block; dead bodies do not;
 * - broken ground costs `rules.brokenGroundCost` to enter;
 * - a hex where the figure would be engaged can be entered but movement stops there (M5);
 * - an engaged figure only shifts 1 hex to a free hex still next to an enemy that engaged it (M5);
 *   the shift is one hex whatever the ground (console's choice: 001 counts a shift in hexes);
 * - a figure on the ground crawls 2 hexes and nothing else (001 §Action Options g);
 * - multi-hex figures move their whole footprint, keeping their facing along the path.
 */
export function reachable(state: EncounterState, figureId: string, mode: MoveMode, options: ReachOptions = {}): Reach {
  const rules = asRuleSet(options.rules ?? DEFAULT_RULES);
  if (state !== reachesOf.state || rules !== reachesOf.rules) {
    reachesOf.state = state;
    reachesOf.rules = rules;
    reachesOf.byKey.clear();
  }
  const key = `${figureId}\u0000${mode}\u0000${options.dropPack === true ? 'd' : ''}`;
  let reach = reachesOf.byKey.get(key);
  if (reach === undefined) {
    reach = computeReach(state, figureId, mode, options, rules);
    reachesOf.byKey.set(key, reach);
  }
  return reach;
}

/**
 * The reaches asked of the last state: the tactics weigh a figure's ways of moving, then apply
 * the chosen move to that same state, which asks for its reach again. States are never mutated.
 */
const reachesOf: { state: EncounterState | null; rules: RuleSet | null; readonly byKey: Map<string, Reach> } = { state: null, rules: null, byKey: new Map() };

function computeReach(state: EncounterState, figureId: string, mode: MoveMode, options: ReachOptions, rules: RuleSet): Reach {
  const f = figureById(state, figureId);
  // A rider goes where its mount goes, by the mount's gaits (movement/mounts.ts).
  const mount = mountOf(state, f);
  if (mount !== undefined) return { ...reachable(state, mount.id, mode, options), figureId };
  const world = pathWorld(state, f);
  const budget = movementBudget(state, f, mode, options.dropPack === true, world.field, rules);
  if (!budget.ok) return refuse(f, mode, budget.reason);
  const start: ReachableHex = { hex: f.position, cost: 0, prev: null, engaged: false };
  const max = budget.budget.value;

  const ridden = isRidden(state, f);
  if (mode === 'shift') {
    // RULINGS M5, H9: the pair shifts staying next to an enemy that engages either of them.
    const rider = ridden ? riderOf(state, f.id) : undefined;
    const foes = rider === undefined ? engagers(state, f) : [...engagers(state, f), ...engagers(state, rider)];
    const out: ReachableHex[] = [start];
    for (let d = 0; d < 6; d++) {
      const to = hexNeighbor(f.position, d);
      const cells = footprint(to, f.facing, f.size);
      if (!fits(state, world, cells)) continue;
      const stillNext = foes.some((e) => figureHexes(e).some((eh) => cells.some((c) => hexDistance(c, eh) === 1)));
      if (!stillNext) continue;
      out.push({ hex: to, cost: 1, prev: f.position, engaged: pairEngagedAt(world.field, f.size, cells, ridden) });
    }
    return { figureId: f.id, mode, allowed: true, reason: null, budget: budget.budget, hexes: out };
  }

  if (f.size === 1) return reachOneHex(state, world, f, mode, budget.budget, rules);

  // Dijkstra with a bucket queue: entry costs are small whole numbers.
  const best = new Map<number, ReachableHex>();
  best.set(numKey(f.position.q, f.position.r), start);
  const buckets: Hex[][] = [[f.position]];
  for (let cost = 0; cost <= max; cost++) {
    const bucket = buckets[cost];
    if (bucket === undefined) continue;
    for (const h of bucket) {
      const here = best.get(numKey(h.q, h.r));
      if (here === undefined || here.cost !== cost || here.engaged) continue; // RULINGS M5: stop on engagement
      for (let d = 0; d < 6; d++) {
        const to = hexNeighbor(h, d);
        const k = numKey(to.q, to.r);
        const cells = footprint(to, f.facing, f.size);
        if (!fits(state, world, cells)) continue;
        const next = cost + entryCost(world, cells, rules);
        if (next > max) continue;
        const seen = best.get(k);
        if (seen !== undefined && seen.cost <= next) continue;
        best.set(k, { hex: to, cost: next, prev: h, engaged: pairEngagedAt(world.field, f.size, cells, ridden) });
        (buckets[next] ??= []).push(to);
      }
    }
  }
  return { figureId: f.id, mode, allowed: true, reason: null, budget: budget.budget, hexes: [...best.values()] };
}

const DQ = [1, 0, -1, -1, 0, 1] as const;
const DR = [0, 1, 1, 0, -1, -1] as const;

/**
 * The same search for a one-hex figure on plain numbers (the common case, and the one the
 * budget is for): no hex objects until the answer is built.
 */
function reachOneHex(state: EncounterState, world: PathWorld, f: FigureState, mode: MoveMode, budget: Explained<number>, rules: Rules): Reach {
  const max = budget.value;
  const { cols, rows, orientation } = state.map;
  const flat = orientation === 'flat';
  const broken = rules.brokenGroundCost;
  const blocked = world.blocked;
  const cost = new Map<number, number>();
  const prev = new Map<number, number>();
  const engaged = new Set<number>();
  const start = numKey(f.position.q, f.position.r);
  cost.set(start, 0);
  const buckets: number[][] = [[start]];
  for (let c = 0; c <= max; c++) {
    const bucket = buckets[c];
    if (bucket === undefined) continue;
    for (const k of bucket) {
      if (cost.get(k) !== c || engaged.has(k)) continue; // RULINGS M5: movement stops on engagement
      const q = Math.floor(k / 4096) - 2048;
      const r = (k % 4096) - 2048;
      for (let d = 0; d < 6; d++) {
        const nq = q + (DQ[d] as number);
        const nr = r + (DR[d] as number);
        const col = flat ? nq : nq + (nr >> 1);
        const row = flat ? nr + (nq >> 1) : nr;
        if (col < 0 || col >= cols || row < 0 || row >= rows) continue;
        const nk = k + (DQ[d] as number) * 4096 + (DR[d] as number);
        if (blocked.has(nk)) continue;
        const t = world.map.flagsAtNum(nk);
        if ((t & WALL) !== 0) continue; // RULINGS M7
        const next = c + ((t & BROKEN) !== 0 ? broken : 1);
        if (next > max) continue;
        const seen = cost.get(nk);
        if (seen !== undefined && seen <= next) continue;
        cost.set(nk, next);
        prev.set(nk, k);
        if (world.field.byHex.has(nk)) engaged.add(nk);
        (buckets[next] ??= []).push(nk);
      }
    }
  }
  const toHex = (k: number): Hex => ({ q: Math.floor(k / 4096) - 2048 + 0, r: (k % 4096) - 2048 + 0 });
  const hexes: ReachableHex[] = [];
  for (const [k, c] of cost) {
    const p = prev.get(k);
    hexes.push({ hex: toHex(k), cost: c, prev: p === undefined ? null : toHex(p), engaged: engaged.has(k) });
  }
  return { figureId: f.id, mode, allowed: true, reason: null, budget, hexes };
}

/** The path from the start to `to` in a reach (start first), or null when `to` is not reachable. */
export function pathTo(reach: Reach, to: Hex): Hex[] | null {
  const byKey = new Map(reach.hexes.map((h) => [hexKey(h.hex), h] as const));
  let cur = byKey.get(hexKey(to));
  if (cur === undefined) return null;
  const path: Hex[] = [];
  while (cur !== undefined) {
    path.push(cur.hex);
    cur = cur.prev === null ? undefined : byKey.get(hexKey(cur.prev));
  }
  return path.reverse();
}

/** The most hexes the figure may still move this turn and how (for the tracker): 0 once it has moved. */
export function movementLeft(state: EncounterState, f: FigureState, rules: Rules | RuleSet = DEFAULT_RULES): { hexes: number; how: string } {
  if (f.turn.mode !== null) return { hexes: 0, how: `moved (${f.turn.mode}, ${f.turn.spent})` };
  const field = engagementField(state, f);
  for (const mode of ['shift', 'crawl'] as const) {
    const b = movementBudget(state, f, mode, false, field, rules);
    if (b.ok) return { hexes: b.budget.value, how: mode };
  }
  let best: { hexes: number; how: string } | null = null;
  const modes: MoveMode[] = [...figureAllowance(f, rules).map((a) => a.mode as MoveMode), 'stand-still'];
  for (const mode of modes) {
    const b = movementBudget(state, f, mode, false, field, rules);
    if (b.ok && (best === null || b.budget.value > best.hexes)) best = { hexes: b.budget.value, how: mode };
  }
  return best ?? { hexes: 0, how: canAct(f) ? 'cannot move' : f.posture };
}
