/**
 * A figure's ways of moving (RULINGS M1–M4; O1, O3): its gaits with its armour and load, by the
 * rules' movement strategy, remembered by the objects they are read from (a figure keeps its
 * attributes, equipment and pools while its position and turn change).
 */
import { movementProfile, type MovementProfile } from '../../movementProfile';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import type { MoveAllowance, MovementRules } from '../../options/types';
import type { MoveMode } from '../../../../shared/contract/schemas';
import type { FigureState } from '../schema';
import { carriedLbs } from '../state';

/**
 * The figure's gaits with its armour, load and (if it drops it) without its pack (RULINGS M1, M4).
 * Memoised by what they read, attributes and equipment, which updates keep while they change
 * the figure's position, turn or pools.
 */
const profileCache = new WeakMap<FigureState['attributes'], { equipment: FigureState['equipment']; carrying?: MovementProfile; dropped?: MovementProfile }>();

export function figureMovement(f: FigureState, dropPack = false): MovementProfile {
  let cached = profileCache.get(f.attributes);
  if (cached === undefined || cached.equipment !== f.equipment) profileCache.set(f.attributes, (cached = { equipment: f.equipment }));
  const slot = dropPack ? 'dropped' : 'carrying';
  return (cached[slot] ??= movementProfile({
    attributes: f.attributes,
    carriedLbs: carriedLbs(f, dropPack),
    armor: f.equipment.armorId,
  }));
}

/**
 * Every way the figure may move by the rules' movement strategy (RULINGS M1–M4; O1 MA from DX;
 * O3 strides from its momentum), with its armour and load — without its pack when it drops it
 * first. Cached per figure object and strategy (states are never mutated).
 */
/**
 * Allowances by the figure's attributes object (which a figure keeps while its position, turn
 * and pools change), the rules' movement strategy and the few other inputs: replaying a log
 * replaces figure objects on nearly every command, so keying on the figure recomputed them.
 */
const allowanceCache = new WeakMap<object, Map<MovementRules, Map<string, readonly MoveAllowance[]>>>();

/**
 * The last answer per attributes object, with the objects it was read from: a figure whose
 * equipment and Fatigue objects are the ones of the last ask (most commands keep them) has the
 * same allowances without building the key below.
 */
const lastAllowance = new WeakMap<
  object,
  {
    movement: MovementRules;
    dropPack: boolean;
    equipment: FigureState['equipment'];
    fatigue: FigureState['fatigue'];
    momentum: FigureState['momentum'];
    value: readonly MoveAllowance[];
  }
>();

export function figureAllowance(f: FigureState, rules: Rules | RuleSet = DEFAULT_RULES, dropPack = false): readonly MoveAllowance[] {
  const movement = asRuleSet(rules).movement;
  const last = lastAllowance.get(f.attributes);
  if (
    last !== undefined &&
    last.movement === movement &&
    last.dropPack === dropPack &&
    last.equipment === f.equipment &&
    last.fatigue === f.fatigue &&
    last.momentum === f.momentum
  )
    return last.value;
  const value = keyedAllowance(f, movement, dropPack);
  lastAllowance.set(f.attributes, { movement, dropPack, equipment: f.equipment, fatigue: f.fatigue, momentum: f.momentum, value });
  return value;
}

function keyedAllowance(f: FigureState, movement: MovementRules, dropPack: boolean): readonly MoveAllowance[] {
  const carried = carriedLbs(f, dropPack);
  // RULINGS O1 (004 §Fatigue): fatigue spent is what the pool has lost (decision: the one pool).
  const fatigueSpent = Math.max(0, f.fatigue.starting - f.fatigue.current);
  const key =
    movement.readsPoolsAndMomentum === false
      ? `${carried}|${f.equipment.armorId ?? ''}`
      : `${carried}|${f.equipment.armorId ?? ''}|${fatigueSpent}|${f.momentum ?? ''}`;
  let byRules = allowanceCache.get(f.attributes);
  if (byRules === undefined) allowanceCache.set(f.attributes, (byRules = new Map()));
  let byInputs = byRules.get(movement);
  if (byInputs === undefined) byRules.set(movement, (byInputs = new Map()));
  let cached = byInputs.get(key);
  if (cached === undefined) {
    cached = movement.allowance({
      attributes: f.attributes,
      carriedLbs: carried,
      armorId: f.equipment.armorId,
      fatigueSpent,
      momentum: f.momentum,
    });
    byInputs.set(key, cached);
  }
  return cached;
}

/** The rules' way of moving by `mode`, if any (a loop: see docs/design-notes.md on closures in hot code). */
export function allowanceFor(ways: readonly MoveAllowance[], mode: MoveMode): MoveAllowance | undefined {
  for (let i = 0; i < ways.length; i++) if (ways[i]!.mode === mode) return ways[i];
  return undefined;
}
