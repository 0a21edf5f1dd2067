import { z } from 'zod';
import { channel, NoArgs } from './define';
import { HandoutSchema, type Handout } from './handouts';
import { HexSchema } from '../schemas';
import {
  DEFAULT_LEGIBILITY,
  GM_SET_PARTS,
  HOST_PROJECTOR_SETTINGS,
  SCREEN_BOUNDS,
  LEGIBILITY_SETTINGS,
  type HostProjectorDescriptor,
  type HostProjectorValues,
  type LegibilityDescriptor,
  type PlayerLegibility,
} from '../../settings/projectorTable';

/**
 * A framing of the map in world units where 1 is a hex's centre-to-corner size: the centre
 * (x, y) and the width and height that must be in view. Independent of any window's pixels.
 */
export const FrameSchema = z
  .object({
    x: z.number().min(-1e6).max(1e6),
    y: z.number().min(-1e6).max(1e6),
    width: z.number().positive().max(1e6),
    height: z.number().positive().max(1e6),
  })
  .strict();

/** The projector's screen, for the physical scale and for the GM's outline of the frame. */
export const ProjectorScreenSchema = z
  .object({
    widthPx: z.number().int().min(SCREEN_BOUNDS.widthPx.min).max(SCREEN_BOUNDS.widthPx.max),
    heightPx: z.number().int().min(SCREEN_BOUNDS.heightPx.min).max(SCREEN_BOUNDS.heightPx.max),
    /** Diagonal of the picture in inches. */
    diagonalInches: z.number().min(SCREEN_BOUNDS.diagonalInches.min).max(SCREEN_BOUNDS.diagonalInches.max),
  })
  .strict();

const PixelsSchema = z.object({ widthPx: z.number().int().min(1).max(16384), heightPx: z.number().int().min(1).max(16384) }).strict();

/**
 * What the player display says of itself, in device pixels: its screen, and the part of the
 * window its map fills (the rest is the status bar). Stands in for the configured resolution.
 */
export const PlayerDisplaySchema = z.object({ screen: PixelsSchema, map: PixelsSchema }).strict();

/** The player display's legibility, derived from its declared table (shared/settings/projectorTable.ts). */
export const PlayerLegibilitySchema = z
  .object(
    Object.fromEntries(
      LEGIBILITY_SETTINGS.map((s: LegibilityDescriptor) => {
        const check: z.ZodType = s.kind === 'scale' ? z.number().min(s.min).max(s.max) : z.boolean();
        return [s.key, check.default(s.default as never)];
      }),
    ),
  )
  .strict() as unknown as z.ZodType<PlayerLegibility, Partial<PlayerLegibility>>;

export { DEFAULT_LEGIBILITY, type PlayerLegibility };

/** The zod check of one host-lived projector setting (shared/settings/projectorTable.ts). */
function hostCheck(setting: HostProjectorDescriptor): z.ZodType {
  switch (setting.kind) {
    case 'choice':
      return z.enum(setting.choices);
    case 'flag':
      return z.boolean();
    case 'number':
      return z.number().min(setting.min).max(setting.max);
    case 'frame':
      return FrameSchema.nullable();
    case 'screen':
      return ProjectorScreenSchema;
  }
}

/** The GM points at a hex for the table: both maps pulse there for a moment. */
export const PingSchema = z.object({ hex: HexSchema, seq: z.number().int().min(1) }).strict();
export type Ping = z.infer<typeof PingSchema>;

/** The GM's ruler as the table sees it: its ends and main's words for it (hexes, megahexes, the missile band). */
export const ShownRulerSchema = z.object({ from: HexSchema, to: HexSchema, label: z.string().max(120) }).strict();
export type ShownRuler = z.infer<typeof ShownRulerSchema>;

/** A seat's code on the TV for its player to scan: the seat's name and its link (the QR code's text). */
export const ShownSeatCodeSchema = z.object({ seat: z.string().max(40), link: z.string().max(400) }).strict();
export type ShownSeatCode = z.infer<typeof ShownSeatCodeSchema>;

