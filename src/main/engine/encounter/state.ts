/**
 * Small questions asked of an encounter state by every part of the encounter engine: finding a
 * figure, what it carries, who stands where. No rules are decided here beyond the ones cited.
 */
import { AppError } from '../../../shared/errors';
import { hexKey, type Hex } from '../../../shared/hex';
import { footprint } from '../../../shared/hex/footprint';
import { armorById, shieldById, weaponById, type Weapon } from '../equipment';
import { explainSum, line, type BreakdownLine, type Explained } from '../explain';
import { PILLARS_STATS } from '../options/pillars';
import type { StatRules } from '../options/types';
import { copyState } from './copies';
import type { EncounterState, FigureState } from './schema';
import { effectiveMap } from '../map/effectiveMap';

/**
 * The id → index map of the last figures array looked in. Commands replace figures, rarely the
 * roster, so a new array whose ids stand in the same order (checked, not assumed) reuses it.
 */
let indexedFigures: readonly FigureState[] | null = null;
let indexedIds: readonly string[] = [];
let indexById = new Map<string, number>();

function indexOf(figures: readonly FigureState[]): ReadonlyMap<string, number> {
  if (figures === indexedFigures) return indexById;
  if (figures.length !== indexedIds.length || figures.some((f, i) => f.id !== indexedIds[i])) {
    indexedIds = figures.map((f) => f.id);
    indexById = new Map(indexedIds.map((id, i) => [id, i] as const));
  }
  indexedFigures = figures;
  return indexById;
}

export function findFigure(state: EncounterState, id: string): FigureState | undefined {
  const i = indexOf(state.figures).get(id);
  return i === undefined ? undefined : state.figures[i];
}

export function figureById(state: EncounterState, id: string): FigureState {
  const figure = findFigure(state, id);
  if (!figure) throw new AppError('not-found', `There is no figure with id "${id}" in this encounter.`);
  return figure;
}

export function replaceFigure(state: EncounterState, figure: FigureState): EncounterState {
  const next = copyState(state);
  next.figures = state.figures.map((f) => (f.id === figure.id ? figure : f));
  return next;
}

/**
 * `figures` with one figure changed: the ids stand as before, so the index of the array it came
 * from serves the new one too (the change itself may read the state, so it runs first).
 */
function withFigureAt(figures: readonly FigureState[], i: number, figure: FigureState): FigureState[] {
  const indexed = figures === indexedFigures;
  const next = figures.slice();
  next[i] = figure;
  if (indexed && figure.id === indexedIds[i]) indexedFigures = next;
  if (figures === riderFree && figure.ridingId === undefined) riderFree = next;
  return next;
}

/** The last figures array found to hold no rider; a one-figure change that seats nobody keeps it so. */
let riderFree: readonly FigureState[] | null = null;

/** Whether any figure rides another (movement/mounts.ts): every command asks, after it is applied. */
export function anyRider(figures: readonly FigureState[]): boolean {
  if (figures === riderFree) return false;
  for (let i = 0; i < figures.length; i++) if (figures[i]!.ridingId !== undefined) return true;
  riderFree = figures;
  return false;
}

export function updateFigure(state: EncounterState, id: string, change: (f: FigureState) => FigureState): EncounterState {
  const i = indexOf(state.figures).get(id);
  if (i === undefined) return state;
  return replacedAt(state, i, change(state.figures[i] as FigureState));
}

/** `updateFigure(state, figure.id, () => figure)`, without a closure to make. */
export function putFigure(state: EncounterState, figure: FigureState): EncounterState {
  const i = indexOf(state.figures).get(figure.id);
  return i === undefined ? state : replacedAt(state, i, figure);
}

/** The state with `figure` at roster index `i`; the same state when it is already there (no copies). */
function replacedAt(state: EncounterState, i: number, figure: FigureState): EncounterState {
  if (state.figures[i] === figure) return state;
  const next = copyState(state);
  next.figures = withFigureAt(state.figures, i, figure);
  return next;
}

