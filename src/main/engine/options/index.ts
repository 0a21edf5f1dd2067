/**
 * Rule options from the other documents (RULINGS O1–O4) as engine modules, and the seam that
 * makes them values of the one `Rules` (DESIGN §The engine): `rulesFor(settings)`.
 */
export * from './types';
export * from './settings';
export * from './pillars';
export * from './heavyBlows';
export * from './rulesFor';
export * from './classic';
export * from './perCharacterInitiative';
export * from './strideMomentum';
export * from './declaredIntent';
