import { z } from 'zod';
import { MAX_SIGHT_RANGE, MIN_SIGHT_RANGE } from '../sightRange';
import {
  AssetNameSchema,
  ConditionSchema,
  DeclarationSchema,
  FacingSchema,
  GmTicksSchema,
  HexSchema,
  IdSchema,
  MoveModeSchema,
  PostureSchema,
  TerrainSchema,
} from './schemas';
import { MapImageSchema } from './mapImage';

export * from './figureSheetInput';
export * from './magicCommands';
import { AttributeValuesSchema, EquipmentInputSchema, FigureSheetInputSchema, SpellMasteryInputSchema, CastingAttributesInputSchema } from './figureSheetInput';
import {
  AddSideCommandSchema,
  HealCommandSchema,
  MarkFigureCommandSchema,
  PlaceFallenRiderCommandSchema,
  SetPoolsCommandSchema,
  TakeDamageCommandSchema,
  UnmarkFigureCommandSchema,
  UpdateSideCommandSchema,
} from './gmCommands';
import { figureCommand, Override } from './commandShape';
import { DrawOnMapCommandSchema, EraseDrawingCommandSchema } from './mapDrawings';
import {
  AnchorRollCommandSchema,
  BorrowToRenewCommandSchema,
  CastSpellCommandSchema,
  CounterspellCommandSchema,
  InterveneCommandSchema,
  LetSpellLapseCommandSchema,
  RenewSpellCommandSchema,
  SpellRulingCommandSchema,
} from './magicCommands';

/**
 * Intents the GM sends. Every change to an encounter is one of these (DESIGN §One picture):
 * main validates it, the engine applies it, the session logs and persists it.
 */
/**
 * GM placement: the GM steps a figure one hex by hand, outside the rules' movement (an override
 * by its nature: the log keeps the command itself). Rules movement is `move`.
 */
/** The GM's step by hand outside movement; `facing` turns the figure as it lands (absent: as it faced). */
export const MoveFigureCommandSchema = z.object({ type: z.literal('moveFigure'), figureId: IdSchema, to: HexSchema, facing: FacingSchema.optional() }).strict();

/** The GM turns a figure by hand: to a `facing`, or `by` one notch from where main has it now (two quick presses turn twice). */
export const TurnFigureCommandSchema = z
  .object({ type: z.literal('turnFigure'), figureId: IdSchema, facing: FacingSchema.optional(), by: z.union([z.literal(-1), z.literal(1)]).optional() })
  .strict()
  .refine((c) => (c.facing === undefined) !== (c.by === undefined), 'A turn names a facing or a step (by), one of the two.');

/** GM map editing: the terrain brush paints many hexes in one command (one undo step). */
export const PaintTerrainCommandSchema = z
  .object({ type: z.literal('paintTerrain'), hexes: z.array(HexSchema).min(1).max(5000), terrain: TerrainSchema })
  .strict();

/** Hexes the players may not see (DESIGN: fogged hexes never reach a player view). */
export const SetHexesHiddenCommandSchema = z
  .object({ type: z.literal('setHexesHidden'), hexes: z.array(HexSchema).min(1).max(5000), hidden: z.boolean() })
  .strict();

export const SetFigureHiddenCommandSchema = z.object({ type: z.literal('setFigureHidden'), figureId: IdSchema, hidden: z.boolean() }).strict();

/**
 * Sight-driven fog (console's choice): the players see what `sideId`'s figures see within `range`
 * hexes; `sideId` null turns it off and forgets what they had explored.
 */
export const SetPartySightCommandSchema = z
  .object({ type: z.literal('setPartySight'), sideId: IdSchema.nullable(), range: z.number().int().min(MIN_SIGHT_RANGE).max(MAX_SIGHT_RANGE) })
  .strict();

/** The GM's answer to "Reveal Grak?": shown to the party (true) or not yet (false). */
export const RevealToPartyCommandSchema = z.object({ type: z.literal('revealToParty'), figureId: IdSchema, reveal: z.boolean() }).strict();

// --- Turn sequence (RULINGS T1–T5) ------------------------------------------------------------

