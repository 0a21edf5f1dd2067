import type { Dice, Roll } from '../dice/types';
import { line } from '../explain';
import type { Explained } from '../explain';
import type { Rules } from '../rules';
import { injuryLines, rollUnder, target } from './internal';
import type { Caster, MagicEvent } from './types';

/**
 * Control rolls: Push (001 §Push (Boosting), RULINGS S3) and Borrowing (001 §Borrowing,
 * RULINGS S4). The injury penalty applies as to every roll (001 §Injury Thresholds & Death,
 * RULINGS C4).
 */

/** 3d6 ≤ INT − P × penalty per point (RULINGS S3, the penalty a setting). */
export function pushControlTarget(caster: Caster, push: number, rules: Rules): Explained {
  return target([
    line('INT', caster.attributes.INT, '001 §Push (Boosting)'),
    line(`push ${push} × ${rules.pushPenaltyPerPoint}`, -push * rules.pushPenaltyPerPoint + 0, 'RULINGS S3'),
    ...injuryLines(caster),
  ]);
}

/** 3d6 ≤ INT − total Debt (RULINGS S4), the Debt counted after this borrowing. */
export function borrowControlTarget(caster: Caster, totalDebt: number): Explained {
  return target([line('INT', caster.attributes.INT, '001 §Borrowing'), line(`total Debt ${totalDebt}`, -totalDebt + 0, 'RULINGS S4'), ...injuryLines(caster)]);
}

export interface ControlOutcome {
  readonly result: 'controlled' | 'lost' | 'runaway';
  readonly roll: Roll;
  readonly event: MagicEvent;
}

/**
 * The push control roll: success keeps control; a natural 18, or a failure by the campaign's
 * margin or more (default 5), starts Runaway; any other failure loses the mana and the spell
 * (RULINGS S3).
 */
export function pushControl(caster: Caster, push: number, rules: Rules, dice: Dice): ControlOutcome {
  const goal = pushControlTarget(caster, push, rules);
  const check = rollUnder(dice, `push control: ${caster.name}`, goal);
  const natural18 = check.roll.total === 18;
  const result = natural18 || (!check.success && -check.margin >= rules.runawayFailureMargin) ? 'runaway' : check.success ? 'controlled' : 'lost';
  return {
    result,
    roll: check.roll,
    event: {
      type: 'controlRoll',
      casterId: caster.id,
      kind: 'push',
      target: goal,
      roll: check.roll.total,
      result,
      source: '001 §Push (Boosting); RULINGS S3',
    },
  };
}

/**
 * The borrowing control roll: failure starts Runaway (RULINGS S4). S4 names no natural-18 rule,
 * so the roll is judged by the number alone.
 */
export function borrowControl(caster: Caster, totalDebt: number, dice: Dice): ControlOutcome {
  const goal = borrowControlTarget(caster, totalDebt);
  const check = rollUnder(dice, `borrowing control: ${caster.name}`, goal);
  const result = check.success ? 'controlled' : 'runaway';
  return {
    result,
    roll: check.roll,
    event: {
      type: 'controlRoll',
      casterId: caster.id,
      kind: 'borrow',
      target: goal,
      roll: check.roll.total,
      result,
      source: '001 §Borrowing; RULINGS S4',
    },
  };
}
