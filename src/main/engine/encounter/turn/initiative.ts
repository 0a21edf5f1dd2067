/**
 * Phase 1, initiative (RULINGS T2, O1, O2, O4, G4): the roll, the winner's choice, declarations
 * under declared intent, and ordering by score with tied groups rolled off.
 */
import { AppError } from '../../../../shared/errors';
import { rollOff, sortHighFirst } from '../../dice/rollOff';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { RuleSet } from '../../options/types';
import { checkDeclaration, defaultInitiativeScore, type Declaration } from '../../options/declaredIntent/declarations';
import { setTurnState } from '../copies';
import { turnStateOf, type EncounterState, type FigureState } from '../schema';
import { baseAdjDex, canAct, isRidden, sideName } from '../state';
import { turnPhases } from './phaseStatus';
import type { Tx } from '../tx';

/** Sorts ids by score, high first; tied groups are rolled off (RULINGS G4), each roll recorded. */
export function orderByScore(tx: Tx, ids: readonly string[], score: (id: string) => number, purpose: string): string[] {
  // Walked by index and sorted by insertion (stable: ties as listed), with no map, spread or
  // sort: a cold replay runs this unoptimised once per turn, where each of those allocates.
  const order = ids.slice();
  const scores = new Array<number>(order.length);
  for (let i = 0; i < order.length; i++) scores[i] = score(order[i]!);
  sortHighFirst(order, scores, 0, order.length);
  let out: string[] | null = null;
  let tie: string | null = null;
  for (let i = 0; i < order.length;) {
    let end = i + 1;
    while (end < order.length && scores[end] === scores[i]) end++;
    if (end - i > 1) {
      out ??= order.slice(0, i);
      const off = rollOff(order.slice(i, end), tx.dice, (tie ??= `${purpose} tie`), tx.rollsRead);
      for (let j = 0; j < off.rolls.length; j++) tx.rolls.push(off.rolls[j]!.roll);
      for (let j = 0; j < off.order.length; j++) out.push(off.order[j]!);
    } else if (out !== null) out.push(order[i]!);
    i = end;
  }
  return out ?? order;
}

/** Figures as the initiative rules see them: those that can act, as listed (RULINGS O2, O4). */
function initiativeFigures(
  state: EncounterState,
  rules: RuleSet,
): { id: string; sideId: string; adjDex: number; dex: number; declaration?: Declaration; initiativeScore?: number }[] {
  // RULINGS H9: a ridden mount rolls no initiative of its own; it acts with its rider.
  return state.figures
    .filter((f) => canAct(f) && !isRidden(state, f))
    .map((f) => {
      const d = f.turn.declaration;
      const { initiativeScore: declared, ...rest } = d ?? {};
      // RULINGS O4 (amended): a score given with the declaration, else the one the GM typed for the figure.
      const initiativeScore = declared ?? f.initiativeScore;
      return {
        id: f.id,
        sideId: f.sideId,
        adjDex: baseAdjDex(f, rules.stats).value,
        dex: f.attributes.DEX,
        // RULINGS O4 (003 §Initiative Modifiers Table): a rider on its mount counts as on horseback, with its Ride.
        ...(f.ridingId !== undefined
          ? { declaration: { figureId: f.id, action: 'other', movement: 'none', ...rest, mounted: { ride: f.rideScore ?? 0 } } as Declaration }
          : d === undefined
            ? {}
            : { declaration: { figureId: f.id, ...rest } as Declaration }),
        ...(initiativeScore === undefined ? {} : { initiativeScore }),
      };
    });
}

export function rollInitiative(tx: Tx): void {
  if (tx.state.phase !== 'initiative') throw new AppError('rule', 'Initiative is rolled in phase 1 only (RULINGS T1).');
  const ts = turnStateOf(tx.state);
  if (ts.initiative !== null) throw new AppError('conflict', `Initiative for turn ${tx.state.turn} has been rolled already.`);
  const sides = tx.state.sides.map((s) => s.id);
  // RULINGS T2, G4 (Pillars: 1d6 per side, tied sides roll again); O1, O2, O4: the option's roll.
  // The figures are worked out only for rules that roll per figure (O2, O4): side rolls never read them.
  const state = tx.state;
  let figures: ReturnType<typeof initiativeFigures> | undefined;
  const input = {
    sides,
    get figures() {
      return (figures ??= initiativeFigures(state, tx.rules));
    },
  };
  const result = tx.rules.initiative.roll(input, tx.dice);
  tx.rolls.push(...result.rolls);
  // A total made of more than its die (O4: stress die + score + modifiers) keeps its breakdown for the tracker.
  const rolls = result.scores.map((x) => ({
    sideId: x.id,
    total: x.value.value,
    ...(x.value.breakdown.length > 1 ? { breakdown: x.value.breakdown.map((l) => ({ label: l.label, value: l.value, source: l.source })) } : {}),
  }));
  const settled = !result.winnerChooses;
  const order = settled ? tx.rules.initiative.settle(result, true) : [];
  tx.state = setTurnState(tx.state, {
    initiative: { ...(result.by === 'figure' ? { by: 'figure' as const } : {}), rolls, rollOrder: [...result.order], order, chosen: settled },
  });
  tx.emit?.({ type: 'initiativeRolled', rolls, rollOrder: [...result.order], source: result.source });
}

