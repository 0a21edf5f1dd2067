/**
 * Magic commands other than casting and renewing (001 §Runaway, §Intervention, §Counterspell;
 * RULINGS S1, S4–S8). Decisions where the documents are silent on timing:
 * - The anchor roll is the caster's own struggle, not an action option: one a turn, in any phase
 *   (RULINGS S6: "each turn"); the magic engine refuses a second one.
 * - Intervention takes the helping mage's action for the turn, in the action phase in its turn
 *   order, and only where it could cast (h, r, or the HTH cast: it is a working of magic).
 * - A counterspell answers a casting in the turn of the casting (RULINGS S8) at any moment of that
 *   turn; it is a reaction and uses no action (001 names none).
 * - A night's rest (RULINGS S5) is between fights: only in Initiative before it is rolled, with
 *   no runaway going. A night passes: continuing spells, never renewed, end (RULINGS S2).
 */
import { AppError } from '../../../../shared/errors';
import type { CommandOf } from '../../../../shared/contract/commands';
import { anchor, counterspell, intervene, recordGmRuling, rest } from '../../magic';
import { engagementState } from '../movement/engagement';
import { encounterMagicOf, isCaster, runMagic } from './magicBridge';
import { interventionOption, interventionRefusal } from './magicEligibility';
import { optionRefusal } from '../turn/options';
import { turnStateOf } from '../schema';
import { markActed, requireTurn } from '../turn/turn';
import type { Tx } from '../tx';

export function applyAnchorRoll(tx: Tx, c: CommandOf<'anchorRoll'>): void {
  tx.fig(c.figureId);
  runMagic(tx, (snapshot, ctx) => anchor(snapshot, c.figureId, tx.dice, ctx));
}

export function applyIntervene(tx: Tx, c: CommandOf<'intervene'>): void {
  requireTurn(tx, c, ['actions']);
  const mage = tx.fig(c.figureId);
  const option = interventionOption(tx.state, mage);
  tx.fig(c.casterId);
  if (c.override !== true) {
    const refusal = interventionRefusal(tx.state, tx.rules, mage, c.casterId);
    if (refusal !== null) throw new AppError('rule', `${mage.name} cannot intervene now: ${refusal}.`);
  } else {
    const refusal = optionRefusal(tx.state, mage, option, engagementState(tx.state, mage), tx.rules);
    if (refusal !== null) throw new AppError('rule', `${mage.name} cannot intervene now: ${refusal}`);
  }
  runMagic(tx, (snapshot, ctx) => intervene(snapshot, { mageId: mage.id, casterId: c.casterId }, tx.dice, ctx));
  markActed(tx, mage.id, option);
}

export function applyCounterspell(tx: Tx, c: CommandOf<'counterspell'>): void {
  tx.fig(c.figureId);
  runMagic(tx, (snapshot, ctx) => counterspell(snapshot, { defenderId: c.figureId, castingId: c.castingId, committed: c.mana }, tx.dice, ctx));
}

export function applySpellRuling(tx: Tx, c: CommandOf<'spellRuling'>): void {
  runMagic(tx, (snapshot) => recordGmRuling(snapshot, c.castingId, c.text));
}

export function applyRest(tx: Tx, c: CommandOf<'rest'>): void {
  const ts = turnStateOf(tx.state);
  if (tx.state.phase !== 'initiative' || ts.initiative !== null) {
    throw new AppError('rule', 'A night’s rest comes between fights, not during a turn: no mana comes back during combat (RULINGS S5).');
  }
  const runaways = encounterMagicOf(tx.state).runaways;
  if (runaways.length > 0) {
    const who = runaways.map((r) => tx.fig(r.casterId).name).join(', ');
    throw new AppError('rule', `${who} ${runaways.length === 1 ? 'is' : 'are'} in runaway: end it before anyone rests (RULINGS S6).`);
  }
  const ids = c.figureIds ?? tx.state.figures.filter((f) => f.mana !== null && f.posture !== 'dead').map((f) => f.id);
  for (const id of ids) {
    const f = tx.fig(id);
    if (f.mana === null || !isCaster(f)) throw new AppError('rule', `${f.name} has no mana pool.`);
    if (f.posture === 'dead') throw new AppError('rule', `${f.name} is dead.`);
  }
  const ending = tx.state.spells.filter((s) => ids.includes(s.casterId));
  if (ending.length > 0) {
    tx.state = { ...tx.state, spells: tx.state.spells.filter((s) => !ids.includes(s.casterId)) };
    for (const s of ending) {
      tx.emit?.({
        type: 'spellEnded',
        activeId: s.id,
        casterId: s.casterId,
        reason: 'not renewed',
        source: 'RULINGS S2; RULINGS S5: a night passes unrenewed',
      });
    }
  }
  runMagic(tx, (snapshot, ctx) => rest(snapshot, ids, ctx.rules));
}
