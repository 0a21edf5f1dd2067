/**
 * The action options a–v (001 §Action Options; 004 §Actions where 001 is terse; RULINGS T5):
 * which a figure may take from its state when its action comes (disengaged, engaged, HTH) and
 * from how it moved this turn, each with the reason when it may not.
 */
import { hexDistance, hexKey } from '../../../../shared/hex';
import type { MoveMode, OptionLetter } from '../../../../shared/contract/schemas';
import { fireWindow } from '../../combat/rateOfFire';
import { weaponById } from '../../equipment';
import { frontHexes } from '../../facing';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import { NO_HAZARDS } from '../../options/types';
import { engagementState, engagers, type EngagementState } from '../movement/engagement';
import { numKey } from '../../map/effectiveMap';
import { itemsOf, turnStateOf, type EncounterState, type FigureState } from '../schema';
import { baseAdjDex, canAct, figureById, figureHexes, isDown, isEnemy, readyWeapon } from '../state';
import { turnGait } from '../movement/turnGait';
import { disengagedFromMe } from '../movement/disengageReach';

/** Movement from least to most; a shift is a 1-hex move, a crawl a 2-hex one on the ground. */
export const MODE_RANK: Readonly<Record<MoveMode, number>> = {
  'stand-still': 0,
  shift: 1,
  'walk-slow': 2,
  crawl: 2,
  walk: 3,
  jog: 4,
  run: 5,
  sprint: 6,
  // RULINGS O3 (002 §Movement (stride)): a stride counts as the gait of its band for the action
  // options' Move column — wary as Walk (slow), walking as Walk (2) or Jog (3), running as Run,
  // sprinting as Sprint (decision: 002 has no action table of its own).
  'stride-1': 2,
  'stride-2': 3,
  'stride-3': 4,
  'stride-4': 5,
  'stride-5': 5,
  'stride-6': 6,
  'stride-7': 6,
  'stride-8': 6,
};

/** The most movement each option allows (001 §Action Options, Move column). */
export const OPTION_MAX_MODE: Readonly<Record<OptionLetter, MoveMode>> = {
  a: 'sprint',
  b: 'jog',
  c: 'jog',
  d: 'jog',
  e: 'walk',
  f: 'walk-slow',
  g: 'stand-still',
  crawl: 'crawl',
  h: 'walk-slow',
  i: 'walk-slow',
  j: 'shift',
  k: 'shift',
  l: 'stand-still',
  m: 'shift',
  n: 'shift',
  o: 'shift',
  p: 'stand-still',
  q: 'stand-still',
  r: 'shift',
  s: 'shift',
  t: 'stand-still',
  u: 'stand-still',
  v: 'stand-still',
  'hth-cast': 'stand-still',
};

/** The stride of a `stride-N` move mode; null for a gait (RULINGS O3, 002 §Movement (stride)). */
export function strideOfMode(mode: MoveMode): number | null {
  const m = /^stride-(\d+)$/.exec(mode);
  return m === null ? null : Number(m[1]);
}

/** The stride modes, slowest first (the keys of `MODE_RANK` that are strides). */
const STRIDE_MODES: readonly MoveMode[] = (Object.keys(MODE_RANK) as MoveMode[]).filter((m) => strideOfMode(m) !== null);

/**
 * Whether the rules let option `option` follow a move at stride `stride` faster than its gait
 * limit: a pass-by charge (RULINGS O3, 002 §Charging) swings as the charger comes on at stride 4
 * or more, so the charge attack (b) is open at any stride the rules give a pass-by for. Rules
 * without pass-by charges (Pillars, Classic) answer no.
 */
function strideOpens(option: OptionLetter, stride: number, rules: RuleSet): boolean {
  return option === 'b' && (rules.movement.hazards ?? NO_HAZARDS).passBy(stride) !== null;
}

/**
 * Whether moving at `mode` this turn leaves option `option` open (001 §Action Options, Move
 * column). A stride counts as the gait of its band (`MODE_RANK`: 1 Walk (slow), 2 Walk, 3 Jog,
 * 4–5 Run, 6–8 Sprint); the rules may open an option to faster strides (RULINGS O3, 002 §Charging).
 */
export function moveAllowsOption(option: OptionLetter, mode: MoveMode, rules: Rules | RuleSet = DEFAULT_RULES): boolean {
  if (MODE_RANK[mode] <= MODE_RANK[OPTION_MAX_MODE[option]]) return true;
  const stride = strideOfMode(mode);
  return stride !== null && strideOpens(option, stride, asRuleSet(rules));
}

/** The most movement option `option` allows under the rules: its gait limit, or the fastest stride the rules open it to (RULINGS O3). */
export function optionMaxMode(option: OptionLetter, rules: Rules | RuleSet = DEFAULT_RULES): MoveMode {
  const rs = asRuleSet(rules);
  let max = OPTION_MAX_MODE[option];
  for (const m of STRIDE_MODES) {
    if (MODE_RANK[m] >= MODE_RANK[max] && strideOpens(option, strideOfMode(m) ?? 0, rs)) max = m;
  }
  return max;
}