export function chooseInitiative(tx: Tx, c: CommandOf<'chooseInitiative'>): void {
  const ini = turnStateOf(tx.state).initiative;
  if (tx.state.phase !== 'initiative' || ini === null) throw new AppError('rule', 'Roll initiative first (RULINGS T2).');
  if (ini.chosen)
    throw new AppError(
      'conflict',
      ini.by === 'figure'
        ? `Nobody chooses under ${tx.rules.initiative.name}: the order stands (${tx.rules.initiative.source}).`
        : 'The initiative winner has chosen already.',
    );
  const winner = ini.rollOrder[0];
  if (c.sideId !== winner) {
    throw new AppError('rule', `${sideName(tx.state, c.sideId)} did not win the initiative; ${sideName(tx.state, winner ?? '')} chooses (RULINGS T2).`);
  }
  // RULINGS T2, O1: move first keeps the roll order; move second swaps the first two.
  const order = tx.rules.initiative.settle(
    { by: 'side', order: ini.rollOrder, scores: [], rolls: [], winnerChooses: true, source: tx.rules.initiative.source },
    c.moveFirst,
  );
  tx.state = setTurnState(tx.state, { initiative: { ...ini, order: [...order], chosen: true } });
  tx.emit?.({ type: 'initiativeChosen', sideId: c.sideId, moveFirst: c.moveFirst, order, source: 'RULINGS T2' });
}

/** RULINGS O4 (amended): the figure's initiative score for the tracker — typed, or its DEX modifier until then. */
export function initiativeScoreOf(f: Pick<FigureState, 'initiativeScore' | 'attributes'>): { value: number; typed: boolean; text: string } {
  if (f.initiativeScore !== undefined) return { value: f.initiativeScore, typed: true, text: `${signed(f.initiativeScore)} (typed by the GM)` };
  const value = defaultInitiativeScore(f.attributes.DEX);
  return { value, typed: false, text: `${signed(value)}: DEX ${f.attributes.DEX} modifier until the GM types a score` };
}

const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);

/**
 * RULINGS O4 (amended): the GM types a figure's initiative score (003 takes it from a weapon skill
 * the console does not keep); null returns it to the DEX modifier. It holds from turn to turn and
 * counts at the next roll.
 */
export function setInitiativeScore(tx: Tx, c: CommandOf<'setInitiativeScore'>): void {
  const f = tx.fig(c.figureId);
  if (!turnPhases(tx.rules).includes('declarations')) {
    throw new AppError('rule', `${tx.rules.initiative.name} has no initiative score: declared intent is off for this encounter (RULINGS O4).`);
  }
  tx.update(f.id, (x) => {
    const { initiativeScore: _old, ...rest } = x;
    return c.score === null ? rest : { ...rest, initiativeScore: c.score };
  });
  tx.emit?.({ type: 'initiativeScoreSet', figureId: f.id, score: c.score, source: 'RULINGS O4' });
}

/** RULINGS O4 (003 §1 Movement): a figure declares (or changes its declaration) before initiative is rolled. */
export function declare(tx: Tx, c: CommandOf<'declare'>): void {
  const f = tx.fig(c.figureId);
  if (!turnPhases(tx.rules).includes('declarations')) {
    throw new AppError('rule', `${tx.rules.initiative.name} has no declarations: declared intent is off for this encounter (RULINGS O4).`);
  }
  const rolled = turnStateOf(tx.state).initiative !== null;
  if (!(tx.state.phase === 'declarations' || (tx.state.phase === 'initiative' && !rolled)) && c.override !== true) {
    throw new AppError('rule', `${f.name} declares before initiative is rolled (003 §1 Movement; RULINGS O4).`);
  }
  if (!canAct(f)) throw new AppError('rule', `${f.name} is ${f.posture} and declares nothing.`);
  const d = c.declaration;
  const problems = checkDeclaration({ figureId: f.id, ...d });
  if (problems.length > 0) throw new AppError('rule', `${f.name}: ${problems.join(' ')} (003 §1 Movement; RULINGS O4)`);
  for (const t of d.targetIds ?? []) tx.fig(t);
  tx.update(f.id, (x) => ({ ...x, turn: { ...x.turn, declaration: d } }));
  tx.emit?.({
    type: 'declared',
    figureId: f.id,
    action: d.action,
    movement: d.movement,
    targetIds: [...(d.targetIds ?? [])],
    source: '003 §1 Movement; RULINGS O4',
  });
}

/** Overridden without a settled initiative: the sides move in the order they are listed. */
export function settleUnchosenInitiative(tx: Tx): void {
  const ts = turnStateOf(tx.state);
  if (ts.initiative === null || !ts.initiative.chosen) {
    const order = tx.state.sides.map((s) => s.id);
    tx.state = setTurnState(tx.state, {
      initiative: {
        rolls: ts.initiative?.rolls ?? [],
        rollOrder: ts.initiative?.rollOrder ?? order,
        order: ts.initiative?.rollOrder.length ? [...ts.initiative.rollOrder] : order,
        chosen: true,
        ...(ts.initiative?.by === 'figure' ? { by: 'figure' as const } : {}),
      },
    });
  }
}
