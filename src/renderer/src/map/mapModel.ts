import type { Hex } from '../../../shared/hex';

/** What the battlemap draws; both the GM view and the player view are turned into this. */
export interface MapTerrainModel {
  readonly cols: number;
  readonly rows: number;
  readonly orientation: 'flat' | 'pointy';
  readonly terrain: Readonly<Record<string, string>>;
  /** GM: hexes hidden from players (tinted). Player: hexes they cannot see (blacked out). */
  readonly veiled: ReadonlySet<string>;
  readonly veilStyle: 'gm' | 'player';
}

export interface MapFigureModel {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  readonly position: Hex;
  readonly facing: number;
  readonly posture: string;
  /** Only the GM ever sees a hidden figure; it is drawn ghosted. */
  readonly hidden: boolean;
}

export const TERRAIN_FILL: Readonly<Record<string, string>> = {
  open: '#3b4a3a',
  wall: '#5b5750',
  shadow: '#26303a',
  fire: '#b4542b',
  broken: '#6b5a3c',
  body: '#6a3a3a',
};

export const HEX_SIZE = 32;
