/**
 * Declared intent (RULINGS O4; 003 §1 Movement, Initiative Modifiers Table, Movement Table):
 * before anyone moves, every figure declares its action and movement, and a figure that means
 * to fight names its target(s), the range and its weapon; then each rolls a stress die + its
 * initiative score + modifiers; where declarations clash, higher totals go first and prevail.
 *
 * Decisions where 003 is silent or speaks of its own game:
 * - The initiative score is the figure's DEX modifier (001 §Determining Core Attributes,
 *   RULINGS C1) unless the GM types one (003's score comes from skills the console does not keep).
 * - Mounted counts Ride and the high ground (003's table: "+ Ride skill and high ground"); a
 *   mounted figure does not add the high-ground row a second time.
 * - Charging needs the GM's nod that there is room for a running start; without it no +3.
 * - Ties between totals are rolled off (RULINGS G4).
 * - Two declarations clash when they end in the same hex, or when one engages a figure that
 *   declared it is routing (an unwilling opponent); the higher total prevails.
 */
import { attributeModifier } from '../../characters/attributes';
import { rollOff } from '../../dice/rollOff';
import type { Dice, Roll } from '../../dice/types';
import { explainSum, line, type BreakdownLine, type Explained } from '../../explain';
import { hexKey, type Hex } from '../../../../shared/hex';
import { DEFAULT_STRESS_DIE, rollStressDie, type StressDie } from './stressDie';
import { phaseName } from '../../../../shared/phases';

const SRC = '003 §1 Movement; RULINGS O4';
const SRC_MODS = '003 §Initiative Modifiers Table; RULINGS O4';

export type DeclaredAction = 'attack' | 'missile' | 'cast' | 'defend' | 'move' | 'rout' | 'other';
export type DeclaredMovement = 'none' | 'walking' | 'hustling' | 'sprinting';

export interface Declaration {
  readonly figureId: string;
  readonly action: DeclaredAction;
  readonly movement: DeclaredMovement;
  /** Where the figure means to end its movement, if it moves. */
  readonly destination?: Hex;
  /** Fighting: whom it engages. */
  readonly targetIds?: readonly string[];
  /** Fighting: the range it means to engage at, in hexes. */
  readonly rangeHexes?: number;
  /** Fighting: the weapon it uses. */
  readonly weaponId?: string;
  readonly charging?: boolean;
  /** The GM agrees there is room for a running start (needed for the charging +3). */
  readonly roomForRunningStart?: boolean;
  readonly highGround?: boolean;
  /** Mounted: the rider's Ride skill. */
  readonly mounted?: { readonly ride: number };
}

export const FIGHTING_ACTIONS: readonly DeclaredAction[] = ['attack', 'missile', 'cast'];

/** 003 §1 Movement: what a declaration lacks, in words; empty when complete. */
export function checkDeclaration(d: Declaration): string[] {
  const problems: string[] = [];
  if (FIGHTING_ACTIONS.includes(d.action)) {
    if (d.targetIds === undefined || d.targetIds.length === 0) problems.push('A figure that means to fight names its opponent(s).');
    if (d.rangeHexes === undefined) problems.push('A figure that means to fight names the range it engages at.');
    if (d.weaponId === undefined && d.action !== 'cast') problems.push('A figure that means to fight names its weapon.');
  }
  if (d.movement !== 'none' && d.destination === undefined) problems.push('A figure that moves names where it ends.');
  if (d.action === 'rout' && (d.targetIds?.length ?? 0) > 0) problems.push('A routing figure attacks no one (003 §Initiative Modifiers Table).');
  return problems;
}

/** The Initiative Modifiers rows as data (003). */
export const INITIATIVE_MODIFIERS = {
  routing: { text: 'Character routing', value: 6 },
  charging: { text: 'Character charging', value: 3 },
  highGround: { text: 'Character holding high ground', value: 3 },
  mounted: { text: 'Character on horseback', value: null, valueText: '+ Ride skill and high ground' },
} as const;

/** The modifiers a declaration earns (003 §Initiative Modifiers Table). */
export function initiativeModifiers(d: Declaration): BreakdownLine[] {
  const lines: BreakdownLine[] = [];
  if (d.mounted !== undefined) {
    lines.push(line('On horseback: Ride', d.mounted.ride, SRC_MODS));
    lines.push(line('On horseback: high ground', INITIATIVE_MODIFIERS.highGround.value, SRC_MODS));
  } else if (d.highGround === true) {
    lines.push(line('High ground', INITIATIVE_MODIFIERS.highGround.value, SRC_MODS));
  }
  if (d.action === 'rout') lines.push(line('Routing (no attack, no defence this round)', INITIATIVE_MODIFIERS.routing.value, SRC_MODS));
  if (d.charging === true && d.roomForRunningStart === true) lines.push(line('Charging', INITIATIVE_MODIFIERS.charging.value, SRC_MODS));
  return lines;
}

/** The console's initiative score when the GM gives none: the DEX modifier (RULINGS C1, O4). */
export function defaultInitiativeScore(dex: number): number {
  return attributeModifier(dex);
}

export interface Declarant {
  readonly declaration: Declaration;
  /** The initiative score for the declared weapon (default: `defaultInitiativeScore(DEX)`). */
  readonly initiativeScore: number;
  /** How the score came about, for the total's breakdown (default: "Initiative score"). */
  readonly scoreLabel?: string;
}

export interface InitiativeTotals {
  readonly totals: readonly { readonly figureId: string; readonly total: Explained<number> }[];
  /** High to low; ties rolled off. */
  readonly order: readonly string[];
  readonly rolls: readonly Roll[];
  readonly source: string;
}

