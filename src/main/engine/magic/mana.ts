import { AppError } from '../../../shared/errors';
import { explainSum, line } from '../explain';
import type { Explained } from '../explain';
import type { Rules } from '../rules';
import { casterOf, checkWhole, withCaster } from './internal';
import type { Caster, MagicEvent, MagicSnapshot, MagicStepResult, ManaState } from './types';

/**
 * Mana (001 §Mana Pool; RULINGS C8, S4, S5). The pool is secret (C8): these values appear only
 * in GM views; `stripSecrets` removes them from anything a player sees.
 */

/** A fresh mana state: full, no Debt (RULINGS C8). */
export function newManaState(pool: number): ManaState {
  checkWhole(pool, 'A mana pool');
  return { pool, current: pool, debt: 0 };
}

export function checkManaState(mana: ManaState, who = 'mana'): void {
  checkWhole(mana.pool, `${who}: pool`);
  checkWhole(mana.current, `${who}: current mana`);
  checkWhole(mana.debt, `${who}: Debt`);
  if (mana.current > mana.pool) {
    throw new AppError('invalid-args', `${who}: current mana ${mana.current} is more than the pool ${mana.pool}.`);
  }
}

export interface Payment {
  readonly mana: ManaState;
  /** Paid out of current mana. */
  readonly fromMana: number;
  /** The shortfall, added to Debt (RULINGS S4). */
  readonly borrowed: number;
}

/** Pays `amount` from current mana; what current mana cannot cover becomes Debt (RULINGS S4). */
export function payMana(mana: ManaState, amount: number): Payment {
  checkWhole(amount, 'A mana amount');
  const fromMana = Math.min(mana.current, amount);
  const borrowed = amount - fromMana;
  return { mana: { ...mana, current: mana.current - fromMana, debt: mana.debt + borrowed }, fromMana, borrowed };
}

export interface RestResult {
  readonly mana: ManaState;
  /** Mana the rest restored in all, before Debt took its share. */
  readonly regained: Explained;
  readonly debtPaid: number;
}

/**
 * A night's rest (RULINGS S5, a setting): the pool refills, and what is regained pays Debt first
 * (RULINGS S4). So a caster at 0 with Debt 3 and pool 10 wakes with 7 and no Debt; with Debt 14
 * and pool 10 it wakes with 0 and Debt 4. With the setting off, rest restores nothing.
 */
export function regainOnRest(mana: ManaState, rules: Rules): RestResult {
  checkManaState(mana);
  if (!rules.restRegainsAllMana) {
    return { mana, regained: { value: 0, breakdown: [line('rest restores no mana (campaign setting)', 0, 'RULINGS S5')] }, debtPaid: 0 };
  }
  const regainedValue = mana.pool - mana.current;
  const debtPaid = Math.min(mana.debt, regainedValue);
  const regained = explainSum([line(`refill to pool ${mana.pool} from ${mana.current}`, regainedValue, 'RULINGS S5')]);
  return {
    mana: { pool: mana.pool, current: mana.current + regainedValue - debtPaid, debt: mana.debt - debtPaid },
    regained,
    debtPaid,
  };
}

/** Rest for the named casters (none during combat, RULINGS S5: the caller calls this between encounters). */
export function rest(snapshot: MagicSnapshot, casterIds: readonly string[], rules: Rules): MagicStepResult {
  let next = snapshot;
  const events: MagicEvent[] = [];
  for (const id of casterIds) {
    const caster: Caster = casterOf(next, id);
    const result = regainOnRest(caster.mana, rules);
    next = withCaster(next, { ...caster, mana: result.mana });
    events.push({
      type: 'manaRegained',
      casterId: id,
      regained: result.regained.value - result.debtPaid,
      debtPaid: result.debtPaid,
      source: 'RULINGS S5; RULINGS S4',
    });
  }
  return { next, events, rolls: [] };
}
