/**
 * The action options other than weapon attacks (001 §Action Options; 004 §Actions; RULINGS T5,
 * A5, A6, H1, H2). Each command checks the phase and turn order, then the option from the
 * figure's state and movement (actionCheck.ts), then does what the option says. The weapon options
 * (e, m, q) are in weaponOptions.ts, phase 6's push in forcedRetreatPhase.ts.
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance, hexEquals, hexNeighbor, type Hex } from '../../../../shared/hex';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { OptionLetter } from '../../../../shared/contract/schemas';
import { drawDagger, canStartHth, hthDefence, hthDisengage } from '../../combat/hth';
import { dexRoll } from '../../combat/dexRoll';
import { weaponById } from '../../equipment';
import { zoneOf } from '../../facing';
import { resolveCastSpell, type CastingOption } from '../magic/castSpell';
import { engagementState } from '../movement/engagement';
import { figureMovement } from '../movement/reachable';
import { optionRefusal } from '../turn/options';
import { dealDamage, dropItem, applyAttack } from './resolveAttack';
import { damageSpec } from './attack';
import { inMainHand } from './offHand';
import { turnStateOf, type FigureState } from '../schema';
import { canAct, isDown } from '../state';
import { markActed, requireTurn, setPosture } from '../turn/turn';
import { act, actAs, check, whenEngaged } from './actionCheck';
import { isFreeHex } from '../turn/retreatHexes';
import type { Tx } from '../tx';
import { turnGait } from '../movement/turnGait';
import { slowerEngagers } from '../movement/disengageReach';
import { effectiveMap } from '../../map/effectiveMap';

const freeHex = (tx: Tx, h: Hex, except: readonly string[] = []): boolean => isFreeHex(tx.state, h, except);

function stepTo(tx: Tx, f: FigureState, to: Hex, source: string): void {
  if (hexDistance(f.position, to) !== 1) throw new AppError('rule', `${f.name} moves 1 hex: that hex is not next to it.`);
  if (!freeHex(tx, to, [f.id])) {
    const who = tx.state.figures.find((o) => o.id !== f.id && o.posture !== 'dead' && hexEquals(o.position, to));
    throw new AppError('rule', who ? `${who.name} is already in that hex.` : `That hex cannot be entered (RULINGS M7).`);
  }
  tx.update(f.id, (x) => ({ ...x, position: to }));
  tx.emit?.({ type: 'figureMoved', figureId: f.id, from: f.position, to, source });
}

// --- Dodge and Defend (001 §Action Options c, k; RULINGS A6) ---------------------------------------

/**
 * Dodge and Defend are declared for the whole turn. They may be declared at any time before the
 * figure acts (004 §Actions: a figure may change its mind until it acts), so attackers earlier in
 * the action order already roll 4 dice; they use up the figure's action.
 */
export function applyDefence(tx: Tx, c: CommandOf<'dodge'> | CommandOf<'defend'>): void {
  const f = tx.fig(c.figureId);
  const phases = ['initialMovement', 'finalMovement', 'actions'];
  if (!phases.includes(tx.state.phase) && c.override !== true) {
    throw new AppError('rule', `${f.name} declares Dodge or Defend during movement or actions (001 §Action Options).`);
  }
  const option: OptionLetter = c.type === 'dodge' ? 'c' : 'k';
  check(tx, f, option);
  const defence = c.type === 'dodge' ? 'dodge' : 'defend';
  tx.update(f.id, (x) => ({ ...x, turn: { ...x.turn, defence, option } }));
  tx.emit?.({ type: 'defenceDeclared', figureId: f.id, defence, source: '001 §Defending and Dodging; RULINGS A6' });
  if (tx.state.phase === 'actions') markActed(tx, f.id, option);
  else tx.emit?.({ type: 'optionTaken', figureId: f.id, option, source: '001 §Action Options (declared before the action phase)' });
}

// --- Postures (d, g, p) -------------------------------------------------------------------------------

export function applyDropDown(tx: Tx, c: CommandOf<'dropDown'>): void {
  const f = act(tx, c, 'd');
  setPosture(tx, f.id, c.posture, '001 §Action Options d');
  markActed(tx, f.id, 'd');
}

export function applyStandUp(tx: Tx, c: CommandOf<'standUp'>): void {
  const { f, option } = actAs(tx, c, whenEngaged(tx, 'g', 'p'));
  setPosture(tx, f.id, 'standing', `001 §Action Options ${option}`);
  markActed(tx, f.id, option);
}

// --- Disengaging (n, v; RULINGS H2) -----------------------------------------------------------------

