/**
 * The rules engine's public surface (DESIGN §The engine): pure, deterministic, no I/O. The
 * session, the store and the tests import the engine through here.
 */
export * from './explain';
export * from './dice';
export * from './characters';
export * from './background';
export * from './equipment';
export * from './movement';
export * from './facing';
export * from './range';
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
export type { EncounterState, FigureState } from './encounter/schema';
export type { EncounterEvent, ApplyResult } from './encounter/events';
export * from './rules';
