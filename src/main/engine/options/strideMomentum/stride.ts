/**
 * Stride and momentum (RULINGS O3; 002 §Movement (stride), §Sprinting): how many hexes each
 * action point buys, how fast a figure may speed up and slow down, and the checks and hazards
 * that come of going too fast.
 *
 * Decisions where 002 is silent:
 * - Speeding up past +6 per AP is not allowed at all (002 "cannot augment"); a figure with
 *   proficiency in running has no such limit (002 gives no other number).
 * - Slowing down by more than 4 in one AP is allowed but calls for the check; so does stopping.
 * - A figure that ends its movement below a sprint stops (002: the previous turn's stride only
 *   counts when the figure was sprinting); one that ends sprinting and does not stop keeps that
 *   stride as next turn's momentum.
 * - The DEX check is the Pillars attribute check, 3d6 ≤ DEX − 4 (001's checks are 3d6 under).
 */
import type { Dice, Roll } from '../../dice/types';
import { explainSum, line, type BreakdownLine, type Explained } from '../../explain';
import { CRASH_DAMAGE, MAX_STRIDE, STRIDE, STRIDE_BANDS, type StrideBand } from './tables';

const SRC_STRIDE = '002 §Movement (stride); RULINGS O3';
const SRC_SPRINT = '002 §Sprinting; RULINGS O3';

export function strideBand(stride: number): StrideBand {
  const row = STRIDE_BANDS.find((b) => stride >= b.from && stride <= b.to);
  if (row === undefined) throw new RangeError(`A stride is a whole number from 1 to ${MAX_STRIDE} (got ${stride}).`);
  return row.band;
}

function checkStride(stride: number): void {
  if (!Number.isInteger(stride) || stride < 1 || stride > MAX_STRIDE)
    throw new RangeError(`A stride is a whole number from 1 to ${MAX_STRIDE} (got ${stride}).`);
}

/** 002: the stride that carries into a new turn — the last one, only when it was a sprint. */
export function carriedMomentum(lastStride: number): number {
  if (lastStride === 0) return 0;
  return strideBand(lastStride) === 'sprinting' ? lastStride : 0;
}

export interface ActionPointsInput {
  readonly kind: 'humanoid' | 'monster';
  /** Monsters: their number of attacks (002 §Assigning Movement). */
  readonly attacks?: number;
  /** Adjustments the GM grants (002: "sage abilities"). */
  readonly adjustment?: number;
}

/** 002 §Assigning Movement: 5 AP for a humanoid; a monster's AP are its attacks. */
export function actionPoints(input: ActionPointsInput): Explained<number> {
  const lines: BreakdownLine[] = [];
  if (input.kind === 'humanoid') lines.push(line('Humanoid', STRIDE.humanoidActionPoints, '002 §Assigning Movement; RULINGS O3'));
  else {
    const attacks = input.attacks ?? 0;
    if (!Number.isInteger(attacks) || attacks < 1) throw new RangeError(`A monster's AP come from its attacks: 1 or more (got ${attacks}).`);
    lines.push(line(`${attacks} attack${attacks === 1 ? '' : 's'}`, attacks, '002 §Assigning Movement; RULINGS O3'));
  }
  if (input.adjustment !== undefined && input.adjustment !== 0)
    lines.push(line('Adjustment (GM)', input.adjustment, '002 §Assigning Movement (sage abilities)'));
  return explainSum(lines);
}

export type StrideProblem = 'too-fast' | 'slows-too-much';

export interface StrideStep {
  /** 1 for the first AP of movement. */
  readonly ap: number;
  readonly from: number;
  readonly stride: number;
  readonly band: StrideBand;
  /** Hexes this AP covers (= stride). */
  readonly hexes: number;
  readonly problem: StrideProblem | null;
  readonly reason: string | null;
}