export const OPTION_NAMES: Readonly<Record<OptionLetter, string>> = {
  a: 'Move',
  b: 'Charge attack',
  c: 'Dodge',
  d: 'Drop',
  e: 'Ready weapon',
  f: 'Missile attack',
  g: 'Stand up',
  crawl: 'Crawl',
  h: 'Cast spell',
  i: 'Disbelieve',
  j: 'Attack',
  k: 'Defend',
  l: 'One last shot',
  m: 'Change weapon',
  n: 'Disengage',
  o: 'Attempt HTH',
  p: 'Stand up',
  q: 'Pick up weapon',
  r: 'Cast spell',
  s: 'Disbelieve',
  t: 'HTH attack',
  u: 'Draw dagger',
  v: 'Disengage from HTH',
  'hth-cast': 'Cast spell in HTH',
};

const TABLES: Readonly<Record<EngagementState, readonly OptionLetter[]>> = {
  disengaged: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'crawl', 'h', 'i'],
  engaged: ['j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's'],
  hth: ['t', 'u', 'v', 'hth-cast'],
};

export interface OptionInfo {
  readonly option: OptionLetter;
  readonly name: string;
  readonly available: boolean;
  /** Why not; null when available. */
  readonly reason: string | null;
  /** The most movement the option allows. */
  readonly maxMove: MoveMode;
}

export interface LegalOptions {
  readonly figureId: string;
  readonly state: EngagementState;
  /**
   * How it moved this turn (null: not yet): the gait it set out at, the gait the turn counts
   * (RULINGS T5: the slowest that covers the movement spent, the one its options follow), and
   * the hexes of movement spent.
   */
  readonly moved: { readonly mode: MoveMode | null; readonly gait: MoveMode | null; readonly spent: number };
  readonly acted: boolean;
  readonly options: readonly OptionInfo[];
}

/** Enemies next to the figure in its front hexes (001 §Facing: physical attacks go into front hexes). */
export function enemiesInFront(state: EncounterState, f: FigureState): FigureState[] {
  const front = new Set<number>();
  for (const h of frontHexes({ position: f.position, facing: f.facing, size: f.size })) front.add(numKey(h.q, h.r));
  const inFront = (o: FigureState): boolean =>
    o.size === 1 ? front.has(numKey(o.position.q, o.position.r)) : figureHexes(o).some((h) => front.has(numKey(h.q, h.r)));
  return state.figures.filter((o) => o.posture !== 'dead' && isEnemy(o, f) && inFront(o));
}

function weaponsLying(state: EncounterState, f: FigureState): boolean {
  return itemsOf(state).some((i) => i.kind !== 'pack' && hexDistance(i.position, f.position) <= 1);
}

/**
 * Why a figure may not take `option` now, or null when it may (001 §Action Options; RULINGS T5),
 * under the encounter's rules (default: Pillars; RULINGS O3 opens the charge attack to strides).
 */
