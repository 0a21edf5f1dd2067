/**
 * The sweeping blow (RULINGS H7; 004 §Your Conditions: −4, "attacks all 3 front hexes"): one
 * attack roll, at −4, that strikes every enemy in the attacker's front hexes, with damage rolled
 * for each enemy hit.
 *
 * The console's choices, where H7 is silent: it is a melee blow with the ready weapon (option b
 * or j); every living enemy whose footprint covers a front hex is struck, except one locked in
 * hand-to-hand (only a figure in that hex can strike it, 001 §Hand-to-Hand Combat); friends there
 * are passed over. The one roll is compared with each target's own adjDEX (its zone and target
 * conditions differ). When some target Defends or Dodges (4 dice, RULINGS A6) the roll is made
 * with 4 dice and the others read its first three. A dropped or broken weapon (RULINGS A3) is read
 * from the roll once, as the dice of the first target that reads it that way; the weapon goes once.
 */
import { AppError } from '../../../../shared/errors';
import { hexKey, hexNeighbor } from '../../../../shared/hex';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { GmTicks } from '../../../../shared/contract/schemas';
import type { Roll } from '../../dice/types';
import { frontHexes } from '../../facing';
import { DEFAULT_RULES, asRuleSet, type Rules, type RuleSet } from '../../rules';
import { attackPreview, type AttackPreview } from './attack';
import { dealDamage, dropItem, rollDamage } from './dealDamage';
import { withoutWeapon } from './offHand';
import { optionRefusal } from '../turn/options';
import { optionFor } from './resolveAttack';
import type { EncounterState, FigureState } from '../schema';
import { figureById, figureHexes, isAlive, isEnemy, readyWeapon } from '../state';
import { spendAttackAp } from './strike';
import { markActed, requireTurn } from '../turn/turn';
import type { Tx } from '../tx';

export const SWEEP_SOURCE = '004 §Your Conditions (Sweeping blow); RULINGS H7';

export interface SweepPreview {
  readonly allowed: boolean;
  readonly reason: string | null;
  /** The front hexes swept. */
  readonly hexes: readonly { q: number; r: number }[];
  /** Every enemy struck, as attackPreview sees the blow against it (with H7's −4). */
  readonly targets: readonly AttackPreview[];
  /** Dice of the one roll: 4 when any target rolls against 4 dice (RULINGS A6). */
  readonly diceCount: 3 | 4;
}

/** The attacker's front hexes: for a one-hex figure the three it faces (001 §Facing). */
export function sweptHexes(a: FigureState): { q: number; r: number }[] {
  if (a.size === 1) return [hexNeighbor(a.position, a.facing - 1), hexNeighbor(a.position, a.facing), hexNeighbor(a.position, a.facing + 1)];
  return frontHexes({ position: a.position, facing: a.facing, size: a.size });
}

/** Enemies a sweeping blow strikes, in the order of the front hexes. */
export function sweepTargets(state: EncounterState, a: FigureState): FigureState[] {
  const keys = sweptHexes(a).map(hexKey);
  const out: FigureState[] = [];
  for (const k of keys) {
    for (const f of state.figures) {
      if (f.id === a.id || !isAlive(f) || !isEnemy(a, f) || f.hthWith.length > 0 || out.includes(f)) continue;
      if (figureHexes(f).some((h) => hexKey(h) === k)) out.push(f);
    }
  }
  return out;
}

