/**
 * Where a figure moves in a movement phase (001 §Movement; RULINGS M1–M7), as candidates best
 * first. The engine's `reachable` says where each gait can go; these heuristics (the console's
 * choice) pick a hex: close on the chosen foe and end beside it facing it, with the slowest gait
 * that still leaves the attack open (RULINGS T5); shooters and casters hold still and face their
 * mark; a figure past its side's morale runs from the nearest foe.
 */
import { hexDistance, hexKey, type Hex } from '../../../shared/hex';
import type { MoveMode } from '../../../shared/contract/schemas';
import { figureAllowance, reachable, type Reach, type ReachableHex } from '../encounter/movement/reachable';
import { engagementState } from '../encounter/movement/engagement';
import { moveAllowsOption } from '../encounter/turn/options';
import type { EncounterState, FigureState } from '../encounter/schema';
import { mountOf, readyWeapon } from '../encounter/state';
import { zoneOf } from '../facing';
import type { RuleSet } from '../rules';
import { attackPreview } from '../encounter/actions/attack';
import { bestTarget, breaking, chanceAtMost, facingToward, foesOf, hurt, isCasterFigure, nearest, percent } from './appraise';
import { bestSpellChance } from './spells';
import { surelyRefused } from './refusals';
import { stepsBeside } from './detour';
import { weaponsWorthFetching } from './rearm';
import { weaponById } from '../equipment';
import type { Candidate, TacticsSettings } from './types';

const ZONE_WORTH = { rear: 2, side: 1, front: 0 } as const;
/** How many steps past the straight distance the way round a blockage is looked for. */
const GAP_SLACK = 6;

/**
 * `exhaustive`: search every gait, without the bounds first (the same candidates, slower; for the
 * tests). Yielded one by one: the first the engine accepts is usually the first, and the rest
 * (a gait's search each) are worked out only if it is refused.
 */
export function* movementCandidates(
  state: EncounterState,
  rules: RuleSet,
  f: FigureState,
  settings: TacticsSettings,
  exhaustive = false,
): Generator<Candidate> {
  const foes = foesOf(state, f);
  const hold = (why: string, facing = f.facing): Candidate => ({
    command: { type: 'move', figureId: f.id, mode: 'stand-still', to: f.position, facing },
    reason: `${f.name} holds its ground${why}.`,
    path: [f.position],
  });
  if (foes.length === 0) {
    yield hold(': no foe left standing');
    return;
  }
  // Engaged, it only shifts (RULINGS M5): a foe a shift brings in reach comes first.
  const engaged = engagementState(state, f) === 'engaged';
  const inShiftReach = engaged ? foes.filter((o) => hexDistance(o.position, f.position) <= 2) : [];
  const target = (inShiftReach.length > 0 ? bestTarget(f, inShiftReach, rules, settings) : null) ?? bestTarget(f, foes, rules, settings)!;
  const faceTarget = facingToward(f.position, target.position, f.facing);
  const reaches = lazyReaches(state, rules, f, exhaustive);

  if (breaking(f, settings)) {
    const away = fleeMove(f, reaches, foes);
    if (away !== null) yield away;
    yield hold(`: badly hurt (${percent(hurt(f))} of Body lost) and nowhere to run`);
    return;
  }

  const fetch = fetchWeapon(state, rules, f, foes, target, reaches);
  if (fetch !== null) {
    yield fetch;
    yield* closeIn(state, f, target, reaches, rules);
    yield hold(` facing ${target.name}`, faceTarget);
    return;
  }

  const aim = f.turn.engagedAtStart === false ? shotFromHere(state, rules, f, foes, exhaustive) : null;
  if (aim !== null) {
    yield hold(` and takes aim at ${aim.target.name} (${percent(aim.chance)} to hit from here)`, facingToward(f.position, aim.target.position, f.facing));
    yield* closeIn(state, f, target, reaches, rules);
    return;
  }
  yield* closeIn(state, f, target, reaches, rules);
  yield hold(` facing ${target.name}`, faceTarget);
}

/** A shot worth holding still for: a missile weapon or missile spell with a fair chance from here (the console's choice: 25 %). */
function shotFromHere(
  state: EncounterState,
  rules: RuleSet,
  f: FigureState,
  foes: readonly FigureState[],
  exhaustive: boolean,
): { target: FigureState; chance: number } | null {
  const weapon = readyWeapon(f);
  const ranged = weapon?.use === 'missile' || weapon?.use === 'thrown';
  let best: { target: FigureState; chance: number } | null = null;
  for (const t of foes) {
    let chance = 0;
    if (ranged && (exhaustive || !surelyRefused(f, t, weapon))) {
      const p = attackPreview(state, f.id, t.id, weapon!.id, {}, { rules, throw: weapon!.use === 'thrown' });
      if (p.allowed) chance = chanceAtMost(p.dice.count, p.adjDex.value);
    }
    if (isCasterFigure(f)) chance = Math.max(chance, bestSpellChance(state, rules, f, t));
    if (chance >= 0.25 && (best === null || chance > best.chance)) best = { target: t, chance };
  }
  return best;
}

