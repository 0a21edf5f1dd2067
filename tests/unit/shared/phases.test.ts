/**
 * shared/phases.ts is the one list of a turn's phases and their names: the pages' labels (sentence
 * case) and the engine's names (title case, `phaseName`) come from it, and so do the engine's
 * `PHASE_NAMES` and Pillars' rules phases.
 */
import { describe, expect, it } from 'vitest';
import { isMovementPhase, OPTION_PHASES, PHASE_IDS, phaseLabel, phaseName, PILLARS_PHASES } from '../../../src/shared/phases';
import { PHASE_NAMES } from '../../../src/main/engine/encounter/turn/phaseStatus';
import { PILLARS_PHASES as PILLARS_RULE_PHASES } from '../../../src/main/engine/options/pillars';

describe('phase names', () => {
  it('gives each phase a label for the pages and a title-case name for the engine', () => {
    expect(PHASE_IDS.map((id) => [id, phaseLabel(id), phaseName(id)])).toEqual([
      ['initiative', 'Initiative', 'Initiative'],
      ['renewSpells', 'Renew spells', 'Renew Spells'],
      ['initialMovement', 'Initial movement', 'Initial Movement'],
      ['finalMovement', 'Final movement', 'Final Movement'],
      ['actions', 'Actions', 'Actions'],
      ['forcedRetreat', 'Forced retreat', 'Forced Retreat'],
      ['firstMovement', 'First movement', 'First Movement'],
      ['secondMovement', 'Second movement', 'Second Movement'],
      ['movement', 'Movement', 'Movement'],
      ['cleanup', 'Cleanup', 'Cleanup'],
      ['declarations', 'Declarations', 'Declarations'],
    ]);
  });

  it('leaves an id it does not know as it is', () => {
    expect(phaseLabel('somethingElse')).toBe('somethingElse');
    expect(phaseName('somethingElse')).toBe('somethingElse');
  });

  it('the movement phases are the five that move figures (RULINGS T4, O1, O2, O4)', () => {
    expect(PHASE_IDS.filter((id) => isMovementPhase(id))).toEqual(['initialMovement', 'finalMovement', 'firstMovement', 'secondMovement', 'movement']);
    expect(isMovementPhase(undefined)).toBe(false);
  });

  it('the engine reads its names from the shared list', () => {
    expect(Object.keys(PHASE_NAMES).sort()).toEqual([...PHASE_IDS].sort());
    for (const id of PHASE_IDS) expect(PHASE_NAMES[id]).toBe(phaseName(id));
  });

  it("Pillars' rules phases are the shared six, in order, named from the shared list (RULINGS T1)", () => {
    expect(PILLARS_RULE_PHASES.map((p) => [p.id, p.name])).toEqual(PILLARS_PHASES.map((p) => [p.id, phaseName(p.id)]));
    expect(PILLARS_RULE_PHASES.every((p) => p.source.startsWith('001 §Turn Sequence; RULINGS T1'))).toBe(true);
    expect(OPTION_PHASES.some((o) => PILLARS_RULE_PHASES.some((p) => p.id === o.id))).toBe(false);
  });
});
