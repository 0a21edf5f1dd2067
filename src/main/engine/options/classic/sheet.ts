/**
 * The Classic character sheet (RULINGS O1; 004 §Attributes and the sections it draws on): ST, DX,
 * IQ and WIS; ST as hit points and as the fatigue pool; MA and the gaits; adjDX; heavy-blow
 * thresholds; what the figure's state is.
 *
 * Decisions where 004 is silent:
 * - Hits and fatigue are kept apart against the one ST: hits taken give the ST left (004 §Injury
 *   Effects), fatigue spent is measured against ST (004 §Fatigue: exhausted when it equals ST).
 * - A figure is kept in the encounter with Pillars attributes; its Classic values are read from
 *   STR, DEX, INT and WIS (CLASSIC_ATTRIBUTES.keptAs).
 */
import type { Attributes } from '../../characters/attributes';
import type { Explained } from '../../explain';
import { classicAdjustedDx, classicInjury, heavyBlowBand, type ClassicCondition } from './combat';
import { classicMovement, type ClassicMovement } from './movement';
import type { HeavyBlowBand } from './tables';

export interface ClassicStats {
  readonly ST: number;
  readonly DX: number;
  readonly IQ: number;
  readonly WIS: number;
}

/** The Classic reading of a figure's attributes (CLASSIC_ATTRIBUTES.keptAs). */
export function classicStatsOf(attributes: Pick<Attributes, 'STR' | 'DEX' | 'INT' | 'WIS'>): ClassicStats {
  return { ST: attributes.STR, DX: attributes.DEX, IQ: attributes.INT, WIS: attributes.WIS };
}

export interface ClassicCharacter {
  readonly name: string;
  readonly stats: ClassicStats;
  readonly hitsTaken: number;
  readonly fatigueSpent: number;
  readonly carriedLbs?: number;
  readonly armorId?: string | null;
  readonly shieldId?: string | null;
  readonly hitsLastTurn?: number;
}

export interface ClassicSheet {
  readonly name: string;
  readonly stats: ClassicStats;
  /** ST as hit points: starting and left. */
  readonly hitPoints: { readonly starting: number; readonly left: number };
  /** ST as the fatigue pool: its size and what has been spent. */
  readonly fatigue: { readonly pool: number; readonly spent: number; readonly exhausted: boolean };
  readonly condition: ClassicCondition;
  readonly adjDx: Explained<number>;
  readonly movement: ClassicMovement;
  readonly heavyBlows: HeavyBlowBand;
  readonly source: string;
}

export function classicSheet(c: ClassicCharacter): ClassicSheet {
  for (const [k, v] of Object.entries(c.stats)) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`${k} must be a whole number of 1 or more (got ${v}).`);
  }
  const injury = classicInjury(c.stats.ST, c.hitsTaken);
  const movement = classicMovement({
    st: c.stats.ST,
    dx: c.stats.DX,
    fatigueSpent: c.fatigueSpent,
    ...(c.carriedLbs === undefined ? {} : { carriedLbs: c.carriedLbs }),
    armorId: c.armorId ?? null,
  });
  return {
    name: c.name,
    stats: c.stats,
    hitPoints: { starting: c.stats.ST, left: injury.stLeft },
    fatigue: { pool: c.stats.ST, spent: c.fatigueSpent, exhausted: movement.exhausted },
    condition: injury.condition,
    adjDx: classicAdjustedDx({
      dx: c.stats.DX,
      st: c.stats.ST,
      hitsTaken: c.hitsTaken,
      armorId: c.armorId ?? null,
      shieldId: c.shieldId ?? null,
      exhausted: movement.exhausted,
      hitsLastTurn: c.hitsLastTurn ?? 0,
    }),
    movement,
    heavyBlows: heavyBlowBand(c.stats.ST),
    source: '004 §Attributes; RULINGS O1',
  };
}
