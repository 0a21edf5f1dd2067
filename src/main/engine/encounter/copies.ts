/**
 * Shallow copies of the objects every command copies (the state, its turn state, a figure and a
 * figure's turn), made so V8 keeps each kind on one hidden class. Each is exactly `{ ...o }`: the
 * same keys in the same order with the same values, so a copy changed by assignment is the
 * spread with those keys written after it (`{ ...o, k: v }`), new keys last.
 *
 * Why not the spread itself: every `{ ...o }` in the code hands its objects a hidden class of its
 * own, so code reading states made by many commands sees a dozen classes of one kind, and each
 * later spread of them (thousands per fight) takes V8's slow generic copy. An object literal with
 * the keys in one order gives one class wherever it runs. The literal is used only when `o`'s
 * keys are exactly the listed ones in that order (the shapes commands make; a state read from
 * disk with other keys is copied by the spread), so no copy can differ from the spread's.
 */
import { turnStateOf, type EncounterState, type FigureState, type FigureTurn, type TurnState } from './schema';

/** Whether `o`'s enumerable keys are exactly `keys`, in that order. */
export function hasKeysInOrder(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) if (k !== keys[i++]) return false;
  return i === keys.length;
}

const STATE = ['id', 'name', 'map', 'sides', 'figures', 'spells', 'turn', 'phase', 'turnState'] as const;
const STATE_ITEMS = [...STATE, 'nextId', 'items'] as const;
const STATE_MAGIC = [...STATE, 'magic'] as const;
const STATE_MAGIC_ITEMS = [...STATE, 'magic', 'nextId', 'items'] as const;

/** `{ ...s }` (see the file's comment). */
export function copyState(s: EncounterState): EncounterState {
  if (hasKeysInOrder(s, STATE_ITEMS)) {
    return {
      id: s.id,
      name: s.name,
      map: s.map,
      sides: s.sides,
      figures: s.figures,
      spells: s.spells,
      turn: s.turn,
      phase: s.phase,
      turnState: s.turnState,
      nextId: s.nextId,
      items: s.items,
    };
  }
  if (hasKeysInOrder(s, STATE_MAGIC_ITEMS)) {
    return {
      id: s.id,
      name: s.name,
      map: s.map,
      sides: s.sides,
      figures: s.figures,
      spells: s.spells,
      turn: s.turn,
      phase: s.phase,
      turnState: s.turnState,
      magic: s.magic,
      nextId: s.nextId,
      items: s.items,
    };
  }
  if (hasKeysInOrder(s, STATE)) {
    return { id: s.id, name: s.name, map: s.map, sides: s.sides, figures: s.figures, spells: s.spells, turn: s.turn, phase: s.phase, turnState: s.turnState };
  }
  if (hasKeysInOrder(s, STATE_MAGIC)) {
    return {
      id: s.id,
      name: s.name,
      map: s.map,
      sides: s.sides,
      figures: s.figures,
      spells: s.spells,
      turn: s.turn,
      phase: s.phase,
      turnState: s.turnState,
      magic: s.magic,
    };
  }
  return { ...s };
}

const TURN_STATE = ['initiative', 'renewOrder', 'renewDone', 'moveOrder', 'moveDone', 'actionOrder', 'actionDone', 'retreatOffers', 'retreatDone'] as const;
const TURN_STATE_GROUPS = [...TURN_STATE, 'moveGroups'] as const;

/** `{ ...t }` (see the file's comment). */
export function copyTurnState(t: TurnState): TurnState {
  if (hasKeysInOrder(t, TURN_STATE_GROUPS)) {
    return {
      initiative: t.initiative,
      renewOrder: t.renewOrder,
      renewDone: t.renewDone,
      moveOrder: t.moveOrder,
      moveDone: t.moveDone,
      actionOrder: t.actionOrder,
      actionDone: t.actionDone,
      retreatOffers: t.retreatOffers,
      retreatDone: t.retreatDone,
      moveGroups: t.moveGroups,
    };
  }
  if (hasKeysInOrder(t, TURN_STATE)) {
    return {
      initiative: t.initiative,
      renewOrder: t.renewOrder,
      renewDone: t.renewDone,
      moveOrder: t.moveOrder,
      moveDone: t.moveDone,
      actionOrder: t.actionOrder,
      actionDone: t.actionDone,
      retreatOffers: t.retreatOffers,
      retreatDone: t.retreatDone,
    };
  }
  return { ...t };
}