export function sideName(state: EncounterState, sideId: string): string {
  return state.sides.find((s) => s.id === sideId)?.name ?? sideId;
}

/** Dead figures lie on the map as bodies; everyone else still takes up room (RULINGS M7). */
export function isAlive(f: FigureState): boolean {
  return f.posture !== 'dead';
}

/** Conscious figures act (001 §Fatigue Points: 0 Fatigue is unconscious). */
export function canAct(f: FigureState): boolean {
  return f.posture !== 'dead' && f.posture !== 'unconscious';
}

export function isDown(f: FigureState): boolean {
  return f.posture === 'prone' || f.posture === 'knockedDown' || f.posture === 'kneeling';
}

/** The figure this one rides, when it is mounted and its mount is still in the encounter. */
export function mountOf(state: EncounterState, f: FigureState): FigureState | undefined {
  return f.ridingId === undefined ? undefined : findFigure(state, f.ridingId);
}

/** The figure riding this one, if any (one rider per mount: the console's choice). */
export function riderOf(state: EncounterState, mountId: string): FigureState | undefined {
  for (let i = 0; i < state.figures.length; i++) if (state.figures[i]!.ridingId === mountId) return state.figures[i];
  return undefined;
}

/** Whether a figure carries a rider: it then acts with its rider and rolls no initiative of its own (RULINGS H9). */
export function isRidden(state: EncounterState, f: FigureState): boolean {
  return riderOf(state, f.id) !== undefined;
}

/**
 * `ids` with every ridden mount taken out and put back right after its rider (RULINGS H9: mounts
 * act with their rider); a mount whose rider is not in `ids` is left out. The same array when
 * nobody rides.
 */
export function mountsAfterRiders(state: EncounterState, ids: readonly string[]): string[] {
  if (!anyRider(state.figures)) return ids as string[];
  const mountOfRider = new Map<string, string>();
  for (const f of state.figures) if (f.ridingId !== undefined && findFigure(state, f.ridingId) !== undefined) mountOfRider.set(f.id, f.ridingId);
  const mounts = new Set(mountOfRider.values());
  const out: string[] = [];
  for (const id of ids) {
    if (mounts.has(id)) continue;
    out.push(id);
    const m = mountOfRider.get(id);
    if (m !== undefined) out.push(m);
  }
  return out;
}

export function figureHexes(f: Pick<FigureState, 'position' | 'facing' | 'size'>): Hex[] {
  return footprint(f.position, f.facing, f.size);
}

export function readyWeapon(f: FigureState): Weapon | null {
  const id = f.equipment.readyWeaponId;
  return id === null ? null : (weaponById(id) ?? null);
}

/**
 * Whether the figure counts as holding a ready weapon (RULINGS M6: only armed enemies engage). M6
 * (amended): a creature whose attack is natural — a bite, claws, hooves, a snake's strike — counts
 * as armed; a mount engages only if its entry gives it an attack. The console reads a creature's
 * entry as giving it natural attacks when it has a number of attacks (`attacks`, 002 §Assigning
 * Movement: monsters and animals) or is a giant snake (001 §DEX Adjustments).
 */
export function isArmed(f: FigureState): boolean {
  return readyWeapon(f) !== null || hasNaturalAttack(f);
}

/** RULINGS M6 (amended): the creature's entry gives it a natural attack (see `isArmed`). */
export function hasNaturalAttack(f: FigureState): boolean {
  return (f.attacks ?? 0) > 0 || f.conditions.includes('giantSnake');
}

export function hasCondition(f: FigureState, c: FigureState['conditions'][number]): boolean {
  return f.conditions.includes(c);
}

/** Everything carried, in lbs: weapons, armour, shield and pack (001 §Encumbrance). */
export function carriedLbs(f: FigureState, withoutPack = false): number {
  return equipmentLbs(withoutPack ? { ...f.equipment, packLbs: 0 } : f.equipment);
}

