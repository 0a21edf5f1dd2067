import { z } from 'zod';
import { MapDrawingSchema, PublicDrawingSchema } from './mapDrawings';
import {
  ConditionSchema,
  FacingSchema,
  MoveModeSchema,
  OptionLetterSchema,
  HexSchema,
  AssetNameSchema,
  IdSchema,
  MapSchema,
  MapEffectKindSchema,
  PhaseSchema,
  PostureSchema,
  SideSchema,
} from './schemas';
import { MapImageSchema, PlayerMapImageSchema } from './mapImage';

/**
 * What a player window may see of a figure. Anything not listed here never reaches a player
 * (DESIGN §One picture: secrets never cross to the player).
 */
/**
 * A state drawn on a token (engine/encounter/figures/tokenConditions.ts): a rule's state, a spell on the
 * figure, or a condition the GM made. The GM's view says whether the players see it, the turns a
 * GM condition has left and its id (to take it off); the players get the label and kind only.
 */
export const TokenConditionSchema = z
  .object({
    label: z.string().min(1).max(80),
    kind: z.enum(['rule', 'spell', 'mark']),
    seen: z.boolean(),
    turnsLeft: z.number().int().optional(),
    markId: z.string().optional(),
  })
  .strict();
export type TokenCondition = z.infer<typeof TokenConditionSchema>;
const ShownConditionSchema = z.object({ label: z.string().min(1).max(80), kind: z.enum(['rule', 'spell', 'mark']) }).strict();

export const PublicFigureSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    sideId: IdSchema,
    position: HexSchema,
    facing: FacingSchema,
    size: z.union([z.literal(1), z.literal(3), z.literal(7)]),
    posture: PostureSchema,
    /** RULINGS H6: in the air, as everyone at the table sees; absent = on the ground. */
    flying: z.literal(true).optional(),
    /** The figure it rides (movement/mounts.ts), when that one is in sight too; absent = on foot. */
    ridingId: IdSchema.optional(),
    /** Token art, served at `/campaign-assets/<art>`; absent = the side's disc. */
    art: AssetNameSchema.optional(),
    /** The states on the token the table can see (projection/frame.ts); absent = none. */
    shownConditions: z.array(ShownConditionSchema).max(40).optional(),
  })
  .strict();

export const ManaSchema = z.object({ pool: z.number().int(), current: z.number().int(), debt: z.number().int().min(0) }).strict();

/**
 * What a spell does to the map where it lies (engine/map/effectiveMap.ts): its kind and the hexes
 * it takes. The GM sees every one; the players only one the campaign's table shows them
 * (`shown`), and of it only the hexes not under fog.
 */
export const MapEffectViewSchema = z.object({ kind: MapEffectKindSchema, hexes: z.array(HexSchema).min(1).max(300) }).strict();
export type MapEffectView = z.infer<typeof MapEffectViewSchema>;

/**
 * Where a continuing spell cast at a bare hex sits (001 §Facing), for its marker on the map:
 * the hex and the spell's school (the marker's colour). Absent for spells on a figure or on no place.
 */
const SpellPlaceFields = { at: HexSchema.optional(), school: z.string().optional(), effect: MapEffectViewSchema.optional() };

/** A continuing spell the figure keeps up (RULINGS S2); on no figure when `targetId` is null. */
export const ActiveSpellViewSchema = z
  .object({ spellId: z.string(), name: z.string(), targetId: IdSchema.nullable(), renewalCost: z.number().int(), ...SpellPlaceFields })
  .strict();

/**
 * What the tracker needs to show that the renewal step is due (RULINGS T3, S2) and that a
 * runaway is going (RULINGS S6); the details come from the magic query channels.
 */
export const MagicTrackerSchema = z
  .object({
    /** Continuing spells in effect. */
    activeSpells: z.number().int().min(0),
    /** Phase 2: spells still waiting for Renew / Borrow / Let lapse. */
    renewalsPending: z.number().int().min(0),
    /** Casters in runaway. */
    runaways: z.array(IdSchema),
  })
  .strict();