/** Phase 1: each side rolls 1d6, ties rolled again (RULINGS T2, G4). */
export const RollInitiativeCommandSchema = z.object({ type: z.literal('rollInitiative') }).strict();

/** The initiative winner chooses to move first or second (RULINGS T2). */
export const ChooseInitiativeCommandSchema = z.object({ type: z.literal('chooseInitiative'), sideId: IdSchema, moveFirst: z.boolean() }).strict();

/** Ends the current phase; with `override` even when someone is still pending. */
export const AdvancePhaseCommandSchema = z.object({ type: z.literal('advancePhase'), ...Override }).strict();

/** RULINGS T4: the GM reorders the movers inside their sides. */
export const ReorderMovementCommandSchema = z.object({ type: z.literal('reorderMovement'), order: z.array(IdSchema).min(1).max(500) }).strict();

// --- Movement (RULINGS M1–M7) ------------------------------------------------------------------

/**
 * A figure's movement for the turn: the way it moves (absent: the slowest way that reaches `to`,
 * as when the GM drags a figure), where it ends (optionally the exact path, start excluded), the
 * facing it ends with, and whether it drops its pack first (RULINGS M4).
 */
export const MoveCommandSchema = figureCommand('move', {
  mode: MoveModeSchema.optional(),
  to: HexSchema,
  path: z.array(HexSchema).max(200).optional(),
  facing: FacingSchema.optional(),
  dropPack: z.boolean().optional(),
  /**
   * RULINGS O3 (stride & momentum): the stride bought with each AP, in order (absent: hold the
   * mode's stride, speeding up as fast as 002 allows, until the path is covered).
   */
  strides: z.array(z.number().int().min(1).max(8)).min(1).max(12).optional(),
  /** RULINGS O3: keep going at the end of the move (a sprint carries its stride into next turn); default stop. */
  keepGoing: z.boolean().optional(),
});

/** RULINGS O4 (003 §1 Movement): a figure's declaration before movement (again to change it). */
export const DeclareCommandSchema = figureCommand('declare', { declaration: DeclarationSchema });

/** RULINGS O4 (amended): the figure's initiative score as the GM types it; null = its DEX modifier again. */
export const SetInitiativeScoreCommandSchema = figureCommand('setInitiativeScore', { score: z.number().int().min(-20).max(40).nullable() });

/**
 * RULINGS H6 (004 §Flight): a flier takes off and flies at most half its flying MA this turn, flies
 * up to its flying MA once aloft, or lands (no move that turn). `passFliers`: the fliers it passes
 * agreed to pass at different heights. `engageGround`: it chooses to engage ground figures this turn.
 */
const Flight = { to: HexSchema, facing: FacingSchema.optional(), passFliers: z.boolean().optional() };
export const TakeOffCommandSchema = figureCommand('takeOff', Flight);
export const FlyCommandSchema = figureCommand('fly', Flight);
export const LandCommandSchema = figureCommand('land', {});
export const EngageGroundCommandSchema = figureCommand('engageGround', { on: z.boolean() });
/** The GM makes a figure a flier with this flying MA (0: it cannot fly), and the Fatigue its entry says a turn of flight costs (absent or 0: none). */
export const SetFlyingMaCommandSchema = figureCommand('setFlyingMa', {
  flyingMa: z.number().int().min(0).max(40),
  fatiguePerTurn: z.number().int().min(0).max(20).optional(),
});

/**
 * Mounts (001 §Pole Weapons "Mounted only"; 003 §Initiative Modifiers Table; RULINGS O4): a rider
 * mounts a figure next to it, or gets down into a free hex next to its mount (`to`, else the
 * first free one). `setRideScore`: the rider's Ride skill the GM types (null: none typed, 0).
 */
export const MountCommandSchema = figureCommand('mount', { mountId: IdSchema });
export const DismountCommandSchema = figureCommand('dismount', { to: HexSchema.optional() });
export const SetRideScoreCommandSchema = figureCommand('setRideScore', { rideScore: z.number().int().min(-10).max(30).nullable() });

/** RULINGS T4: the figure moves in Final Movement instead. */
export const YieldMoveCommandSchema = figureCommand('yieldMove', {});

