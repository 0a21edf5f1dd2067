/**
 * Stride & momentum's movement hazards for the `Rules` seam (RULINGS O3; 002 §Sprinting,
 * §Charging, §Attacks of Opportunity, §Assigning Movement): the engine asks these; the rules are
 * the functions of ./stride and ./charge.
 *
 * Decision where 002 is silent: one attack spends one action point — a monster's AP are its
 * attacks (002 §Assigning Movement), so an attack is worth one AP.
 */
import type { MovementHazards } from '../types';
import { chargeBonuses, monsterPace, opportunityAttack, passByCharge } from './charge';
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
    // 002 §Assigning Movement: a monster (it has attacks) comes on at the pace its stride reads as.
    const { mover, ...rest } = input;
    return opportunityAttack({ ...rest, mover: mover?.attacks === undefined ? { kind: 'humanoid' } : { kind: 'monster', pace: monsterPace(input.stride) } });
  },
  passBy(stride) {
    if (stride < STRIDE.passByMinStride) return null;
    return chargeBonuses();
  },
  passByOrder(dice, attackerId, defenderId, stride) {
    // 002 §Charging: a roll decides who strikes first (RULINGS G4's roll-off).
    const p = passByCharge(dice, attackerId, defenderId, stride);
    const first = p.strikeOrder[0];
    if (!p.allowed || first === undefined) return null;
    return { first, rolls: p.rollsBy, reason: p.reason, source: p.source };
  },
};
