/**
 * Movement (001 §Movement, §Encumbrance; RULINGS M1–M4). Gaits, their distances in hexes, their
 * Fatigue cost, the encumbrance bands, and the restrictions that encumbrance and armour put on
 * gaits. Every number carries a breakdown with the rule that gave it.
 *
 * Not here: engagement (M5, M6) and terrain (M7) belong to the pathing code, which asks this
 * module how far each gait goes.
 */
import { attributeModifier, type Attributes } from './characters/attributes';
import { protectionById, type ArmorRestriction, type ProtectionItem } from './equipment';
import { explainSum, line, type BreakdownLine, type Explained } from './explain';

const SRC_MOVEMENT = '001 §Movement';
const SRC_ENCUMBRANCE = '001 §Encumbrance';
const SRC_MODIFIER = '001 §Determining Core Attributes; RULINGS C1';

// ---------------------------------------------------------------------------------------------
// Gaits — 001 §Movement: Speed | Distance (hexes) | Fatigue Cost | Available Actions

export type Gait = 'sprint' | 'run' | 'jog' | 'walk' | 'walk-slow' | 'stand-still';

export interface GaitFatigue {
  /** Fatigue points per turn in combat (RULINGS M3). */
  readonly perTurnInCombat: number;
  /** Out of combat, where the table says so (Jog: 1 per 10 minutes). */
  readonly outOfCombat: { readonly points: number; readonly minutes: number } | null;
  /** The Fatigue Cost cell as written. */
  readonly text: string;
  readonly source: string;
}

export interface GaitRow {
  readonly gait: Gait;
  /** Speed cell as written. */
  readonly name: string;
  /** Distance cell as written. */
  readonly distanceText: string;
  /** `base + modifier` gaits: the base; null for the fixed ones. */
  readonly base: number | null;
  /** Fixed distance (Walk (slow) 2, Stand Still 0); null for `base + modifier` gaits. */
  readonly fixed: number | null;
  readonly fatigue: GaitFatigue;
  /** Available Actions cell as written. */
  readonly actionsText: string;
  readonly source: string;
}

function fatigue(text: string, perTurnInCombat: number, outOfCombat: GaitFatigue['outOfCombat'] = null): GaitFatigue {
  return { perTurnInCombat, outOfCombat, text, source: `${SRC_MOVEMENT} (Fatigue Cost); RULINGS M3` };
}

// 001 §Movement (gait table), fastest first. RULINGS M1 (distances), M2 (Walk (slow) is 2), M3 (Fatigue).
export const GAIT_TABLE: readonly GaitRow[] = [
  {
    gait: 'sprint',
    name: 'Sprint',
    distanceText: '18 + modifier',
    base: 18,
    fixed: null,
    fatigue: fatigue('6 per turn', 6),
    actionsText: 'None',
    source: `${SRC_MOVEMENT}; RULINGS M1`,
  },
  {
    gait: 'run',
    name: 'Run',
    distanceText: '12 + modifier',
    base: 12,
    fixed: null,
    fatigue: fatigue('1 per turn', 1),
    actionsText: 'None',
    source: `${SRC_MOVEMENT}; RULINGS M1`,
  },
  {
    gait: 'jog',
    name: 'Jog',
    distanceText: '7 + modifier',
    base: 7,
    fixed: null,
    fatigue: fatigue('None (combat) / 1 per 10 min', 0, { points: 1, minutes: 10 }),
    actionsText: 'Charge Attack, Dodge, Drop',
    source: `${SRC_MOVEMENT}; RULINGS M1`,
  },
  {
    gait: 'walk',
    name: 'Walk',
    distanceText: '4 + modifier',
    base: 4,
    fixed: null,
    fatigue: fatigue('None', 0),
    actionsText: 'Ready Weapon',
    source: `${SRC_MOVEMENT}; RULINGS M1`,
  },
  {
    gait: 'walk-slow',
    name: 'Walk (slow)',
    distanceText: 'Up to 2 hex',
    base: null,
    fixed: 2,
    fatigue: fatigue('None', 0),
    actionsText: 'Cast Spell, Missile, Disbelieve',
    source: `${SRC_MOVEMENT}; RULINGS M2`,
  },
  {
    gait: 'stand-still',
    name: 'Stand Still',
    distanceText: '0',
    base: null,
    fixed: 0,
    fatigue: fatigue('None', 0),
    actionsText: 'Stand Up, Pick Up Weapon',
    source: SRC_MOVEMENT,
  },
];

export const GAITS: readonly Gait[] = GAIT_TABLE.map((r) => r.gait);

