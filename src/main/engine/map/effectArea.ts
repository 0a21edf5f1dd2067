/**
 * The hexes a spell's effect takes when it is cast at a hex (shared/mapEffects.ts): the console's
 * reading of each area shape, since 001 gives spells no areas.
 * - hex: the hex aimed at;
 * - megahex: that hex and its six neighbours (001 §Megahex's seven hexes, centred where aimed);
 * - radius n: every hex within n of it;
 * - line n: n hexes in a straight line from the caster's side towards it and on past it.
 * Hexes off the map are left out, and so are hexes a living figure stands in when the effect is a
 * wall: a wall raised on a figure forms around it (console's choice), so no one stands in a wall.
 */
import { hexAdd, hexDistance, hexKey, hexLine, hexScale, hexSpiral, hexSubtract, megahexHexes, type Hex } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import type { SpellMapEffect } from '../../../shared/mapEffects';
import type { EncounterState } from '../encounter/schema';

function lineFrom(caster: Hex, at: Hex, length: number): Hex[] {
  const d = hexDistance(caster, at);
  if (d === 0) return [at];
  const far = hexAdd(caster, hexScale(hexSubtract(at, caster), Math.ceil(length / d)));
  return hexLine(caster, far).slice(1, length + 1);
}

function shapeHexes(effect: SpellMapEffect, at: Hex, caster: Hex): Hex[] {
  switch (effect.shape) {
    case 'hex':
      return [at];
    case 'megahex':
      return megahexHexes(at);
    case 'radius':
      return hexSpiral(at, effect.size);
    case 'line':
      return lineFrom(caster, at, Math.max(1, effect.size));
  }
}

/** The hexes of the effect's shape on this map, figures or not (its roll's reach). */
export function effectShape(state: EncounterState, effect: SpellMapEffect, at: Hex, caster: Hex): Hex[] {
  const seen = new Set<string>();
  const out: Hex[] = [];
  for (const h of shapeHexes(effect, at, caster)) {
    const k = hexKey(h);
    if (seen.has(k) || !isOnMap(state.map, h)) continue;
    seen.add(k);
    out.push(h);
  }
  return out;
}

/** The hexes the effect takes on this map now; empty when none is left (see above). */
export function effectHexes(state: EncounterState, effect: SpellMapEffect, at: Hex, caster: Hex): Hex[] {
  if (effect.kind !== 'wall') return effectShape(state, effect, at, caster);
  const standing = new Set(state.figures.filter((f) => f.posture !== 'dead').map((f) => hexKey(f.position)));
  return effectShape(state, effect, at, caster).filter((h) => !standing.has(hexKey(h)));
}
