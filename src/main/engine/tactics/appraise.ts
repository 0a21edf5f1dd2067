/**
 * How the tactics module sizes up a figure and a blow (the console's choice throughout: the
 * rules say what a figure may do, these heuristics say what it would want to).
 */
import { hexDistance, type Hex } from '../../../shared/hex';
import { DIRECTIONS } from '../../../shared/hex/directions';
import { canAct, isEnemy } from '../encounter/state';
import type { EncounterState, FigureState } from '../encounter/schema';
import type { RuleSet } from '../rules';
import { d6Ways, heldWorth } from './blows';
import { DEFAULT_MORALE, type TacticsSettings } from './types';

/** P(sum of `count` d6 ≤ target), for the attack and DEX rolls (001 §Attack Rolls). */
export function chanceAtMost(count: number, target: number): number {
  const table = cumulative(count);
  if (target < count) return 0;
  if (target >= 6 * count) return 1;
  return table[target]!;
}

const CUMULATIVE = new Map<number, number[]>();
function cumulative(count: number): number[] {
  let table = CUMULATIVE.get(count);
  if (table !== undefined) return table;
  const ways = d6Ways(count);
  const total = 6 ** count;
  table = [];
  let run = 0;
  for (let sum = 0; sum < ways.length; sum++) {
    run += ways[sum] ?? 0;
    table.push(run / total);
  }
  CUMULATIVE.set(count, table);
  return table;
}

/** A figure still in the fight: alive, conscious. */
export function inFight(f: FigureState): boolean {
  return canAct(f);
}

export function foesOf(state: EncounterState, f: FigureState): FigureState[] {
  return state.figures.filter((o) => isEnemy(o, f) && inFight(o));
}

/** The share of Body lost, 0 (unhurt) to 1. */
export function hurt(f: FigureState): number {
  if (f.body.starting <= 0) return 0;
  return Math.min(1, Math.max(0, (f.body.starting - f.body.current) / f.body.starting));
}

/** Whether the figure has lost more than its side's morale allows and wants out. */
export function breaking(f: FigureState, settings: TacticsSettings): boolean {
  const limit = settings.morale?.[f.sideId] ?? DEFAULT_MORALE;
  return limit < 1 && hurt(f) >= limit;
}

export function isCasterFigure(f: FigureState): boolean {
  return Object.keys(f.mastery).length > 0 && (f.mana?.current ?? 0) > 0;
}

/**
 * How much the figure wants to bring `target` down: the hurt first (a blow may finish them), then
 * the casters, then the near. Higher is better.
 */
export function targetScore(from: FigureState, target: FigureState): number {
  const distance = hexDistance(from.position, target.position);
  return hurt(target) * 3 + (isCasterFigure(target) ? 1.5 : 0) - distance * 0.15;
}

/**
 * The foe to go for: the one its blows would put most hits through (001 §Protection), weighed by
 * `targetScore`; a foe that armour makes proof against them still ranks by the rest. A foe past
 * its side's morale runs from the fight: it is chased only when nothing else is left.
 */
export function bestTarget(from: FigureState, foes: readonly FigureState[], rules: RuleSet, settings: TacticsSettings = {}): FigureState | null {
  let best: FigureState | null = null;
  let bestScore = -Infinity;
  for (const f of foes) {
    const chase = breaking(f, settings) ? FLEEING_WORTH : 1;
    const score = chase * (heldWorth(rules, from, f).hits + 0.01) * Math.max(0.05, 1 + targetScore(from, f) * 0.3);
    if (score > bestScore || (score === bestScore && best !== null && f.id < best.id)) {
      best = f;
      bestScore = score;
    }
  }
  return best;
}

/** The console's choice: a fleeing foe counts for a tenth of one that stands. */
const FLEEING_WORTH = 0.1;

/** The facing 0–5 that looks most directly from `from` toward `to` (cube dot product). */
export function facingToward(from: Hex, to: Hex, fallback: number): number {
  const dq = to.q - from.q;
  const dr = to.r - from.r;
  const ds = -dq - dr;
  if (dq === 0 && dr === 0) return fallback;
  let best = fallback;
  let bestDot = -Infinity;
  DIRECTIONS.forEach((d, i) => {
    const dot = d.q * dq + d.r * dr + (-d.q - d.r) * ds;
    if (dot > bestDot) {
      bestDot = dot;
      best = i;
    }
  });
  return best;
}

export function nearest(from: Hex, figures: readonly FigureState[]): { figure: FigureState; distance: number } | null {
  let out: { figure: FigureState; distance: number } | null = null;
  for (const f of figures) {
    const distance = hexDistance(from, f.position);
    if (out === null || distance < out.distance || (distance === out.distance && f.id < out.figure.id)) out = { figure: f, distance };
  }
  return out;
}

export function percent(p: number): string {
  return `${Math.round(p * 100)} %`;
}
