/**
 * Classic movement (RULINGS O1; 004 §Base Movement Allowance, §Encumbrance, §Movement Speeds,
 * §Fatigue): MA from DX, the load's MA modifier and restriction, exhaustion, and the hexes each
 * gait gives. Every number is explained.
 *
 * Decisions where 004 is silent:
 * - Weights with fractions: a band starts just above the previous band's limit (more than ST × 1.5
 *   lbs is Medium), as the Pillars table does (001 §Encumbrance).
 * - Half MA (Jog, and exhaustion) rounds down: 004 says so for exhaustion, and its quick
 *   reference halves only even MAs; one rounding for both keeps them consistent.
 * - Exhaustion halves the MA after the load modifier (the MA the figure would move with).
 * - The MA never goes below 0; a load or exhaustion that would take it lower leaves 0.
 * - Armour restrictions of 001 §Armor and Shields still apply (RULINGS G1: 001 speaks of armour;
 *   M4: the strictest restriction wins): "Cannot Run or Sprint" forbids running. Classic has no
 *   sprint, so "Cannot Sprint" forbids nothing.
 */
import { protectionById } from '../../equipment';
import { explainSum, line, type BreakdownLine, type Explained } from '../../explain';
import {
  CLASSIC_ENCUMBRANCE,
  CLASSIC_EXHAUSTION,
  CLASSIC_GAITS,
  CLASSIC_RESTRICTION_FORBIDS,
  CLASSIC_RESTRICTION_ORDER,
  MA_FROM_DX,
  type ClassicGait,
  type ClassicLoadBand,
  type ClassicRestriction,
} from './tables';

/** 004 §Base Movement Allowance: MA = DX − 2, never under 4. */
export function classicBaseMA(dx: number): Explained<number> {
  if (!Number.isInteger(dx)) throw new RangeError(`DX must be a whole number (got ${dx}).`);
  const lines: BreakdownLine[] = [line(`DX ${dx}`, dx, MA_FROM_DX.source), line('MA = DX − 2', -MA_FROM_DX.subtract, MA_FROM_DX.source)];
  const raw = dx - MA_FROM_DX.subtract;
  if (raw < MA_FROM_DX.minimum) lines.push(line(`Minimum MA ${MA_FROM_DX.minimum}`, MA_FROM_DX.minimum - raw, MA_FROM_DX.source));
  return explainSum(lines);
}

export interface ClassicEncumbrance {
  readonly band: ClassicLoadBand;
  readonly carriedLbs: number;
  readonly st: number;
  /** MA modifier line (0 for Overloaded, whose 1-hex cap replaces it). */
  readonly modifier: Explained<number>;
}

/** 004 §Encumbrance: the load band for a weight carried (lbs) at an ST. */
export function classicEncumbrance(carriedLbs: number, st: number): ClassicEncumbrance {
  if (!Number.isFinite(carriedLbs) || carriedLbs < 0) throw new RangeError(`Carried weight must be 0 lbs or more (got ${carriedLbs}).`);
  if (!Number.isFinite(st)) throw new RangeError(`ST must be a number (got ${st}).`);
  const band = CLASSIC_ENCUMBRANCE.find((b) => b.upToStTimes === null || carriedLbs <= b.upToStTimes * st);
  if (band === undefined) throw new Error('empty encumbrance table');
  const label = `Load: ${band.name} (${carriedLbs} lbs at ST ${st})`;
  const source = '004 §Encumbrance; RULINGS O1';
  return {
    band,
    carriedLbs,
    st,
    modifier: explainSum([line(band.maModifier === null ? `${label}; walk only, 1 hex` : label, band.maModifier ?? 0, source)]),
  };
}

export interface ClassicMoverInput {
  readonly st: number;
  readonly dx: number;
  /** Everything carried, lbs; omitted = not tracked. */
  readonly carriedLbs?: number;
  /** Worn armour id or null (001 §Armor and Shields restrictions, RULINGS G1, M4). */
  readonly armorId?: string | null;
  /** Fatigue spent so far (004 §Fatigue: exhausted once it equals ST). */
  readonly fatigueSpent?: number;
}

export interface ClassicGaitOption {
  readonly gait: ClassicGait;
  readonly name: string;
  readonly hexes: Explained<number>;
  readonly allowed: boolean;
  /** Why not, when not allowed. */
  readonly forbiddenBy: string | null;
  readonly fatiguePerTurn: number;
  readonly actionsText: string;
  readonly source: string;
}

export interface ClassicMovement {
  /** The MA after load and exhaustion. */
  readonly ma: Explained<number>;
  readonly encumbrance: ClassicEncumbrance | null;
  readonly exhausted: boolean;
  readonly restriction: {
    readonly value: ClassicRestriction;
    readonly reasons: readonly { readonly restriction: ClassicRestriction; readonly label: string; readonly source: string }[];
  };
  readonly gaits: readonly ClassicGaitOption[];
}

/** 004 §Fatigue: a figure is exhausted once the fatigue it has spent reaches its ST. */
export function isClassicExhausted(st: number, fatigueSpent: number): boolean {
  return fatigueSpent >= st;
}