/** What a player may see of magic (src/main/engine/magic `stripSecrets`): no mana, costs or internals. */
export const PlayerMagicSchema = z
  .object({
    active: z.array(
      z
        .object({ id: IdSchema, name: z.string(), variant: z.string().nullable(), casterId: IdSchema, targetId: IdSchema.nullable(), ...SpellPlaceFields })
        .strict(),
    ),
    inRunaway: z.array(IdSchema),
  })
  .strict();

/** The GM sees everything: the public part plus the secrets. */
const PoolViewSchema = z.object({ starting: z.number().int(), current: z.number().int() }).strict();

export const GmFigureSchema = PublicFigureSchema.extend({
  attributes: z.record(z.enum(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']), z.number().int()),
  fatigue: PoolViewSchema,
  body: PoolViewSchema,
  /** The pools as the encounter's stat model reads them, for a tracker row (RULINGS C3, O1). */
  pools: z.object({ text: z.string(), title: z.string() }).strict(),
  hidden: z.boolean(),
  gmNotes: z.string(),
  mana: ManaSchema.nullable(),
  spells: z.array(ActiveSpellViewSchema),
  equipment: z
    .object({
      weaponIds: z.array(z.string()),
      readyWeaponId: z.string().nullable(),
      /** RULINGS H7: the weapon ready in the other hand; absent = none. */
      offHandWeaponId: z.string().nullable().optional(),
      armorId: z.string().nullable(),
      shieldId: z.string().nullable(),
      shieldReady: z.boolean(),
      packLbs: z.number(),
    })
    .strict(),
  conditions: z.array(ConditionSchema),
  /** Every state drawn on the token, each saying whether the players see it. */
  tokenConditions: z.array(TokenConditionSchema),
  /** RULINGS H6: a flier's flying MA; absent = it cannot fly. */
  flyingMa: z.number().int().optional(),
  /** RULINGS H6 (amended): the Fatigue a turn of flight costs by the creature's entry; absent = none. */
  flyingFatigue: z.number().int().optional(),
  /** RULINGS O4: the rider's Ride skill the GM typed; absent = none (0). */
  rideScore: z.number().int().optional(),
  hthWith: z.array(IdSchema),
  /** This turn so far (RULINGS T1–T5). */
  turn: z
    .object({
      mode: MoveModeSchema.nullable(),
      spent: z.number().int(),
      yielded: z.boolean(),
      option: OptionLetterSchema.nullable(),
      defence: z.enum(['none', 'dodge', 'defend']),
      moved: z.boolean(),
      acted: z.boolean(),
    })
    .strict(),
  /** Hexes of movement the figure may still use this turn (0 once it has moved), and how. */
  movementLeft: z.object({ hexes: z.number().int(), how: z.string() }).strict(),
  /** RULINGS O4 (amended): declared intent's initiative score — typed by the GM, else the DEX modifier. */
  initiativeScore: z.object({ value: z.number().int(), typed: z.boolean(), text: z.string() }).strict(),
}).strict();

/** The tracker's picture of the turn (RULINGS T1–T5). */
export const TrackerViewSchema = z
  .object({
    order: z.array(z.string()),
    due: z.array(z.string()),
    pending: z.array(z.string()),
    waitingFor: z.string(),
    initiative: z
      .object({
        /** `breakdown` when the total is more than a die (RULINGS O4: stress die + score + modifiers). */
        rolls: z.array(
          z
            .object({
              sideId: IdSchema,
              total: z.number().int(),
              breakdown: z.array(z.object({ label: z.string(), value: z.number(), source: z.string() }).strict()).optional(),
            })
            .strict(),
        ),
        order: z.array(IdSchema),
        chosen: z.boolean(),
      })
      .strict()
      .nullable(),
    moveOrder: z.array(IdSchema),
    actionOrder: z.array(IdSchema),
    /** RULINGS H3: who may push whom, and the free hexes each foe may be pushed into (none: it rolls to stay up). */
    retreatOffers: z.array(
      z
        .object({ figureId: IdSchema, targetIds: z.array(IdSchema), hexes: z.array(z.object({ targetId: IdSchema, free: z.array(HexSchema) }).strict()) })
        .strict(),
    ),
    /**
     * RULINGS H9: riders whose mount fell, lying prone at `at`; the GM may place each in another of
     * the free `hexes` beside its mount (`placeFallenRider`) until the phase ends. Absent = none.
     */
    fallenRiders: z.array(z.object({ riderId: IdSchema, mountId: IdSchema, at: HexSchema, hexes: z.array(HexSchema) }).strict()).optional(),
    /**
     * RULINGS O3 (002 §Attacks of Opportunity, §Charging): strikes waiting on the GM — a shot of
     * opportunity, or a pass-by defender's first strike — with the attack's adjDEX explained.
     * Absent = none.
     */
    strikeOffers: z
      .array(
        z
          .object({
            kind: z.enum(['opportunity', 'firstStrike']),
            defenderId: IdSchema,
            moverId: IdSchema,
            weaponId: z.string().nullable(),
            adjDex: z.number(),
            breakdown: z.array(z.object({ label: z.string(), value: z.number(), source: z.string() }).strict()),
            dice: z.number().int(),
            allowed: z.boolean(),
            note: z.string(),
          })
          .strict(),
      )
      .optional(),
    magic: MagicTrackerSchema,
  })
  .strict();

/**
 * Sight-driven fog as the GM sees it: which side's sight opens the map, how far, the hexes the
 * party has never seen and those it saw before but not now (both drawn on the GM map), and the
 * figures of other sides waiting for the GM's "Reveal …?", kept back, or revealed.
 */
export const PartySightViewSchema = z
  .object({
    sideId: IdSchema,
    range: z.number().int().min(1),
    unexplored: z.array(z.string()),
    dimmed: z.array(z.string()),
    awaiting: z.array(IdSchema),
    deferred: z.array(IdSchema),
    revealed: z.array(IdSchema),
  })
  .strict();

export const MapItemViewSchema = z.object({ id: IdSchema, kind: z.enum(['weapon', 'shield', 'pack']), itemId: z.string(), position: HexSchema }).strict();

const MapViewSchema = MapSchema.extend({ image: MapImageSchema.optional() }).strict();

export const PlayerMapSchema = z
  .object({
    cols: z.number().int(),
    rows: z.number().int(),
    orientation: MapSchema.shape.orientation,
    /** Only terrain on hexes the players may see. */
    terrain: z.record(z.string(), MapSchema.shape.terrain.valueType),
    /** Hexes the players may not see; drawn as unknown, with nothing on them. */
    fogged: z.array(z.string()),
    /** Hexes seen before but out of the party's sight now (sight-driven fog): map shown dimmed, nothing on them. */
    dimmed: z.array(z.string()),
    /** The map image under the grid, when the encounter has one. */
    image: PlayerMapImageSchema.optional(),
  })
  .strict();

/**
 * Which opening of an encounter a view belongs to: main makes a new one each time it opens an
 * encounter or campaign (an opaque key, carrying no name), so a page that holds a view of another
 * key switches instead of comparing revisions, which start again in every encounter.
 */
export const ViewKeySchema = z.string().max(64);

/** The view a GM command was made on: main refuses it when that view is no longer current. */
export const SeenViewSchema = z.object({ encounterId: IdSchema, session: ViewKeySchema, revision: z.number().int().min(0) }).strict();

/**
 * What main answers to a command whose caller said which view it acted on: that caller gets the
 * new GM view by the push, once, and this says which revision carries its change.
 */
export const CommandAckSchema = z.object({ encounterId: IdSchema, session: ViewKeySchema, revision: z.number().int().min(0) }).strict();

const GmEncounterSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    map: MapViewSchema,
    sides: z.array(SideSchema),
    figures: z.array(GmFigureSchema),
    turn: z.number().int().min(1),
    phase: PhaseSchema,
    tracker: TrackerViewSchema,
    items: z.array(MapItemViewSchema),
    /** Sight-driven fog; null = off. */
    sight: PartySightViewSchema.nullable(),
    drawings: z.array(MapDrawingSchema).optional(),
  })
  .strict();

