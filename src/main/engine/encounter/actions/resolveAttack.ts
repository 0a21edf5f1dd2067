/**
 * The `attack` command (001 §Action Options b, f, j, l; RULINGS A1–A7, H4): checks the option and
 * the attack, lets a pass-by charge's defender strike first (O3), then strikes. The roll and its
 * consequences live in strike.ts, dealDamage.ts and lineOfFire.ts.
 */
import { AppError } from '../../../../shared/errors';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { OptionLetter } from '../../../../shared/contract/schemas';
import { weaponById } from '../../equipment';
import type { AttackKind } from '../../combat/kinds';
import { attackKind, attackPreview } from './attack';
import { engagementState, type EngagementState } from '../movement/engagement';
import { optionRefusal } from '../turn/options';
import { markActed } from '../turn/turn';
import { requireTurn } from '../turn/phaseStatus';
import { passByFirstStrike } from './passByCharge';
import { spendAttackAp, strike } from './strike';
import type { Tx } from '../tx';
import type { FigureState } from '../schema';

// Names that lived here before the split, so existing imports of './resolveAttack' still resolve.
export { dealDamage, dropItem, removeOne, type Blow } from './dealDamage';
export { applyFirstStrike, applyWaiveFirstStrike, firstStrikeRefusal } from './passByCharge';
export { applyOpportunityAttack, opportunityPreview } from './opportunityAttack';

export function optionFor(tx: Tx, attackerId: string, kind: AttackKind): OptionLetter {
  return attackOption(tx, tx.fig(attackerId), kind).option;
}

/** The option an attack takes, with the engagement it was read from and, when it was asked, option j's refusal. */
function attackOption(tx: Tx, a: FigureState, kind: AttackKind): { option: OptionLetter; es: EngagementState; refusalOfJ?: string | null } {
  const es = engagementState(tx.state, a);
  if (kind === 'hth') return { option: 't', es };
  if (kind === 'missile') return { option: es === 'engaged' ? 'l' : 'f', es };
  if (kind === 'thrown') return { option: es === 'engaged' ? 'j' : 'f', es };
  if (es === 'engaged') {
    const refusalOfJ = optionRefusal(tx.state, a, 'j', es, tx.rules);
    return { option: refusalOfJ === null || a.turn.engagedAtStart ? 'j' : 'b', es, refusalOfJ };
  }
  return { option: 'b', es };
}

export function applyAttack(tx: Tx, c: CommandOf<'attack'>): void {
  requireTurn(tx, c, ['actions']);
  const a = tx.fig(c.figureId);
  const t = tx.fig(c.targetId);
  const weapon = c.weaponId === null ? null : (weaponById(c.weaponId) ?? null);
  const kind = attackKind(a, t, weapon, c.throw === true);
  const chosen = attackOption(tx, a, kind);
  const option = chosen.option;
  // Option j's refusal was read already when the option was chosen, from the same state.
  const refusal = option === 'j' && chosen.refusalOfJ !== undefined ? chosen.refusalOfJ : optionRefusal(tx.state, a, option, chosen.es, tx.rules);
  if (refusal !== null) throw new AppError('rule', refusal);
  const preview = attackPreview(tx.state, a.id, t.id, c.weaponId, c.ticks ?? {}, { rules: tx.rules, throw: c.throw === true });
  if (!preview.allowed) throw new AppError('rule', preview.reason ?? 'That attack cannot be made.');
  if (option === 'b' && kind === 'melee' && passByFirstStrike(tx, a.id, t.id, c)) {
    // RULINGS O3 (002 §Charging): the defender won the roll-off; the charge is the attacker's
    // action, its blow waits on the defender's first strike (`firstStrike` / `waiveFirstStrike`).
    markActed(tx, a.id, option);
    return;
  }
  spendAttackAp(tx, a.id, `attack on ${t.name}`);
  const more = strike(tx, a.id, t.id, weapon, c.weaponId, kind, option, preview);
  if (more) {
    // RULINGS A7: a second shot this turn is still to come; the option is fixed.
    tx.update(a.id, (x) => ({ ...x, turn: { ...x.turn, option } }));
    tx.emit?.({ type: 'optionTaken', figureId: a.id, option, source: '001 §Action Options; RULINGS A7 (more shots this turn)' });
  } else {
    markActed(tx, a.id, option);
  }
}
