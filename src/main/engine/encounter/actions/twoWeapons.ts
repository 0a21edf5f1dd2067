/**
 * Two-weapon fighting (RULINGS H7; 004 §Your Conditions: −4 on both attacks): two attacks, one
 * with the ready weapon and one with the weapon in the other hand (offHand.ts), each at −4, at the
 * same or different enemies in front. Each is an ordinary attack otherwise (attackPreview and
 * strike): its own roll, damage, criticals.
 *
 * The console's choices: melee and thrown attacks (HTH has its own option t); the two are one
 * action (option b or j, as a single attack would be); under stride & momentum each spends an AP;
 * no pass-by first strike is rolled for them; a second attack whose target fell to the first, or
 * whose weapon was lost, is lost (an `attackLost` event says why).
 */
import { AppError } from '../../../../shared/errors';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { GmTicks } from '../../../../shared/contract/schemas';
import { weaponById } from '../../equipment';
import { DEFAULT_RULES, asRuleSet, type Rules, type RuleSet } from '../../rules';
import { attackKind, attackPreview, type AttackPreview } from './attack';
import { offHandWeapon, shieldFillsAHand, TWO_WEAPONS_SOURCE } from './offHand';
import { optionRefusal } from '../turn/options';
import { optionFor } from './resolveAttack';
import type { EncounterState } from '../schema';
import { figureById } from '../state';
import { spendAttackAp, strike } from './strike';
import { markActed, requireTurn } from '../turn/turn';
import type { Tx } from '../tx';

export interface PlannedBlow {
  readonly targetId: string;
  readonly weaponId: string;
}

export interface TwoWeaponPreview {
  readonly allowed: boolean;
  readonly reason: string | null;
  /** Each attack as attackPreview sees it, with the −4 of H7 in its breakdown. */
  readonly attacks: readonly AttackPreview[];
}

/** Why the figure cannot fight with two weapons at all, or null. */
export function twoWeaponRefusal(state: EncounterState, attackerId: string): string | null {
  const a = figureById(state, attackerId);
  const off = offHandWeapon(a);
  if (a.equipment.readyWeaponId === null || off === null) return `${a.name} needs a ready weapon in each hand (${TWO_WEAPONS_SOURCE}).`;
  if (shieldFillsAHand(a.equipment)) return `${a.name}'s ready shield fills a hand: no two-weapon attack with it (${TWO_WEAPONS_SOURCE}).`;
  if (a.hthWith.length > 0) return `${a.name} is in hand-to-hand combat: it strikes with option t.`;
  return null;
}

/** The two attacks as they stand (RULINGS H7): both weapons used once each, each attack allowed. */
export function twoWeaponPreview(
  state: EncounterState,
  attackerId: string,
  blows: readonly PlannedBlow[],
  ticks: Partial<GmTicks> = {},
  rules: Rules | RuleSet = DEFAULT_RULES,
): TwoWeaponPreview {
  const rs = asRuleSet(rules);
  const a = figureById(state, attackerId);
  const attacks = blows.map((b) =>
    attackPreview(
      state,
      attackerId,
      b.targetId,
      b.weaponId,
      { ...ticks, twoWeapons: true, sweepingBlow: false },
      { rules: rs, throw: weaponById(b.weaponId)?.use === 'thrown' },
    ),
  );
  let reason = twoWeaponRefusal(state, attackerId);
  const hands = [a.equipment.readyWeaponId, a.equipment.offHandWeaponId ?? null].sort().join('|');
  if (
    reason === null &&
    (blows.length !== 2 ||
      blows
        .map((b) => b.weaponId)
        .sort()
        .join('|') !== hands)
  ) {
    reason = `Two-weapon fighting is one attack with each ready weapon (${TWO_WEAPONS_SOURCE}).`;
  }
  if (reason === null) {
    const bad = attacks.find((p) => p.kind !== 'melee' && p.kind !== 'thrown');
    if (bad) reason = `Two-weapon fighting is for melee and thrown attacks, not a ${bad.kind} attack (the console's choice).`;
  }
  reason ??= attacks.find((p) => !p.allowed)?.reason ?? null;
  return { allowed: reason === null, reason, attacks };
}

export function applyTwoWeaponAttack(tx: Tx, c: CommandOf<'twoWeaponAttack'>): void {
  requireTurn(tx, c, ['actions']);
  const a = tx.fig(c.figureId);
  const preview = twoWeaponPreview(tx.state, a.id, c.attacks, c.ticks ?? {}, tx.rules);
  if (!preview.allowed) throw new AppError('rule', preview.reason ?? 'Those attacks cannot be made.');
  const first = preview.attacks[0]!;
  const option = optionFor(tx, a.id, first.kind);
  const refusal = optionRefusal(tx.state, a, option, undefined, tx.rules);
  if (refusal !== null) throw new AppError('rule', refusal);
  c.attacks.forEach((blow, i) => {
    const weapon = weaponById(blow.weaponId) ?? null;
    const target = tx.fig(blow.targetId);
    // The second attack is judged as the first left the map (its target may have fallen).
    const now =
      i === 0
        ? first
        : attackPreview(
            tx.state,
            a.id,
            target.id,
            blow.weaponId,
            { ...(c.ticks ?? {}), twoWeapons: true, sweepingBlow: false },
            { rules: tx.rules, throw: weapon?.use === 'thrown' },
          );
    if (!now.allowed) {
      tx.emit?.({
        type: 'attackLost',
        figureId: a.id,
        targetId: target.id,
        reason: now.reason ?? 'The attack can no longer be made.',
        source: TWO_WEAPONS_SOURCE,
      });
      return;
    }
    spendAttackAp(tx, a.id, `attack on ${target.name} (${weapon?.name ?? blow.weaponId})`);
    strike(tx, a.id, target.id, weapon, blow.weaponId, attackKind(tx.fig(a.id), target, weapon, weapon?.use === 'thrown'), option, now);
  });
  markActed(tx, a.id, option);
}
