/**
 * Phase 2, Renew Spells, and the end-of-turn runaway drain, in the encounter (001 §Renewing
 * Spells, §Turn Sequence, §Runaway; RULINGS T1, T3, S2, S4, S6, G4).
 *
 * - Entering phase 2 fixes the renewal order (DEX + INT + WIS high to low, roll-offs recorded)
 *   and ends the spells of casters who are down (they renew nothing).
 * - Casters decide in that order, spell by spell: `renewSpell` pays from mana, `borrowToRenew`
 *   pays and borrows the shortfall as Debt with its control roll, `letSpellLapse` lets it go.
 *   Decision: renewing when mana is short is refused with a pointer to Borrow, so the GM chooses
 *   the Debt and its risk on purpose (001 §Borrowing: "you can attempt to Borrow").
 * - Leaving phase 2 ends every spell not renewed, before movement starts (RULINGS S2).
 * - The end of phase 6 drains runaways after bleeding and survival saves (RULINGS T1); the saves
 *   are the encounter's own pass, so the magic engine makes none (no caster saves twice).
 * - The console's choice: the turn does not end while a conscious caster in runaway still has
 *   this turn's anchor roll to make (RULINGS S6: one each turn, before the drain); the GM may
 *   override, and the log says whose roll was skipped.
 */
import { AppError } from '../../../../shared/errors';
import type { CommandOf } from '../../../../shared/contract/commands';
import { beginRenewPhase, endOfTurnRunaway, endRenewPhase, letLapse, renew } from '../../magic';
import { setTurnState } from '../copies';
import { commitMagic, encounterMagicOf, magicContext, runMagic, snapshotOf } from '../magic/magicBridge';
import { turnStateOf, type EncounterState } from '../schema';
import { canAct } from '../state';
import type { Tx } from '../tx';

/** Casters still to decide in phase 2, in renewal order (RULINGS T3). */
export function renewalPending(state: EncounterState): string[] {
  const renewal = encounterMagicOf(state).renewal;
  if (renewal === null || renewal.turn !== state.turn) return [];
  return renewal.order.filter((id) => state.spells.some((s) => s.casterId === id && renewal.decided[s.id] === undefined));
}

/** Phase 2 begins: the order and the lapse of spells whose caster is down (RULINGS T3, S2). */
export function beginRenewal(tx: Tx): void {
  let scores: { figureId: string; value: number }[] = [];
  if (tx.state.spells.length > 0) {
    const result = beginRenewPhase(snapshotOf(tx.state), tx.dice, magicContext(tx.state, tx.rules));
    // The order is logged as every phase's order is (an `orderSet`), its scores DEX + INT + WIS.
    for (const e of result.events) if (e.type === 'renewalOrder') scores = e.order.map((o) => ({ figureId: o.casterId, value: o.score.value }));
    commitMagic(tx, { ...result, events: result.events.filter((e) => e.type !== 'renewalOrder') });
  }
  const order = encounterMagicOf(tx.state).renewal?.order ?? [];
  tx.state = setTurnState(tx.state, { renewOrder: [...order], renewDone: [] });
  tx.emit?.({ type: 'orderSet', phase: 'renewSpells', order, scores, source: '001 §Turn Sequence; RULINGS T3, G4' });
}

/** Phase 2 ends: every spell not renewed ends before movement (RULINGS S2). */
export function endRenewal(tx: Tx): void {
  const renewal = encounterMagicOf(tx.state).renewal;
  if (renewal === null || renewal.turn !== tx.state.turn) return; // nothing was up for renewal
  runMagic(tx, (snapshot, ctx) => endRenewPhase(snapshot, ctx));
}

function markDone(tx: Tx, casterId: string): void {
  if (renewalPending(tx.state).includes(casterId)) return;
  const ts = turnStateOf(tx.state);
  if (!ts.renewDone.includes(casterId)) tx.state = setTurnState(tx.state, { renewDone: [...ts.renewDone, casterId] });
}