export interface StridePlanInput {
  /** The momentum carried in (0 from a standstill). */
  readonly momentum: number;
  /** The stride bought with each AP spent on movement, in order. */
  readonly strides: readonly number[];
  readonly actionPoints: number;
  /** Whether the figure comes to a stop when its movement ends. */
  readonly stop: boolean;
  /** 002 §Sprinting: proficiency in running lifts the speed-up limit. */
  readonly runningProficiency?: boolean;
}

export interface StridePlan {
  readonly steps: readonly StrideStep[];
  readonly hexes: Explained<number>;
  readonly apSpent: number;
  /** False when the plan breaks a hard limit (too many AP, speeding up too fast). */
  readonly legal: boolean;
  readonly refusals: readonly string[];
  /** Each place the figure slows by more than 4 (a stop included): a DEX − 4 check or a tumble. */
  readonly checks: readonly { readonly ap: number | 'stop'; readonly from: number; readonly to: number }[];
  /** The stride the figure ends on (0 when it stops). */
  readonly endStride: number;
  /** Momentum into the next turn. */
  readonly momentumNext: number;
  readonly source: string;
}

/** Checks a movement plan against 002's speed-up and slow-down limits and totals its hexes. */
export function planStride(input: StridePlanInput): StridePlan {
  if (input.momentum !== 0) checkStride(input.momentum);
  const refusals: string[] = [];
  const checks: { ap: number | 'stop'; from: number; to: number }[] = [];
  if (input.strides.length > input.actionPoints)
    refusals.push(`${input.strides.length} AP of movement, but only ${input.actionPoints} AP (002 §Movement (stride)).`);
  let from = input.momentum;
  const steps: StrideStep[] = input.strides.map((stride, i) => {
    checkStride(stride);
    let problem: StrideProblem | null = null;
    let reason: string | null = null;
    if (stride - from > STRIDE.maxSpeedUpPerAp && input.runningProficiency !== true) {
      problem = 'too-fast';
      reason = `AP ${i + 1}: stride ${from} → ${stride} speeds up by ${stride - from}; at most +${STRIDE.maxSpeedUpPerAp} per AP (002 §Sprinting).`;
      refusals.push(reason);
    } else if (from - stride > STRIDE.maxSafeSlowDownPerAp) {
      problem = 'slows-too-much';
      reason = `AP ${i + 1}: stride ${from} → ${stride} slows by ${from - stride}; more than ${STRIDE.maxSafeSlowDownPerAp} needs a DEX − 4 check (002 §Sprinting).`;
      checks.push({ ap: i + 1, from, to: stride });
    }
    const step: StrideStep = { ap: i + 1, from, stride, band: strideBand(stride), hexes: stride, problem, reason };
    from = stride;
    return step;
  });
  if (input.stop && from > STRIDE.maxSafeSlowDownPerAp) checks.push({ ap: 'stop', from, to: 0 });
  const lines = steps.map((s) => line(`AP ${s.ap}: stride-${s.stride} (${s.band})`, s.hexes, SRC_STRIDE));
  const endStride = input.stop ? 0 : from;
  return {
    steps,
    hexes: explainSum(lines),
    apSpent: steps.length,
    legal: refusals.length === 0,
    refusals,
    checks,
    endStride,
    momentumNext: carriedMomentum(endStride),
    source: SRC_SPRINT,
  };
}

/**
 * The most hexes a figure covers holding (or building up to) one stride with every AP, speeding up
 * as fast as 002 allows from its momentum: the distance the tracker shows for that stride.
 */
export function cruisingDistance(momentum: number, actionPoints: number, stride: number, runningProficiency = false): Explained<number> {
  checkStride(stride);
  const lines: BreakdownLine[] = [];
  let cur = momentum;
  for (let ap = 1; ap <= actionPoints; ap++) {
    const next = runningProficiency ? stride : Math.min(stride, cur + STRIDE.maxSpeedUpPerAp);
    lines.push(line(`AP ${ap}: stride-${next}`, next, next < stride ? SRC_SPRINT : SRC_STRIDE));
    cur = next;
  }
  return explainSum(lines);
}