/** What a set of equipment weighs (lbs): weapons, armour, shield and pack (001 §Encumbrance). */
export function equipmentLbs(equipment: {
  readonly weaponIds: readonly string[];
  readonly armorId: string | null;
  readonly shieldId: string | null;
  readonly packLbs?: number;
}): number {
  let lbs = 0;
  for (const id of equipment.weaponIds) lbs += weaponById(id)?.weight.lbs ?? 0;
  if (equipment.armorId) lbs += armorById(equipment.armorId)?.weightLbs ?? 0;
  if (equipment.shieldId) lbs += shieldById(equipment.shieldId)?.weightLbs ?? 0;
  lbs += equipment.packLbs ?? 0;
  return Math.round(lbs * 10) / 10;
}

/**
 * The adjDEX every roll and the action order start from (RULINGS A1, T5): DEX, the armour and
 * ready shield DEX columns (001 §Armor and Shield) and the injury penalty (RULINGS C4).
 */
const adjDexCache = new WeakMap<
  FigureState['attributes'],
  { readonly f: Pick<FigureState, 'equipment' | 'fatigue' | 'body'>; readonly stats: StatRules; readonly value: Explained<number> }
>();

/**
 * Memoised by what it reads: attributes, equipment, pools and the stat model (updates keep the
 * parts they do not change). The injury lines are the stat model's (RULINGS C4; O1).
 */
export function baseAdjDex(f: FigureState, stats: StatRules = PILLARS_STATS): Explained<number> {
  const cached = adjDexCache.get(f.attributes);
  if (cached !== undefined && cached.stats === stats && cached.f.equipment === f.equipment && cached.f.fatigue === f.fatigue && cached.f.body === f.body)
    return cached.value;
  const value = computeBaseAdjDex(f, stats);
  adjDexCache.set(f.attributes, { f: { equipment: f.equipment, fatigue: f.fatigue, body: f.body }, stats, value });
  return value;
}

function computeBaseAdjDex(f: FigureState, stats: StatRules): Explained<number> {
  const lines: BreakdownLine[] = [line(`DEX ${f.attributes.DEX}`, f.attributes.DEX, '001 §Attack Rolls; RULINGS A1')];
  const armor = f.equipment.armorId ? armorById(f.equipment.armorId) : undefined;
  if (armor && armor.dex !== 0) lines.push(line(armor.name, armor.dex, '001 §DEX Adjustments (Armor and Shield); RULINGS A1'));
  const shield = f.equipment.shieldId && f.equipment.shieldReady ? shieldById(f.equipment.shieldId) : undefined;
  if (shield && shield.dex !== 0) lines.push(line(shield.name, shield.dex, '001 §DEX Adjustments (Armor and Shield); RULINGS A1'));
  const wounds = stats.wounds(f);
  if (wounds.penalty.value !== 0)
    lines.push(line('Injury', wounds.penalty.value, wounds.penalty.breakdown.find((l) => l.value !== 0)?.source ?? wounds.source));
  return explainSum(lines);
}

/** Hex key → the living figures whose footprint covers it. */
export function occupancy(state: EncounterState): Map<string, FigureState[]> {
  const out = new Map<string, FigureState[]>();
  for (const f of state.figures) {
    if (!isAlive(f)) continue;
    for (const h of figureHexes(f)) {
      const k = hexKey(h);
      const list = out.get(k);
      if (list) list.push(f);
      else out.set(k, [f]);
    }
  }
  return out;
}

/** A hex counts as a body to stand on when its terrain says so or a dead figure lies there (001 §Your Conditions). */
export function hasBody(state: EncounterState, h: Hex): boolean {
  const k = hexKey(h);
  if (effectiveMap(state).isBodyTerrain(h)) return true;
  return state.figures.some((f) => f.posture === 'dead' && figureHexes(f).some((x) => hexKey(x) === k));
}

export function isEnemy(a: FigureState, b: FigureState): boolean {
  return a.sideId !== b.sideId;
}
