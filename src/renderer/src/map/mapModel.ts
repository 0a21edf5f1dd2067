import type { Hex } from '../../../shared/hex';
import { TERRAIN_LOOKS } from './terrainLook';

/** What the battlemap draws; both the GM view and the player view are turned into this. */
export interface MapTerrainModel {
  readonly cols: number;
  readonly rows: number;
  readonly orientation: 'flat' | 'pointy';
  readonly terrain: Readonly<Record<string, string>>;
  /** GM: hexes hidden from players (tinted). Player: hexes they cannot see (blacked out). */
  readonly veiled: ReadonlySet<string>;
  readonly veilStyle: 'gm' | 'player';
  /**
   * Sight-driven fog. Player: hexes seen before but out of the party's sight now (map shown
   * dimmed, nothing on them). GM: every hex the party does not see now, shaded.
   */
  readonly dimmed?: ReadonlySet<string>;
  /** GM only: hexes the party has never seen (the players see them black), shaded darker. */
  readonly unexplored?: ReadonlySet<string>;
}

/** One state on a token: its words, what kind it is (its colour), and on the GM map whether the players do not see it. */
export interface MapCondition {
  readonly label: string;
  readonly kind: 'rule' | 'spell' | 'mark';
  readonly gmOnly?: boolean;
}

export interface MapFigureModel {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  /** The anchor hex: a 1-hex figure's hex, a 7-hex figure's centre, a 3-hex figure's front hex. */
  readonly position: Hex;
  readonly facing: number;
  /** Hexes covered (src/shared/hex footprint). */
  readonly size: 1 | 3 | 7;
  readonly posture: string;
  /** Only the GM ever sees a hidden figure; it is drawn ghosted. */
  readonly hidden: boolean;
  /** GM map only: the figure stands on a hex hidden from the players (fog), so they do not see it. */
  readonly fogged?: boolean;
  /** States drawn on the token (tokenConditions.ts): on the players' map only those they see. */
  readonly conditions?: readonly MapCondition[];
  /** The figure it rides: drawn on top of its mount, tagged MOUNTED; absent = on foot. */
  readonly ridingId?: string;
  /** Under stride & momentum (RULINGS O3), the figure's stride this turn; absent otherwise. */
  readonly stride?: number | null;
  /** Token art: a campaign asset drawn inside the disc; absent = initials. */
  readonly art?: string;
  /** The figure whose turn it is: ringed under its token on both maps (absent = not acting). */
  readonly acting?: boolean;
}

/** Each terrain kind's fill (terrainLook.ts). */
export const TERRAIN_FILL: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TERRAIN_LOOKS).map(([k, l]) => [k, l.fill]));

/** Drawn size of a hex (centre to corner) in world pixels; the contract's world unit is one of these. */
export const HEX_SIZE = 32;
