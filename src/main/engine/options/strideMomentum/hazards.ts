/**
 * Stride & momentum's movement hazards for the `Rules` seam (RULINGS O3; 002 §Sprinting,
 * §Charging, §Attacks of Opportunity, §Assigning Movement): the engine asks these; the rules are
 * the functions of ./stride and ./charge.
 *
 * Decision where 002 is silent: one attack spends one action point — a monster's AP are its
 * attacks (002 §Assigning Movement), so an attack is worth one AP.
 */
import type { MovementHazards } from '../types';
import { chargeBonuses, opportunityAttack } from './charge';
import { actionPoints, collision, crash } from './stride';
import { STRIDE } from './tables';

export const STRIDE_HAZARDS: MovementHazards = {
  actionPoints(f) {
    return f.attacks === undefined ? actionPoints({ kind: 'humanoid' }).value : actionPoints({ kind: 'monster', attacks: f.attacks }).value;
  },
  attackCost: 1,
  crash(dice, figureId, stride, label) {
    const c = crash(dice, stride, label);
    return { figureId, roll: c.roll, damage: c.damage, dice: c.dice, source: c.source };
  },
  collision(dice, moverId, struckId) {
    const c = collision(dice, moverId, struckId);
    return {
      hits: c.damage.map((d, i) => ({ figureId: d.figureId, damage: d.damage, roll: c.rolls[i]! })),
      source: c.source,
    };
  },
  opportunity(input) {
    return opportunityAttack(input);
  },
  passBy(stride) {
    if (stride < STRIDE.passByMinStride) return null;
    return chargeBonuses();
  },
};
