/**
 * The map as it stands now: the painted terrain plus what the spells in effect change there
 * (a wall a spell raised, darkness, light, rough ground). Every engine reader of the map —
 * movement and reach, engagement's retreat hexes, placement, the line of fire and its shadow
 * modifiers, the tactics, the invariants — asks this, so a new effect kind changes the table in
 * shared/mapEffects.ts and `applyEffect` below, not a cache per reader.
 *
 * Built once per (map, spells) pair: states are never mutated, so the same two objects give the
 * same answer and a command that touches neither reuses it.
 */
import type { Hex } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import type { MapEffectKind } from '../../../shared/mapEffects';
import type { Terrain } from '../../../shared/contract/schemas';
import type { EncounterState } from '../encounter/schema';

export const WALL = 1;
export const BROKEN = 2;
export const SHADOW = 4;
export const FIRE = 8;
export const BODY = 16;

const GROUND: Readonly<Record<Terrain, number>> = { open: 0, wall: WALL, broken: BROKEN, shadow: SHADOW, fire: FIRE, body: BODY };

/** A compact numeric key for a hex (maps are at most 500 × 500); the movement search's own key. */
export function numKey(q: number, r: number): number {
  return (q + 2048) * 4096 + (r + 2048);
}

/** What one effect does to a hex's flags (shared/mapEffects.ts says it in words). */
function applyEffect(flags: number, kind: MapEffectKind): number {
  switch (kind) {
    case 'wall':
      return flags | WALL;
    case 'darkness':
      return flags | SHADOW;
    case 'light':
      return flags & ~SHADOW;
    case 'rough':
      return flags | BROKEN;
  }
}

export interface EffectiveMap {
  /** The hex's flags (WALL, BROKEN, SHADOW, FIRE, BODY) by numeric key; 0 for open ground. */
  flagsAtNum(k: number): number;
  flagsAt(h: Hex): number;
  isWall(h: Hex): boolean;
  isBroken(h: Hex): boolean;
  isShadow(h: Hex): boolean;
  /** A body painted on the map (a dead figure lying there is the state's business: `hasBody`). */
  isBodyTerrain(h: Hex): boolean;
  /** Off the map, or a wall (RULINGS M7). */
  blocksMovement(h: Hex): boolean;
  /** Whether a line of fire or of sight stops at this hex (console's choice: walls, painted or raised). */
  blocksSight(h: Hex): boolean;
  /** `blocksSight` by numeric key, for the sight search's inner loop. */
  blocksSightAtNum(k: number): boolean;
}

class BuiltMap implements EffectiveMap {
  constructor(
    private readonly shape: EncounterState['map'],
    private readonly flags: ReadonlyMap<number, number>,
  ) {}

  flagsAtNum(k: number): number {
    return this.flags.get(k) ?? 0;
  }
  flagsAt(h: Hex): number {
    return this.flags.get(numKey(h.q, h.r)) ?? 0;
  }
  isWall(h: Hex): boolean {
    return (this.flagsAt(h) & WALL) !== 0;
  }
  isBroken(h: Hex): boolean {
    return (this.flagsAt(h) & BROKEN) !== 0;
  }
  isShadow(h: Hex): boolean {
    return (this.flagsAt(h) & SHADOW) !== 0;
  }
  isBodyTerrain(h: Hex): boolean {
    return (this.flagsAt(h) & BODY) !== 0;
  }
  blocksMovement(h: Hex): boolean {
    return !isOnMap(this.shape, h) || this.isWall(h);
  }
  blocksSight(h: Hex): boolean {
    return this.isWall(h);
  }
  blocksSightAtNum(k: number): boolean {
    return ((this.flags.get(k) ?? 0) & WALL) !== 0;
  }
}

const built = new WeakMap<EncounterState['map'], WeakMap<EncounterState['spells'], EffectiveMap>>();

function build(map: EncounterState['map'], spells: EncounterState['spells']): EffectiveMap {
  const flags = new Map<number, number>();
  for (const [k, kind] of Object.entries(map.terrain)) {
    const comma = k.indexOf(',');
    const bits = GROUND[kind];
    if (bits !== 0) flags.set(numKey(Number(k.slice(0, comma)), Number(k.slice(comma + 1))), bits);
  }
  for (const spell of spells) {
    if (spell.effect === undefined) continue;
    for (const h of spell.effect.hexes) {
      if (!isOnMap(map, h)) continue;
      const k = numKey(h.q, h.r);
      const next = applyEffect(flags.get(k) ?? 0, spell.effect.kind);
      if (next === 0) flags.delete(k);
      else flags.set(k, next);
    }
  }
  return new BuiltMap(map, flags);
}

const NO_EFFECTS: EncounterState['spells'] = [];

/** The map as it stands now (see above). */
export function effectiveMap(state: Pick<EncounterState, 'map' | 'spells'>): EffectiveMap {
  let bySpells = built.get(state.map);
  if (bySpells === undefined) built.set(state.map, (bySpells = new WeakMap()));
  // Spells with no map effect change nothing: they share one map, however often the list is rebuilt.
  const key = state.spells.some((s) => s.effect !== undefined) ? state.spells : NO_EFFECTS;
  let m = bySpells.get(key);
  if (m === undefined) bySpells.set(key, (m = build(state.map, key)));
  return m;
}
