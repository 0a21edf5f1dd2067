/**
 * The GM's figure commands: put a new figure on the map, edit one in place, take
 * one off. A new figure's attributes are rolled (3d6 each, 001 §Determining Core Attributes),
 * bought with 65 points (RULINGS C2) or typed (a quick NPC, a figure from the campaign roster);
 * its Fatigue 2d6 is rolled once here and kept on the figure (RULINGS C3), its secret mana pool
 * rolled with the campaign's dice or typed (RULINGS C8). Every problem is reported in words, all
 * at once, so the sheet can show them beside the fields (`checkFigureSheet`).
 */
import type { AttributeValues, CommandOf, EquipmentInput, FigureSheetInput } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import { hexKey, type Hex } from '../../../../shared/hex';
import { mapCentre, nearestFreeHex, placementRefusal } from './placement';
export { canPlace } from './placement';
import { ATTRIBUTE_NAMES, rollAttributes, validatePointBuy, type Attributes } from '../../characters';
import { bodyFromFatigue, manaPool, poolsFromRoll } from '../../characters/pools';
import type { Dice, Roll } from '../../dice/types';
import { DEFAULT_CATALOGUE } from '../../magic/catalogue';
import { armorById, meetsMinimumStrength, shieldById, weaponById } from '../../equipment';
import { offHandProblem } from '../actions/offHand';
import { FigureStateSchema, turnStateOf, type EncounterState, type FigureState } from '../schema';
import { figureById } from '../state';
import { NO_HAZARDS } from '../../options/types';
import { distinctName, figureIdFor, NAME_MAX } from './figureNames';
import { creationRollOf } from './creationRoll';
import type { Tx } from '../tx';

export { figureIdFor, NAME_MAX } from './figureNames';

/** The state schema's bounds for an attribute typed by the GM (a quick NPC may be a giant). */
export const TYPED_ATTRIBUTE_MIN = 1;
export const TYPED_ATTRIBUTE_MAX = 40;
/** Not a rule: a sanity bound for a typed mana pool (RULINGS C8 lets the GM type any value). */
export const MANA_POOL_MAX = 999;

const SRC_CREATION = '001 §Determining Core Attributes';

function checkName(raw: string, problems: string[]): string {
  const name = raw.trim();
  if (name.length === 0) problems.push('The figure needs a name.');
  else if (name.length > NAME_MAX) problems.push(`The name is ${name.length} characters long; at most ${NAME_MAX} fit.`);
  return name;
}

function checkTypedAttributes(values: AttributeValues, problems: string[]): void {
  for (const a of ATTRIBUTE_NAMES) {
    const v = values[a];
    if (v < TYPED_ATTRIBUTE_MIN || v > TYPED_ATTRIBUTE_MAX) {
      problems.push(`${a} is ${v}; a figure's attributes run from ${TYPED_ATTRIBUTE_MIN} to ${TYPED_ATTRIBUTE_MAX}.`);
    }
  }
}

/** Equipment that exists in 001's tables, a ready weapon that is carried and strong enough for. */
export function checkEquipment(equipment: EquipmentInput & { readonly shieldReady?: boolean }, strength: number | null, problems: string[]): void {
  for (const id of equipment.weaponIds) if (!weaponById(id)) problems.push(`There is no weapon "${id}" in the weapon tables.`);
  if (new Set(equipment.weaponIds).size !== equipment.weaponIds.length) problems.push('A weapon is listed twice.');
  const ready = equipment.readyWeaponId;
  if (ready !== null) {
    const weapon = weaponById(ready);
    if (!equipment.weaponIds.includes(ready)) problems.push('The weapon in hand must be one of the weapons carried.');
    else if (weapon && strength !== null) {
      // 001 names no penalty below the STR column: the console does not ready such a weapon.
      const check = meetsMinimumStrength(weapon, strength);
      if (!check.ok) problems.push(`${check.reason} (${check.source})`);
    }
    if (weapon && weapon.use === 'ammunition') problems.push(`${weapon.name} is ammunition, not a weapon to hold.`);
  }
  const offHand = offHandProblem(equipment);
  if (offHand !== null) problems.push(offHand);
  if (equipment.armorId !== null && !armorById(equipment.armorId)) problems.push(`There is no armour "${equipment.armorId}" in the armour table.`);
  if (equipment.shieldId !== null && !shieldById(equipment.shieldId)) problems.push(`There is no shield "${equipment.shieldId}" in the shield table.`);
}

