/**
 * What must hold after every command (the soak and scripted tests check it after each step):
 * figures on the map and out of walls, no two standing figures in one hex outside hand-to-hand,
 * hand-to-hand pairs that agree, pools and counters that make sense, bookkeeping that names real
 * figures and sides, equipment that exists.
 */
import { sightInvariants } from './map/partySight';
import { hexKey } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import { weaponById, armorById, shieldById } from '../equipment';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../rules';
import { NO_HAZARDS } from '../options/types';
import { itemsOf, turnStateOf, type EncounterState } from './schema';
import { figureHexes } from './state';
import { magicInvariants } from './magic/magicInvariants';
import { effectiveMap } from '../map/effectiveMap';

/**
 * Every broken invariant, in words; empty when the state is sound. `rules` are the encounter's
 * (default: RULINGS.md's Pillars); they say how many AP each figure has (RULINGS O3).
 */
export function checkInvariants(state: EncounterState, rules: Rules | RuleSet = DEFAULT_RULES): string[] {
  const hazards = asRuleSet(rules).movement.hazards ?? NO_HAZARDS;
  const out: string[] = [];
  const ids = new Set<string>();
  const sides = new Set(state.sides.map((s) => s.id));
  const byHex = new Map<string, string[]>();
  for (const f of state.figures) {
    if (ids.has(f.id)) out.push(`Figure id ${f.id} appears twice.`);
    ids.add(f.id);
    if (!sides.has(f.sideId)) out.push(`${f.id} belongs to unknown side ${f.sideId}.`);
    for (const h of figureHexes(f)) {
      if (!isOnMap(state.map, h)) out.push(`${f.id} is off the map at ${hexKey(h)}.`);
      if (effectiveMap(state).isWall(h)) out.push(`${f.id} stands in a wall at ${hexKey(h)}.`);
      // RULINGS M7: a hex with a *standing* figure cannot be entered; figures on the ground may
      // share one (e.g. two left grappling the same foe when it dies).
      // A rider sits in its mount's hex (movement/mounts.ts): the mount is what stands there.
      if (f.posture === 'standing' && f.ridingId === undefined) byHex.set(hexKey(h), [...(byHex.get(hexKey(h)) ?? []), f.id]);
    }
    if (f.ridingId !== undefined) {
      const m = state.figures.find((x) => x.id === f.ridingId);
      if (!m || hexKey(m.position) !== hexKey(f.position)) out.push(`${f.id} rides ${f.ridingId} but is not in its hex.`);
      if (m && (m.ridingId !== undefined || state.figures.filter((x) => x.ridingId === m.id).length > 1))
        out.push(`${m.id} is ridden by more than one figure, or rides itself.`);
    }
    if (f.fatigue.current > f.fatigue.starting) out.push(`${f.id} has Fatigue ${f.fatigue.current} above its starting ${f.fatigue.starting}.`);
    if (f.body.current > f.body.starting) out.push(`${f.id} has Body ${f.body.current} above its starting ${f.body.starting}.`);
    if (f.fatigue.current <= 0 && (f.posture === 'standing' || f.posture === 'kneeling'))
      out.push(`${f.id} has Fatigue ${f.fatigue.current} but is ${f.posture}.`);
    if (f.mana && (f.mana.current > f.mana.pool || f.mana.debt < 0)) out.push(`${f.id} has inconsistent mana.`);
    const r = f.equipment.readyWeaponId;
    if (r !== null && !f.equipment.weaponIds.includes(r)) out.push(`${f.id} readies ${r} that it does not carry.`);
    const off = f.equipment.offHandWeaponId ?? null;
    // RULINGS H7: the weapon in the other hand is carried and is not the one in the main hand.
    if (off !== null && (!f.equipment.weaponIds.includes(off) || off === r))
      out.push(`${f.id} holds ${off} in its other hand, which is not a second carried weapon.`);
    // RULINGS H7 (amended): a ready shield fills a hand.
    if (off !== null && r !== null && f.equipment.shieldId !== null && f.equipment.shieldReady)
      out.push(`${f.id} holds a weapon in each hand and a ready shield.`);
    for (const w of f.equipment.weaponIds) if (!weaponById(w)) out.push(`${f.id} carries unknown weapon ${w}.`);
    if (f.equipment.armorId && !armorById(f.equipment.armorId)) out.push(`${f.id} wears unknown armour ${f.equipment.armorId}.`);
    if (f.equipment.shieldId && !shieldById(f.equipment.shieldId)) out.push(`${f.id} carries unknown shield ${f.equipment.shieldId}.`);
    if (f.posture === 'dead' && f.hthWith.length > 0) out.push(`${f.id} is dead but still in HTH.`);
    for (const p of f.hthWith) {
      const o = state.figures.find((x) => x.id === p);
      if (!o) out.push(`${f.id} is in HTH with unknown ${p}.`);
      else {
        if (!o.hthWith.includes(f.id)) out.push(`${f.id} is in HTH with ${p}, but not the other way round.`);
        if (hexKey(o.position) !== hexKey(f.position)) out.push(`${f.id} and ${p} are in HTH in different hexes.`);
      }
    }
    if (f.turn.spent < 0 || f.turn.hitsTaken < 0 || f.turn.shots < 0) out.push(`${f.id} has negative turn counters.`);
    if (f.lastShotTurn !== null && f.lastShotTurn > state.turn) out.push(`${f.id} shot in a future turn.`);
  }
  for (const [k, list] of byHex) {
    if (list.length < 2) continue;
    const inHth = list.every((id) => {
      const f = state.figures.find((x) => x.id === id);
      return f !== undefined && list.some((o) => o !== id && f.hthWith.includes(o));
    });
    if (!inHth) out.push(`${list.join(' and ')} share hex ${k} outside hand-to-hand.`);
  }
  const ts = turnStateOf(state);
  const known = (list: readonly string[], what: string): void => {
    for (const id of list) if (!ids.has(id)) out.push(`${what} names unknown figure ${id}.`);
  };
  known(ts.moveOrder, 'The movement order');
  known(ts.moveDone, 'The moved list');
  known(ts.actionOrder, 'The action order');
  known(ts.actionDone, 'The acted list');
  known(ts.renewOrder, 'The renew order');
  for (const id of ts.moveDone) if (!ts.moveOrder.includes(id)) out.push(`${id} moved but is not in the movement order.`);
  if (new Set(ts.actionDone).size !== ts.actionDone.length) out.push('A figure acted twice.');
  // RULINGS T2 (sides) or O2, O4 (figures): the initiative order names real participants.
  if (ts.initiative) {
    const known = ts.initiative.by === 'figure' ? ids : sides;
    for (const s of ts.initiative.order) if (!known.has(s)) out.push(`Initiative names unknown ${ts.initiative.by === 'figure' ? 'figure' : 'side'} ${s}.`);
  }
  for (const g of ts.moveGroups ?? []) known(g.ids, `The ${g.phase} group`);
  // RULINGS O3: strides and momentum stay within 002's 1–8; AP spent (movement and attacks)
  // within the figure's own: 5 for a humanoid, a monster's attacks (002 §Assigning Movement);
  // rules that count no AP spend none.
  for (const f of state.figures) {
    const ap = hazards.actionPoints({ attacks: f.attacks }) ?? 0;
    const spent = (f.turn.apSpent ?? 0) + (f.turn.apAttacks ?? 0);
    if (spent > ap) out.push(`${f.id} spent ${spent} AP (${f.turn.apSpent ?? 0} on movement, ${f.turn.apAttacks ?? 0} on attacks); it has ${ap}.`);
    if ((f.turn.stride ?? 0) > 0 && f.turn.mode !== null && !f.turn.mode.startsWith('stride-')) out.push(`${f.id} has a stride but moved at ${f.turn.mode}.`);
    if (f.momentum > 0 && f.momentum < 6) out.push(`${f.id} carries momentum ${f.momentum}; only a sprint (6–8) carries (002).`);
  }
  if (state.phase === 'initiative' && (ts.moveDone.length > 0 || ts.actionDone.length > 0))
    out.push('Bookkeeping from an earlier phase survives into Initiative.');
  const itemIds = new Set<string>();
  for (const i of itemsOf(state)) {
    if (itemIds.has(i.id)) out.push(`Item id ${i.id} appears twice.`);
    itemIds.add(i.id);
    if (!isOnMap(state.map, i.position)) out.push(`Item ${i.id} is off the map.`);
    const n = Number(i.id.replace(/^item-/, ''));
    if (Number.isInteger(n) && n >= (state.nextId ?? 1)) out.push(`Item ${i.id} is not below the id counter ${state.nextId ?? 1}.`);
  }
  // RULINGS H9: a rider waiting for the GM's pick is off its mount, lying where it was placed, one of the hexes offered.
  for (const x of state.fallenRiders ?? []) {
    const rider = state.figures.find((f) => f.id === x.riderId);
    if (rider === undefined || !ids.has(x.mountId)) out.push(`A fallen rider's pick names unknown figures ${x.riderId}, ${x.mountId}.`);
    else if (rider.ridingId !== undefined || hexKey(rider.position) !== hexKey(x.at)) out.push(`${rider.id} waits to be placed but is not where it fell.`);
    if (!x.hexes.some((h) => hexKey(h) === hexKey(x.at))) out.push(`${x.riderId} fell at ${hexKey(x.at)}, not one of the hexes offered.`);
    if (x.turn !== state.turn || x.phase !== state.phase) out.push(`${x.riderId}'s pick outlived its phase.`);
  }
  out.push(...magicInvariants(state), ...sightInvariants(state));
  return out;
}
