/**
 * The hazards of moving under stride & momentum (RULINGS O3; 002 §Sprinting, §Charging, §Attacks of
 * Opportunity), as the move command meets them: the strides a move holds, the AP it spends, the
 * shots of opportunity it offers, crashes and collisions at the end of a path, and tumbles between
 * two APs. The console's choices are the ones move.ts's header describes.
 */
import { hexDistance, hexEquals, hexKey, hexLine, hexNeighbor, type Hex } from '../../../../shared/hex';
import { footprint } from '../../../../shared/hex/footprint';
import { planStride, tumbleCheck, type StridePlan } from '../../options/strideMomentum/stride';
import { STRIDE } from '../../options/strideMomentum/tables';
import { engagers } from './engagement';
import { NO_HAZARDS, type MovementHazards, type OpportunityWeapon } from '../../options/types';
import { weaponById } from '../../equipment';
import { attackPreview } from '../actions/attack';
import type { FigureState } from '../schema';
import { turnStateOf } from '../schema';
import { settlePosture } from '../turn/turn';
import { takeMishapHits } from '../actions/mishaps';
import type { Tx } from '../tx';
import { effectiveMap } from '../../map/effectiveMap';

/**
 * RULINGS O3 (002 §Sprinting): the strides a `stride-N` move holds — each AP speeds up as fast as
 * 002 allows toward N, and AP are spent until the path is covered (at least one AP for a step).
 */
export function cruisePlan(momentum: number, stride: number, hexes: number, stop: boolean, actionPoints: number = STRIDE.humanoidActionPoints): StridePlan {
  const strides: number[] = [];
  let cur = momentum;
  let covered = 0;
  while (covered < hexes && strides.length < actionPoints) {
    cur = Math.min(stride, cur + STRIDE.maxSpeedUpPerAp);
    strides.push(cur);
    covered += cur;
  }
  return planStride({ momentum, strides, actionPoints, stop });
}

/** The rules' movement hazards (RULINGS O3); none under rules without them. */
export function hazardsOf(tx: Tx): MovementHazards {
  return tx.rules.movement.hazards ?? NO_HAZARDS;
}

/** 002 §Assigning Movement: the AP a figure has left for movement (its AP less those spent on attacks). */
export function movementAp(tx: Tx, f: FigureState): number {
  const ap = hazardsOf(tx).actionPoints({ attacks: f.attacks }) ?? STRIDE.humanoidActionPoints;
  return Math.max(0, ap - (f.turn.apAttacks ?? 0));
}

/** 002 §Attacks of Opportunity: how the defender's ready weapon reads. */
export function opportunityWeapon(d: FigureState): OpportunityWeapon {
  const w = d.equipment.readyWeaponId === null ? undefined : weaponById(d.equipment.readyWeaponId);
  if (w === undefined) return 'none';
  if (w.use === 'missile') return 'loaded-missile';
  return w.thrown || w.use === 'thrown' ? 'throwable-in-hand' : 'none';
}

/** 002 §Attacks of Opportunity: each engaged enemy with a shot to take is offered it (see the header). */
export function offerOpportunities(tx: Tx, hz: MovementHazards, moverId: string, start: Hex, stride: number): void {
  const mover = tx.fig(moverId);
  for (const d of engagers(tx.state, mover)) {
    if (d.posture !== 'standing' && d.posture !== 'kneeling') continue;
    if (d.hthWith.length > 0 || d.equipment.readyWeaponId === null) continue;
    const startDistance = hexDistance(start, d.position);
    // 002 §Assigning Movement: a monster (it has attacks) is read at its pace; the rules decide.
    const o = hz.opportunity({ stride, engages: true, defenderWeapon: opportunityWeapon(d), startDistance, mover: { attacks: mover.attacks } });
    if (o === null || !o.allowed || o.rangeHexes === null) continue;
    const line = hexLine(d.position, start);
    const at = line[Math.min(o.rangeHexes, line.length - 1)] ?? start;
    const weapon = weaponById(d.equipment.readyWeaponId);
    const there = { ...tx.state, figures: tx.state.figures.map((x) => (x.id === moverId ? { ...x, position: at } : x)) };
    const preview = attackPreview(there, d.id, moverId, d.equipment.readyWeaponId, {}, { rules: tx.rules, throw: weapon?.use !== 'missile' });
    if (!preview.allowed) continue;
    const ts = turnStateOf(tx.state);
    const bonus = o.bonus === null ? {} : { bonus: { label: o.bonus.label, value: o.bonus.value, source: o.bonus.source } };
    const opportunities = [
      ...(ts.opportunities ?? []).filter((x) => !(x.defenderId === d.id && x.moverId === moverId)),
      { defenderId: d.id, moverId, weaponId: d.equipment.readyWeaponId, rangeHexes: o.rangeHexes, at, ...bonus },
    ];
    tx.state = { ...tx.state, turnState: { ...ts, opportunities } };
    tx.emit?.({
      type: 'opportunityOffered',
      figureId: d.id,
      moverId,
      weaponId: d.equipment.readyWeaponId,
      rangeHexes: o.rangeHexes,
      at,
      reason: o.reason,
      ...bonus,
      source: o.source,
    });
  }
}