/** Spells from the catalogue, each at a mastery 1–5 (001 §Spell Mastery). */
export function checkMastery(mastery: Readonly<Record<string, number>>, problems: string[]): void {
  if (Object.keys(mastery).length > 200) problems.push('At most 200 spells can be listed.');
  for (const [id, level] of Object.entries(mastery)) {
    const spell = DEFAULT_CATALOGUE.byId.get(id);
    if (!spell) problems.push(`There is no spell "${id}" in the catalogue.`);
    if (!Number.isInteger(level) || level < 1 || level > 5) {
      problems.push(`${spell?.name ?? id}: mastery runs from 1 to 5 (got ${level}) (001 §Spell Mastery).`);
    }
  }
}

/** A casting attribute chosen for a spell the figure knows. */
export function checkCastingAttributes(chosen: Readonly<Record<string, string>>, mastery: Readonly<Record<string, number>>, problems: string[]): void {
  for (const id of Object.keys(chosen)) {
    if (mastery[id] === undefined)
      problems.push(`A casting attribute is chosen for ${DEFAULT_CATALOGUE.byId.get(id)?.name ?? id}, a spell the figure does not know.`);
  }
}

function checkManaPool(pool: number, problems: string[]): void {
  if (pool < 0 || pool > MANA_POOL_MAX) problems.push(`A mana pool runs from 0 to ${MANA_POOL_MAX} (got ${pool}).`);
}

/**
 * Every problem with a sheet before it becomes a figure, in words; empty when it can be placed.
 * Point-buy spreads are checked against RULINGS C2 (65 points, each 3–18).
 */
export function checkFigureSheet(state: EncounterState, input: FigureSheetInput): string[] {
  const problems: string[] = [];
  checkName(input.name, problems);
  if (!state.sides.some((s) => s.id === input.sideId)) problems.push(`There is no side "${input.sideId}" in this encounter.`);
  let strength: number | null = null;
  if (input.attributes.method === 'pointBuy') {
    problems.push(...validatePointBuy(input.attributes.values).problems); // RULINGS C2
    strength = input.attributes.values.STR;
  } else if (input.attributes.method === 'set') {
    checkTypedAttributes(input.attributes.values, problems);
    strength = input.attributes.values.STR;
  }
  // Rolled attributes are not known yet: the STR check happens once they are.
  checkEquipment(input.equipment, strength, problems);
  if (input.mana?.method === 'set') checkManaPool(input.mana.pool, problems);
  if (input.mastery) checkMastery(input.mastery, problems);
  if (input.castingAttributes) checkCastingAttributes(input.castingAttributes, input.mastery ?? {}, problems);
  if (input.attacks !== undefined) checkAttacks(input.attacks, problems);
  return problems;
}

/** The fewest and most attacks a monster is given (RULINGS O3; 002 §Assigning Movement sets no bound: decision). */
export const MONSTER_ATTACKS_MIN = 1;
export const MONSTER_ATTACKS_MAX = 10;

/** A monster's attacks are its AP under strides (002 §Assigning Movement; RULINGS O3): a whole number 1–10. */
export function checkAttacks(attacks: number, problems: string[]): void {
  if (!Number.isInteger(attacks) || attacks < MONSTER_ATTACKS_MIN || attacks > MONSTER_ATTACKS_MAX) {
    problems.push(`A monster has ${MONSTER_ATTACKS_MIN} to ${MONSTER_ATTACKS_MAX} attacks (its AP, 002 §Assigning Movement); got ${attacks}.`);
  }
}

/** A `Dice` whose rolls go through the transaction, so the log records them (RULINGS G3). */
function recording(tx: Tx): Dice {
  return { kind: tx.dice.kind, roll: (expression, label) => tx.roll(typeof expression === 'string' ? expression : expression.notation, label) };
}