/**
 * What the player display shows (host state: not part of the encounter, not logged, not undone):
 * the host-lived settings, then the parts with other lifetimes (PROJECTOR_LIFETIMES).
 */
export type ProjectorState = HostProjectorValues & {
  legibility: PlayerLegibility;
  /** The player display's own report; null until one has opened (then the GM's outline and the
   * physical scale use it rather than the typed resolution). */
  reported: PlayerDisplay | null;
  /** The handout shown over the map, null when none is; set only through `showHandout`. */
  handout: Handout | null;
  /** The GM's last ping: the hex, and a count that grows with each (a page pulses when it grows). */
  ping: Ping | null;
  /** The GM's ruler, when the GM shows it to the table. */
  ruler: ShownRuler | null;
  /** A seat's code the GM shows the table (shown over a blackout too: seats are handed out before the map). */
  seatCode: ShownSeatCode | null;
  /** Grows with every change so a page can drop a stale push. */
  revision: number;
};

type ProjectorShape = { [K in keyof ProjectorState]-?: z.ZodType<ProjectorState[K]> };

export const ProjectorSchema = z
  .object({
    ...Object.fromEntries(HOST_PROJECTOR_SETTINGS.map((s: HostProjectorDescriptor) => [s.key, hostCheck(s)])),
    legibility: PlayerLegibilitySchema,
    reported: PlayerDisplaySchema.nullable(),
    handout: HandoutSchema.nullable(),
    ping: PingSchema.nullable(),
    ruler: ShownRulerSchema.nullable(),
    seatCode: ShownSeatCodeSchema.nullable(),
    revision: z.number().int().min(0),
  })
  .strict() as unknown as z.ZodObject<ProjectorShape, z.core.$strict>;

/** What `setProjector` may change: the parts whose lifetime is `host` or `campaign` (PROJECTOR_LIFETIMES). */
export const ProjectorUpdateSchema = ProjectorSchema.pick(
  Object.fromEntries(GM_SET_PARTS.map((k) => [k, true])) as { [K in (typeof GM_SET_PARTS)[number]]: true },
)
  .partial()
  .strict();

export type Frame = z.infer<typeof FrameSchema>;
export type ProjectorUpdate = z.infer<typeof ProjectorUpdateSchema>;
export type PlayerDisplay = z.infer<typeof PlayerDisplaySchema>;

/** The player display: what it frames, whether it is blacked out, its scale. */
export const DISPLAY_CHANNELS = {
  getProjector: channel({
    args: NoArgs,
    result: ProjectorSchema,
    summary: 'What the player display frames, whether it is blacked out, and at what scale.',
  }),
  getTableProjector: channel({
    args: NoArgs,
    result: ProjectorSchema,
    summary: "The projector's state as the player display holds it, for the GM's mirror of the TV and the seats' phones.",
  }),
  setProjector: channel({
    args: ProjectorUpdateSchema,
    result: ProjectorSchema,
    summary: 'Change the player display: follow or hold a framing, black it out, set its scale.',
  }),
  stageBack: channel({
    args: NoArgs,
    result: ProjectorSchema,
    summary: 'Put the TV back on the scene it showed before the staged one; what the GM has open waits to be shown again.',
  }),
  pingHex: channel({
    args: z.object({ hex: HexSchema }).strict(),
    result: ProjectorSchema,
    summary: 'Point at a hex for the table: both maps pulse there for about two seconds.',
  }),
  showRuler: channel({
    args: z.object({ ends: z.object({ from: HexSchema, to: HexSchema }).strict().nullable() }).strict(),
    result: ProjectorSchema,
    summary: "Show the GM's ruler to the table (its ends; main measures it), or take it down (null).",
  }),
  reportPlayerDisplay: channel({
    args: PlayerDisplaySchema,
    result: ProjectorSchema,
    summary: "The player display's screen and map area in device pixels, so the GM's outline and the physical scale match it.",
  }),
} as const;