/** 003 §1 Movement: stress die + initiative score + modifiers for each declarant. */
export function rollInitiativeTotals(declarants: readonly Declarant[], dice: Dice, die: StressDie = DEFAULT_STRESS_DIE): InitiativeTotals {
  const rolls: Roll[] = [];
  const totals = declarants.map((x) => {
    const stress = rollStressDie(dice, die, `initiative: ${x.declaration.figureId}`);
    rolls.push(...stress.rolls);
    return {
      figureId: x.declaration.figureId,
      total: explainSum([...stress.value.breakdown, line(x.scoreLabel ?? 'Initiative score', x.initiativeScore, SRC), ...initiativeModifiers(x.declaration)]),
    };
  });
  const values = [...new Set(totals.map((t) => t.total.value))].sort((a, b) => b - a);
  const order: string[] = [];
  for (const v of values) {
    const group = totals.filter((t) => t.total.value === v).map((t) => t.figureId);
    if (group.length === 1) order.push(...group);
    else {
      const off = rollOff(group, dice, 'initiative total tie');
      rolls.push(...off.rolls.map((r) => r.roll));
      order.push(...off.order);
    }
  }
  return { totals, order, rolls, source: `${SRC}; RULINGS G4` };
}

export interface Conflict {
  readonly kind: 'same-destination' | 'unwilling-opponent';
  readonly winner: string;
  readonly losers: readonly string[];
  readonly reason: string;
}

/** 003 §1 Movement: clashing declarations, each settled for the higher total. */
export function resolveConflicts(declarations: readonly Declaration[], order: readonly string[]): Conflict[] {
  const rank = (id: string): number => {
    const i = order.indexOf(id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const conflicts: Conflict[] = [];
  const byHex = new Map<string, string[]>();
  for (const d of declarations) {
    if (d.destination === undefined || d.movement === 'none') continue;
    const k = hexKey(d.destination);
    byHex.set(k, [...(byHex.get(k) ?? []), d.figureId]);
  }
  for (const [k, ids] of byHex) {
    if (ids.length < 2) continue;
    const sorted = [...ids].sort((a, b) => rank(a) - rank(b));
    const [winner, ...losers] = sorted;
    if (winner !== undefined)
      conflicts.push({ kind: 'same-destination', winner, losers, reason: `${sorted.join(', ')} all mean to end in ${k}: ${winner} has the highest total.` });
  }
  const routing = new Set(declarations.filter((d) => d.action === 'rout').map((d) => d.figureId));
  for (const d of declarations) {
    for (const t of d.targetIds ?? []) {
      if (!routing.has(t)) continue;
      const [winner, loser] = rank(d.figureId) < rank(t) ? [d.figureId, t] : [t, d.figureId];
      conflicts.push({
        kind: 'unwilling-opponent',
        winner,
        losers: [loser],
        reason: `${d.figureId} means to engage ${t}, who is routing: ${winner} has the higher total.`,
      });
    }
  }
  return conflicts;
}

/** 003 §Movement Table: Speed | Paces per Round. */
export const PACES_TABLE: readonly { readonly speed: string; readonly text: string }[] = [
  { speed: 'Walking', text: '9+ Qik' },
  { speed: 'Hustling', text: '15 + Qik + Enc' },
  { speed: 'Sprinting', text: '30 + Qik + Athletics + Enc – Wound – Fatigue' },
  { speed: 'Horseback (safe gallop)', text: '50 + Ride' },
];

export interface PaceInput {
  readonly quickness: number;
  /** 003's encumbrance, a penalty (0 or less). */
  readonly encumbrance?: number;
  readonly athletics?: number;
  readonly wound?: number;
  readonly fatigue?: number;
  readonly ride?: number;
}

/** 003 §Movement Table: paces per round for each speed, explained (003's own units). */
export function paces(speed: 'walking' | 'hustling' | 'sprinting' | 'horseback', p: PaceInput): Explained<number> {
  const src = '003 §Movement Table; RULINGS O4';
  const enc = p.encumbrance ?? 0;
  switch (speed) {
    case 'walking':
      return explainSum([line('Walking', 9, src), line('Quickness', p.quickness, src)]);
    case 'hustling':
      return explainSum([line('Hustling', 15, src), line('Quickness', p.quickness, src), line('Encumbrance', enc, src)]);
    case 'sprinting':
      return explainSum([
        line('Sprinting', 30, src),
        line('Quickness', p.quickness, src),
        line('Athletics', p.athletics ?? 0, src),
        line('Encumbrance', enc, src),
        line('Wound', -(p.wound ?? 0), src),
        line('Fatigue', -(p.fatigue ?? 0), src),
      ]);
    case 'horseback':
      return explainSum([line('Safe gallop', 50, src), line('Ride', p.ride ?? 0, src)]);
  }
}

export const DECLARED_INTENT_PHASES: readonly { readonly id: string; readonly name: string; readonly source: string }[] = [
  { id: 'declarations', source: '003 §1 Movement; RULINGS O4' },
  { id: 'initiative', source: '003 §1 Movement; RULINGS O4' },
  { id: 'renewSpells', source: 'RULINGS T1' },
  { id: 'movement', source: '003 §1 Movement; RULINGS O4' },
  { id: 'actions', source: 'RULINGS T1, T5' },
  { id: 'forcedRetreat', source: 'RULINGS T1' },
].map((p) => ({ ...p, name: phaseName(p.id) }));
