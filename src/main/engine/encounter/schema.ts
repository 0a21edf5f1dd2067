import { z } from 'zod';
import { MAX_DRAWINGS, MapDrawingSchema } from '../../../shared/contract/mapDrawings';
import {
  AssetNameSchema,
  ConditionSchema,
  FigureMarkSchema,
  DeclarationSchema,
  FacingSchema,
  GmTicksSchema,
  HexSchema,
  IdSchema,
  MapSchema,
  MoveModeSchema,
  OptionLetterSchema,
  PhaseSchema,
  PostureSchema,
  SideSchema,
} from '../../../shared/contract/schemas';
import { ActiveSpellSchema, EncounterMagicSchema, MasterySchema } from './magic/magicSchema';
import { MapImageSchema } from '../../../shared/contract/mapImage';
import { MAX_SIGHT_RANGE, MIN_SIGHT_RANGE } from '../../../shared/sightRange';

const AttributesSchema = z
  .object({
    STR: z.number().int().min(1).max(40),
    DEX: z.number().int().min(1).max(40),
    INT: z.number().int().min(1).max(40),
    WIS: z.number().int().min(1).max(40),
    CON: z.number().int().min(1).max(40),
    CHR: z.number().int().min(1).max(40),
  })
  .strict();

const PoolSchema = z.object({ starting: z.number().int().min(1), current: z.number().int() }).strict();

/** RULINGS C8: the mana pool is secret; only GM views carry it. */
const ManaStateSchema = z.object({ pool: z.number().int().min(0), current: z.number().int(), debt: z.number().int().min(0) }).strict();

/** What a figure has done this turn (RULINGS T1–T5, H3). */
export const FigureTurnSchema = z
  .object({
    /** How it moved (null: has not moved yet). */
    mode: MoveModeSchema.nullable(),
    /** Hexes of movement spent (broken ground counts its cost, RULINGS M7). */
    spent: z.number().int().min(0),
    /** Whether it yielded its initial movement (RULINGS T4). */
    yielded: z.boolean(),
    /** The option it took in the action phase, once it has acted. */
    option: OptionLetterSchema.nullable(),
    /** Dodge (c) or Defend (k) declared for this turn (RULINGS A6). */
    defence: z.enum(['none', 'dodge', 'defend']),
    /** Engaged when this turn's movement began (001 §Action Options, RULINGS M5). */
    engagedAtStart: z.boolean(),
    /** Whether it moved toward its foes this turn: a charge (001 §Positional Advantage, pole weapons). */
    charged: z.boolean(),
    /** Whether its movement this turn crossed broken ground (001 §Your Conditions). */
    brokenGround: z.boolean(),
    /** Enemies this figure dealt physical hits to this turn (RULINGS H3). */
    hitsDealtTo: z.array(IdSchema),
    /** Physical hits taken this turn (RULINGS H3: only a figure that took none may push). */
    hitsTaken: z.number().int().min(0),
    /** Missile shots fired this turn (RULINGS A7). */
    shots: z.number().int().min(0),
    /** Whether it took its one last shot while engaged (001 §Action Options l). */
    lastShot: z.boolean(),
    /** RULINGS H2 (amended): where it disengaged from (option n) and the slower enemies that then engaged it. */
    disengagedFrom: z
      .object({ at: HexSchema, engagers: z.array(IdSchema) })
      .strict()
      .optional(),
    /** RULINGS O3: the stride it ended its movement on (absent or 0 = stopped or has not moved). */
    stride: z.number().int().min(0).max(8).optional(),
    /** RULINGS O3: action points spent on movement this turn. */
    apSpent: z.number().int().min(0).optional(),
    /** RULINGS O3 (002 §Assigning Movement): action points spent on attacks this turn, one each; absent = none. */
    apAttacks: z.number().int().min(0).optional(),
    /** RULINGS H6: a flier the GM says chooses to engage ground figures this turn; absent = it does not. */
    engagesGround: z.boolean().optional(),
    /** RULINGS O4: what it declared before movement (absent = nothing declared yet). */
    declaration: DeclarationSchema.optional(),
    /**
     * RULINGS H9, T5: a rider's gait for the turn, judged on its mount's own table from the
     * mount's hexes moved; absent = judged from the figure's own gaits (`turnGait`).
     */
    gait: MoveModeSchema.optional(),
  })
  .strict();

