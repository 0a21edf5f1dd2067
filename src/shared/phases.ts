/**
 * The phases of a turn, with the names the pages show (`phaseLabel`; the engine's messages use the
 * same names in title case, `phaseName`): Pillars' six (RULINGS T1) in order, then
 * the ones the rule options name (RULINGS O1: first and second movement; O2: one movement phase
 * and cleanup; O4: declarations). Which of them a turn goes through is the rules'
 * `initiative.phases` (main's decision, not a page's). Plain data: the contract's `PhaseSchema`,
 * the engine (`PHASE_NAMES`, Pillars' rules phases) and the pages read the same list.
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

const ALL_PHASES: readonly { readonly id: PhaseId; readonly label: string }[] = [...PILLARS_PHASES, ...OPTION_PHASES];

/** The name a page shows for a phase (sentence case: "Renew spells"); an id it does not know, as it is. */
export function phaseLabel(id: string): string {
  return ALL_PHASES.find((p) => p.id === id)?.label ?? id;
}

/**
 * The phase's name as the rules' turn sequence gives it (001 §Turn Sequence: "Renew Spells"): its
 * label with every word capitalised, for the engine's messages and the rules' list of phases. An
 * id it does not know, as it is.
 */
export function phaseName(id: string): string {
  const phase = ALL_PHASES.find((p) => p.id === id);
  return phase === undefined ? id : phase.label.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
}
