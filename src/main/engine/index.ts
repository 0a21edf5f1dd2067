/**
 * The rules engine's surface in one place (DESIGN §The engine): pure, deterministic, no I/O.
 * Tests that exercise the engine as a whole import it from here, and
 * tests/unit/engine/publicSurface.test.ts holds the names to it; code in `main/` imports the
 * engine's modules by path, as the folder table in docs/architecture.md allows.
 */
export * from './explain';
export * from './dice';
export * from './characters';
export * from './background';
export * from './equipment';
export * from './movement';
export * from './encumbrance';
export * from './movementProfile';
export * from './facing';
export * from './range';
export * from './combat';
export * from './magic';
export {
  hexDistance,
  hexNeighbors,
  hexNeighbor,
  hexLine,
  hexRing,
  hexSpiral,
  hexKey,
  megahexOf,
  megahexDistance,
  megahexOutline,
  type Hex,
} from '../../shared/hex';
export { apply } from './encounter/apply';
export type { EncounterState, FigureState, FigureTurn, TurnState, MapItem } from './encounter/schema';
export { EncounterStateSchema, FigureStateSchema } from './encounter/schema';
export { reachable, pathTo, movementLeft, type Reach, type ReachableHex } from './encounter/movement/reachable';
export { legalOptions, type LegalOptions, type OptionInfo } from './encounter/turn/options';
export { attackPreview, type AttackPreview } from './encounter/actions/attack';
export { phaseStatus, type PhaseStatus } from './encounter/turn/turn';
export { engagementState, engagers, type EngagementState } from './encounter/movement/engagement';
export { checkInvariants } from './encounter/invariants';
export { resolveCastSpell, type CastSpellResolver, type CastingOption } from './encounter/magic/castSpell';
export type { EncounterEvent, ApplyResult } from './encounter/events';
export * from './rules';
export * from './options';
