/**
 * Heavy blows for the `Rules` seam (RULINGS A8; 004 §Injury Effects): off for Pillars unless the
 * campaign's `heavyBlows` setting turns them on; part of the Classic rule set (RULINGS O1).
 */
import { heavyBlowEffect, heavyBlowStep } from './classic/combat';
import type { HeavyBlowRules } from './types';

export const HEAVY_BLOWS_OFF: HeavyBlowRules = {
  enabled: false,
  source: 'RULINGS A8 (off)',
  effect: () => null,
  step: () => [],
};

export const HEAVY_BLOWS_ON: HeavyBlowRules = {
  enabled: true,
  source: '004 §Injury Effects; RULINGS A8',
  effect: (hits, strength) => heavyBlowEffect(hits, strength),
  step: (figureId, strength, before, after, hasActed) => heavyBlowStep(figureId, strength, before, after, hasActed),
};
