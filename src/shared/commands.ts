import { z } from 'zod';
import {
  ConditionSchema,
  FacingSchema,
  GmTicksSchema,
  HexSchema,
  IdSchema,
  MoveModeSchema,
  PostureSchema,
  TerrainSchema,
} from './schemas';

/**
 * The GM acts out of turn (RULINGS T1–T5 say who is due): the command is applied anyway and the
 * log records an `override` event naming who was due.
 */
const Override = { override: z.boolean().optional() };

const figureCommand = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), figureId: IdSchema, ...Override, ...shape }).strict();

/**
 * Intents the GM sends. Every change to an encounter is one of these (DESIGN §One picture):
 * main validates it, the engine applies it, the session logs and persists it.
 */
/**
 * GM placement: the GM steps a figure one hex by hand, outside the rules' movement (an override
 * by its nature: the log keeps the command itself). Rules movement is `move`.
 */
export const MoveFigureCommandSchema = z
  .object({ type: z.literal('moveFigure'), figureId: IdSchema, to: HexSchema })
  .strict();

export const TurnFigureCommandSchema = z
  .object({ type: z.literal('turnFigure'), figureId: IdSchema, facing: FacingSchema })
  .strict();

/** GM map editing: the terrain brush paints many hexes in one command (one undo step). */
export const PaintTerrainCommandSchema = z
  .object({ type: z.literal('paintTerrain'), hexes: z.array(HexSchema).min(1).max(5000), terrain: TerrainSchema })
  .strict();

/** Hexes the players may not see (DESIGN: fogged hexes never reach a player view). */
export const SetHexesHiddenCommandSchema = z
  .object({ type: z.literal('setHexesHidden'), hexes: z.array(HexSchema).min(1).max(5000), hidden: z.boolean() })
  .strict();

export const SetFigureHiddenCommandSchema = z
  .object({ type: z.literal('setFigureHidden'), figureId: IdSchema, hidden: z.boolean() })
  .strict();

// --- Turn sequence (RULINGS T1–T5) ------------------------------------------------------------

/** Phase 1: each side rolls 1d6, ties rolled again (RULINGS T2, G4). */
export const RollInitiativeCommandSchema = z.object({ type: z.literal('rollInitiative') }).strict();

/** The initiative winner chooses to move first or second (RULINGS T2). */
export const ChooseInitiativeCommandSchema = z
  .object({ type: z.literal('chooseInitiative'), sideId: IdSchema, moveFirst: z.boolean() })
  .strict();

/** Ends the current phase; with `override` even when someone is still pending. */
export const AdvancePhaseCommandSchema = z.object({ type: z.literal('advancePhase'), ...Override }).strict();

/** RULINGS T4: the GM reorders the movers inside their sides. */
export const ReorderMovementCommandSchema = z
  .object({ type: z.literal('reorderMovement'), order: z.array(IdSchema).min(1).max(500) })
  .strict();

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
});

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
export const CastSpellCommandSchema = figureCommand('castSpell', {
  spellId: z.string().min(1).max(64),
  targetId: IdSchema.optional(),
  targetHex: HexSchema.optional(),
  push: z.number().int().min(0).max(20).optional(),
});
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

export const CommandSchema = z.discriminatedUnion('type', [
  MoveFigureCommandSchema,
  TurnFigureCommandSchema,
  PaintTerrainCommandSchema,
  SetHexesHiddenCommandSchema,
  SetFigureHiddenCommandSchema,
  RollInitiativeCommandSchema,
  ChooseInitiativeCommandSchema,
  AdvancePhaseCommandSchema,
  ReorderMovementCommandSchema,
  MoveCommandSchema,
  YieldMoveCommandSchema,
  AttackCommandSchema,
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
  BindWoundCommandSchema,
  PassCommandSchema,
  ForcedRetreatCommandSchema,
  DeclineRetreatCommandSchema,
  SetConditionCommandSchema,
  SetPostureCommandSchema,
]);

export type Command = z.infer<typeof CommandSchema>;
export type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;
