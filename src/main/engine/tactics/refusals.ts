/**
 * Attacks the engine is sure to refuse, found without its whole preview: most of what a figure's
 * turn costs the tactics is previews of blows at foes behind it or out of reach. Each check here
 * is one the engine makes too (`attackPreview`'s geometry), so a foe it rules out never had an
 * allowed preview; where the engine measures from elsewhere (RULINGS H2), nothing is ruled out.
 */
import { hexDistance, hexKey } from '../../../shared/hex';
import { disengagedFromFor } from '../encounter/movement/disengageReach';
import type { FigureState } from '../encounter/schema';
import { figureHexes } from '../encounter/state';
import type { Weapon } from '../equipment';
import { zoneOf } from '../facing';

/**
 * True only when `a` cannot attack `t` with `weapon` from where both stand: `t` is not in a front
 * hex of `a` (001 §Facing), or a blow (not a shot or a throw) does not reach it (001 §Pole
 * Weapons). Hand-to-hand and an H2 strike at a figure that disengaged are left to the engine.
 */
export function surelyRefused(a: FigureState, t: FigureState, weapon: Weapon | null): boolean {
  if (a.hthWith.includes(t.id)) return false;
  const melee = weapon === null || (weapon.use !== 'missile' && weapon.use !== 'thrown');
  if (melee && disengagedFromFor(t, a) !== null) return false;
  const cellsA = figureHexes(a);
  const cellsT = figureHexes(t);
  const own = new Set(cellsA.map(hexKey));
  const upright = { position: a.position, facing: a.facing, size: a.size };
  if (!cellsT.some((h) => !own.has(hexKey(h)) && zoneOf(upright, h) === 'front')) return true;
  if (!melee) return false;
  const reach = weapon?.pole?.twoHexReach === true ? 2 : 1;
  for (const x of cellsA) for (const y of cellsT) if (hexDistance(x, y) <= reach) return false;
  return true;
}