// --- Actions (001 §Action Options a–v) ---------------------------------------------------------

/**
 * An attack with a weapon (b, j, f, l) or bare hands (`weaponId` null): melee, thrown
 * (`throw`), or missile by the weapon's kind. `ticks` are what the GM vouches for (RULINGS A1).
 */
export const AttackCommandSchema = figureCommand('attack', {
  targetId: IdSchema,
  weaponId: z.string().min(1).max(64).nullable(),
  throw: z.boolean().optional(),
  ticks: GmTicksSchema.optional(),
});

/**
 * RULINGS O3 (002 §Attacks of Opportunity): the defender (`figureId`) takes the shot it was
 * offered at `moverId` (rolled like any attack; entered faces work).
 */
export const OpportunityAttackCommandSchema = figureCommand('opportunityAttack', {
  moverId: IdSchema,
  ticks: GmTicksSchema.optional(),
});

/**
 * RULINGS O3 (002 §Charging): the defender (`figureId`) of a pass-by charge won the roll-off and
 * strikes `attackerId` first; the charger's waiting blow follows. `waiveFirstStrike` lets the
 * first strike go: the charger's blow is struck at once.
 */
export const FirstStrikeCommandSchema = figureCommand('firstStrike', { attackerId: IdSchema, ticks: GmTicksSchema.optional() });
export const WaiveFirstStrikeCommandSchema = figureCommand('waiveFirstStrike', { attackerId: IdSchema });

export const DodgeCommandSchema = figureCommand('dodge', {});
export const DefendCommandSchema = figureCommand('defend', {});
export const DropDownCommandSchema = figureCommand('dropDown', { posture: z.enum(['prone', 'kneeling']) });
/** (e) Re-sling the ready weapon and ready another, or pick one up from the map (`itemId`). */
export const ReadyWeaponCommandSchema = figureCommand('readyWeapon', {
  weaponId: z.string().min(1).max(64).nullable(),
  itemId: IdSchema.optional(),
  shieldReady: z.boolean().optional(),
});
/** (m) Drop the ready weapon, ready a carried non-missile weapon. */
export const ChangeWeaponCommandSchema = figureCommand('changeWeapon', { weaponId: z.string().min(1).max(64) });
/**
 * RULINGS H7 (004 §Your Conditions): two attacks at −4, one with the ready weapon and one with the
 * off-hand weapon, at the same or different targets in front.
 */
export const TwoWeaponAttackCommandSchema = figureCommand('twoWeaponAttack', {
  attacks: z.array(z.object({ targetId: IdSchema, weaponId: z.string().min(1).max(64) }).strict()).length(2),
  ticks: GmTicksSchema.optional(),
});
/** RULINGS H7: one roll at −4 with the ready melee weapon against every enemy in the three front hexes. */
export const SweepingBlowCommandSchema = figureCommand('sweepingBlow', { ticks: GmTicksSchema.optional() });
/** 001 §Encumbrance: picking up and securing a dropped pack is the figure's whole turn. */
export const PickUpPackCommandSchema = figureCommand('pickUpPack', { itemId: IdSchema });
/** (q) Drop the ready weapon, pick up and ready one lying in the figure's hex or next to it. */
export const PickUpWeaponCommandSchema = figureCommand('pickUpWeapon', { itemId: IdSchema });
export const StandUpCommandSchema = figureCommand('standUp', {});
/** (n) Move 1 hex in any direction instead of attacking (RULINGS H2). */
export const DisengageCommandSchema = figureCommand('disengage', { to: HexSchema });
/** (o, or b) Move into an enemy's hex to start hand-to-hand (RULINGS H1). */
export const AttemptHthCommandSchema = figureCommand('attemptHth', { targetId: IdSchema, ticks: GmTicksSchema.optional() });
/** (t) Hit the foe in the same hex with bare hands or a ready dagger. */
export const HthAttackCommandSchema = figureCommand('hthAttack', { targetId: IdSchema });
/** (u) 3d6 ≤ DEX to ready a dagger. */
export const DrawDaggerCommandSchema = figureCommand('drawDagger', {});
/** (v) 4d6 ≤ DEX: stand and step to an adjacent empty hex (RULINGS H2). */
export const HthDisengageCommandSchema = figureCommand('hthDisengage', { to: HexSchema });
/** (i, s) See through one illusion. */
export const DisbelieveCommandSchema = figureCommand('disbelieve', { targetId: IdSchema });
/** (h, r, HTH) Cast a spell: validated here, resolved by the magic engine. */
/** A night's rest between fights: mana back, Debt paid first (RULINGS S5, S4); all casters when no ids. */
export const RestCommandSchema = z.object({ type: z.literal('rest'), figureIds: z.array(IdSchema).max(500).optional() }).strict();
/** RULINGS A5: spend the action binding a bleeding wound (own or an adjacent figure's). */
export const BindWoundCommandSchema = figureCommand('bindWound', { targetId: IdSchema });
/** The figure takes no action this turn. */
export const PassCommandSchema = figureCommand('pass', {});