/** The creation 2d6 a figure already has, as the pools function takes it (not rolled again, RULINGS C3). */
function keptRoll(faces: readonly number[]): Roll {
  return {
    notation: '2d6',
    count: 2,
    sides: 6,
    modifier: 0,
    faces,
    total: faces.reduce((s, f) => s + f, 0),
    kind: 'entered',
    label: 'creation: Fatigue 2d6 (kept)',
  };
}

function equipmentOf(input: EquipmentInput): FigureState['equipment'] {
  return {
    weaponIds: [...input.weaponIds],
    readyWeaponId: input.readyWeaponId,
    ...(input.offHandWeaponId ? { offHandWeaponId: input.offHandWeaponId } : {}),
    armorId: input.armorId,
    shieldId: input.shieldId,
    shieldReady: input.shieldId !== null,
    packLbs: input.packLbs ?? 0,
  };
}

export function applyAddFigure(tx: Tx, command: CommandOf<'addFigure'>): void {
  const input = command.figure;
  const problems = checkFigureSheet(tx.state, input);
  if (problems.length > 0) throw new AppError('rule', problems.join(' '));
  const size = input.size ?? 1;
  const facing = command.facing ?? 0;
  let at: Hex;
  if (command.position) {
    const refusal = placementRefusal(tx.state, { at: command.position, facing, size, sideId: input.sideId });
    if (refusal) throw new AppError('rule', refusal);
    at = command.position;
  } else {
    const free = nearestFreeHex(tx.state, mapCentre(tx.state), { facing, size, sideId: input.sideId });
    if (!free) throw new AppError('rule', 'There is no free place on the map for another figure.');
    at = free;
  }
  const dice = recording(tx);
  // 001 §Determining Core Attributes: 3d6 each in order, or a point-buy (RULINGS C2), or typed.
  const attributes: Attributes = input.attributes.method === 'roll' ? rollAttributes(dice).attributes : { ...input.attributes.values };
  // A rolled STR too low for the weapon in hand leaves it slung, not in hand: refusing would
  // make the GM roll again, and the same seed would roll the same faces.
  const equipment = equipmentOf(input.equipment);
  const ready = equipment.readyWeaponId === null ? undefined : weaponById(equipment.readyWeaponId);
  if (ready && !meetsMinimumStrength(ready, attributes.STR).ok) equipment.readyWeaponId = null;
  // RULINGS C3: the 2d6 is rolled once, at creation, and kept.
  const fatigueRoll = input.fatigueDice ? keptRoll(input.fatigueDice) : tx.roll('2d6', 'creation: Fatigue 2d6');
  const pools = poolsFromRoll(attributes, fatigueRoll);
  // RULINGS C8: the secret mana pool, rolled with the campaign's dice or typed by the GM.
  const mana =
    input.mana === null
      ? null
      : manaPool(input.mana.method === 'roll' ? { kind: 'roll', dice, notation: tx.rules.manaPoolDice } : { kind: 'gm', value: input.mana.pool });
  const seenByPlayers = !(input.hidden ?? false) && !tx.state.map.hidden.includes(hexKey(at));
  const name = distinctName(tx.state, input.name.trim(), seenByPlayers);
  const id = figureIdFor(tx.state, name);
  const figure = FigureStateSchema.parse({
    id,
    name,
    sideId: input.sideId,
    position: { q: at.q, r: at.r },
    facing,
    size,
    posture: 'standing',
    hidden: input.hidden ?? false,
    gmNotes: input.gmNotes ?? '',
    attributes,
    fatigue: { starting: pools.fatigue.value, current: pools.fatigue.value },
    body: { starting: pools.body.value, current: pools.body.value },
    mana: mana === null ? null : { pool: mana.value, current: mana.value, debt: 0 },
    kind: input.kind,
    equipment,
    mastery: { ...(input.mastery ?? {}) },
    ...(input.castingAttributes && Object.keys(input.castingAttributes).length > 0 ? { castingAttributes: { ...input.castingAttributes } } : {}),
    fatigueDice: [...fatigueRoll.faces],
    // RULINGS O3: a monster's attacks (its AP); absent = a humanoid.
    ...(input.attacks === undefined ? {} : { attacks: input.attacks }),
    ...(input.art === undefined ? {} : { art: input.art }),
  });
  tx.state = { ...tx.state, figures: [...tx.state.figures, figure] };
  tx.emit?.({
    type: 'figureAdded',
    figureId: id,
    name,
    sideId: input.sideId,
    at: figure.position,
    method: input.attributes.method,
    fatigue: figure.fatigue.starting,
    body: figure.body.starting,
    source: input.attributes.method === 'pointBuy' ? `${SRC_CREATION}; RULINGS C2, C3` : `${SRC_CREATION}; RULINGS C3`,
  });
}