export const GmViewSchema = z
  .object({
    campaign: z.object({ id: IdSchema, name: z.string() }).strict(),
    encounter: GmEncounterSchema,
    history: z
      .object({
        canUndo: z.boolean(),
        canRedo: z.boolean(),
        logLength: z.number().int(),
        /** What was repaired when the log was opened (a torn last line set aside), for the GM only. */
        notice: z.string().optional(),
      })
      .strict(),
    session: ViewKeySchema,
    revision: z.number().int().min(0),
  })
  .strict();

/**
 * A GM view pushed as the change from the one pushed before: `base` is that view's
 * revision; the figures are steps through that view's list (a run of unchanged figures as its
 * length, one unchanged figure as its id, a changed one whole), and a map that did not change is
 * null. A page holding another revision asks for the whole view instead (viewOrder.ts).
 */
export const GmViewDeltaSchema = GmViewSchema.extend({
  base: z.number().int().min(0),
  encounter: GmEncounterSchema.extend({
    map: MapViewSchema.nullable(),
    figures: z.array(z.union([IdSchema, z.number().int().min(1), GmFigureSchema])),
  }).strict(),
}).strict();

/** The GM view push: the whole view, or the change from the one pushed before. */
export const GmViewPushSchema = z.union([GmViewDeltaSchema, GmViewSchema]);

