/**
 * The end of the turn (RULINGS T1, A5, C5, S6, O2, O3): bleeding, survival saves, the runaway
 * drain and carried momentum, then a fresh turn; and O2's Cleanup phase.
 */
import { makeSurvivalSave, survivalSaveDue } from '../../characters/survival';
import { carriedMomentum } from '../../options/strideMomentum/stride';
import { copyFigure, copyState, withTurn } from '../copies';
import { FRESH_FIGURE_TURN, FRESH_TURN_STATE } from '../schema';
import { endOfTurnMagic } from './renewPhase';
import { turnPhases } from './phaseStatus';
import { setPosture, settlePosture } from '../figures/posture';
import { tickMarks } from '../figures/figureMarks';
import type { Tx } from '../tx';

/**
 * RULINGS T1 (amended): at the end of phase 6 the post-turn effects apply in order: bleeding (A5),
 * survival saves (C5), the runaway drain (S6). Under a rule set with a Cleanup phase (O2) they
 * come before it, so Cleanup flips whoever they put down.
 */
export function endOfTurnEffects(tx: Tx): void {
  // RULINGS A5: each bleeding figure loses Body at the end of the turn.
  if (tx.rules.bleedingPerTurn > 0) {
    const figures = tx.state.figures;
    for (let i = 0; i < figures.length; i++) {
      const f = figures[i]!;
      if (f.posture === 'dead' || !f.conditions.includes('bleeding')) continue;
      const after = tx.update(f.id, (x) => ({ ...x, body: { ...x.body, current: x.body.current - tx.rules.bleedingPerTurn } }));
      tx.emit?.({ type: 'bled', figureId: f.id, amount: tx.rules.bleedingPerTurn, bodyAfter: after.body.current, source: 'RULINGS A5' });
      settlePosture(tx, f.id);
    }
  }
  // RULINGS C5: a save each turn once a pool is at or below −½ its starting value (when the stat
  // model has saves: O1's ST 0 is simply death).
  const saving = tx.rules.stats.survivalSaves ? tx.state.figures : [];
  for (let i = 0; i < saving.length; i++) {
    const f = saving[i]!;
    if (f.posture === 'dead' || !survivalSaveDue(f.attributes.CON, { fatigue: f.fatigue, body: f.body })) continue;
    const save = makeSurvivalSave(f.attributes.CON, { fatigue: f.fatigue, body: f.body }, tx.dice, `survival save: ${f.name}`);
    if (!save.due) continue;
    tx.rolls.push(save.roll);
    tx.emit?.({
      type: 'check',
      figureId: f.id,
      purpose: 'survival save',
      target: save.check.target.value,
      roll: save.roll.total,
      success: save.outcome === 'survived',
      source: '001 §Injury Thresholds & Death; RULINGS C5',
    });
    if (save.outcome === 'died') setPosture(tx, f.id, 'dead', 'RULINGS C5');
  }
  // RULINGS T1, S6: then the runaway drain (the saves above are everyone's, casters' too).
  endOfTurnMagic(tx);
}

/** RULINGS T1: the turn counter advances and the turn's bookkeeping starts afresh. */
export function startNextTurn(tx: Tx): void {
  // RULINGS O3 (002): a figure that ends its movement sprinting carries its stride into next turn.
  const carried = tx.state.figures;
  for (let i = 0; i < carried.length; i++) {
    const f = carried[i]!;
    const momentum = f.posture === 'dead' ? 0 : carriedMomentum(f.turn.stride ?? 0);
    if (momentum !== f.momentum) {
      tx.update(f.id, (x) => ({ ...x, momentum }));
      if (momentum > 0) tx.emit?.({ type: 'momentumCarried', figureId: f.id, momentum, source: '002 §Sprinting; RULINGS O3' });
    }
  }
  // The console's choice: the GM's counted conditions lose a turn as the turn ends.
  tickMarks(tx);
  tx.emit?.({ type: 'turnEnded', turn: tx.state.turn, source: 'RULINGS T1' });
  const from = tx.state.phase;
  const first = turnPhases(tx.rules)[0] ?? 'initiative';
  // RULINGS A8: the hits taken this turn are next turn's "hits last turn" (heavy blows).
  const figures = tx.state.figures.map((f) => {
    const hitsLastTurn = tx.rules.heavyBlowRules.enabled ? f.turn.hitsTaken : 0;
    if (hitsLastTurn !== f.hitsLastTurn) {
      const next = copyFigure(f);
      next.hitsLastTurn = hitsLastTurn;
      next.turn = FRESH_FIGURE_TURN;
      return next;
    }
    // A figure whose turn is already the fresh one (the fallen, who do nothing) is kept as it is.
    return f.turn === FRESH_FIGURE_TURN ? f : withTurn(f, FRESH_FIGURE_TURN);
  });
  const next = copyState(tx.state);
  next.turn = tx.state.turn + 1;
  next.phase = first;
  next.turnState = FRESH_TURN_STATE;
  next.figures = figures;
  tx.state = next;
  tx.emit?.({ type: 'phaseChanged', turn: tx.state.turn, from, to: first, source: 'RULINGS T1' });
}

/**
 * RULINGS O2 (000 §Turn Sequence 7): dropped weapons get their counters and the slain and
 * unconscious are flipped. The map shows a dropped weapon at once; the cleanup marks each as
 * placed (`placed`) and each fallen figure as flipped (`flipped`), so every one is announced once.
 * A flipped figure that is up again is no longer flipped.
 */
export function startCleanup(tx: Tx): void {
  const cleanup = tx.rules.initiative.cleanup;
  if (cleanup === undefined) return;
  const items = tx.state.items ?? [];
  const dropped = items
    .filter((i) => i.kind === 'weapon')
    .map((i) => ({ figureId: i.ownerId ?? '', itemId: i.id, position: i.position, placed: i.placed === true }));
  const figures = tx.state.figures.map((f) => ({ id: f.id, posture: f.posture, flipped: f.flipped === true }));
  const events = cleanup(figures, dropped);
  tx.emit?.(...events);
  const placed = new Set(events.flatMap((e) => (e.type === 'counterPlaced' ? [e.itemId] : [])));
  const flipped = new Set(events.flatMap((e) => (e.type === 'figureFlipped' ? [e.figureId] : [])));
  if (placed.size > 0) tx.state = { ...tx.state, items: items.map((i) => (placed.has(i.id) ? { ...i, placed: true } : i)) };
  tx.state = {
    ...tx.state,
    figures: tx.state.figures.map((f) => {
      if (flipped.has(f.id)) return { ...f, flipped: true };
      if (f.flipped === true && f.posture !== 'dead' && f.posture !== 'unconscious') return { ...f, flipped: false };
      return f;
    }),
  };
}
