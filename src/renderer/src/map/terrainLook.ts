/**
 * How each terrain kind looks, on both maps and in the GM's legend: a fill, and a mark drawn in an
 * ink that stands out from it, so the kinds are told apart over a map image (where the fill is
 * only a tint) and without telling brown from red (the console's choice). A mark is an SVG path in
 * a hex of size 1 centred on (0, 0): the canvas and the legend's swatches draw the same one. Marks
 * keep clear of the hex's middle, where the fill shows on its own.
 */
export interface TerrainLook {
  readonly label: string;
  readonly fill: string;
  /** The mark's ink; absent for open ground, which has none. */
  readonly ink?: string;
  readonly mark?: string;
}

export const TERRAIN_LOOKS: Readonly<Record<string, TerrainLook>> = {
  open: { label: 'Open', fill: '#3b4a3a' },
  // Courses of stone.
  wall: {
    label: 'Wall',
    fill: '#6e6960',
    ink: '#1c1b19',
    mark: 'M-0.65 -0.3 H0.65 M-0.65 0.3 H0.65 M0.3 -0.3 V0.3 M-0.3 0.3 V0.62 M-0.3 -0.3 V-0.62',
  },
  // Hatching.
  shadow: { label: 'Shadow', fill: '#1f2833', ink: '#a9bdd4', mark: 'M-0.62 0.12 L0.12 -0.62 M-0.12 0.62 L0.62 -0.12' },
  // A flame.
  fire: {
    label: 'Fire',
    fill: '#c0562a',
    ink: '#ffe08a',
    mark: 'M0 -0.58 C0.42 -0.18 0.4 0.26 0 0.55 C-0.4 0.26 -0.42 -0.18 0 -0.58 Z',
  },
  // Scattered stones.
  broken: {
    label: 'Broken ground',
    fill: '#7a6440',
    ink: '#f3e5c4',
    mark: 'M-0.52 0.4 L-0.35 0.12 L-0.18 0.4 Z M-0.1 -0.22 L0.07 -0.5 L0.24 -0.22 Z M0.16 0.46 L0.33 0.18 L0.5 0.46 Z',
  },
  // A cross, open in the middle.
  body: {
    label: 'Body',
    fill: '#7a3b3b',
    ink: '#f6d4cc',
    mark: 'M-0.45 -0.45 L-0.16 -0.16 M0.16 0.16 L0.45 0.45 M0.45 -0.45 L0.16 -0.16 M-0.16 0.16 L-0.45 0.45',
  },
};

/** A terrain kind's look; an unknown kind looks like open ground. */
export function terrainLook(kind: string): TerrainLook {
  return TERRAIN_LOOKS[kind] ?? TERRAIN_LOOKS.open!;
}

/** The kinds with a look of their own, in the order the legend lists them. */
export const TERRAIN_KINDS: readonly string[] = Object.keys(TERRAIN_LOOKS);