/** Takes hazard damage (see takeMishapHits) and returns the Fatigue left. */
function hazardDamage(tx: Tx, figureId: string, damage: number): number {
  return takeMishapHits(tx, figureId, damage).fatigue.current;
}

/**
 * 002 §Sprinting, §Charging: a figure that does not stop at `end`, going in direction `travel`,
 * runs into whatever fills the next hex: a wall or the edge (crash) or a figure (collision).
 * Returns whether it hit something.
 */
export function runInto(tx: Tx, hz: MovementHazards, figureId: string, end: Hex, travel: number, stride: number): boolean {
  const next = hexNeighbor(end, travel);
  const struck = tx.state.figures.find(
    (o) => o.id !== figureId && o.posture !== 'dead' && footprint(o.position, o.facing, o.size).some((h) => hexEquals(h, next)),
  );
  const wall = effectiveMap(tx.state).blocksMovement(next);
  if (struck !== undefined) {
    const c = hz.collision(tx.dice, figureId, struck.id);
    if (c === null) return false;
    const damage = c.hits.map((h) => {
      tx.rolls.push(h.roll);
      return { figureId: h.figureId, damage: h.damage, fatigueAfter: hazardDamage(tx, h.figureId, h.damage) };
    });
    tx.update(figureId, (x) => ({ ...x, turn: { ...x.turn, stride: 0 } }));
    tx.emit?.({ type: 'collided', figureId, struckId: struck.id, damage, source: c.source });
    for (const h of c.hits) settlePosture(tx, h.figureId);
    return true;
  }
  if (!wall) return false;
  const f = tx.fig(figureId);
  const c = hz.crash(tx.dice, figureId, stride, `crash: ${f.name}`);
  if (c === null) return false;
  tx.rolls.push(c.roll);
  const fatigueAfter = hazardDamage(tx, figureId, c.damage);
  tx.update(figureId, (x) => ({ ...x, turn: { ...x.turn, stride: 0 } }));
  tx.emit?.({ type: 'crashed', figureId, stride, dice: c.dice, damage: c.damage, fatigueAfter, into: next, source: c.source });
  settlePosture(tx, figureId);
  return true;
}

/** Where a stride move went: its start, its path (start excluded) with each step's cost, how it faced and its last direction. */
interface Travelled {
  readonly start: Hex;
  readonly path: readonly Hex[];
  readonly stepCosts: readonly number[];
  /** The facing the path was checked with (a multi-hex figure stopped short keeps it). */
  readonly facing: number;
  readonly travel: number | null;
}

/**
 * RULINGS O3 (002 §Sprinting): the move's strides are logged; each place it slows by more than 4
 * calls for DEX − 4 or a tumble (1d4), which stops the figure in the next hex after that place.
 * - On the final stop, the next hex lies beyond the path's end: the figure stays at the end, and a
 *   wall or figure there is a crash or collision (see the header).
 * - Between two APs (slowing at the start of AP k), the place it slowed is where its first k − 1
 *   APs took it along the path (the last hex whose cost so far is within their hexes); it stops in
 *   the path's next hex (`stopShort`). When the path had already ended there, the next hex lies
 *   beyond its end: as for the final stop.
 * Returns the check that tumbled, or null. Later checks are not rolled: the figure has stopped.
 */
