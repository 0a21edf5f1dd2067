/**
 * Display names of the phases of a turn: Pillars' six (RULINGS T1) in order, then the phases the
 * rule options name (RULINGS O1 first/second movement, O2 movement and cleanup, O4 declarations).
 * Which phases a turn goes through is the encounter's rules' decision (main), not the page's.
 */
export const PHASES = [
  { id: 'initiative', label: 'Initiative' },
  { id: 'renewSpells', label: 'Renew spells' },
  { id: 'initialMovement', label: 'Initial movement' },
  { id: 'finalMovement', label: 'Final movement' },
  { id: 'actions', label: 'Actions' },
  { id: 'forcedRetreat', label: 'Forced retreat' },
] as const;

/** The options' phases (RULINGS O1, O2, O4). */
export const OPTION_PHASES = [
  { id: 'declarations', label: 'Declarations' },
  { id: 'firstMovement', label: 'First movement' },
  { id: 'secondMovement', label: 'Second movement' },
  { id: 'movement', label: 'Movement' },
  { id: 'cleanup', label: 'Cleanup' },
] as const;

/** Phases in which figures move (shared/schemas MOVEMENT_PHASES). */
const MOVING: ReadonlySet<string> = new Set(['initialMovement', 'finalMovement', 'firstMovement', 'secondMovement', 'movement']);

export function isMovementPhase(id: string | undefined): boolean {
  return id !== undefined && MOVING.has(id);
}

export function phaseLabel(id: string): string {
  return PHASES.find((p) => p.id === id)?.label ?? OPTION_PHASES.find((p) => p.id === id)?.label ?? id;
}
