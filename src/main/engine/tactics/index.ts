/** The engine plays too: proposals for the step an encounter waits on, and whole simulated fights. */
export { propose, type ProposeOptions } from './propose';
export type { Proposal, TacticsSettings } from './types';
export { DEFAULT_MORALE } from './types';
export { playFight, type FightResult, type FightOptions, DEFAULT_MAX_TURNS } from './playFight';
export { oddsOf, wilson, type OddsReport } from './odds';