export function strideAftermath(tx: Tx, figureId: string, plan: StridePlan, hz: MovementHazards, went: Travelled): { readonly ap: number | 'stop' } | null {
  tx.emit?.({
    type: 'strideMoved',
    figureId,
    strides: plan.steps.map((s) => s.stride),
    apSpent: plan.apSpent,
    endStride: plan.endStride,
    momentumNext: plan.momentumNext,
    source: plan.source,
  });
  for (const check of plan.checks) {
    const f = tx.fig(figureId);
    const t = tumbleCheck(tx.dice, f.attributes.DEX, `keep footing: ${f.name} slows ${check.from} → ${check.to}`);
    tx.rolls.push(t.roll);
    tx.emit?.({
      type: 'check',
      figureId,
      purpose: `keep footing slowing from stride-${check.from} to ${check.to}`,
      target: t.target.value,
      roll: t.roll.total,
      success: t.kept,
      source: t.source,
    });
    if (t.tumble === null) continue;
    tx.rolls.push(t.tumble.roll);
    takeMishapHits(tx, figureId, t.tumble.damage);
    const after = tx.update(figureId, (x) => ({ ...x, turn: { ...x.turn, stride: 0 } }));
    tx.emit?.({ type: 'tumbled', figureId, damage: t.tumble.damage, fatigueAfter: after.fatigue.current, source: t.source });
    settlePosture(tx, figureId);
    const beyondEnd = check.ap === 'stop' || !stopShort(tx, figureId, plan, check.ap, check.from, went);
    const end = went.path.at(-1) ?? went.start;
    if (beyondEnd && went.travel !== null && tx.fig(figureId).posture !== 'dead') runInto(tx, hz, figureId, end, went.travel, check.from);
    return { ap: check.ap };
  }
  return null;
}

/**
 * RULINGS O3 (002 §Sprinting): a tumble slowing at the start of AP `ap` stops the figure in the
 * path's next hex after the place it slowed; only the AP and hexes used are charged. Returns false
 * when the path had already ended at that place (the next hex is beyond its end).
 */
function stopShort(tx: Tx, figureId: string, plan: StridePlan, ap: number, from: number, went: Travelled): boolean {
  const covered = plan.steps.slice(0, ap - 1).reduce((n, s) => n + s.hexes, 0);
  // cum[j]: the movement spent to reach hex j of [start, ...path].
  const cum = [0];
  for (const c of went.stepCosts) cum.push(cum.at(-1)! + c);
  let slowedAt = 0;
  while (slowedAt + 1 < cum.length && cum[slowedAt + 1]! <= covered) slowedAt++;
  const stopAt = slowedAt + 1;
  if (stopAt > went.path.length) return false;
  const at = went.path[stopAt - 1]!;
  const taken = went.path.slice(0, stopAt);
  const spent = cum[stopAt]!;
  const moved = tx.update(figureId, (x) => ({
    ...x,
    position: at,
    facing: x.size > 1 ? went.facing : x.facing,
    turn: {
      ...x.turn,
      spent,
      charged: spent > 0,
      brokenGround: taken.some((h) => effectiveMap(tx.state).isBroken(h)),
      stride: 0,
      apSpent: ap,
    },
  }));
  const slowedHex = stopAt - 1 === 0 ? went.start : went.path[stopAt - 2]!;
  tx.emit?.({
    type: 'strideCutShort',
    figureId,
    ap,
    at: moved.position,
    spent,
    apSpent: ap,
    reason: `${moved.name} slowed from stride-${from} at ${hexKey(slowedHex)} and tumbled: it stops in the next hex, ${hexKey(at)}, after ${spent} hex${spent === 1 ? '' : 'es'} and ${ap} AP.`,
    source: '002 §Sprinting; RULINGS O3',
  });
  return true;
}
