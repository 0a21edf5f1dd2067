/**
 * The phases of a turn, with the names the pages show: Pillars' six (RULINGS T1) in order, then
 * the ones the rule options name (RULINGS O1: first and second movement; O2: one movement phase
 * and cleanup; O4: declarations). Which of them a turn goes through is the rules'
 * `initiative.phases` (main's decision, not a page's). Plain data: the contract's `PhaseSchema`
 * and the pages read the same list.
 */
export const PILLARS_PHASES = [
  { id: 'initiative', label: 'Initiative' },
  { id: 'renewSpells', label: 'Renew spells' },
  { id: 'initialMovement', label: 'Initial movement' },
  { id: 'finalMovement', label: 'Final movement' },
  { id: 'actions', label: 'Actions' },
  { id: 'forcedRetreat', label: 'Forced retreat' },
] as const;

/** The options' phases (RULINGS O1, O2, O4). */
export const OPTION_PHASES = [
  { id: 'firstMovement', label: 'First movement' },
  { id: 'secondMovement', label: 'Second movement' },
  { id: 'movement', label: 'Movement' },
  { id: 'cleanup', label: 'Cleanup' },
  { id: 'declarations', label: 'Declarations' },
] as const;

export type PhaseId = (typeof PILLARS_PHASES)[number]['id'] | (typeof OPTION_PHASES)[number]['id'];

export const PHASE_IDS = [...PILLARS_PHASES.map((p) => p.id), ...OPTION_PHASES.map((p) => p.id)] as [PhaseId, ...PhaseId[]];

/** The phases in which figures move (RULINGS T4, O1, O2, O4). */
export const MOVEMENT_PHASES: readonly PhaseId[] = ['initialMovement', 'finalMovement', 'firstMovement', 'secondMovement', 'movement'];

export function isMovementPhase(id: string | undefined): boolean {
  return id !== undefined && (MOVEMENT_PHASES as readonly string[]).includes(id);
}

/** The name a page shows for a phase; an id it does not know, as it is. */
export function phaseLabel(id: string): string {
  return [...PILLARS_PHASES, ...OPTION_PHASES].find((p) => p.id === id)?.label ?? id;
}