export function gaitRow(gait: Gait): GaitRow {
  const row = GAIT_TABLE.find((r) => r.gait === gait);
  if (row === undefined) throw new RangeError(`Unknown gait "${String(gait)}"`);
  return row;
}

/** Fatigue cost of a gait (RULINGS M3; 001 §Movement Fatigue Cost column). */
export function gaitFatigue(gait: Gait): GaitFatigue {
  return gaitRow(gait).fatigue;
}

// ---------------------------------------------------------------------------------------------
// Restrictions — armour (001 §Armor and Shields) and encumbrance (001 §Encumbrance); RULINGS M4

/** From least to most strict. */
export type MovementRestriction = ArmorRestriction | 'cannot-jog-run-or-sprint' | 'walk-only-1-hex';

export const RESTRICTIONS_BY_STRICTNESS: readonly MovementRestriction[] = [
  'none',
  'cannot-sprint',
  'cannot-run-or-sprint',
  'cannot-jog-run-or-sprint',
  'walk-only-1-hex',
];

/** The gaits each restriction forbids. `walk-only-1-hex` also caps every remaining gait at 1 hex. */
export const RESTRICTION_FORBIDS: Readonly<Record<MovementRestriction, readonly Gait[]>> = {
  none: [],
  'cannot-sprint': ['sprint'],
  'cannot-run-or-sprint': ['run', 'sprint'],
  'cannot-jog-run-or-sprint': ['jog', 'run', 'sprint'],
  'walk-only-1-hex': ['jog', 'run', 'sprint'],
};

export const RESTRICTION_TEXT: Readonly<Record<MovementRestriction, string>> = {
  none: '—',
  'cannot-sprint': 'Cannot Sprint',
  'cannot-run-or-sprint': 'Cannot Run or Sprint',
  'cannot-jog-run-or-sprint': 'Cannot Jog, Run, or Sprint',
  'walk-only-1-hex': 'Walk only, 1 hex max',
};

export function restrictionStrictness(r: MovementRestriction): number {
  return RESTRICTIONS_BY_STRICTNESS.indexOf(r);
}

/** One thing that restricts movement, and the rule that says so. */
export interface RestrictionReason {
  readonly restriction: MovementRestriction;
  /** e.g. `Chainmail`, `Encumbrance: Medium`. */
  readonly label: string;
  readonly source: string;
}

export interface CombinedRestriction {
  /** The strictest restriction among the reasons (RULINGS M4). */
  readonly value: MovementRestriction;
  /** The reason that set `value`; null when nothing restricts. */
  readonly decidedBy: RestrictionReason | null;
  /** Every reason given, including ones that restrict nothing. */
  readonly reasons: readonly RestrictionReason[];
  readonly source: string;
}

/** RULINGS M4: all restrictions apply; the strictest wins. A bare restriction is labelled by its text. */
export function combinedRestriction(...items: readonly (MovementRestriction | RestrictionReason)[]): CombinedRestriction {
  const reasons: RestrictionReason[] = items.map((it) =>
    typeof it === 'string' ? { restriction: it, label: RESTRICTION_TEXT[it], source: 'RULINGS M4' } : it,
  );
  let decidedBy: RestrictionReason | null = null;
  for (const r of reasons) {
    if (r.restriction === 'none') continue;
    if (decidedBy === null || restrictionStrictness(r.restriction) > restrictionStrictness(decidedBy.restriction)) {
      decidedBy = r;
    }
  }
  return { value: decidedBy?.restriction ?? 'none', decidedBy, reasons, source: 'RULINGS M4' };
}

/**
 * The restriction worn armour puts on movement (001 §Armor and Shields, Movement Restriction).
 * Takes an armour row or its id; shields restrict nothing; nothing worn restricts nothing.
 */
export function armorRestriction(armor: ProtectionItem | string | null | undefined): RestrictionReason {
  if (armor === null || armor === undefined) {
    return { restriction: 'none', label: 'No armour', source: '001 §Armor and Shields' };
  }
  const item = typeof armor === 'string' ? protectionById(armor) : armor;
  if (item === undefined) throw new RangeError(`Unknown armour "${String(armor)}"`);
  return {
    restriction: item.restriction,
    label: `${item.name}: ${item.restrictionText}`,
    source: `${item.source} (Movement Restriction); RULINGS M4`,
  };
}

// ---------------------------------------------------------------------------------------------
// Movement modifier and gait distances — RULINGS M1

export type MovementAttributes = Pick<Attributes, 'CON' | 'STR' | 'DEX'>;