function armorToClassic(armorId: string | null | undefined): { restriction: ClassicRestriction; label: string; source: string } | null {
  if (armorId === null || armorId === undefined) return null;
  const item = protectionById(armorId);
  if (item === undefined) throw new RangeError(`Unknown armour "${armorId}"`);
  const restriction: ClassicRestriction = item.restriction === 'cannot-run-or-sprint' ? 'cannot-run' : 'none';
  return { restriction, label: `${item.name}: ${item.restrictionText}`, source: `${item.source} (Movement Restriction); RULINGS G1, M4` };
}

/** Everything a Classic figure's movement needs: MA, load, exhaustion and the gaits (004). */
export function classicMovement(input: ClassicMoverInput): ClassicMovement {
  const base = classicBaseMA(input.dx);
  const encumbrance = input.carriedLbs === undefined ? null : classicEncumbrance(input.carriedLbs, input.st);
  const exhausted = isClassicExhausted(input.st, input.fatigueSpent ?? 0);
  const lines: BreakdownLine[] = [...base.breakdown];
  if (encumbrance !== null && encumbrance.band.maModifier !== null && encumbrance.band.maModifier !== 0) lines.push(...encumbrance.modifier.breakdown);
  let ma = lines.reduce((s, l) => s + l.value, 0);
  if (ma < 0) {
    lines.push(line('MA cannot go below 0', -ma, 'RULINGS O1 (console)'));
    ma = 0;
  }
  if (exhausted) {
    const halved = Math.floor(ma / CLASSIC_EXHAUSTION.maDivisor);
    lines.push(line(`Exhausted: MA halved (${ma} → ${halved}, rounded down)`, halved - ma, CLASSIC_EXHAUSTION.source));
  }
  const maExplained = explainSum(lines);

  const reasons: { restriction: ClassicRestriction; label: string; source: string }[] = [];
  if (encumbrance !== null)
    reasons.push({ restriction: encumbrance.band.restriction, label: `Load: ${encumbrance.band.name}`, source: '004 §Encumbrance (Restrictions)' });
  const armour = armorToClassic(input.armorId);
  if (armour !== null) reasons.push(armour);
  if (exhausted) reasons.push({ restriction: CLASSIC_EXHAUSTION.restriction, label: 'Exhausted: cannot run', source: CLASSIC_EXHAUSTION.source });
  let decided: (typeof reasons)[number] | null = null;
  for (const r of reasons) {
    if (r.restriction === 'none') continue;
    if (decided === null || CLASSIC_RESTRICTION_ORDER.indexOf(r.restriction) > CLASSIC_RESTRICTION_ORDER.indexOf(decided.restriction)) decided = r;
  }
  const restriction = decided?.restriction ?? 'none';
  const forbids = CLASSIC_RESTRICTION_FORBIDS[restriction];

  const gaits = CLASSIC_GAITS.map((row): ClassicGaitOption => {
    const gl: BreakdownLine[] = [];
    if (row.distance.kind === 'ma') gl.push(line('Run: full MA', maExplained.value, row.source));
    else if (row.distance.kind === 'half-ma')
      gl.push(
        line(`Jog: half MA (${maExplained.value} ÷ 2, rounded down)`, Math.floor(maExplained.value / 2), `${row.source}; RULINGS O1 (console: rounds down)`),
      );
    else gl.push(line(row.name, row.distance.hexes, row.source));
    const total = gl.reduce((s, l) => s + l.value, 0);
    const allowed = !forbids.includes(row.gait);
    if (restriction === 'walk-only-1-hex' && allowed && total > 1) gl.push(line('Overloaded: 1 hex max', 1 - total, '004 §Encumbrance'));
    return {
      gait: row.gait,
      name: row.name,
      hexes: explainSum(gl),
      allowed,
      forbiddenBy: allowed ? null : (decided?.label ?? null),
      fatiguePerTurn: row.fatiguePerTurn,
      actionsText: row.actionsText,
      source: row.source,
    };
  });
  return { ma: maExplained, encumbrance, exhausted, restriction: { value: restriction, reasons }, gaits };
}

export interface ClassicFatigueStep {
  readonly fatigueSpent: number;
  readonly exhausted: boolean;
  /** Spending went beyond ST: a 3-dice save against ST is due (004 §Fatigue, Collapse). */
  readonly collapseSaveDue: boolean;
  readonly source: string;
}

/** Spends fatigue out of the ST pool (004 §Fatigue: Fatigue Pool = ST). */
export function spendClassicFatigue(st: number, fatigueSpent: number, cost: number): ClassicFatigueStep {
  if (!Number.isInteger(cost) || cost < 0) throw new RangeError(`A fatigue cost is a whole number of 0 or more (got ${cost}).`);
  const after = fatigueSpent + cost;
  return { fatigueSpent: after, exhausted: isClassicExhausted(st, after), collapseSaveDue: cost > 0 && after > st, source: '004 §Fatigue; RULINGS O1' };
}