/**
 * The reach of each gait, slowest first, worked out only when asked for (a search per gait), with
 * what each gait's budget says before any search: the most hexes it may take the figure.
 */
class LazyReaches {
  private readonly cache = new Map<MoveMode, Reach | null>();
  constructor(
    private readonly state: EncounterState,
    private readonly rules: RuleSet,
    private readonly figure: FigureState,
    readonly modes: readonly MoveMode[],
    /** Per gait, the hexes of movement its budget gives; absent where no bound is known. */
    private readonly budgets: ReadonlyMap<MoveMode, number>,
  ) {}
  at(mode: MoveMode): Reach | null {
    if (!this.cache.has(mode)) {
      const reach = reachable(this.state, this.figure.id, mode, { rules: this.rules });
      this.cache.set(mode, reach.allowed ? reach : null);
    }
    return this.cache.get(mode)!;
  }
  /**
   * False only when no hex this gait reaches can be next to `to`: every step moves the figure one
   * hex and costs at least one hex of movement, and the search spends at most the gait's budget
   * (RULINGS M7), so a reached hex is never farther from the start than the budget.
   */
  mayEndBeside(mode: MoveMode, to: Hex): boolean {
    const budget = this.budgets.get(mode);
    return budget === undefined || hexDistance(this.figure.position, to) - 1 <= budget;
  }
  fastest(): Reach | null {
    for (let i = this.modes.length - 1; i >= 0; i--) {
      const reach = this.at(this.modes[i]!);
      if (reach !== null) return reach;
    }
    return null;
  }
}

function lazyReaches(state: EncounterState, rules: RuleSet, f: FigureState, exhaustive: boolean): LazyReaches {
  const gaits = figureAllowance(f, rules);
  const allowed = gaits.filter((a) => a.allowed).sort((a, b) => a.hexes.value - b.hexes.value);
  // The gaits to try, slowest first: the figure's allowance plus shifting.
  const modes: MoveMode[] = ['shift', ...allowed.map((a) => a.mode as MoveMode).filter((m) => m !== 'shift' && m !== 'stand-still')];
  const budgets = new Map<MoveMode, number>();
  // A rider moves by its mount's gaits, a crawl has its own budget (001 §Action Options g), and
  // ground cheaper than open would break the bound: no bound is known for those.
  if (!exhaustive && mountOf(state, f) === undefined && rules.brokenGroundCost >= 1) {
    budgets.set('shift', 1); // RULINGS M5: a shift is one hex
    // The first entry of a gait is the one the engine's budget takes.
    for (const a of gaits) if (a.mode !== 'crawl' && a.mode !== 'shift' && !budgets.has(a.mode as MoveMode)) budgets.set(a.mode as MoveMode, a.hexes.value);
  }
  return new LazyReaches(state, rules, f, modes, budgets);
}

function pathTo(reach: Reach, to: ReachableHex): Hex[] {
  const byKey = new Map(reach.hexes.map((h) => [hexKey(h.hex), h]));
  const path: Hex[] = [];
  let at: ReachableHex | undefined = to;
  while (at !== undefined) {
    path.unshift(at.hex);
    at = at.prev === null ? undefined : byKey.get(hexKey(at.prev));
  }
  return path;
}

/**
 * End beside the target if a gait gets there with the charge attack still open (001 §Action
 * Options b; engaged, a shift with the attack, j), from its rear or side when the path allows;
 * otherwise as close as the fastest gait goes.
 */
