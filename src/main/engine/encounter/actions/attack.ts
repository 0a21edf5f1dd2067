/**
 * Attacks in an encounter: the situation read off the map (RULINGS A1) handed to the combat
 * library's tables (src/main/engine/combat), and the outcome applied to the figures: criticals,
 * damage to Fatigue and Body, bleeding, postures, missiles through friends (RULINGS A1–A7, H4).
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance, hexEquals, hexKey, megahexDistance } from '../../../../shared/hex';
import type { GmTicks } from '../../../../shared/contract/schemas';
import { adjustedDex, type AttackSituation } from '../../combat/adjustedDex';
import { attackDice, type AttackDice } from '../../combat/attackRoll';
import { protectionOf } from '../../combat/damage';
import { disengageStrikes } from '../../combat/disengage';
import { bareHandedDamage, hthDamage } from '../../combat/hth';
import type { AttackKind } from '../../combat/kinds';
import { fireWindow } from '../../combat/rateOfFire';
import type { DiceSpec } from '../../dice/types';
import { armorById, fireRateAt, shieldById, weaponById, type Weapon } from '../../equipment';
import type { Explained } from '../../explain';
import { zoneOf, type Zone } from '../../facing';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import { NO_HAZARDS } from '../../options/types';
import type { EncounterState, FigureState } from '../schema';
import { baseAdjDex, figureById, figureHexes, hasBody, hasCondition } from '../state';
import { disengagedFromFor } from '../movement/disengageReach';
import { mountedOnlyRefusal } from '../movement/mounts';
import { effectiveMap, FIRE } from '../../map/effectiveMap';
import { hexesBetween, lineBlocked } from '../../map/lineOfSight';

export interface AttackPreview {
  readonly attackerId: string;
  readonly targetId: string;
  readonly weaponId: string | null;
  readonly kind: AttackKind;
  /** Whether this attack can be made now; `reason` says why not. */
  readonly allowed: boolean;
  readonly reason: string | null;
  readonly zone: Zone | null;
  readonly adjDex: Explained;
  readonly dice: AttackDice;
  /** The automatic results that apply (RULINGS A3): the 3-dice or the 4-dice table. */
  readonly criticalTable: readonly { readonly roll: string; readonly result: string }[];
  readonly damage: string;
  readonly protection: Explained;
  /** Missile weapons: shots this turn (RULINGS A7). */
  readonly shotsLeft: number | null;
  /** Friends on the line of fire, nearest first: each is a roll to miss (RULINGS H4). */
  readonly friendsInPath: readonly string[];
}

/** What kind of attack this weapon makes here (001 §Action Options; 001 §Equipment). */
export function attackKind(attacker: FigureState, target: FigureState, weapon: Weapon | null, throwIt: boolean): AttackKind {
  if (attacker.hthWith.includes(target.id)) return 'hth';
  if (weapon === null) return 'melee';
  if (weapon.use === 'missile') return 'missile';
  if (weapon.use === 'thrown' || throwIt) return 'thrown';
  return 'melee';
}

/** Friends of the attacker standing on the line of fire, nearest first (RULINGS H4). */
export function friendsInPath(state: EncounterState, attacker: FigureState, target: FigureState): FigureState[] {
  const between = hexesBetween(attacker.position, target.position).map(hexKey);
  const out: FigureState[] = [];
  for (const k of between) {
    const f = state.figures.find(
      (o) => o.id !== attacker.id && o.id !== target.id && o.sideId === attacker.sideId && o.posture !== 'dead' && figureHexes(o).some((h) => hexKey(h) === k),
    );
    if (f && !out.includes(f)) out.push(f);
  }
  return out;
}

function damageText(attacker: FigureState, weapon: Weapon | null, kind: AttackKind): string {
  if (kind === 'hth')
    return hthDamage({ STR: attacker.attributes.STR, weapon: weapon?.id === 'dagger' ? 'dagger' : weapon?.id === 'cestus' ? 'cestus' : 'bare-hands' }).dice
      .notation;
  if (weapon === null || weapon.damage.kind === 'by-str') return bareHandedDamage(attacker.attributes.STR).dice.notation;
  return weapon.damage.kind === 'dice' ? weapon.damage.dice.notation : weapon.damage.text;
}

/** The target's armour and ready shield, as the hits they stop (001 §Protection; RULINGS A4). */
export function protectionFor(target: FigureState): Explained {
  return protectionOf({
    armor: target.equipment.armorId ? (armorById(target.equipment.armorId) ?? null) : null,
    shield: target.equipment.shieldId && target.equipment.shieldReady ? (shieldById(target.equipment.shieldId) ?? null) : null,
  });
}

