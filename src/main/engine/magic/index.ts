/**
 * The magic system (001 §Magic; RULINGS C8, S1–S9) as a pure library over its own small types.
 *
 * THE SEAM for the encounter model: map each figure onto a `Caster` (id, INT/WIS/DEX/CON,
 * Fatigue and Body, conscious/dead, mana, spell mastery), keep one `MagicState` with the
 * encounter, and call the step functions with the encounter's `Dice`. Each returns
 * `{ next: { magic, casters }, events, rolls }`; write back the casters' mana, Body, conscious
 * and dead, append events and rolls to the log. Phase 2 is `beginRenewPhase` → `renew` /
 * `letLapse` → `endRenewPhase`; the end of phase 6 calls `endOfTurnRunaway` (RULINGS T1).
 * Send players only `stripSecrets(gmMagicView(...))`.
 */
export * from './types';
export * from './catalogue';
export { newManaState, checkManaState, payMana, regainOnRest, rest } from './mana';
export type { Payment, RestResult } from './mana';
export { pushControlTarget, borrowControlTarget, pushControl, borrowControl } from './control';
export type { ControlOutcome } from './control';
export { spellCost, castingTarget, hitTarget, cast, recordGmRuling } from './casting';
export type { CastIntent, HitInput } from './casting';
export { castingAllowed } from './castingAllowed';
export type { CastOptionLetter, CastingAllowedContext, CastingAllowed, Reason } from './castingAllowed';
export {
  runawayOf,
  turnsInRunaway,
  runawayDrain,
  anchorTarget,
  interventionTarget,
  startRunaway,
  endOfTurnRunaway,
  anchor,
  isMage,
  intervene,
} from './runaway';
export type { EndOfTurnOptions } from './runaway';
export { renewalScore, beginRenewPhase, renewalQueue, renew, letLapse, endRenewPhase } from './renewal';
export type { RenewalStatus, RenewalQueueSpell, RenewalQueueEntry, RenewalQueue } from './renewal';
export { counterTarget, counterspell } from './counterspell';
export type { CounterIntent } from './counterspell';
export { runawayView, manaView, castPreview, gmMagicView, stripSecrets, hiddenFromPlayers } from './views';
export type { RunawayView, ManaView, CastPreview, GmMagicView, PlayerMagicView } from './views';
