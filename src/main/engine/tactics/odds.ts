/**
 * The odds of an encounter from many simulated fights: each side's chance to win with a 95 %
 * interval, each figure's chance to be down or dead at the end, how many turns a fight takes, and
 * the most common ways it ends. Pure arithmetic over `FightResult`s.
 */
import type { FightResult } from './playFight';

export interface SideOdds {
  readonly sideId: string;
  readonly name: string;
  readonly wins: number;
  readonly chance: number;
  /** Wilson score interval at 95 %. */
  readonly low: number;
  readonly high: number;
}

export interface FigureOdds {
  readonly id: string;
  readonly name: string;
  readonly sideId: string;
  readonly down: number;
  readonly dead: number;
}

export interface Ending {
  readonly text: string;
  readonly count: number;
  readonly share: number;
  /** A fight that ended this way, to replay. */
  readonly seed: number;
}

export interface OddsReport {
  readonly fights: number;
  readonly stalemates: number;
  readonly sides: SideOdds[];
  readonly figures: FigureOdds[];
  /** Turns of the fights that were decided (stalemates left out); null when none was. */
  readonly turns: { readonly median: number; readonly p10: number; readonly p90: number; readonly min: number; readonly max: number } | null;
  /** How many decided fights took each number of turns, for the chart. */
  readonly turnCounts: { readonly turns: number; readonly count: number }[];
  readonly endings: Ending[];
}

const Z = 1.96;

export function wilson(successes: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))));
  return sorted[i]!;
}

export function oddsOf(results: readonly FightResult[], sides: readonly { id: string; name: string }[], maxEndings = 5): OddsReport {
  const n = results.length;
  const sideName = (id: string): string => sides.find((s) => s.id === id)?.name ?? id;
  const sideOdds = sides.map((s) => {
    const wins = results.filter((r) => r.winner === s.id).length;
    return { sideId: s.id, name: s.name, wins, chance: n === 0 ? 0 : wins / n, ...wilson(wins, n) };
  });
  const figures = new Map<string, { id: string; name: string; sideId: string; down: number; dead: number }>();
  for (const r of results) {
    for (const f of r.fates) {
      const row = figures.get(f.id) ?? { id: f.id, name: f.name, sideId: f.sideId, down: 0, dead: 0 };
      if (f.down) row.down++;
      if (f.dead) row.dead++;
      figures.set(f.id, row);
    }
  }
  const decided = results
    .filter((r) => !r.stalemate)
    .map((r) => r.turns)
    .sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (const t of decided) counts.set(t, (counts.get(t) ?? 0) + 1);
  const endings = new Map<string, { count: number; seed: number }>();
  for (const r of results) {
    const text = endingOf(r, sideName);
    const e = endings.get(text);
    if (e === undefined) endings.set(text, { count: 1, seed: r.seed });
    else e.count++;
  }
  return {
    fights: n,
    stalemates: results.filter((r) => r.stalemate).length,
    sides: sideOdds,
    figures: [...figures.values()].map((f) => ({ ...f, down: n === 0 ? 0 : f.down / n, dead: n === 0 ? 0 : f.dead / n })),
    turns:
      decided.length === 0
        ? null
        : { median: quantile(decided, 0.5), p10: quantile(decided, 0.1), p90: quantile(decided, 0.9), min: decided[0]!, max: decided[decided.length - 1]! },
    turnCounts: [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([turns, count]) => ({ turns, count })),
    endings: [...endings.entries()]
      .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
      .slice(0, maxEndings)
      .map(([text, e]) => ({ text, count: e.count, share: n === 0 ? 0 : e.count / n, seed: e.seed })),
  };
}

/** "The Party wins, Bram down" — the winner and what it cost; or a stalemate. */
function endingOf(r: FightResult, sideName: (id: string) => string): string {
  if (r.winner === null) return r.stalemate ? `No side wins within ${r.turns} turns` : 'Nobody is left standing';
  const fallen = r.fates.filter((f) => f.sideId === r.winner && f.down).map((f) => `${f.name} ${f.dead ? 'dead' : 'down'}`);
  return `${sideName(r.winner)} wins${fallen.length === 0 ? ' with nobody down' : `, ${fallen.join(', ')}`}`;
}