/** Why this attack cannot be made from here, or null (001 §Facing; §Action Options; RULINGS A7). */
function geometryRefusal(state: EncounterState, a: FigureState, t: FigureState, weapon: Weapon | null, kind: AttackKind): string | null {
  if (a.id === t.id) return `${a.name} cannot attack itself.`;
  const onFoot = mountedOnlyRefusal(a, weapon);
  if (onFoot !== null) return onFoot;
  if (t.posture === 'dead') return `${t.name} is dead.`;
  if (kind === 'hth') return null;
  if (t.hthWith.length > 0 && kind === 'melee')
    return `${t.name} is in hand-to-hand combat: only a figure in that hex can strike it (001 §Hand-to-Hand Combat).`;
  const cellsA = figureHexes(a);
  const cellsT = figureHexes(t);
  const dist = Math.min(...cellsA.flatMap((x) => cellsT.map((y) => hexDistance(x, y))));
  const upright = { position: a.position, facing: a.facing, size: a.size };
  const inFront = cellsT.some((h) => !cellsA.some((c) => hexKey(c) === hexKey(h)) && zoneOf(upright, h) === 'front');
  if (!inFront) return `${t.name} is not in front of ${a.name}: physical attacks go into front hexes (001 §Facing).`;
  if (kind === 'melee') {
    if (a.posture === 'prone' || a.posture === 'knockedDown') return `${a.name} is on the ground and cannot strike (004 §Crawling and Prone).`;
    const reach = weapon?.pole?.twoHexReach === true ? 2 : 1;
    if (dist > reach) return `${t.name} is ${dist} hexes away; ${weapon?.name ?? 'bare hands'} reach${reach === 1 ? 'es' : ''} ${reach} (001 §Pole Weapons).`;
    return null;
  }
  // Thrown and missile: walls block the line of fire (console's choice; 001 is silent).
  if (lineBlocked(effectiveMap(state), a.position, t.position)) return `A wall blocks the line of fire to ${t.name}.`;
  return null;
}

function situation(
  state: EncounterState,
  a: FigureState,
  t: FigureState,
  weapon: Weapon | null,
  kind: AttackKind,
  ticks: GmTicks,
  rules: RuleSet,
): { s: AttackSituation; zone: Zone | null } {
  const map = effectiveMap(state);
  let zone: Zone | null = null;
  if (kind !== 'hth' && !figureHexes(t).some((h) => hexKey(h) === hexKey(a.position))) {
    // 001 §Facing: a prone or crawling target has only rear hexes; a kneeling one keeps its facing.
    zone = zoneOf({ position: t.position, facing: t.facing, size: t.size, prone: t.posture === 'prone' || t.posture === 'knockedDown' }, a.position);
  }
  const ranged = kind === 'missile' || kind === 'thrown';
  const throughShadow = ranged && hexesBetween(a.position, t.position).some((h) => map.isShadow(h));
  const pole = weapon?.category === 'pole-weapons';
  const stoodStill = (a.turn.mode ?? 'stand-still') === 'stand-still';
  const s: AttackSituation = {
    kind,
    dex: a.attributes.DEX,
    armor: a.equipment.armorId ? (armorById(a.equipment.armorId) ?? null) : null,
    shield: a.equipment.shieldId && a.equipment.shieldReady ? (shieldById(a.equipment.shieldId) ?? null) : null,
    injury: rules.stats.wounds(a).penalty,
    ...(zone !== null ? { zone } : {}),
    ...(kind === 'thrown' ? { rangeHexes: hexDistance(a.position, t.position) } : {}),
    ...(kind === 'missile' ? { rangeMegahexes: megahexDistance(a.position, t.position) } : {}),
    targetInvisible: hasCondition(t, 'invisible'),
    targetInShadow: map.isShadow(t.position),
    targetInFlight: hasCondition(t, 'flying') ? (t.size === 1 ? 'one-hex' : 'multi-hex') : null,
    targetIsGiantSnake: hasCondition(t, 'giantSnake'),
    inShadow: map.isShadow(a.position) || throughShadow,
    standingInFire: (map.flagsAt(a.position) & FIRE) !== 0,
    standingOnBody: hasBody(state, a.position),
    movedOverBrokenGround: a.turn.brokenGround,
    poleVsCharge: kind === 'melee' && pole && stoodStill && t.turn.charged,
    crossbowFromProne: kind === 'missile' && (weapon?.id === 'light-crossbow' || weapon?.id === 'heavy-crossbow') && a.posture === 'prone',
    waitedTurns: ticks.waitingTurns,
    twoWeapons: ticks.twoWeapons && kind !== 'missile',
    sweepingBlow: ticks.sweepingBlow && kind === 'melee',
    // RULINGS A8, O1: heavy blows taken last turn and exhaustion, as the rules count them.
    tookHeavyBlowLastTurn: (rules.heavyBlowRules.effect(a.hitsLastTurn, a.attributes.STR)?.dxPenaltyNextTurn ?? null) !== null,
    exhausted: rules.stats.exhausted(a.attributes.STR, Math.max(0, a.fatigue.starting - a.fatigue.current)),
  };
  return { s, zone };
}

