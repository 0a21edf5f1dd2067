/**
 * The tracker's picture of an encounter's own rules (RULINGS O1–O4): its phases, its initiative,
 * its movement, the options on and off, each figure's stride and the new-figure form's
 * attributes — a pure query of the encounter's state and the rules it was created with.
 */
import type { FigureStride, TurnRules } from '../../../../shared/contract/channels/rules';
import { MoveModeSchema } from '../../../../shared/contract/schemas';
import { asRuleSet, OPTION_INFO, STRIDE, strideStatus, type RuleSet } from '../../options';
import type { Rules } from '../../rules';
import type { EncounterState } from '../schema';
import { initiativeBy, isMovementPhase, type Phase } from './turn';

/** The stride-N move modes (RULINGS O3: 1–8 hexes per AP, 002 §Movement (stride)). */
const STRIDE_MODES: readonly string[] = MoveModeSchema.options.filter((m) => m.startsWith('stride-'));

/**
 * What the tracker needs to know of an encounter's own rules (RULINGS O1–O4): read from
 * the rules the encounter was created with (`session.rules`), never from the campaign's current
 * settings, so switching the campaign leaves an open encounter as it was.
 */
export function turnRulesOf(state: EncounterState, settings: Rules): TurnRules {
  const rules: RuleSet = asRuleSet(settings);
  const stride = rules.movement.id === 'stride';
  const strides: FigureStride[] = stride
    ? state.figures.map((f) => {
        // RULINGS O3: the stride it ended on, the momentum it carried in, the AP it has spent out of its own (002 §Assigning Movement).
        const s = strideStatus({
          stride: f.turn.stride ?? 0,
          momentum: f.momentum,
          apSpent: f.turn.apSpent ?? 0,
          actionPoints: rules.movement.hazards?.actionPoints({ attacks: f.attacks }) ?? STRIDE.humanoidActionPoints,
        });
        return { figureId: f.id, stride: s.stride, band: s.band, momentum: s.momentum, apLeft: s.apLeft, text: s.text };
      })
    : [];
  return {
    encounterId: state.id,
    phases: rules.initiative.phases.map((p) => ({ id: p.id as Phase, label: p.name, source: p.source, movement: isMovementPhase(p.id as Phase) })),
    initiative: {
      id: rules.initiative.id,
      name: rules.initiative.name,
      rollText: rules.initiative.rollText,
      source: rules.initiative.source,
      canYield: rules.initiative.canYield,
      // RULINGS O2, O4 roll per figure; Pillars (T2) and Classic (O1) per side: the rules say which.
      by: initiativeBy(rules),
    },
    movement: { id: rules.movement.id, name: rules.movement.name, source: rules.movement.source },
    options: OPTION_INFO.map((o) => ({
      key: o.key,
      name: o.name,
      on: rules.options[o.key],
      ruling: o.ruling,
      document: o.document,
      documentTitle: o.documentTitle,
      summary: o.summary,
    })),
    notes: [...rules.notes],
    strides,
    strideModes: stride ? [...STRIDE_MODES] : [],
    // The new-figure form labels its fields from the rules' seam (RULINGS O1).
    stats: {
      id: rules.stats.id,
      name: rules.stats.name,
      source: rules.stats.source,
      attributes: rules.stats.attributes.map((a) => ({ id: a.id, name: a.name, keptAs: a.keptAs })),
      creationMethods: [...rules.stats.creationMethods],
      creationNote: rules.stats.creationNote,
    },
  };
}