export function sweepPreview(state: EncounterState, attackerId: string, ticks: Partial<GmTicks> = {}, rules: Rules | RuleSet = DEFAULT_RULES): SweepPreview {
  const rs = asRuleSet(rules);
  const a = figureById(state, attackerId);
  const hexes = sweptHexes(a);
  const weapon = readyWeapon(a);
  const list = sweepTargets(state, a);
  const targets = list.map((t) =>
    attackPreview(state, a.id, t.id, a.equipment.readyWeaponId, { ...ticks, sweepingBlow: true, twoWeapons: false }, { rules: rs }),
  );
  let reason: string | null = null;
  if (a.hthWith.length > 0) reason = `${a.name} is in hand-to-hand combat: it strikes with option t.`;
  else if (weapon === null) reason = `${a.name} sweeps with a ready weapon, not bare hands (the console's choice; ${SWEEP_SOURCE}).`;
  else if (weapon.use !== 'melee') reason = `${weapon.name} is not a melee weapon: a sweeping blow is struck in hand (${SWEEP_SOURCE}).`;
  else if (targets.length === 0) reason = `No enemy stands in ${a.name}'s front hexes to sweep (${SWEEP_SOURCE}).`;
  reason ??= targets.find((p) => !p.allowed)?.reason ?? null;
  const diceCount = targets.some((p) => p.dice.count === 4) ? 4 : 3;
  return { allowed: reason === null, reason, hexes, targets, diceCount };
}

/** The first `count` faces of the one roll, as a roll of its own for one target to read. */
function firstDice(roll: Roll, count: number): Roll {
  if (roll.count === count) return roll;
  const faces = roll.faces.slice(0, count);
  return { ...roll, notation: `${count}d6`, count, faces, total: faces.reduce((s, x) => s + x, 0) };
}

export function applySweepingBlow(tx: Tx, c: CommandOf<'sweepingBlow'>): void {
  requireTurn(tx, c, ['actions']);
  const a = tx.fig(c.figureId);
  const preview = sweepPreview(tx.state, a.id, c.ticks ?? {}, tx.rules);
  if (!preview.allowed) throw new AppError('rule', preview.reason ?? 'The sweeping blow cannot be struck.');
  const option = optionFor(tx, a.id, 'melee');
  const refusal = optionRefusal(tx.state, a, option, undefined, tx.rules);
  if (refusal !== null) throw new AppError('rule', refusal);
  const weapon = readyWeapon(a)!;
  spendAttackAp(tx, a.id, `sweeping blow (${preview.targets.length} enemies)`);
  const roll = tx.roll(`${preview.diceCount}d6`, `attack: ${a.name}'s sweeping blow`);
  let lost: 'drop' | 'break' | null = null;
  for (const p of preview.targets) {
    const t = tx.fig(p.targetId);
    const own = firstDice(roll, p.dice.count);
    const out = tx.rules.criticals.read(own, p.adjDex.value);
    tx.emit?.({
      type: 'attackRolled',
      attackerId: a.id,
      targetId: t.id,
      weaponId: weapon.id,
      kind: 'melee',
      adjDex: p.adjDex.value,
      breakdown: p.adjDex.breakdown.map((l) => ({ label: l.label, value: l.value, source: l.source })),
      dice: p.dice.count,
      roll: own.total,
      hit: out.hit,
      result: out.reason,
      source: `${out.source}; ${SWEEP_SOURCE} (one roll for every target)`,
    });
    if (out.hit) {
      const dmg = rollDamage(tx, a.id, weapon, 'melee', `${a.name} → ${t.name} (sweep)`);
      dealDamage(
        tx,
        a.id,
        t.id,
        { damageRoll: dmg.roll, bonus: dmg.bonus, multiplier: out.multiplier as 1 | 2 | 3, toBody: out.toBody, bleeding: out.bleeding },
        true,
      );
    }
    lost ??= out.dropWeapon ? 'drop' : out.breakWeapon ? 'break' : null;
  }
  if (lost === 'drop') dropItem(tx, a.id, 'weapon', weapon.id);
  else if (lost === 'break') {
    tx.update(a.id, (x) => ({ ...x, equipment: withoutWeapon(x.equipment, weapon.id) }));
    tx.emit?.({ type: 'weaponBroken', figureId: a.id, weaponId: weapon.id, source: '001 §Attack Rolls; RULINGS A3' });
  }
  markActed(tx, a.id, option);
}