export function applyDisengage(tx: Tx, c: CommandOf<'disengage'>): void {
  const f = act(tx, c, 'n');
  // RULINGS H2 (amended): the slower enemies keep their strike, reach counted from here.
  const from = { at: f.position, engagers: slowerEngagers(tx.state, f, tx.rules.stats) };
  tx.update(f.id, (x) => ({ ...x, turn: { ...x.turn, disengagedFrom: from } }));
  stepTo(tx, tx.fig(f.id), c.to, '001 §Disengaging (option n); RULINGS H2');
  markActed(tx, f.id, 'n');
}

function leaveHth(tx: Tx, id: string): void {
  const f = tx.fig(id);
  const partners = f.hthWith;
  tx.update(id, (x) => ({ ...x, hthWith: [] }));
  for (const p of partners) tx.update(p, (x) => ({ ...x, hthWith: x.hthWith.filter((y) => y !== id) }));
  tx.emit?.({ type: 'hthChanged', figureIds: [id, ...partners], inHth: false, source: '001 §Hand-to-Hand Combat' });
}

export function applyHthDisengage(tx: Tx, c: CommandOf<'hthDisengage'>): void {
  const f = act(tx, c, 'v');
  const r = hthDisengage(tx.dice, { dex: f.attributes.DEX, injury: tx.rules.stats.wounds(f).penalty });
  tx.rolls.push(r.roll);
  tx.emit?.({
    type: 'check',
    figureId: f.id,
    purpose: 'HTH disengage (4d6 ≤ DEX)',
    target: r.target.value,
    roll: r.roll.total,
    success: r.success,
    source: r.source,
  });
  if (r.success) {
    // RULINGS H2: stand up and step to an adjacent empty hex.
    if (!freeHex(tx, c.to, [f.id]) || hexDistance(f.position, c.to) !== 1) throw new AppError('rule', `That hex is not an empty hex next to ${f.name}.`);
    leaveHth(tx, f.id);
    setPosture(tx, f.id, 'standing', '001 §Disengaging (From HTH)');
    stepTo(tx, tx.fig(f.id), c.to, '001 §Disengaging (From HTH); RULINGS H2');
  }
  markActed(tx, f.id, 'v');
}

// --- Hand-to-hand (b, o, t, u; RULINGS H1) -----------------------------------------------------------