export function optionRefusal(
  state: EncounterState,
  f: FigureState,
  option: OptionLetter,
  es: EngagementState = engagementState(state, f),
  rules: Rules | RuleSet = DEFAULT_RULES,
): string | null {
  const name = `${OPTION_NAMES[option]} (${option})`;
  if (!canAct(f)) return `${f.name} is ${f.posture}.`;
  const ts = turnStateOf(state);
  if (ts.actionDone.includes(f.id) || (f.turn.option !== null && f.turn.option !== option)) {
    // A pack picked up (RULINGS M4) or a wound bound is an action with no letter of its own.
    const taken = f.turn.option === null ? 'has already acted' : `has already taken option ${f.turn.option}`;
    return `${f.name} ${taken} this turn (004 §Actions: one option a turn).`;
  }
  // RULINGS T5: the table follows the state; a figure that charged into engagement this turn
  // keeps the charge attack of the disengaged table (001 §Action Options b: "Melee attack or HTH").
  const charging = es === 'engaged' && !f.turn.engagedAtStart && option === 'b';
  if (!TABLES[es].includes(option) && !charging) return `${name} is not open to a figure that is ${es === 'hth' ? 'in HTH' : es}.`;
  // RULINGS T5 (amended): the gait the hexes moved call for, not the one it set out at.
  const mode = turnGait(f, rules) ?? 'stand-still';
  const max = OPTION_MAX_MODE[option];
  if (option === 'crawl') {
    if (!isDown(f)) return `${f.name} is standing: only a figure on the ground crawls.`;
    if (mode !== 'crawl' && mode !== 'stand-still') return `${f.name} moved at ${mode}: crawling is 2 hexes on the ground.`;
  } else if (mode === 'crawl') {
    if (option !== 'f' && option !== 'h' && option !== 'i') return `${f.name} crawled this turn: it takes no other action (001 §Action Options g).`;
  } else if (!moveAllowsOption(option, mode, rules)) {
    const limit = optionMaxMode(option, rules);
    const how = mode === f.turn.mode ? `moved at ${mode}` : `moved ${f.turn.spent} hex${f.turn.spent === 1 ? '' : 'es'}, a ${mode} (RULINGS T5)`;
    return `${f.name} ${how}; ${name} allows at most ${limit} (001 §Action Options${limit === max ? '' : '; 002 §Charging'}).`;
  }
  const down = isDown(f);
  const weapon = readyWeapon(f);
  switch (option) {
    case 'a':
      // 001 §Action Options g: on the ground a figure stands up or crawls; it does not walk, run or sprint.
      return down ? `${f.name} is ${f.posture}: it must stand up first, or crawl (001 §Action Options g).` : null;
    case 'b':
    case 'j': {
      if (down) return `${f.name} is ${f.posture}: a figure on the ground cannot strike (004 §Crawling and Prone).`;
      if (weapon?.use === 'missile') return `${weapon.name} is a missile weapon: ${name} is a melee attack.`;
      // RULINGS H2 (amended): a foe that disengaged from it may still be struck.
      if (enemiesInFront(state, f).length > 0 || disengagedFromMe(state, f).length > 0) return null;
      return `No enemy stands in ${f.name}'s front hexes (001 §Facing).`;
    }
    case 'c':
    case 'k':
      return down && option === 'k' ? `${f.name} is ${f.posture}.` : null;
    case 'd':
      return down ? `${f.name} is already ${f.posture}.` : null;
    case 'e': {
      if (down) return `${f.name} is ${f.posture}: stand up first.`;
      const other = f.equipment.weaponIds.some((id) => id !== f.equipment.readyWeaponId) || (f.equipment.shieldId !== null && !f.equipment.shieldReady);
      return other || weaponsLying(state, f) || weapon !== null ? null : `${f.name} has nothing else to ready.`;
    }
    case 'f':
    case 'l': {
      if (weapon === null) return `${f.name} holds no missile or throwing weapon.`;
      if (option === 'l' && weapon.use !== 'missile') return `One last shot needs a missile weapon readied before engagement (001 §Action Options l).`;
      if (option === 'l' && f.turn.lastShot) return `${f.name} has had its last shot.`;
      if (weapon.use !== 'missile' && !weapon.thrown) return `${weapon.name} is neither shot nor thrown.`;
      if (weapon.use === 'missile') {
        const adj = baseAdjDex(f, asRuleSet(rules).stats).value;
        const win = f.lastShotTurn === state.turn ? null : fireWindow(weapon, adj, state.turn, f.lastShotTurn);
        if (win !== null && !win.canFire) return win.reason;
      }
      return null;
    }
    case 'g':
    case 'p': {
      if (!down) return `${f.name} is already standing.`;
      // Console's choice (001 is silent): hand-to-hand can end with allies down in one hex; only
      // one of them may stand there, the others crawl out first (no two standing share a hex).
      const here = figureHexes(f).map(hexKey);
      const standing = state.figures.find(
        (o) => o.id !== f.id && o.posture === 'standing' && !f.hthWith.includes(o.id) && figureHexes(o).some((h) => here.includes(hexKey(h))),
      );
      return standing ? `${standing.name} stands in ${f.name}'s hex: crawl to a free hex before standing up.` : null;
    }
    case 'h':
    case 'r':
    case 'hth-cast':
      // 001 §Spell Mastery: casting needs a spell known.
      return Object.keys(f.mastery).length > 0 ? null : `${f.name} knows no spell (001 §Spell Mastery).`;
    case 'i':
    case 's':
      return null;
    case 'm': {
      if (down) return `${f.name} is ${f.posture}.`;
      const other = f.equipment.weaponIds.some((id) => id !== f.equipment.readyWeaponId && weaponById(id)?.use !== 'missile');
      return other ? null : `${f.name} carries no other non-missile weapon (001 §Action Options m).`;
    }
    case 'n':
      return engagers(state, f).length > 0 ? null : `${f.name} is not engaged.`;
    case 'o':
      return enemiesInFront(state, f).length > 0 ? null : `No enemy is next to ${f.name} in front.`;
    case 'q':
      return weaponsLying(state, f) ? null : `No weapon lies in ${f.name}'s hex or next to it.`;
    case 't':
      return null;
    case 'u':
      return f.equipment.weaponIds.includes('dagger') && f.equipment.readyWeaponId !== 'dagger'
        ? null
        : `${f.name} has no dagger to draw, or holds it already.`;
    case 'v':
      return null;
    case 'crawl':
      return null;
  }
}

/** Every option of the figure's table, each with whether it is open and why not (RULINGS T5), under the encounter's rules. */
export function legalOptions(state: EncounterState, figureId: string, rules: Rules | RuleSet = DEFAULT_RULES): LegalOptions {
  const f = figureById(state, figureId);
  const es = engagementState(state, f);
  const letters = [...TABLES[es]];
  if (es === 'engaged' && !f.turn.engagedAtStart) letters.unshift('b');
  return {
    figureId: f.id,
    state: es,
    moved: { mode: f.turn.mode, gait: turnGait(f, rules), spent: f.turn.spent },
    acted: turnStateOf(state).actionDone.includes(f.id),
    options: letters.map((option) => {
      const reason = optionRefusal(state, f, option, es, rules);
      return { option, name: OPTION_NAMES[option], available: reason === null, reason, maxMove: optionMaxMode(option, rules) };
    }),
  };
}
