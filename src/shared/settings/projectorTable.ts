/*
 * No zod here: the GM page's player-display settings import this table, and shared/contract/channels/display.ts
 * derives the zod schema from it (DESIGN §Settings, declared once).
 */

/**
 * How long a part of the projector's state lives, and who changes it:
 * - `host`: the GM sets it; the host keeps it while it runs (not with the campaign, not logged);
 * - `campaign`: the GM sets it; kept in the campaign's campaign.json, applied when it opens;
 * - `player`: the player display reports it of itself;
 * - `handout`: set only through the handout channels;
 * - `moment`: the GM's ping, set only through `pingHex`, seen as new when its count grows, ended
 *   by any later change the GM makes to the projector;
 * - `ruler`: the GM's ruler shown to the table, set only through `showRuler`;
 * - `seat`: a seat's code shown to the table, set only through `showSeatCode`, taken down when its
 *   phone joins or its link ends;
 * - `revision`: counted by the host.
 */
export type ProjectorLifetime = 'host' | 'campaign' | 'player' | 'handout' | 'moment' | 'ruler' | 'seat' | 'revision';

/** A framing of the map in world units (1 is a hex's centre-to-corner size): its centre and the width and height in view. */
export interface FrameValue {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** The projector's screen, for the physical scale and the GM's outline of the frame. */
export interface ScreenValue {
  widthPx: number;
  heightPx: number;
  /** Diagonal of the picture in inches. */
  diagonalInches: number;
}

/** The bounds of a screen the GM may type: the smallest and largest of each part. */
export const SCREEN_BOUNDS = {
  widthPx: { min: 320, max: 16384 },
  heightPx: { min: 240, max: 16384 },
  diagonalInches: { min: 5, max: 500 },
} as const satisfies Record<keyof ScreenValue, { min: number; max: number }>;

/**
 * What the GM sets on the projector that lives with the host, not with a campaign (never logged,
 * never undone, kept when another campaign opens), in the order of the projector's state.
 * `follow` shows the GM's camera, `hold` a framing the GM pinned; `frame` null is the whole map;
 * `blackout` hides the map without forgetting the framing; `scale` `fit` fills the screen with the
 * frame, `physical` draws hexes `hexInches` across (flat to flat) on the real screen.
 */
export const HOST_PROJECTOR_SETTINGS = [
  { key: 'mode', kind: 'choice', choices: ['follow', 'hold'], default: 'follow' },
  { key: 'frame', kind: 'frame', default: null },
  { key: 'blackout', kind: 'flag', default: false },
  { key: 'scale', kind: 'choice', choices: ['fit', 'physical'], default: 'fit' },
  { key: 'hexInches', kind: 'number', min: 0.25, max: 12, default: 1 },
  /** A 1080p picture on a 55-inch screen: a common table-top television. */
  { key: 'screen', kind: 'screen', default: { widthPx: 1920, heightPx: 1080, diagonalInches: 55 } },
  /** At physical scale, the projector's view moves in whole hexes, so miniatures on the glass stay on their hexes. */
  {
    key: 'snap',
    kind: 'flag',
    default: false,
    control: { id: 'projector-snap', label: 'Pan in whole hexes at physical scale (miniatures stay on their hexes)' },
  },
  /** The margin of each edge kept clear for a TV that crops its picture, in percent of the screen. */
  {
    key: 'overscan',
    kind: 'number',
    min: 0,
    max: 10,
    default: 0,
    control: { id: 'overscan', label: 'TV overscan margin', step: 0.5, unit: '% of each edge kept clear' },
  },
  /**
   * The TV keeps the scene it shows, held where it is, while the GM prepares the next one (another
   * encounter, a map to reveal); turned off, the TV shows what the GM has open.
   */
  { key: 'staged', kind: 'flag', default: false },
] as const satisfies readonly HostProjectorDescriptor[];

/** The bounds of a host-lived number setting, as the form and the schema both read them. */
export function numberBounds(key: 'hexInches'): { readonly min: number; readonly max: number } {
  type NumberSetting = Extract<(typeof HOST_PROJECTOR_SETTINGS)[number], { kind: 'number' }>;
  const setting = HOST_PROJECTOR_SETTINGS.find((s): s is NumberSetting => s.key === key && s.kind === 'number')!;
  return { min: setting.min, max: setting.max };
}

/**
 * A host setting's control in the projector's scale panel, drawn from its row
 * (gm/HostSettingControls.svelte); a row without one has a control of its own in the panel.
 */
export interface HostSettingControl {
  /** The input's id (and a checkbox's test id). */
  readonly id: string;
  readonly label: string;
  /** A number's step and the words after its field. */
  readonly step?: number;
  readonly unit?: string;
}

export type HostProjectorDescriptor = { readonly key: string } & (
  | { readonly kind: 'choice'; readonly choices: readonly [string, ...string[]]; readonly default: string }
  | { readonly kind: 'flag'; readonly default: boolean; readonly control?: HostSettingControl }
  | { readonly kind: 'number'; readonly min: number; readonly max: number; readonly default: number; readonly control?: HostSettingControl }
  | { readonly kind: 'frame'; readonly default: FrameValue | null }
  | { readonly kind: 'screen'; readonly default: ScreenValue }
);

type HostValue<D> = D extends { readonly kind: 'choice'; readonly choices: readonly (infer C)[] }
  ? C
  : D extends { readonly kind: 'flag' }
    ? boolean
    : D extends { readonly kind: 'number' }
      ? number
      : D extends { readonly kind: 'frame' }
        ? FrameValue | null
        : D extends { readonly kind: 'screen' }
          ? ScreenValue
          : never;

/** The host-lived part of the projector's state. */
export type HostProjectorValues = { [D in (typeof HOST_PROJECTOR_SETTINGS)[number] as D['key']]: HostValue<D> };
export type HostProjectorKey = keyof HostProjectorValues;

export const DEFAULT_HOST_PROJECTOR = Object.fromEntries(HOST_PROJECTOR_SETTINGS.map((s) => [s.key, structuredClone(s.default)])) as HostProjectorValues;

/** Every part of `ProjectorState` and its lifetime. `Projector.set()` copies exactly the `host` and `campaign` ones. */
export const PROJECTOR_LIFETIMES = {
  ...(Object.fromEntries(HOST_PROJECTOR_SETTINGS.map((s) => [s.key, 'host'])) as Record<HostProjectorKey, 'host'>),
  legibility: 'campaign',
  reported: 'player',
  handout: 'handout',
  ping: 'moment',
  ruler: 'ruler',
  seatCode: 'seat',
  revision: 'revision',
} as const satisfies Record<string, ProjectorLifetime>;

export type ProjectorPart = keyof typeof PROJECTOR_LIFETIMES;
type SetByGm = { [K in ProjectorPart]: (typeof PROJECTOR_LIFETIMES)[K] extends 'host' | 'campaign' ? K : never }[ProjectorPart];

/** The parts of the projector the GM's `setProjector` changes. */
export const GM_SET_PARTS = (Object.keys(PROJECTOR_LIFETIMES) as ProjectorPart[]).filter(
  (k): k is SetByGm => PROJECTOR_LIFETIMES[k] === 'host' || PROJECTOR_LIFETIMES[k] === 'campaign',
);

/** A size the player display multiplies by, shown as a slider with a percentage. */
interface ScaleSetting {
  readonly kind: 'scale';
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
  /** The control's element id (its label points at it). */
  readonly id: string;
}
interface FlagSetting {
  readonly kind: 'flag';
  readonly default: boolean;
  /** The checkbox's test id. */
  readonly id: string;
}

export type LegibilityDescriptor = (ScaleSetting | FlagSetting) & {
  readonly key: string;
  readonly label: string;
};

/**
 * How the player display draws for a table that sits a metre or two away,
 * independent of the GM's zoom: the `legibility` part, kept per campaign (the console's choice, as a
 * campaign is played in one room more often than one room hosts one campaign). A campaign.json
 * that lacks one reads it as its `default` (CONTRIBUTING.md "Stored formats").
 */
export const LEGIBILITY_SETTINGS = [
  /** Token discs drawn this many times their hex-fitted size (labels follow). */
  { key: 'tokenScale', kind: 'scale', min: 0.5, max: 2, step: 0.25, default: 1, id: 'token-scale', label: 'Player tokens' },
  /** Names and condition badges this many times the GM map's size; 1.5 writes names under the sample's tokens at the whole-map zoom of a 1920×1080 display, ~14 px high (at 1 they showed from ~30 px hexes only). */
  { key: 'labelScale', kind: 'scale', min: 0.5, max: 3, step: 0.25, default: 1.5, id: 'label-scale', label: 'Player labels' },
  /** Black grid lines, twice as thick, over a lighter ground: for bright rooms and projectors. */
  { key: 'highContrastGrid', kind: 'flag', default: false, id: 'contrast-grid', label: 'High-contrast grid (bright rooms)' },
  /** The turn-order strip along the top of the player display. */
  { key: 'turnOrder', kind: 'flag', default: false, id: 'turn-strip-toggle', label: 'Turn order on the projector' },
  /** A line saying what the latest command did, as the players' recap words it. */
  { key: 'latestLine', kind: 'flag', default: false, id: 'latest-line-toggle', label: "What just happened, as the players' recap says it" },
  /** The whole display turned upside down, for a TV laid flat and read from its other long side. */
  { key: 'turned', kind: 'flag', default: false, id: 'turned-toggle', label: 'Turned 180° (read from the other side)' },
  /** For a TV laid flat between two rows of players: the strip faces the far side, handouts are shown to both. */
  { key: 'bothSides', kind: 'flag', default: false, id: 'both-sides-toggle', label: 'Strip and handouts face both long sides' },
] as const satisfies readonly LegibilityDescriptor[];

export type LegibilityKey = (typeof LEGIBILITY_SETTINGS)[number]['key'];
export type PlayerLegibility = {
  [D in (typeof LEGIBILITY_SETTINGS)[number] as D['key']]: D extends { readonly kind: 'scale' } ? number : boolean;
};

export const DEFAULT_LEGIBILITY = Object.fromEntries(LEGIBILITY_SETTINGS.map((s) => [s.key, s.default])) as PlayerLegibility;