export function applyAttemptHth(tx: Tx, c: CommandOf<'attemptHth'>): void {
  requireTurn(tx, c, ['actions']);
  const a = tx.fig(c.figureId);
  const t = tx.fig(c.targetId);
  const es = engagementState(tx.state, a);
  const option: OptionLetter = es === 'engaged' && (a.turn.engagedAtStart || optionRefusal(tx.state, a, 'o', undefined, tx.rules) === null) ? 'o' : 'b';
  check(tx, a, option);
  if (a.size !== 1 || t.size !== 1) throw new AppError('rule', 'Hand-to-hand is between one-hex figures here (001 §Hand-to-Hand Combat).');
  if (hexDistance(a.position, t.position) !== 1 || a.sideId === t.sideId) throw new AppError('rule', `${t.name} is not an adjacent enemy.`);
  if (t.posture === 'dead') throw new AppError('rule', `${t.name} is dead.`);
  const behind = hexNeighbor(t.position, t.facing + 3);
  const fromRear = !isDown(t) && zoneOf({ position: t.position, facing: t.facing }, a.position) === 'rear';
  const start = canStartHth({
    enemyBackToWall: effectiveMap(tx.state).blocksMovement(behind),
    enemyDownProneOrKneeling: isDown(t),
    attackerMovementModifier: figureMovement(a).modifier.value,
    enemyMovementModifier: figureMovement(t).modifier.value,
    fromRear,
    enemyAgrees: c.ticks?.targetAgreesToHth === true,
  });
  if (!start.allowed) {
    throw new AppError('rule', `${a.name} cannot enter ${t.name}'s hex: ${start.reasons.map((r) => r.detail).join('; ')} (001 §Hand-to-Hand Combat).`);
  }
  // Console's choice (001 and 004 are silent): an unconscious defender cannot defend. The attacker
  // enters its hex and goes down into hand-to-hand; the defender stays unconscious, drops nothing.
  if (t.posture === 'unconscious') {
    tx.update(a.id, (x) => ({ ...x, position: t.position, hthWith: [...x.hthWith, t.id] }));
    tx.emit?.({ type: 'figureMoved', figureId: a.id, from: a.position, to: t.position, source: '001 §Hand-to-Hand Combat; RULINGS H1' });
    tx.update(t.id, (x) => ({ ...x, hthWith: [...x.hthWith, a.id] }));
    tx.emit?.({
      type: 'hthChanged',
      figureIds: [a.id, t.id],
      inHth: true,
      source: '001 §Hand-to-Hand Combat; RULINGS H1 (an unconscious defender makes no defence roll)',
    });
    setPosture(tx, a.id, 'prone', '004 §Hand-to-Hand Combat; RULINGS H1');
    markActed(tx, a.id, option);
    return;
  }
  // RULINGS H1: the defender rolls 1d6 on 004's table.
  const d = hthDefence(tx.dice, { attackerFromRear: fromRear, defenderUnarmed: t.equipment.readyWeaponId === null });
  tx.rolls.push(...d.rolls);
  tx.emit?.({ type: 'hthDefence', attackerId: a.id, targetId: t.id, roll: d.rolls.at(-1)?.total ?? 0, result: d.reason, source: d.source });
  if (d.row.hthBegins) {
    if (d.row.defenderDropsWeapon) {
      const ready = t.equipment.readyWeaponId;
      if (ready !== null && ready !== 'dagger') dropItem(tx, t.id, 'weapon', ready, t.position, d.source);
      const sh = tx.fig(t.id);
      if (sh.equipment.shieldId !== null && sh.equipment.shieldReady) dropItem(tx, t.id, 'shield', sh.equipment.shieldId, t.position, d.source);
    }
    if (d.row.defenderMayReadyDagger && tx.fig(t.id).equipment.weaponIds.includes('dagger')) {
      tx.update(t.id, (x) => ({ ...x, equipment: inMainHand(x.equipment, 'dagger') }));
      tx.emit?.({ type: 'weaponReadied', figureId: t.id, weaponId: 'dagger', shieldReady: false, source: d.source });
    }
    tx.update(a.id, (x) => ({ ...x, position: t.position, hthWith: [...x.hthWith, t.id] }));
    tx.emit?.({ type: 'figureMoved', figureId: a.id, from: a.position, to: t.position, source: '001 §Hand-to-Hand Combat; RULINGS H1' });
    tx.update(t.id, (x) => ({ ...x, hthWith: [...x.hthWith, a.id] }));
    tx.emit?.({ type: 'hthChanged', figureIds: [a.id, t.id], inHth: true, source: d.source });
    // 004: both figures fall to the ground.
    setPosture(tx, a.id, 'prone', d.source);
    setPosture(tx, t.id, 'prone', d.source);
  } else if (d.row.defenderHitsAttacker) {
    const w = t.equipment.readyWeaponId === null ? null : (weaponById(t.equipment.readyWeaponId) ?? null);
    const spec = damageSpec(t, w, 'melee');
    const roll = tx.roll(typeof spec.dice === 'string' ? spec.dice : spec.dice.notation, `damage: ${t.name} → ${a.name} (HTH defence 6)`);
    dealDamage(tx, t.id, a.id, { damageRoll: roll, multiplier: 1, toBody: false, bleeding: false }, true);
  }
  markActed(tx, a.id, option);
}

export function applyHthAttack(tx: Tx, c: CommandOf<'hthAttack'>): void {
  const a = tx.fig(c.figureId);
  if (!a.hthWith.includes(c.targetId)) throw new AppError('rule', `${a.name} is not in hand-to-hand combat with that figure.`);
  const ready = a.equipment.readyWeaponId;
  const weaponId = ready === 'dagger' || ready === 'cestus' ? ready : null;
  applyAttack(tx, { type: 'attack', figureId: a.id, targetId: c.targetId, weaponId, ...(c.override ? { override: true } : {}) });
}

export function applyDrawDagger(tx: Tx, c: CommandOf<'drawDagger'>): void {
  const f = act(tx, c, 'u');
  const r = drawDagger(tx.dice, { dex: f.attributes.DEX, injury: tx.rules.stats.wounds(f).penalty });
  tx.rolls.push(r.roll);
  tx.emit?.({
    type: 'check',
    figureId: f.id,
    purpose: 'draw dagger (3d6 ≤ DEX)',
    target: r.target.value,
    roll: r.roll.total,
    success: r.success,
    source: r.source,
  });
  if (r.success) {
    tx.update(f.id, (x) => ({ ...x, equipment: inMainHand(x.equipment, 'dagger') }));
    tx.emit?.({ type: 'weaponReadied', figureId: f.id, weaponId: 'dagger', shieldReady: tx.fig(f.id).equipment.shieldReady, source: r.source });
  }
  markActed(tx, f.id, 'u');
}

// --- Disbelieve, cast, bind, pass ----------------------------------------------------------------------