export interface TumbleCheck {
  readonly roll: Roll;
  readonly target: Explained<number>;
  readonly kept: boolean;
  /** On a failure: the 1d4 and the damage; the figure stops in the next hex. */
  readonly tumble: { readonly roll: Roll; readonly damage: number; readonly stopsInNextHex: true } | null;
  readonly source: string;
}

/** 002 §Sprinting: slowing too hard — 3d6 ≤ DEX − 4, or tumble for 1d4 and stop in the next hex. */
export function tumbleCheck(dice: Dice, dex: number, label = 'keep footing (slowing too hard)'): TumbleCheck {
  const target = explainSum([line(`DEX ${dex}`, dex, '001 §Attributes'), line('Slowing too hard', STRIDE.tumbleCheckPenalty, SRC_SPRINT)]);
  const roll = dice.roll('3d6', label);
  const kept = roll.total <= target.value;
  if (kept) return { roll, target, kept, tumble: null, source: SRC_SPRINT };
  const dmg = dice.roll(STRIDE.tumbleDamage, `${label}: tumble damage`);
  return { roll, target, kept, tumble: { roll: dmg, damage: dmg.total, stopsInNextHex: true }, source: SRC_SPRINT };
}

/** 002 §Sprinting: the crash die for a stride (1d6 up to stride-6, 1d8 at 7, 1d10 at 8). */
export function crashDice(stride: number): string {
  checkStride(stride);
  const row = CRASH_DAMAGE.find((r) => stride <= r.upToStride);
  if (row === undefined) throw new RangeError(`No crash row for stride ${stride}.`);
  return row.dice;
}

/** 002 §Sprinting: running into a wall or other obstacle without stopping. */
export function crash(dice: Dice, stride: number, label = 'crash'): { roll: Roll; damage: number; dice: string; source: string } {
  const d = crashDice(stride);
  const roll = dice.roll(d, `${label} at stride-${stride}`);
  return { roll, damage: roll.total, dice: d, source: SRC_SPRINT };
}

/** 002 §Charging: a figure crashes into a creature — 1d6 to each, whatever the speed. */
export function collision(
  dice: Dice,
  moverId: string,
  struckId: string,
): { rolls: readonly Roll[]; damage: readonly { figureId: string; damage: number }[]; source: string } {
  const a = dice.roll(STRIDE.collisionDamage, `collision: ${moverId}`);
  const b = dice.roll(STRIDE.collisionDamage, `collision: ${struckId}`);
  return {
    rolls: [a, b],
    damage: [
      { figureId: moverId, damage: a.total },
      { figureId: struckId, damage: b.total },
    ],
    source: '002 §Charging; RULINGS O3',
  };
}

export interface StrideStatus {
  readonly stride: number;
  readonly band: StrideBand | 'standing';
  readonly momentum: number;
  readonly apLeft: number;
  /** What the tracker and the map label show, e.g. "stride-6 (sprinting) · momentum 6 · 2 AP left". */
  readonly text: string;
}

/** A figure's stride, momentum and AP left, for the tracker and the map (RULINGS O3). */
export function strideStatus(s: { readonly stride: number; readonly momentum: number; readonly apSpent: number; readonly actionPoints: number }): StrideStatus {
  if (s.stride !== 0) checkStride(s.stride);
  const band: StrideBand | 'standing' = s.stride === 0 ? 'standing' : strideBand(s.stride);
  const apLeft = Math.max(0, s.actionPoints - s.apSpent);
  const head = s.stride === 0 ? 'standing' : `stride-${s.stride} (${band})`;
  return { stride: s.stride, band, momentum: s.momentum, apLeft, text: `${head} · momentum ${s.momentum} · ${apLeft} AP left` };
}