export const FRESH_FIGURE_TURN: z.infer<typeof FigureTurnSchema> = {
  mode: null,
  spent: 0,
  yielded: false,
  option: null,
  defence: 'none',
  engagedAtStart: false,
  charged: false,
  brokenGround: false,
  hitsDealtTo: [],
  hitsTaken: 0,
  shots: 0,
  lastShot: false,
};

export const FigureStateSchema = z
  .object({
    id: IdSchema,
    name: z.string().min(1).max(80),
    sideId: IdSchema,
    position: HexSchema,
    facing: FacingSchema,
    size: z.union([z.literal(1), z.literal(3), z.literal(7)]),
    posture: PostureSchema,
    hidden: z.boolean(),
    gmNotes: z.string().max(10_000),
    /** Token art: a campaign asset drawn inside the token; absent = the side's disc. */
    art: AssetNameSchema.optional(),
    attributes: AttributesSchema,
    fatigue: PoolSchema,
    body: PoolSchema,
    mana: ManaStateSchema.nullable(),
    /** Spells known, spell id → mastery 1–5 (001 §Spell Mastery); absent = none. */
    mastery: MasterySchema.default({}),
    /** The GM's choice of casting attribute for one figure's spell, over the catalogue's (RULINGS S1 default). */
    castingAttributes: z.record(z.string(), z.enum(['INT', 'WIS'])).optional(),
    /** A rostered character or an NPC stat block written into the encounter. */
    kind: z.enum(['character', 'npc']).default('npc'),
    equipment: z
      .object({
        /** Weapons carried: the ready one and the slung ones (001 §Action Options e). */
        weaponIds: z.array(z.string()),
        /** The weapon in hand; null = bare hands. Must be one of `weaponIds`. */
        readyWeaponId: z.string().nullable().default(null),
        /** RULINGS H7: a second one-handed weapon ready in the other hand (one of `weaponIds`); absent = none. */
        offHandWeaponId: z.string().nullable().optional(),
        armorId: z.string().nullable(),
        shieldId: z.string().nullable(),
        /** Whether the shield is on the arm (ready) or slung (001 §Action Options e, m). */
        shieldReady: z.boolean().default(true),
        /** Weight of the pack in lbs; 0 = no pack (001 §Encumbrance, Dropping a Pack). */
        packLbs: z.number().min(0).max(1000).default(0),
      })
      .strict(),
    conditions: z.array(ConditionSchema).default([]),
    /** The GM's own conditions on the figure (console's choice); absent = none. */
    marks: z.array(FigureMarkSchema).max(12).optional(),
    /** Figures sharing this figure's hex in hand-to-hand combat (001 §Hand-to-Hand Combat). */
    hthWith: z.array(IdSchema).default([]),
    /** The creation 2d6 of RULINGS C3 (rolled once, kept so an edit of the attributes keeps it); absent on older figures. */
    fatigueDice: z.array(z.number().int().min(1).max(6)).length(2).optional(),
    /** The last turn this figure shot a missile weapon (RULINGS A7 rate of fire). */
    lastShotTurn: z.number().int().nullable().default(null),
    /** RULINGS O3: the stride carried into this turn (only a sprint carries, 002); 0 = from a standstill. */
    momentum: z.number().int().min(0).max(8).default(0),
    /** RULINGS O3 (002 §Assigning Movement): a monster's attacks, its AP for the turn; absent = a humanoid (5 AP). */
    attacks: z.number().int().min(1).max(12).optional(),
    /** RULINGS O4 (amended): the initiative score the GM typed; absent = the DEX modifier. */
    initiativeScore: z.number().int().min(-20).max(40).optional(),
    /** RULINGS A8, O1: physical hits taken last turn (heavy blows: −2 DEX this turn). */
    hitsLastTurn: z.number().int().min(0).default(0),
    /** RULINGS O2 (000 §Turn Sequence 7): shown face down by a cleanup phase; absent = not flipped. */
    flipped: z.boolean().optional(),
    /** RULINGS H6 (004 §Flight): a flier's flying MA, typed by the GM; absent = it cannot fly. */
    flyingMa: z.number().int().min(1).max(40).optional(),
    /** RULINGS H6 (amended): the Fatigue a turn of flight costs, when the creature's entry says so; absent = none. */
    flyingFatigue: z.number().int().min(1).max(20).optional(),
    /** Mounts (console's choice: linked figures): the id of the figure it rides; absent = on foot. */
    ridingId: z.string().optional(),
    /** RULINGS O4 (003 §Initiative Modifiers Table): the rider's Ride skill the GM typed; absent = 0. */
    rideScore: z.number().int().min(-10).max(30).optional(),
    /** This turn's bookkeeping; reset when a turn begins. */
    turn: FigureTurnSchema.default(FRESH_FIGURE_TURN),
  })
  .strict();