/**
 * Disbelieve (001 §Action Options i, s). 001 names no roll; INT governs perception (001 §Attribute
 * Descriptions), so the console rolls 3d6 ≤ INT with the injury penalty (RULINGS C4) and the
 * GM applies the result to the illusion.
 */
export function applyDisbelieve(tx: Tx, c: CommandOf<'disbelieve'>): void {
  const { f, option } = actAs(tx, c, whenEngaged(tx, 'i', 's'));
  const target = tx.fig(c.targetId);
  const r = dexRoll(tx.dice, 3, { dex: f.attributes.INT, injury: tx.rules.stats.wounds(f).penalty }, `disbelieve ${target.name} (3d6 ≤ INT)`);
  tx.rolls.push(r.roll);
  tx.emit?.({
    type: 'check',
    figureId: f.id,
    purpose: `disbelieve ${target.name} (3d6 ≤ INT)`,
    target: r.target.value,
    roll: r.roll.total,
    success: r.success,
    source: `001 §Action Options ${option}; 001 §Attribute Descriptions (INT: perception)`,
  });
  markActed(tx, f.id, option);
}

export function applyCastSpell(tx: Tx, c: CommandOf<'castSpell'>): void {
  requireTurn(tx, c, ['actions']);
  const f = tx.fig(c.figureId);
  const es = engagementState(tx.state, f);
  const option: CastingOption = es === 'hth' ? 'hth-cast' : es === 'engaged' ? 'r' : 'h';
  check(tx, f, option);
  resolveCastSpell(tx, c, option);
  markActed(tx, f.id, option);
}

/** RULINGS A5: an action spent binding a bleeding wound, one's own or an adjacent figure's. */
export function applyBindWound(tx: Tx, c: CommandOf<'bindWound'>): void {
  requireTurn(tx, c, ['actions']);
  const f = tx.fig(c.figureId);
  const t = tx.fig(c.targetId);
  // Its action this turn still to take: nothing done yet, or only the move of option a or j it takes the wound's place of.
  const acted = turnStateOf(tx.state).actionDone.includes(f.id) || (f.turn.option !== null && f.turn.option !== 'a' && f.turn.option !== 'j');
  if ((!canAct(f) || acted) && f.hthWith.length === 0) throw new AppError('rule', `${f.name} has already acted this turn.`);
  if (isDown(f) && engagementState(tx.state, f) === 'engaged') {
    throw new AppError('rule', `${f.name} is engaged: a figure on the ground may only stand up (001 §Action Options p).`);
  }
  if (f.hthWith.length > 0) throw new AppError('rule', `${f.name} is in hand-to-hand combat.`);
  const gait = turnGait(f, tx.rules); // RULINGS T5: by the hexes moved
  if (gait !== null && !['stand-still', 'shift', 'walk-slow'].includes(gait)) {
    throw new AppError('rule', `${f.name} moved at ${gait}: binding a wound allows at most Walk (slow) (console's reading of RULINGS A5).`);
  }
  if (t.id !== f.id && hexDistance(t.position, f.position) > 1) throw new AppError('rule', `${t.name} is not next to ${f.name}.`);
  if (!t.conditions.includes('bleeding')) throw new AppError('rule', `${t.name} is not bleeding.`);
  tx.update(t.id, (x) => ({ ...x, conditions: x.conditions.filter((k) => k !== 'bleeding') }));
  tx.emit?.({ type: 'conditionChanged', figureId: t.id, condition: 'bleeding', on: false, source: 'RULINGS A5 (wound bound)' });
  markActed(tx, f.id, null);
}

export function applyPass(tx: Tx, c: CommandOf<'pass'>): void {
  requireTurn(tx, c, ['actions']);
  const f = tx.fig(c.figureId);
  tx.emit?.({ type: 'passed', figureId: f.id, source: 'RULINGS T5' });
  markActed(tx, f.id, f.turn.option);
}

// --- GM corrections ------------------------------------------------------------------------------------

export function applySetCondition(tx: Tx, c: CommandOf<'setCondition'>): void {
  const f = tx.fig(c.figureId);
  const has = f.conditions.includes(c.condition);
  if (has === c.on) return;
  tx.update(f.id, (x) => ({ ...x, conditions: c.on ? [...x.conditions, c.condition] : x.conditions.filter((k) => k !== c.condition) }));
  tx.emit?.({ type: 'conditionChanged', figureId: f.id, condition: c.condition, on: c.on, source: 'GM (001 §DEX Adjustments: Target Conditions)' });
}

export function applySetPosture(tx: Tx, c: CommandOf<'setPosture'>): void {
  setPosture(tx, c.figureId, c.posture, 'GM');
}
