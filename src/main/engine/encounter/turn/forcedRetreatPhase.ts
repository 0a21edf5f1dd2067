/** Phase 6, forced retreat (001 §Forced Retreat; RULINGS H3): the push a figure may make, or its choice not to. */
import { AppError } from '../../../../shared/errors';
import { hexEquals, hexKey, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import type { CommandOf } from '../../../../shared/contract/commands';
import { forcedRetreatFall } from '../../combat/forcedRetreat';
import { turnStateOf } from '../schema';
import { markRetreatDone, requireTurn, setPosture } from './turn';
import { isFreeHex, retreatHexes } from './retreatHexes';
import type { Tx } from '../tx';

export function applyForcedRetreat(tx: Tx, c: CommandOf<'forcedRetreat'>): void {
  requireTurn(tx, c, ['forcedRetreat'], { anyOrder: true });
  const f = tx.fig(c.figureId);
  const offer = turnStateOf(tx.state).retreatOffers.find((o) => o.figureId === f.id);
  if (!offer || !offer.targetIds.includes(c.targetId)) {
    throw new AppError('rule', `${f.name} may not push that figure: only a foe it hit this turn, if it took no hits (RULINGS H3).`);
  }
  const t = tx.fig(c.targetId);
  const free = retreatHexes(tx.state, f, t);
  const from = t.position;
  if (c.to === null) {
    if (free.length > 0) throw new AppError('rule', `${t.name} has room to retreat (${free.map(hexKey).join(', ')}): choose a hex (RULINGS H3).`);
    const fall = forcedRetreatFall(tx.dice, { dex: t.attributes.DEX, injury: tx.rules.stats.wounds(t).penalty });
    tx.rolls.push(fall.roll);
    tx.emit?.({
      type: 'check',
      figureId: t.id,
      purpose: 'stay standing with no hex to retreat to (3d6 ≤ DEX)',
      target: fall.target.value,
      roll: fall.roll.total,
      success: fall.success,
      source: fall.source,
    });
    if (fall.fallsProne) setPosture(tx, t.id, 'prone', fall.source);
  } else {
    if (!free.some((h) => hexEquals(h, c.to as Hex))) throw new AppError('rule', `${t.name} can only be pushed into a free hex next to it (RULINGS H3).`);
    tx.update(t.id, (x) => ({ ...x, position: c.to as Hex }));
    let advanced = false;
    // A multi-hex pusher advances only when its whole body fits there (RULINGS M7).
    if (c.advance && footprint(from, f.facing, f.size).every((h) => isFreeHex(tx.state, h, [f.id]))) {
      tx.update(f.id, (x) => ({ ...x, position: from }));
      advanced = true;
    }
    tx.emit?.({ type: 'pushed', figureId: f.id, targetId: t.id, from, to: c.to, advanced, source: '001 §Forced Retreat; RULINGS H3' });
  }
  markRetreatDone(tx, f.id);
}

export function applyDeclineRetreat(tx: Tx, c: CommandOf<'declineRetreat'>): void {
  requireTurn(tx, c, ['forcedRetreat'], { anyOrder: true });
  markRetreatDone(tx, c.figureId);
  tx.emit?.({ type: 'passed', figureId: c.figureId, source: 'RULINGS H3 (no push)' });
}
