/**
 * Forced retreat, phase 6 (001 §Forced Retreat; RULINGS H3, T1): a figure that dealt physical hits
 * this turn and took none may push one enemy it hit back 1 hex into any free hex, then advance
 * into the vacated hex or stay. An enemy with no free hex rolls 3d6 ≤ DEX or falls prone.
 *
 * Decisions: "hits" are the hits that got through protection (`resolveDamage().afterProtection`):
 * a blow that armour stopped entirely dealt none, and one that was stopped entirely on the figure
 * does not count as taken. Only physical hits (weapons, hands) count, on both sides.
 */
import { hexNeighbors } from '../../../shared/hex';
import type { Hex } from '../../../shared/hex';
import type { Dice } from '../dice/types';
import { dexRoll } from './dexRoll';
import type { DexRollInput, DexRollResult } from './dexRoll';
import { checkWhole } from './check';

const SOURCE = '001 §Forced Retreat; RULINGS H3';

/** One physical blow of this turn that got through: `hits` after protection. */
export interface PhysicalHit {
  readonly attacker: string;
  readonly target: string;
  readonly hits: number;
}

export interface ForcedRetreatRight {
  readonly figure: string;
  /** The enemies it hit this turn, in the order first hit; it may push one of them. */
  readonly mayPush: readonly string[];
  readonly hitsDealt: number;
  readonly reason: string;
  readonly source: string;
}

/** Which figures may force a retreat this turn, from the turn's physical hits (RULINGS H3). */
export function forcedRetreatRights(hits: readonly PhysicalHit[]): ForcedRetreatRight[] {
  const dealt = new Map<string, { total: number; targets: string[] }>();
  const taken = new Map<string, number>();
  for (const h of hits) {
    checkWhole(h.hits, 'Hits', 0);
    if (h.hits === 0) continue;
    const d = dealt.get(h.attacker) ?? { total: 0, targets: [] };
    d.total += h.hits;
    if (!d.targets.includes(h.target)) d.targets.push(h.target);
    dealt.set(h.attacker, d);
    taken.set(h.target, (taken.get(h.target) ?? 0) + h.hits);
  }
  const rights: ForcedRetreatRight[] = [];
  for (const [figure, d] of dealt) {
    if ((taken.get(figure) ?? 0) > 0) continue;
    rights.push({
      figure,
      mayPush: d.targets,
      hitsDealt: d.total,
      reason: `${figure} dealt ${d.total} ${d.total === 1 ? 'hit' : 'hits'} and took none: it may push ${d.targets.join(' or ')} back 1 hex.`,
      source: SOURCE,
    });
  }
  return rights;
}

/** The hexes a pushed enemy may be moved into: its free neighbours (001: "any direction"). */
export function retreatHexes(enemy: Hex, isFree: (hex: Hex) => boolean): Hex[] {
  return hexNeighbors(enemy).filter((h) => isFree(h));
}

export interface RetreatFall extends DexRollResult {
  readonly fallsProne: boolean;
  readonly source: string;
}

/** An enemy pushed with no free hex: 3d6 ≤ DEX keeps its feet, else it falls prone (RULINGS H3). */
export function forcedRetreatFall(dice: Dice, input: DexRollInput): RetreatFall {
  const r = dexRoll(dice, 3, input, 'forced retreat: no hex to retreat to (3d6 ≤ DEX)');
  return { ...r, fallsProne: !r.success, source: SOURCE };
}
