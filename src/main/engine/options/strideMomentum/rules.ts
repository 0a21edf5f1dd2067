/** Stride & momentum's strategy for the `Rules` seam (RULINGS O3; 002). */
import type { MovementRules, RuleBehaviour } from '../types';
import { MAX_STRIDE, STRIDE, STRIDE_BANDS } from './tables';
import { cruisingDistance, strideBand } from './stride';
import { STRIDE_HAZARDS } from './hazards';
import { capReason, hexCapLine, strideCap } from './caps';
import { explainSum } from '../../explain';

export const STRIDE_MOVEMENT: MovementRules = {
  id: 'stride',
  name: 'Stride & momentum',
  source: '002 §Movement (stride); RULINGS O3',
  allowance(m) {
    const ap = m.actionPoints ?? STRIDE.humanoidActionPoints;
    const momentum = m.momentum ?? 0;
    // RULINGS O3 (amended), M4: load and armour cap the stride (Overloaded: 1 hex a turn).
    const cap = strideCap(m);
    const out = [];
    for (let s = MAX_STRIDE; s >= 1; s--) {
      const band = STRIDE_BANDS.find((b) => b.band === strideBand(s));
      const cruising = cruisingDistance(momentum, ap, s, m.runningProficiency === true);
      const capLine = hexCapLine(cap, cruising.value);
      const allowed = s <= cap.maxStride;
      out.push({
        mode: `stride-${s}`,
        name: `Stride-${s} (${band?.name ?? strideBand(s)})`,
        hexes: capLine === null ? cruising : explainSum([...cruising.breakdown, capLine]),
        allowed,
        reason: allowed ? null : capReason(cap),
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
