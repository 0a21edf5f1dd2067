/**
 * Combat math (001 §Attack Rolls, §DEX Adjustments, §Protection, §Special Combat Situations;
 * RULINGS A1–A7, H1–H4, G4) as a pure library: plain inputs in, explained results and the rolls
 * made out. The encounter calls these; nothing here reads an encounter.
 */
export * from './kinds';
export * from './dexTables';
export * from './adjustedDex';
export * from './attackRoll';
export * from './damage';
export * from './bleeding';
export * from './dexRoll';
export * from './hth';
export * from './disengage';
export * from './forcedRetreat';
export * from './missileHazards';
export * from './rateOfFire';