export const PlayerViewSchema = z
  .object({
    encounter: z
      .object({
        name: z.string(),
        map: PlayerMapSchema,
        sides: z.array(SideSchema),
        figures: z.array(PublicFigureSchema),
        turn: z.number().int().min(1),
        phase: PhaseSchema,
        /** Figures due to act now that the players can see (ids of `figures`). */
        acting: z.array(IdSchema),
        /** This phase's order as the players could know it (sides in Initiative, else figures of `figures`); `pending`: those still to act. */
        order: z.array(IdSchema),
        pending: z.array(IdSchema),
        /** Continuing spells in plain sight and casters visibly in runaway (RULINGS C8, S6). */
        magic: PlayerMagicSchema,
        /** What the table saw the GM's latest command do, in the players' recap sentences; absent before anything happened. */
        latest: z.array(z.string()).optional(),
        drawings: z.array(PublicDrawingSchema).optional(),
      })
      .strict(),
    session: ViewKeySchema,
    revision: z.number().int().min(0),
  })
  .strict();

/** A player view pushed as the change from the one pushed before, like the GM's (`GmViewDeltaSchema`). */
export const PlayerViewDeltaSchema = PlayerViewSchema.extend({
  base: z.number().int().min(0),
  encounter: PlayerViewSchema.shape.encounter
    .extend({ map: PlayerMapSchema.nullable(), figures: z.array(z.union([IdSchema, z.number().int().min(1), PublicFigureSchema])) })
    .strict(),
}).strict();

/** The player view push: the whole view, or the change from the one pushed before. */
export const PlayerViewPushSchema = z.union([PlayerViewDeltaSchema, PlayerViewSchema]);

export type PublicFigure = z.infer<typeof PublicFigureSchema>;
export type GmFigure = z.infer<typeof GmFigureSchema>;
export type GmView = z.infer<typeof GmViewSchema>;
export type PlayerView = z.infer<typeof PlayerViewSchema>;
export type PlayerMap = z.infer<typeof PlayerMapSchema>;
export type TrackerView = z.infer<typeof TrackerViewSchema>;
export type PlayerMagic = z.infer<typeof PlayerMagicSchema>;
export type { MapImage, MapImageTiles, PlayerMapImage } from './mapImage';
export type GmViewDelta = z.infer<typeof GmViewDeltaSchema>;
export type GmViewPush = z.infer<typeof GmViewPushSchema>;
export type PlayerViewDelta = z.infer<typeof PlayerViewDeltaSchema>;
export type PlayerViewPush = z.infer<typeof PlayerViewPushSchema>;
export type SeenView = z.infer<typeof SeenViewSchema>;
export type CommandAck = z.infer<typeof CommandAckSchema>;