// --- Forced retreat (RULINGS H3) -------------------------------------------------------------------

/** Push a foe 1 hex (`to`; null when no hex is free: the foe rolls to stay up) and maybe advance. */
export const ForcedRetreatCommandSchema = figureCommand('forcedRetreat', {
  targetId: IdSchema,
  to: HexSchema.nullable(),
  advance: z.boolean(),
});
export const DeclineRetreatCommandSchema = figureCommand('declineRetreat', {});

// --- GM corrections -------------------------------------------------------------------------------

export const SetConditionCommandSchema = figureCommand('setCondition', { condition: ConditionSchema, on: z.boolean() });
export const SetPostureCommandSchema = figureCommand('setPosture', { posture: PostureSchema });

// --- Figures and the map image (src/main/engine/encounter/figures/roster.ts, mapEdit.ts) ---

/** Puts a new figure on the map (at `position`, or the free hex nearest the map's centre). */
export const AddFigureCommandSchema = z
  .object({
    type: z.literal('addFigure'),
    figure: FigureSheetInputSchema,
    position: HexSchema.optional(),
    facing: FacingSchema.optional(),
  })
  .strict();

/** The GM edits a figure in place; only the fields given change. */
export const UpdateFigureCommandSchema = z
  .object({
    type: z.literal('updateFigure'),
    figureId: IdSchema,
    changes: z
      .object({
        name: z.string().max(200).optional(),
        sideId: IdSchema.optional(),
        kind: z.enum(['character', 'npc']).optional(),
        attributes: AttributeValuesSchema.optional(),
        equipment: EquipmentInputSchema.optional(),
        gmNotes: z.string().max(10_000).optional(),
        hidden: z.boolean().optional(),
        /** Token art: an imported campaign asset; null = back to the side's disc. */
        art: AssetNameSchema.nullable().optional(),
        mastery: SpellMasteryInputSchema.optional(),
        castingAttributes: CastingAttributesInputSchema.optional(),
        /** RULINGS C8: the secret mana pool typed by the GM; null = not a caster. */
        manaPool: z.number().int().nullable().optional(),
        /** RULINGS O3 (002 §Assigning Movement): a monster's attacks (its AP); null = a humanoid again. */
        attacks: z.number().int().min(1).max(10).nullable().optional(),
      })
      .strict(),
  })
  .strict();

export const RemoveFigureCommandSchema = z.object({ type: z.literal('removeFigure'), figureId: IdSchema }).strict();

/** An imported image (campaign asset) under the grid, or none. */
export const SetMapImageCommandSchema = z
  .object({
    type: z.literal('setMapImage'),
    image: z.object({ asset: MapImageSchema.shape.asset, width: MapImageSchema.shape.width, height: MapImageSchema.shape.height }).strict().nullable(),
  })
  .strict();

const PointSchema = z.object({ x: z.number().min(-1e6).max(1e6), y: z.number().min(-1e6).max(1e6) }).strict();

/**
 * Calibrates the map image against the grid: each pin takes a point of the image (in image
 * pixels) to a point of the grid (world units, usually a hex corner). One pin moves the image;
 * two pins also scale it. `scale`/`x`/`y` instead set the placement as typed.
 */