const NO_TICKS: GmTicks = { waitingTurns: 0, twoWeapons: false, sweepingBlow: false, targetAgreesToHth: false };

/**
 * The attack as it stands now (RULINGS A1): adjDEX with its breakdown derived from the map and
 * the GM's ticks, the dice (3, or 4 against Defend/Dodge, A6), the automatic results that apply
 * (A3), damage, protection, rate of fire (A7) and friends in the line of fire (H4).
 */
export function attackPreview(
  state: EncounterState,
  attackerId: string,
  targetId: string,
  weaponId: string | null,
  ticks: Partial<GmTicks> = {},
  options: { rules?: Rules | RuleSet; throw?: boolean } = {},
): AttackPreview {
  const rules = asRuleSet(options.rules ?? DEFAULT_RULES);
  if (Object.keys(ticks).length > 0) return computePreview(state, attackerId, targetId, weaponId, ticks, rules, options.throw === true);
  if (state !== previewsOf.state || rules !== previewsOf.rules) {
    previewsOf.state = state;
    previewsOf.rules = rules;
    previewsOf.byKey.clear();
  }
  const key = `${attackerId}\u0000${targetId}\u0000${weaponId ?? ''}\u0000${options.throw === true ? 't' : ''}`;
  let preview = previewsOf.byKey.get(key);
  if (preview === undefined) {
    preview = computePreview(state, attackerId, targetId, weaponId, ticks, rules, options.throw === true);
    previewsOf.byKey.set(key, preview);
  }
  return preview;
}

/**
 * The previews without ticks asked of the last state: the tactics weigh every foe's, then apply
 * the chosen attack to that same state, which asks for it again. States are never mutated.
 */
const previewsOf: { state: EncounterState | null; rules: RuleSet | null; readonly byKey: Map<string, AttackPreview> } = {
  state: null,
  rules: null,
  byKey: new Map(),
};