function spellOf(tx: Tx, c: { figureId: string; activeId: string }): EncounterState['spells'][number] {
  const caster = tx.fig(c.figureId);
  if (tx.state.phase !== 'renewSpells') {
    throw new AppError('rule', `Spells are renewed in phase 2, Renew Spells; it is ${tx.state.phase} now (001 §Turn Sequence; RULINGS T1).`);
  }
  const spell = tx.state.spells.find((s) => s.id === c.activeId);
  if (spell === undefined) throw new AppError('not-found', `There is no continuing spell "${c.activeId}".`);
  if (spell.casterId !== caster.id) throw new AppError('rule', `${spell.name} is not ${caster.name}'s spell.`);
  return spell;
}

export function applyRenewSpell(tx: Tx, c: CommandOf<'renewSpell'>): void {
  const spell = spellOf(tx, c);
  const caster = tx.fig(c.figureId);
  const mana = caster.mana?.current ?? 0;
  if (spell.renewalCost > mana) {
    throw new AppError(
      'rule',
      `${caster.name} has ${mana} mana and renewing ${spell.name} costs ${spell.renewalCost}: Borrow the shortfall as Debt (with a control roll) or let it lapse (RULINGS S2, S4).`,
    );
  }
  runMagic(tx, (snapshot, ctx) => renew(snapshot, spell.id, tx.dice, ctx));
  markDone(tx, caster.id);
}

export function applyBorrowToRenew(tx: Tx, c: CommandOf<'borrowToRenew'>): void {
  const spell = spellOf(tx, c);
  const caster = tx.fig(c.figureId);
  const mana = caster.mana?.current ?? 0;
  if (spell.renewalCost <= mana) {
    throw new AppError('rule', `${caster.name} has the ${spell.renewalCost} mana to renew ${spell.name}: nothing to borrow (RULINGS S4).`);
  }
  runMagic(tx, (snapshot, ctx) => renew(snapshot, spell.id, tx.dice, ctx));
  markDone(tx, caster.id);
}

export function applyLetSpellLapse(tx: Tx, c: CommandOf<'letSpellLapse'>): void {
  const spell = spellOf(tx, c);
  runMagic(tx, (snapshot, ctx) => letLapse(snapshot, spell.id, ctx));
  markDone(tx, c.figureId);
}

/** The end of phase 6, after bleeding and survival saves: the runaway drain (RULINGS T1, S6). */
export function endOfTurnMagic(tx: Tx): void {
  if (encounterMagicOf(tx.state).runaways.length === 0) return;
  runMagic(tx, (snapshot, ctx) => endOfTurnRunaway(snapshot, tx.dice, ctx, { survivalSaves: false }));
}

/** Conscious casters in runaway that have not made this turn's anchor roll (RULINGS S6). */
export function anchorsDue(state: EncounterState): string[] {
  return encounterMagicOf(state)
    .runaways.filter((r) => r.lastAnchorTurn !== state.turn)
    .map((r) => r.casterId)
    .filter((id) => {
      const f = state.figures.find((x) => x.id === id);
      return f !== undefined && canAct(f);
    });
}

/** Before the end-of-turn drain: each due anchor roll is made first, or the GM overrides (RULINGS S6). */
export function requireAnchorsBeforeDrain(tx: Tx, override: boolean): void {
  const due = anchorsDue(tx.state);
  if (due.length === 0) return;
  const names = due.map((id) => tx.fig(id).name).join(', ');
  if (!override) {
    throw new AppError(
      'rule',
      `${names} ${due.length === 1 ? 'has' : 'have'} not made this turn's anchor roll: it comes before the runaway drains at the end of the turn (RULINGS S6).`,
    );
  }
  tx.emit?.({
    type: 'override',
    command: 'advancePhase',
    figureId: null,
    due,
    reason: `GM override: the turn ended without ${names}'s anchor roll`,
    source: 'RULINGS S6 (GM override)',
  });
}
