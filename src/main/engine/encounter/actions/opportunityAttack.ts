/**
 * Attacks of opportunity under stride & momentum (002 §Attacks of Opportunity, §Assigning
 * Movement; RULINGS O3): the shot offered to a defender as a mover passes, previewed and taken.
 */
import { AppError } from '../../../../shared/errors';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { GmTicks } from '../../../../shared/contract/schemas';
import { weaponById } from '../../equipment';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import { attackKind, attackPreview, type AttackPreview } from './attack';
import { turnStateOf, type EncounterState } from '../schema';
import { spendAttackAp, strike } from './strike';
import type { Tx } from '../tx';

/**
 * RULINGS O3 (002 §Attacks of Opportunity, §Assigning Movement): the shot offered to `defenderId`
 * at `moverId` as it stands: attackPreview with the mover where it then was (`at`) and the offer's
 * line from the mover's pace (an ambling monster: +1). Null when no such offer is waiting.
 */
export function opportunityPreview(
  state: EncounterState,
  defenderId: string,
  moverId: string,
  rules: Rules | RuleSet = DEFAULT_RULES,
  ticks: Partial<GmTicks> = {},
): AttackPreview | null {
  const offer = (turnStateOf(state).opportunities ?? []).find((o) => o.defenderId === defenderId && o.moverId === moverId);
  if (offer === undefined) return null;
  const weapon = weaponById(offer.weaponId);
  const there = { ...state, figures: state.figures.map((x) => (x.id === moverId ? { ...x, position: offer.at } : x)) };
  const preview = attackPreview(there, defenderId, moverId, offer.weaponId, ticks, { rules: asRuleSet(rules), throw: weapon?.use !== 'missile' });
  if (offer.bonus === undefined) return preview;
  return { ...preview, adjDex: { value: preview.adjDex.value + offer.bonus.value, breakdown: [...preview.adjDex.breakdown, offer.bonus] } };
}

/**
 * RULINGS O3 (002 §Attacks of Opportunity): the defender takes the shot it was offered, rolled as
 * any attack from where the mover then was (`at`, half the starting distance away). Console's
 * choices: the shot is not the defender's action for the turn (it counts toward its rate of fire
 * and spends its AP); a thrown weapon lands where the mover was struck at; the offer is gone once
 * taken and at the turn's end.
 */
export function applyOpportunityAttack(tx: Tx, c: CommandOf<'opportunityAttack'>): void {
  const ts = turnStateOf(tx.state);
  const offer = (ts.opportunities ?? []).find((o) => o.defenderId === c.figureId && o.moverId === c.moverId);
  const d = tx.fig(c.figureId);
  const m = tx.fig(c.moverId);
  if (offer === undefined) throw new AppError('rule', `${d.name} has no attack of opportunity on ${m.name} (002 §Attacks of Opportunity).`);
  if (d.equipment.readyWeaponId !== offer.weaponId) throw new AppError('rule', `${d.name} no longer holds the weapon the shot was offered with.`);
  const weapon = weaponById(offer.weaponId) ?? null;
  const throwIt = weapon?.use !== 'missile';
  const realPosition = m.position;
  tx.state = { ...tx.state, turnState: { ...ts, opportunities: (ts.opportunities ?? []).filter((o) => o !== offer) } };
  // The shot is taken with the mover where it then was.
  tx.update(m.id, (x) => ({ ...x, position: offer.at }));
  const kind = attackKind(tx.fig(d.id), tx.fig(m.id), weapon, throwIt);
  let preview = attackPreview(tx.state, d.id, m.id, offer.weaponId, c.ticks ?? {}, { rules: tx.rules, throw: throwIt });
  if (!preview.allowed) throw new AppError('rule', preview.reason ?? 'That shot cannot be taken.');
  // 002 §Assigning Movement: an ambling monster gives the shot +1 (the offer keeps the line).
  if (offer.bonus !== undefined)
    preview = { ...preview, adjDex: { value: preview.adjDex.value + offer.bonus.value, breakdown: [...preview.adjDex.breakdown, offer.bonus] } };
  spendAttackAp(tx, d.id, `attack of opportunity on ${m.name}`);
  strike(tx, d.id, m.id, weapon, offer.weaponId, kind, 'f', preview);
  tx.update(m.id, (x) => ({ ...x, position: realPosition }));
}
