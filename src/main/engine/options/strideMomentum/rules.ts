/** Stride & momentum's strategy for the `Rules` seam (RULINGS O3; 002). */
import type { MovementRules, RuleBehaviour } from '../types';
import { MAX_STRIDE, STRIDE, STRIDE_BANDS } from './tables';
import { cruisingDistance, strideBand } from './stride';
import { STRIDE_HAZARDS } from './hazards';

export const STRIDE_MOVEMENT: MovementRules = {
  id: 'stride',
  name: 'Stride & momentum',
  source: '002 §Movement (stride); RULINGS O3',
  allowance(m) {
    const ap = m.actionPoints ?? STRIDE.humanoidActionPoints;
    const momentum = m.momentum ?? 0;
    const out = [];
    for (let s = MAX_STRIDE; s >= 1; s--) {
      const band = STRIDE_BANDS.find((b) => b.band === strideBand(s));
      out.push({
        mode: `stride-${s}`,
        name: `Stride-${s} (${band?.name ?? strideBand(s)})`,
        hexes: cruisingDistance(momentum, ap, s, m.runningProficiency === true),
        allowed: true,
        reason: null,
        fatiguePerTurn: 0,
        source: '002 §Movement (stride), §Sprinting; RULINGS O3',
      });
    }
    return out;
  },
  // 002 §Sprinting, §Charging, §Attacks of Opportunity, §Assigning Movement.
  hazards: STRIDE_HAZARDS,
};

export const STRIDE_BEHAVIOUR: Partial<RuleBehaviour> = { movement: STRIDE_MOVEMENT };