/**
 * RULINGS M1 / 001 §Movement: CON modifier + STR modifier + DEX modifier, plus the encumbrance
 * penalty when one is given (a number, or an explained penalty such as `encumbranceLevel(...).penalty`).
 */
export function movementModifier(attrs: MovementAttributes, encumbrancePenalty?: number | Explained<number>): Explained<number> {
  const lines: BreakdownLine[] = (['CON', 'STR', 'DEX'] as const).map((name) =>
    line(`${name} ${attrs[name]} modifier`, attributeModifier(attrs[name]), `${SRC_MOVEMENT} (movement modifier); ${SRC_MODIFIER}`),
  );
  if (typeof encumbrancePenalty === 'number') {
    lines.push(line('Encumbrance penalty', encumbrancePenalty, `${SRC_ENCUMBRANCE}; RULINGS M1`));
  } else if (encumbrancePenalty !== undefined) {
    lines.push(...encumbrancePenalty.breakdown);
  }
  return explainSum(lines);
}

export interface GaitOption {
  readonly gait: Gait;
  readonly name: string;
  /** How many hexes the gait moves (before engagement and terrain). */
  readonly hexes: Explained<number>;
  /** False when a restriction forbids the gait. */
  readonly allowed: boolean;
  /** Why it is forbidden; null when allowed. */
  readonly forbiddenBy: RestrictionReason | null;
  readonly fatigue: GaitFatigue;
  readonly actionsText: string;
}

function asRestriction(r: MovementRestriction | RestrictionReason | CombinedRestriction): { value: MovementRestriction; reason: RestrictionReason | null } {
  if (typeof r === 'string') {
    return { value: r, reason: r === 'none' ? null : { restriction: r, label: RESTRICTION_TEXT[r], source: 'RULINGS M4' } };
  }
  if ('value' in r) return { value: r.value, reason: r.decidedBy };
  return { value: r.restriction, reason: r.restriction === 'none' ? null : r };
}

/**
 * RULINGS M1/M2/M4, 001 §Movement: hexes per gait, fastest first. Sprint 18+m, Run 12+m,
 * Jog 7+m, Walk 4+m (each at least 1), Walk (slow) 2 but never more than Walk, Stand Still 0. Gaits the restriction
 * forbids are marked `allowed: false` (their distance is still given); `walk-only-1-hex`
 * (Overloaded) caps the remaining moving gaits at 1 hex.
 */
export function gaitDistances(
  modifier: number | Explained<number>,
  restriction: MovementRestriction | RestrictionReason | CombinedRestriction = 'none',
): readonly GaitOption[] {
  const modLines: readonly BreakdownLine[] =
    typeof modifier === 'number' ? [line('Movement modifier', modifier, `${SRC_MOVEMENT}; RULINGS M1`)] : modifier.breakdown;
  const { value: r, reason } = asRestriction(restriction);
  const forbids = RESTRICTION_FORBIDS[r];
  let walkHexes: number | null = null;
  return GAIT_TABLE.map((row): GaitOption => {
    const lines: BreakdownLine[] = [];
    if (row.base !== null) {
      lines.push(line(`${row.name} base`, row.base, row.source), ...modLines);
      const raw = lines.reduce((s, l) => s + l.value, 0);
      if (raw < 1) lines.push(line('Never below 1 hex', 1 - raw, 'RULINGS M1'));
    } else {
      lines.push(line(row.name, row.fixed ?? 0, row.source));
    }
    const total = lines.reduce((s, l) => s + l.value, 0);
    const allowed = !forbids.includes(row.gait);
    if (r === 'walk-only-1-hex' && allowed && total > 1) {
      lines.push(line(`${reason?.label ?? 'Overloaded'}: 1 hex max`, 1 - total, `${SRC_ENCUMBRANCE}; RULINGS M4`));
    }
    // RULINGS M2 (amended): Walk (slow) is never longer than the figure's Walk.
    const capped = lines.reduce((s, l) => s + l.value, 0);
    if (row.gait === 'walk-slow' && walkHexes !== null && capped > walkHexes) lines.push(line('Never longer than Walk', walkHexes - capped, 'RULINGS M2'));
    const hexes = explainSum(lines);
    if (row.gait === 'walk') walkHexes = hexes.value;
    return {
      gait: row.gait,
      name: row.name,
      hexes,
      allowed,
      forbiddenBy: allowed ? null : reason,
      fatigue: row.fatigue,
      actionsText: row.actionsText,
    };
  });
}