/** Something lying on the map: a dropped weapon, shield or pack (001 §Action Options e, q; §Encumbrance). */
export const MapItemSchema = z
  .object({
    id: IdSchema,
    kind: z.enum(['weapon', 'shield', 'pack']),
    /** The weapon or shield id (WEAPONS, SHIELDS); `pack` for a pack. */
    itemId: z.string().min(1),
    lbs: z.number().min(0),
    position: HexSchema,
    /** Who dropped it. */
    ownerId: IdSchema.nullable(),
    /** RULINGS O2 (000 §Turn Sequence 7): its counter was placed in a cleanup phase; absent = not yet. */
    placed: z.boolean().optional(),
  })
  .strict();

/** Per-phase bookkeeping of the turn (RULINGS T1–T5, G4). */
export const TurnStateSchema = z
  .object({
    /** RULINGS T2: each side's 1d6 and the order that came of it (first to move first). */
    initiative: z
      .object({
        /**
         * Whether sides or figures rolled (the rules' `initiative.roll`; RULINGS T2, O2, O4): each
         * roll's `sideId` is then a side id or a figure id. Absent = sides.
         */
        by: z.enum(['side', 'figure']).optional(),
        /** Each roll's total; `breakdown` when the total is more than a die (O4: stress die + score + modifiers). */
        rolls: z.array(
          z
            .object({
              sideId: IdSchema,
              total: z.number().int(),
              breakdown: z.array(z.object({ label: z.string(), value: z.number(), source: z.string() }).strict()).optional(),
            })
            .strict(),
        ),
        /** Sides in roll order, the winner first (before the winner's choice). */
        rollOrder: z.array(IdSchema),
        /** Sides in moving order, once the winner chose. */
        order: z.array(IdSchema),
        chosen: z.boolean(),
      })
      .strict()
      .nullable(),
    /** RULINGS T3: casters with continuing spells, DEX + INT + WIS high to low. */
    renewOrder: z.array(IdSchema),
    renewDone: z.array(IdSchema),
    /** RULINGS T4: the initial movement order (sides in initiative order, adjDEX inside a side). */
    moveOrder: z.array(IdSchema),
    moveDone: z.array(IdSchema),
    /** RULINGS T5: adjDEX high to low, ties rolled off. */
    actionOrder: z.array(IdSchema),
    actionDone: z.array(IdSchema),
    /** RULINGS H3: who may push whom after the actions. */
    retreatOffers: z.array(z.object({ figureId: IdSchema, targetIds: z.array(IdSchema) }).strict()),
    retreatDone: z.array(IdSchema),
    /**
     * RULINGS T4, O1, O2: who moves in which movement phase (the rules' `movementGroups`, kept
     * when movement starts and after each yield). Absent = Pillars' split by the yield flags.
     */
    moveGroups: z.array(z.object({ phase: PhaseSchema, ids: z.array(IdSchema) }).strict()).optional(),
    /**
     * RULINGS O3 (002 §Attacks of Opportunity): shots a defender may take at a figure that engaged
     * it at stride 3+, waiting for the GM's `opportunityAttack`; absent = none.
     */
    opportunities: z
      .array(
        z
          .object({
            defenderId: IdSchema,
            moverId: IdSchema,
            weaponId: z.string().min(1),
            /** Half the mover's starting distance (002). */
            rangeHexes: z.number().int().min(1),
            /** Where the mover stood when the shot was taken: that far from the defender toward its start. */
            at: HexSchema,
            /** 002 §Assigning Movement: the line the shot gets from the mover's pace (an ambling monster: +1); absent = none. */
            bonus: z.object({ label: z.string(), value: z.number(), source: z.string() }).strict().optional(),
          })
          .strict(),
      )
      .optional(),
    /**
     * RULINGS O3 (002 §Charging): pass-by charges whose defender won the roll-off and may strike
     * first (the GM's `firstStrike`, or `waiveFirstStrike`); the charger's blow waits on it, as
     * `blow`. Absent = none.
     */
    firstStrikes: z
      .array(
        z
          .object({
            defenderId: IdSchema,
            attackerId: IdSchema,
            /** The defender's ready melee weapon it strikes with; null = bare hands. */
            weaponId: z.string().min(1).nullable(),
            /** The charger's stride when it swung (4+). */
            stride: z.number().int().min(1).max(8),
            /** The charger's own attack, resolved once the first strike is struck or waived. */
            blow: z.object({ targetId: IdSchema, weaponId: z.string().min(1).nullable(), ticks: GmTicksSchema.optional() }).strict(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export const FRESH_TURN_STATE: z.infer<typeof TurnStateSchema> = {
  initiative: null,
  renewOrder: [],
  renewDone: [],
  moveOrder: [],
  moveDone: [],
  actionOrder: [],
  actionDone: [],
  retreatOffers: [],
  retreatDone: [],
};

/**
 * Sight-driven fog (console's choice, off by default): the side whose conscious figures' sight
 * opens the map for the players, how far they see, the hexes they have ever seen, and the figures
 * of other sides the GM has shown them (`revealed`) or kept back for now (`deferred`, until the
 * figure leaves the party's sight). engine/encounter/map/partySight.ts keeps it.
 */
export const PartySightSchema = z
  .object({
    sideId: IdSchema,
    range: z.number().int().min(MIN_SIGHT_RANGE).max(MAX_SIGHT_RANGE),
    explored: z.array(z.string()),
    revealed: z.array(IdSchema),
    deferred: z.array(IdSchema),
  })
  .strict();

export const EncounterStateSchema = z
  .object({
    id: IdSchema,
    name: z.string().min(1).max(120),
    /** The map, with its optional image under the grid. */
    map: MapSchema.extend({ image: MapImageSchema.optional() }).strict(),
    sides: z.array(SideSchema).min(1),
    figures: z.array(FigureStateSchema),
    /** Continuing spells in effect (RULINGS S2); the one list of them (magicSchema.ts). */
    spells: z.array(ActiveSpellSchema),
    /** Castings, runaways and the renewal phase (001 §Magic); absent = none yet (`magicOf`). */
    magic: EncounterMagicSchema.optional(),
    turn: z.number().int().min(1),
    phase: PhaseSchema,
    /**
     * Dropped weapons, shields and packs on the map. Absent = none (older files, blank
     * encounters); read it with `itemsOf`.
     */
    items: z.array(MapItemSchema).optional(),
    /** The current turn's bookkeeping; absent = nothing done yet this turn (`turnStateOf`). */
    turnState: TurnStateSchema.optional(),
    /** Counter for ids of things the engine creates (dropped items); absent = 1. */
    nextId: z.number().int().min(1).optional(),
    /**
     * RULINGS H9: riders whose mount fell, placed prone at `at` (the first free hex beside it) while
     * the GM may pick another of `hexes` (`placeFallenRider`), until the phase (`turn`, `phase`)
     * ends or the rider is moved on. Absent = none.
     */
    fallenRiders: z
      .array(
        z
          .object({ riderId: IdSchema, mountId: IdSchema, at: HexSchema, hexes: z.array(HexSchema).min(2), turn: z.number().int().min(1), phase: PhaseSchema })
          .strict(),
      )
      .optional(),
    /** Sight-driven fog; absent = off (the GM's fog alone decides what the players see). */
    sight: PartySightSchema.optional(),
    /** The GM's drawings on the map (shared/contract/mapDrawings.ts); absent = none. */
    drawings: z.array(MapDrawingSchema).max(MAX_DRAWINGS).optional(),
  })
  .strict();

export type PartySight = z.infer<typeof PartySightSchema>;
export type FigureState = z.infer<typeof FigureStateSchema>;
export type EncounterState = z.infer<typeof EncounterStateSchema>;
export type ActiveSpell = z.infer<typeof ActiveSpellSchema>;
export { ActiveSpellSchema };
export function itemsOf(state: EncounterState): readonly MapItem[] {
  return state.items ?? [];
}

export function turnStateOf(state: EncounterState): TurnState {
  return state.turnState ?? FRESH_TURN_STATE;
}

export type FigureTurn = z.infer<typeof FigureTurnSchema>;
export type TurnState = z.infer<typeof TurnStateSchema>;
export type MapItem = z.infer<typeof MapItemSchema>;
