/*
 * No zod here: the GM page's player-display settings import this table, and shared/channels/display.ts
 * derives the zod schema from it (DESIGN §Three seams, "One declaration per setting").
 */

/**
 * How long a part of the projector's state lives, and who changes it:
 * - `host`: the GM sets it; the host keeps it while it runs (not with the campaign, not logged);
 * - `campaign`: the GM sets it; kept in the campaign's campaign.json, applied when it opens;
 * - `player`: the player display reports it of itself;
 * - `handout`: set only through the handout channels;
 * - `revision`: counted by the host.
 */
export type ProjectorLifetime = 'host' | 'campaign' | 'player' | 'handout' | 'revision';

/** Every part of `ProjectorState` and its lifetime. `Projector.set()` copies exactly the `host` and `campaign` ones. */
export const PROJECTOR_LIFETIMES = {
  mode: 'host',
  frame: 'host',
  blackout: 'host',
  scale: 'host',
  hexInches: 'host',
  screen: 'host',
  legibility: 'campaign',
  reported: 'player',
  handout: 'handout',
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
 * How the player display draws for a table that sits a metre or two away (issue 15 §3, §4),
 * independent of the GM's zoom: the `legibility` part, kept per campaign (the console's choice, as a
 * campaign is played in one room more often than one room hosts one campaign). A campaign.json
 * that lacks one reads it as its `default` (CONTRIBUTING.md "Stored formats").
 */
export const LEGIBILITY_SETTINGS = [
  /** Token discs drawn this many times their hex-fitted size (labels follow). */
  { key: 'tokenScale', kind: 'scale', min: 0.5, max: 2, step: 0.25, default: 1, id: 'token-scale', label: 'Player tokens' },
  /** Names and condition badges this many times the GM map's size. */
  { key: 'labelScale', kind: 'scale', min: 0.5, max: 3, step: 0.25, default: 1, id: 'label-scale', label: 'Player labels' },
  /** Black grid lines, twice as thick, over a lighter ground: for bright rooms and projectors. */
  { key: 'highContrastGrid', kind: 'flag', default: false, id: 'contrast-grid', label: 'High-contrast grid (bright rooms)' },
  /** The turn-order strip along the top of the player display. */
  { key: 'turnOrder', kind: 'flag', default: false, id: 'turn-strip-toggle', label: 'Turn order on the projector' },
  /** A line saying what the latest command did, as the players' recap words it. */
  { key: 'latestLine', kind: 'flag', default: false, id: 'latest-line-toggle', label: "What just happened, as the players' recap says it" },
] as const satisfies readonly LegibilityDescriptor[];

export type LegibilityKey = (typeof LEGIBILITY_SETTINGS)[number]['key'];
export type PlayerLegibility = {
  [D in (typeof LEGIBILITY_SETTINGS)[number] as D['key']]: D extends { readonly kind: 'scale' } ? number : boolean;
};

export const DEFAULT_LEGIBILITY = Object.fromEntries(LEGIBILITY_SETTINGS.map((s) => [s.key, s.default])) as PlayerLegibility;
