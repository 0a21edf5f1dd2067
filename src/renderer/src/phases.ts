/** Display names of the six phases of a turn (RULINGS T1), in order. */
export const PHASES = [
  { id: 'initiative', label: 'Initiative' },
  { id: 'renewSpells', label: 'Renew spells' },
  { id: 'initialMovement', label: 'Initial movement' },
  { id: 'finalMovement', label: 'Final movement' },
  { id: 'actions', label: 'Actions' },
  { id: 'forcedRetreat', label: 'Forced retreat' },
] as const;

export function phaseLabel(id: string): string {
  return PHASES.find((p) => p.id === id)?.label ?? id;
}