const FIGURE_HEAD = ['id', 'name', 'sideId', 'position', 'facing', 'size', 'posture', 'hidden', 'gmNotes'] as const;
const FIGURE_TAIL = [
  'attributes',
  'fatigue',
  'body',
  'mana',
  'mastery',
  'kind',
  'equipment',
  'conditions',
  'hthWith',
  'lastShotTurn',
  'momentum',
  'hitsLastTurn',
  'turn',
] as const;
const FIGURE = [...FIGURE_HEAD, ...FIGURE_TAIL] as const;
const FIGURE_ART = [...FIGURE_HEAD, 'art', ...FIGURE_TAIL] as const;

/** `{ ...f }` (see the file's comment). */
export function copyFigure(f: FigureState): FigureState {
  if (hasKeysInOrder(f, FIGURE)) {
    return {
      id: f.id,
      name: f.name,
      sideId: f.sideId,
      position: f.position,
      facing: f.facing,
      size: f.size,
      posture: f.posture,
      hidden: f.hidden,
      gmNotes: f.gmNotes,
      attributes: f.attributes,
      fatigue: f.fatigue,
      body: f.body,
      mana: f.mana,
      mastery: f.mastery,
      kind: f.kind,
      equipment: f.equipment,
      conditions: f.conditions,
      hthWith: f.hthWith,
      lastShotTurn: f.lastShotTurn,
      momentum: f.momentum,
      hitsLastTurn: f.hitsLastTurn,
      turn: f.turn,
    };
  }
  if (hasKeysInOrder(f, FIGURE_ART)) {
    return {
      id: f.id,
      name: f.name,
      sideId: f.sideId,
      position: f.position,
      facing: f.facing,
      size: f.size,
      posture: f.posture,
      hidden: f.hidden,
      gmNotes: f.gmNotes,
      art: f.art,
      attributes: f.attributes,
      fatigue: f.fatigue,
      body: f.body,
      mana: f.mana,
      mastery: f.mastery,
      kind: f.kind,
      equipment: f.equipment,
      conditions: f.conditions,
      hthWith: f.hthWith,
      lastShotTurn: f.lastShotTurn,
      momentum: f.momentum,
      hitsLastTurn: f.hitsLastTurn,
      turn: f.turn,
    };
  }
  return { ...f };
}

const TURN = [
  'mode',
  'spent',
  'yielded',
  'option',
  'defence',
  'engagedAtStart',
  'charged',
  'brokenGround',
  'hitsDealtTo',
  'hitsTaken',
  'shots',
  'lastShot',
] as const;

/** `{ ...t }` (see the file's comment). */
export function copyTurn(t: FigureTurn): FigureTurn {
  if (hasKeysInOrder(t, TURN)) {
    return {
      mode: t.mode,
      spent: t.spent,
      yielded: t.yielded,
      option: t.option,
      defence: t.defence,
      engagedAtStart: t.engagedAtStart,
      charged: t.charged,
      brokenGround: t.brokenGround,
      hitsDealtTo: t.hitsDealtTo,
      hitsTaken: t.hitsTaken,
      shots: t.shots,
      lastShot: t.lastShot,
    };
  }
  return { ...t };
}

/** `{ ...f, turn }`: a figure with its turn replaced. */
export function withTurn(f: FigureState, turn: FigureTurn): FigureState {
  const next = copyFigure(f);
  next.turn = turn;
  return next;
}

/** `{ ...f, turn: { ...f.turn, ...change } }`: a figure with some of its turn's fields changed. */
export function withTurnChange(f: FigureState, change: Partial<FigureTurn>): FigureState {
  const turn = copyTurn(f.turn);
  for (const key in change) (turn as Record<string, unknown>)[key] = change[key as keyof FigureTurn];
  return withTurn(f, turn);
}

/** `{ ...state, turnState: { ...turnStateOf(state), ...change } }`: the turn's bookkeeping changed. */
export function setTurnState(state: EncounterState, change: Partial<TurnState>): EncounterState {
  const turnState = copyTurnState(turnStateOf(state));
  for (const key in change) (turnState as Record<string, unknown>)[key] = change[key as keyof TurnState];
  return withTurnState(state, turnState);
}

/** `setTurnState(state, { [key]: value })`, without the change object (every move and action). */
export function setTurnStateKey<K extends keyof TurnState>(state: EncounterState, key: K, value: TurnState[K]): EncounterState {
  const turnState = copyTurnState(turnStateOf(state));
  turnState[key] = value;
  return withTurnState(state, turnState);
}

function withTurnState(state: EncounterState, turnState: TurnState): EncounterState {
  const next = copyState(state);
  next.turnState = turnState;
  return next;
}