/**
 * Fatigue and Body after the attributes change: the same creation 2d6 on the new attributes
 * (RULINGS C3); damage already taken stays taken (current moves with starting).
 */
export function repooled(f: FigureState, attributes: Attributes): Pick<FigureState, 'fatigue' | 'body'> {
  const roll = creationRollOf(f);
  const starting = Math.max(1, attributes.CON + attributes.WIS + attributes.INT + Math.max(attributes.DEX, attributes.STR) + roll);
  const body = bodyFromFatigue(starting).value;
  return {
    fatigue: { starting, current: f.fatigue.current + (starting - f.fatigue.starting) },
    body: { starting: body, current: f.body.current + (body - f.body.starting) },
  };
}

export function applyUpdateFigure(tx: Tx, command: CommandOf<'updateFigure'>): void {
  const figure = figureById(tx.state, command.figureId);
  const c = command.changes;
  const changed = Object.keys(c).filter((k) => c[k as keyof typeof c] !== undefined);
  if (changed.length === 0) throw new AppError('rule', 'Nothing to change.');
  const problems: string[] = [];
  let next: FigureState = { ...figure };
  if (c.name !== undefined) next.name = checkName(c.name, problems);
  if (c.sideId !== undefined) {
    if (!tx.state.sides.some((s) => s.id === c.sideId)) problems.push(`There is no side "${c.sideId}" in this encounter.`);
    next.sideId = c.sideId;
  }
  if (c.kind !== undefined) next.kind = c.kind;
  if (c.attributes !== undefined) {
    checkTypedAttributes(c.attributes, problems);
    if (problems.length === 0) {
      next = { ...next, attributes: { ...c.attributes }, ...repooled(figure, c.attributes) };
      if (next.fatigue.current <= 0 && figure.fatigue.current > 0) {
        problems.push(`With these attributes ${figure.name} would be left with Fatigue ${next.fatigue.current}: heal the figure first.`);
      }
    }
  }
  if (c.equipment !== undefined) {
    // The same shield keeps its place (on the arm or slung); a new one comes ready.
    const shieldReady = c.equipment.shieldId === null ? false : figure.equipment.shieldId === c.equipment.shieldId ? figure.equipment.shieldReady : true;
    checkEquipment({ ...c.equipment, shieldReady }, next.attributes.STR, problems);
    next.equipment = { ...equipmentOf(c.equipment), shieldReady };
  } else if (c.attributes !== undefined) {
    checkEquipment({ ...figure.equipment }, next.attributes.STR, problems);
  }
  if (c.mastery !== undefined) {
    checkMastery(c.mastery, problems);
    next.mastery = { ...c.mastery };
  }
  if (c.castingAttributes !== undefined || c.mastery !== undefined) {
    // A spell forgotten takes its chosen attribute with it.
    const chosen = Object.fromEntries(
      Object.entries(c.castingAttributes ?? figure.castingAttributes ?? {}).filter(
        ([id]) => c.castingAttributes !== undefined || next.mastery[id] !== undefined,
      ),
    );
    checkCastingAttributes(chosen, next.mastery, problems);
    const { castingAttributes: _, ...rest } = next;
    next = Object.keys(chosen).length > 0 ? { ...rest, castingAttributes: chosen } : rest;
  }
  if (c.gmNotes !== undefined) next.gmNotes = c.gmNotes;
  if (c.hidden !== undefined) next.hidden = c.hidden;
  if (c.art === null) {
    const { art: _, ...plain } = next;
    next = plain;
  } else if (c.art !== undefined) next = { ...next, art: c.art };
  if (c.manaPool !== undefined) {
    if (c.manaPool === null) next.mana = null;
    else {
      checkManaPool(c.manaPool, problems);
      const old = figure.mana;
      // RULINGS C8: the GM types the pool; mana spent so far stays spent.
      next.mana = old
        ? { ...old, pool: c.manaPool, current: Math.min(c.manaPool, old.current + (c.manaPool - old.pool)) }
        : { pool: c.manaPool, current: c.manaPool, debt: 0 };
    }
  }
  if (c.attacks !== undefined) {
    if (c.attacks === null) {
      const { attacks: _, ...humanoid } = next;
      next = humanoid;
    } else {
      checkAttacks(c.attacks, problems);
      next = { ...next, attacks: c.attacks };
    }
    // RULINGS O3 (002 §Assigning Movement): the AP already spent this turn must fit the new count.
    const ap = (tx.rules.movement.hazards ?? NO_HAZARDS).actionPoints({ attacks: next.attacks });
    const spent = (figure.turn.apSpent ?? 0) + (figure.turn.apAttacks ?? 0);
    if (ap !== null && spent > ap) problems.push(`${figure.name} has spent ${spent} AP this turn: it cannot have fewer than that (002 §Assigning Movement).`);
  }
  if (problems.length > 0) throw new AppError('rule', problems.join(' '));
  tx.state = { ...tx.state, figures: tx.state.figures.map((f) => (f.id === figure.id ? next : f)) };
  tx.emit?.({ type: 'figureUpdated', figureId: figure.id, changed, source: c.attributes ? `${SRC_CREATION}; RULINGS C3` : 'DESIGN §One picture' });
}