function computePreview(
  state: EncounterState,
  attackerId: string,
  targetId: string,
  weaponId: string | null,
  ticks: Partial<GmTicks>,
  rules: RuleSet,
  throwIt: boolean,
): AttackPreview {
  const a = figureById(state, attackerId);
  const t = figureById(state, targetId);
  const weapon = weaponId === null ? null : (weaponById(weaponId) ?? null);
  // RULINGS H2 (amended): a slower foe's melee strike at a figure that disengaged is measured
  // from the hex it left.
  const left = disengagedFromFor(t, a);
  if (left !== null && !hexEquals(left, t.position) && attackKind(a, t, weapon, throwIt) === 'melee') {
    const back = { ...state, figures: state.figures.map((x) => (x.id === t.id ? { ...x, position: left } : x)) };
    return computePreview(back, attackerId, targetId, weaponId, ticks, rules, throwIt);
  }
  if (weaponId !== null && weapon === null) throw new AppError('not-found', `There is no weapon "${weaponId}".`);
  let reason: string | null = null;
  if (weaponId !== null && !a.equipment.weaponIds.includes(weaponId)) reason = `${a.name} does not carry ${weapon?.name ?? weaponId}.`;
  else if (weaponId !== null && a.equipment.readyWeaponId !== weaponId && a.equipment.offHandWeaponId !== weaponId)
    reason = `${weapon?.name ?? weaponId} is not ready: ready it first (001 §Action Options e, m).`;
  if (throwIt && weapon !== null && !weapon.thrown) reason = `${weapon.name} cannot be thrown (001 §Equipment: †† marks thrown weapons).`;
  const kind = attackKind(a, t, weapon, throwIt);
  if (kind === 'hth' && weapon !== null && weapon.id !== 'dagger' && weapon.id !== 'cestus')
    reason ??= `In HTH only bare hands or a dagger strike (001 §Action Options t).`;
  reason ??= geometryRefusal(state, a, t, weapon, kind);
  const { s, zone } = situation(state, a, t, weapon, kind, { ...NO_TICKS, ...ticks }, rules);
  const adj = adjustedDex(s, rules);
  let adjDex: Explained = adj;
  // RULINGS H2: a slower enemy strikes a figure that disengaged from it at the adjDEX difference.
  if (t.turn.option === 'n' && kind !== 'missile') {
    const strike = disengageStrikes({ id: t.name, adjDex: baseAdjDex(t, rules.stats).value }, [{ id: a.name, adjDex: baseAdjDex(a, rules.stats).value }])[0];
    if (strike?.line) adjDex = { value: adj.value + strike.line.value, breakdown: [...adj.breakdown, strike.line] };
  }
  // RULINGS O3 (002 §Charging): a pass-by charge — the attacker came on at stride 4+ and did not
  // stop — gives its melee attack +2 and the defender's melee attack back at it +1.
  const hz = rules.movement.hazards ?? NO_HAZARDS;
  if (kind === 'melee') {
    const mine = passingBy(a) ? hz.passBy(a.turn.stride ?? 0) : null;
    const theirs = passingBy(t) ? hz.passBy(t.turn.stride ?? 0) : null;
    const extra = [...(mine ? [mine.attacker] : []), ...(theirs ? [theirs.defender] : [])];
    if (extra.length > 0) adjDex = { value: extra.reduce((v, l) => v + l.value, adjDex.value), breakdown: [...adjDex.breakdown, ...extra] };
  }
  // RULINGS O3 (002 §Assigning Movement): an attack spends AP; none left, no attack.
  const apLeft = attackApLeft(a, rules);
  if (apLeft !== null && apLeft < hz.attackCost) reason ??= `${a.name} has ${apLeft} AP left: an attack needs ${hz.attackCost} (002 §Assigning Movement).`;
  const dice = attackDice(t.turn.defence, kind);
  let shotsLeft: number | null = null;
  if (kind === 'missile' && weapon !== null) {
    if (a.lastShotTurn === state.turn) {
      const rate = fireRateAt(weapon, adjDex.value);
      shotsLeft = Math.max(0, (rate?.shots ?? 1) - a.turn.shots);
      if (shotsLeft === 0) reason ??= `${weapon.name} has fired all its shots this turn (RULINGS A7).`;
    } else {
      const win = fireWindow(weapon, adjDex.value, state.turn, a.lastShotTurn);
      shotsLeft = win?.shots ?? 0;
      if (win !== null && !win.canFire) reason ??= `${win.reason} (RULINGS A7)`;
    }
  }
  return {
    attackerId: a.id,
    targetId: t.id,
    weaponId,
    kind,
    allowed: reason === null,
    reason,
    zone,
    adjDex,
    dice,
    // RULINGS A3 (O1: 004's automatic results): the rules' table for the dice rolled.
    criticalTable: rules.criticals.table
      .filter((r) => r.dice === dice.count)
      .map((r) => ({ roll: r.rollText ?? (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`), result: r.result })),
    damage: damageText(a, weapon, kind),
    protection: protectionFor(t),
    shotsLeft,
    friendsInPath: kind === 'missile' || kind === 'thrown' ? friendsInPath(state, a, t).map((f) => f.id) : [],
  };
}

/** RULINGS O3 (002 §Charging): the figure moved by strides this turn and has not stopped. */
export function passingBy(f: FigureState): boolean {
  return f.turn.mode !== null && f.turn.mode.startsWith('stride-') && (f.turn.stride ?? 0) > 0;
}

/** RULINGS O3 (002 §Assigning Movement): AP the figure has left this turn; null when the rules count none. */
export function attackApLeft(f: FigureState, rules: RuleSet): number | null {
  const ap = (rules.movement.hazards ?? NO_HAZARDS).actionPoints({ attacks: f.attacks });
  return ap === null ? null : ap - (f.turn.apSpent ?? 0) - (f.turn.apAttacks ?? 0);
}

export function damageSpec(attacker: FigureState, weapon: Weapon | null, kind: AttackKind): { dice: DiceSpec | string; bonus: Explained | undefined } {
  if (kind === 'hth') {
    const h = hthDamage({ STR: attacker.attributes.STR, weapon: weapon?.id === 'dagger' ? 'dagger' : weapon?.id === 'cestus' ? 'cestus' : 'bare-hands' });
    return { dice: h.dice, bonus: h.bonus };
  }
  if (weapon === null || weapon.damage.kind === 'by-str') return { dice: bareHandedDamage(attacker.attributes.STR).dice, bonus: undefined };
  if (weapon.damage.kind === 'dice') return { dice: weapon.damage.dice, bonus: undefined };
  throw new AppError('rule', `${weapon.name} does ${weapon.damage.text} damage: the GM judges it; the console cannot roll it.`);
}