function closeIn(state: EncounterState, f: FigureState, target: FigureState, reaches: LazyReaches, rules: RuleSet): Candidate[] {
  const out: Candidate[] = [];
  // The strike after the move: the charge attack (b), or, engaged, the attack (j) a shift leaves open (001 §Action Options).
  const strike = engagementState(state, f) === 'engaged' ? 'j' : 'b';
  for (const mode of reaches.modes) {
    // The cheap checks first: a search per gait is most of what a move proposal costs.
    if (!moveAllowsOption(strike, mode, rules) || !reaches.mayEndBeside(mode, target.position)) continue;
    const reach = reaches.at(mode);
    if (reach === null) continue;
    const facingFigure = { position: target.position, facing: target.facing, size: target.size };
    let best: ReachableHex | null = null;
    let bestWorth = -Infinity;
    for (const h of reach.hexes) {
      if (hexDistance(h.hex, target.position) !== 1) continue;
      const worth = ZONE_WORTH[zoneOf(facingFigure, h.hex)] * 10 - h.cost;
      if (worth > bestWorth || (worth === bestWorth && best !== null && hexKey(h.hex) < hexKey(best.hex))) {
        best = h;
        bestWorth = worth;
      }
    }
    if (best === null) continue;
    const zone = zoneOf(facingFigure, best.hex);
    out.push({
      command: { type: 'move', figureId: f.id, mode: reach.mode, to: best.hex, facing: facingToward(best.hex, target.position, f.facing) },
      reason: `${f.name} ${best.cost === 0 ? 'turns to face' : `closes on (${reach.mode}, ${best.cost} hexes)`} ${target.name}, to strike from its ${zone}${hurt(target) >= 0.3 ? `: ${target.name} is hurt` : ''}.`,
      path: pathTo(reach, best),
    });
    break;
  }
  const fastest = out.length > 0 ? null : reaches.fastest();
  if (fastest !== null) {
    let within = 0;
    for (const h of fastest.hexes) within = Math.max(within, hexDistance(h.hex, target.position));
    const gapOf = stepsBeside(
      state,
      f,
      target,
      fastest.hexes.map((h) => h.hex),
      within + GAP_SLACK,
    );
    const start = gapOf(f.position);
    let best: ReachableHex | undefined;
    let bestGap = Infinity;
    for (const h of fastest.hexes) {
      const gap = gapOf(h.hex);
      if (gap < bestGap || (gap === bestGap && best !== undefined && h.cost < best.cost)) {
        best = h;
        bestGap = gap;
      }
    }
    if (best !== undefined && bestGap < start) {
      out.push({
        command: { type: 'move', figureId: f.id, mode: fastest.mode, to: best.hex, facing: facingToward(best.hex, target.position, f.facing) },
        reason: `${f.name} advances on ${target.name} (${fastest.mode}, ${best.cost} hexes): out of reach this turn.`,
        path: pathTo(fastest, best),
      });
    }
  }
  return out;
}

function fleeMove(f: FigureState, reaches: LazyReaches, foes: readonly FigureState[]): Candidate | null {
  const fastest = reaches.fastest();
  if (fastest === null) return null;
  const gap = (h: Hex): number => nearest(h, foes)?.distance ?? 0;
  const best = [...fastest.hexes].sort((a, b) => gap(b.hex) - gap(a.hex) || a.cost - b.cost)[0];
  if (best === undefined || gap(best.hex) <= gap(f.position)) return null;
  const threat = nearest(best.hex, foes)!.figure;
  return {
    command: { type: 'move', figureId: f.id, mode: fastest.mode, to: best.hex, facing: facingToward(threat.position, best.hex, f.facing) },
    reason: `${f.name} flees (${fastest.mode}, ${best.cost} hexes): badly hurt (${percent(hurt(f))} of Body lost), past its side's morale.`,
    path: pathTo(fastest, best),
  };
}

/**
 * A weapon worth taking up lies within this turn's reach (`weaponsWorthFetching`): stay beside it,
 * or go beside it at a gait that leaves the taking open (001 §Action Options e: a walk, then ready
 * it; engaged, only a shift, and q the next turn from standing still).
 */
function fetchWeapon(
  state: EncounterState,
  rules: RuleSet,
  f: FigureState,
  foes: readonly FigureState[],
  target: FigureState,
  reaches: LazyReaches,
): Candidate | null {
  const item = weaponsWorthFetching(state, rules, f, foes)[0];
  if (item === undefined) return null;
  const name = weaponById(item.itemId)?.name ?? item.itemId;
  if (hexDistance(item.position, f.position) <= 1) {
    return {
      command: { type: 'move', figureId: f.id, mode: 'stand-still', to: f.position, facing: facingToward(f.position, target.position, f.facing) },
      reason: `${f.name} stays by the ${name} on the ground, to take it up.`,
      path: [f.position],
    };
  }
  for (const mode of reaches.modes) {
    if (mode !== 'shift' && !moveAllowsOption('e', mode, rules)) continue;
    if (!reaches.mayEndBeside(mode, item.position)) continue;
    const reach = reaches.at(mode);
    if (reach === null) continue;
    let best: ReachableHex | null = null;
    for (const h of reach.hexes) {
      if (hexDistance(h.hex, item.position) > 1) continue;
      if (best === null || h.cost < best.cost || (h.cost === best.cost && hexKey(h.hex) < hexKey(best.hex))) best = h;
    }
    if (best === null) continue;
    return {
      command: { type: 'move', figureId: f.id, mode: reach.mode, to: best.hex, facing: facingToward(best.hex, target.position, f.facing) },
      reason: `${f.name} goes to the ${name} on the ground (${reach.mode}, ${best.cost} hexes), to take it up.`,
      path: pathTo(reach, best),
    };
  }
  return null;
}