export function applyRemoveFigure(tx: Tx, command: CommandOf<'removeFigure'>): void {
  const figure = figureById(tx.state, command.figureId);
  const id = figure.id;
  const without = (list: readonly string[]) => list.filter((x) => x !== id);
  const state = tx.state;
  const figures = state.figures
    .filter((f) => f.id !== id)
    .map((f) =>
      f.hthWith.includes(id) || f.turn.hitsDealtTo.includes(id)
        ? { ...f, hthWith: without(f.hthWith), turn: { ...f.turn, hitsDealtTo: without(f.turn.hitsDealtTo) } }
        : f,
    );
  const ts = state.turnState ? turnStateOf(state) : null;
  tx.state = {
    ...state,
    figures,
    spells: state.spells.filter((s) => s.casterId !== id && s.targetId !== id),
    ...(state.items ? { items: state.items.map((i) => (i.ownerId === id ? { ...i, ownerId: null } : i)) } : {}),
    ...(ts
      ? {
          turnState: {
            ...ts,
            renewOrder: without(ts.renewOrder),
            renewDone: without(ts.renewDone),
            moveOrder: without(ts.moveOrder),
            moveDone: without(ts.moveDone),
            actionOrder: without(ts.actionOrder),
            actionDone: without(ts.actionDone),
            retreatOffers: ts.retreatOffers
              .filter((o) => o.figureId !== id)
              .map((o) => ({ ...o, targetIds: without(o.targetIds) }))
              .filter((o) => o.targetIds.length > 0),
            retreatDone: without(ts.retreatDone),
            ...(ts.moveGroups ? { moveGroups: ts.moveGroups.map((g) => ({ ...g, ids: without(g.ids) })) } : {}),
            // RULINGS O3: offers made to or against the figure go with it.
            ...(ts.opportunities ? { opportunities: ts.opportunities.filter((o) => o.defenderId !== id && o.moverId !== id) } : {}),
            ...(ts.firstStrikes ? { firstStrikes: ts.firstStrikes.filter((o) => o.defenderId !== id && o.attackerId !== id && o.blow.targetId !== id) } : {}),
          },
        }
      : {}),
  };
  tx.emit?.({ type: 'figureRemoved', figureId: id, name: figure.name, source: 'DESIGN §One picture' });
}
