/**
 * Bleeding (RULINGS A5, a setting; 001 §Attack Rolls: a 3d6 roll of 4 causes it): a bleeding
 * figure loses `rules.bleedingPerTurn` Body at the end of each turn (RULINGS T1: post-turn
 * effects, bleeding first) until someone spends an action binding the wound.
 */
import type { PoolsNow } from '../characters/injury';
import type { Explained } from '../explain';
import { line } from '../explain';
import { DEFAULT_RULES, RULE_SOURCES } from '../rules';
import type { Rules } from '../rules';
import { applyDamage } from './damage';
import type { DamageApplied } from './damage';

/** Body a bleeding figure loses this turn, with the setting that says so. */
export function bleedingLoss(rules: Rules = DEFAULT_RULES): Explained {
  const v = rules.bleedingPerTurn;
  return { value: v, breakdown: [line('Bleeding, Body per turn', v, `${RULE_SOURCES.bleedingPerTurn} (setting bleedingPerTurn)`)] };
}

export interface BleedingTick extends DamageApplied {
  readonly loss: Explained;
}

/** End-of-turn bleeding for a figure whose wound is not bound: Body only, Fatigue untouched (RULINGS A5). */
export function applyBleeding(pools: PoolsNow, rules: Rules = DEFAULT_RULES): BleedingTick {
  const loss = bleedingLoss(rules);
  return { ...applyDamage(pools, { fatigueLoss: 0, bodyLoss: loss.value }), loss };
}