export const CalibrateMapCommandSchema = z
  .object({
    type: z.literal('calibrateMap'),
    pins: z
      .array(z.object({ image: PointSchema, world: PointSchema }).strict())
      .min(1)
      .max(2)
      .optional(),
    placement: z.object({ x: MapImageSchema.shape.x, y: MapImageSchema.shape.y, scale: MapImageSchema.shape.scale }).strict().optional(),
  })
  .strict();

/**
 * Resizes the grid to `cols` × `rows` on its right and bottom edges (every hex keeps its address);
 * the engine refuses when a figure, item, spell, painted or hidden hex would fall off.
 */
export const ResizeMapCommandSchema = z
  .object({ type: z.literal('resizeMap'), cols: z.number().int().min(1).max(500), rows: z.number().int().min(1).max(500) })
  .strict();

/** Resizes the grid to cover the calibrated map image, in one step (refused as `resizeMap`). */
export const FitMapToImageCommandSchema = z.object({ type: z.literal('fitMapToImage') }).strict();

export const CommandSchema = z.discriminatedUnion('type', [
  MoveFigureCommandSchema,
  TurnFigureCommandSchema,
  PaintTerrainCommandSchema,
  ResizeMapCommandSchema,
  FitMapToImageCommandSchema,
  SetHexesHiddenCommandSchema,
  SetFigureHiddenCommandSchema,
  SetPartySightCommandSchema,
  RevealToPartyCommandSchema,
  RollInitiativeCommandSchema,
  ChooseInitiativeCommandSchema,
  AdvancePhaseCommandSchema,
  ReorderMovementCommandSchema,
  MoveCommandSchema,
  DeclareCommandSchema,
  SetInitiativeScoreCommandSchema,
  YieldMoveCommandSchema,
  TakeOffCommandSchema,
  FlyCommandSchema,
  LandCommandSchema,
  EngageGroundCommandSchema,
  SetFlyingMaCommandSchema,
  MountCommandSchema,
  DismountCommandSchema,
  SetRideScoreCommandSchema,
  AttackCommandSchema,
  TwoWeaponAttackCommandSchema,
  SweepingBlowCommandSchema,
  PickUpPackCommandSchema,
  OpportunityAttackCommandSchema,
  FirstStrikeCommandSchema,
  WaiveFirstStrikeCommandSchema,
  DodgeCommandSchema,
  DefendCommandSchema,
  DropDownCommandSchema,
  ReadyWeaponCommandSchema,
  ChangeWeaponCommandSchema,
  PickUpWeaponCommandSchema,
  StandUpCommandSchema,
  DisengageCommandSchema,
  AttemptHthCommandSchema,
  HthAttackCommandSchema,
  DrawDaggerCommandSchema,
  HthDisengageCommandSchema,
  DisbelieveCommandSchema,
  CastSpellCommandSchema,
  RenewSpellCommandSchema,
  BorrowToRenewCommandSchema,
  LetSpellLapseCommandSchema,
  AnchorRollCommandSchema,
  InterveneCommandSchema,
  CounterspellCommandSchema,
  SpellRulingCommandSchema,
  RestCommandSchema,
  BindWoundCommandSchema,
  PassCommandSchema,
  ForcedRetreatCommandSchema,
  DeclineRetreatCommandSchema,
  SetConditionCommandSchema,
  SetPostureCommandSchema,
  AddFigureCommandSchema,
  UpdateFigureCommandSchema,
  RemoveFigureCommandSchema,
  SetMapImageCommandSchema,
  CalibrateMapCommandSchema,
  ...[TakeDamageCommandSchema, HealCommandSchema, SetPoolsCommandSchema, AddSideCommandSchema, UpdateSideCommandSchema, PlaceFallenRiderCommandSchema],
  ...[MarkFigureCommandSchema, UnmarkFigureCommandSchema, DrawOnMapCommandSchema, EraseDrawingCommandSchema],
]);

export type Command = z.infer<typeof CommandSchema>;
export type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;
export type FigureSheetInput = z.infer<typeof FigureSheetInputSchema>;
export type AttributeValues = z.infer<typeof AttributeValuesSchema>;
export type EquipmentInput = z.infer<typeof EquipmentInputSchema>;
