/**
 * Keeping riders on their mounts, and what happens when a mount falls (RULINGS H9): the rider is
 * placed prone in a free hex beside it, the GM choosing which.
 *
 * After every command (`apply`), `seatRiders` keeps each rider in its mount's hex, and puts off its
 * mount a rider whose mount is down (unconscious, dead, or off its feet: the console counts a prone
 * or kneeling mount as fallen too) or gone, or who is down itself. The rider goes to the first free
 * hex beside the mount, going round from the mount's facing, and a rider that could act lies there
 * prone. With two or more free hexes the GM may move it to another of them: the encounter keeps a
 * `fallenRiders` entry, which the tracker shows, until the GM places the rider
 * (`placeFallenRider`), the phase ends, or the rider is moved on by play (the console's choice: the
 * pick is a correction made at once, not a move to make later).
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance, hexEquals, hexNeighbor, type Hex } from '../../../../shared/hex';
import type { CommandOf } from '../../../../shared/contract/commands';
import type { EncounterEvent } from '../events';
import type { EncounterState, FigureState } from '../schema';
import { anyRider, canAct, figureHexes, findFigure, isAlive } from '../state';
import type { Tx } from '../tx';
import { effectiveMap } from '../../map/effectiveMap';

export const FALL_SOURCE = 'RULINGS H9 (a fallen mount: its rider is placed prone beside it, the GM choosing where)';

type FallenRider = NonNullable<EncounterState['fallenRiders']>[number];

/** The free hexes beside the mount, going round each of its hexes from its facing (no wall, map edge or other living figure). */
export function freeHexesBeside(state: EncounterState, rider: FigureState, mount: FigureState): Hex[] {
  const body = figureHexes(mount);
  const out: Hex[] = [];
  for (const b of body) {
    for (let d = 0; d < 6; d++) {
      const h = hexNeighbor(b, (mount.facing + d) % 6);
      if (body.some((x) => hexEquals(x, h)) || out.some((x) => hexEquals(x, h))) continue;
      if (effectiveMap(state).blocksMovement(h)) continue;
      const taken = state.figures.some(
        (o) => o.id !== rider.id && o.id !== mount.id && isAlive(o) && o.ridingId === undefined && figureHexes(o).some((c) => hexEquals(c, h)),
      );
      if (!taken) out.push(h);
    }
  }
  return out;
}

/** Whether a rider stays seated: rider and mount up and able, the mount on its feet (RULINGS H9). */
function seated(rider: FigureState, mount: FigureState | undefined): mount is FigureState {
  return mount !== undefined && canAct(mount) && mount.posture === 'standing' && canAct(rider);
}

/**
 * Keeps every rider in its mount's hex and puts off its mount a rider whose mount fell (see the
 * header); then lets go the GM's pending picks that no longer stand. Runs after every command, so
 * placing, pushing or retreating a mount carries its rider.
 */
export function seatRiders(state: EncounterState): { state: EncounterState; events: EncounterEvent[] } {
  let next = state;
  const events: EncounterEvent[] = [];
  if (anyRider(state.figures)) {
    for (const rider of state.figures) {
      if (rider.ridingId === undefined) continue;
      const mount = findFigure(next, rider.ridingId);
      if (seated(rider, mount)) {
        if (!hexEquals(rider.position, mount.position)) next = withFigure(next, { ...rider, position: mount.position });
        continue;
      }
      next = unseat(next, rider, mount, events);
    }
  }
  return { state: settleFallen(next), events };
}

function unseat(state: EncounterState, rider: FigureState, mount: FigureState | undefined, events: EncounterEvent[]): EncounterState {
  const { ridingId: _, ...off } = rider;
  const hexes = mount === undefined ? [] : freeHexesBeside(state, rider, mount);
  const at = hexes[0] ?? rider.position;
  // A rider still able to act falls off prone; one already down (or dead) keeps its posture.
  const falls = canAct(rider) && (rider.posture === 'standing' || rider.posture === 'kneeling');
  const placed: FigureState = { ...off, position: at, ...(falls ? { posture: 'prone' as const } : {}) };
  events.push({
    type: 'conditionChanged',
    figureId: rider.id,
    condition: `riding ${mount?.name ?? 'its mount'}`,
    on: false,
    source: mount === undefined || canAct(rider) ? FALL_SOURCE : `${FALL_SOURCE}; the rider itself is down`,
  });
  if (falls) events.push({ type: 'postureChanged', figureId: rider.id, from: rider.posture, to: 'prone', source: FALL_SOURCE });
  let next = withHthPartners(withFigure(state, placed), rider, at, events);
  if (mount !== undefined && hexes.length >= 2) {
    const entry: FallenRider = { riderId: rider.id, mountId: mount.id, at, hexes, turn: state.turn, phase: state.phase };
    next = { ...next, fallenRiders: [...(next.fallenRiders ?? []).filter((x) => x.riderId !== rider.id), entry] };
  }
  return next;
}

/** Drops the picks that no longer stand: the phase has moved on, or the rider is gone or has moved. */
function settleFallen(state: EncounterState): EncounterState {
  const list = state.fallenRiders;
  if (list === undefined) return state;
  const kept = list.filter((x) => {
    if (x.turn !== state.turn || x.phase !== state.phase) return false;
    const rider = findFigure(state, x.riderId);
    return rider !== undefined && rider.ridingId === undefined && rider.posture !== 'standing' && hexEquals(rider.position, x.at);
  });
  if (kept.length === list.length) return state;
  const { fallenRiders: _, ...rest } = state;
  return kept.length === 0 ? rest : { ...state, fallenRiders: kept };
}

/**
 * A rider in hand-to-hand shares its hex with its foes (RULINGS H1): when it is put off its mount,
 * or placed by the GM, the foes in its hex go with it, so the fight stays in one hex (the console's choice).
 */
function withHthPartners(state: EncounterState, rider: FigureState, to: Hex, events: EncounterEvent[]): EncounterState {
  let next = state;
  for (const id of rider.hthWith) {
    const foe = findFigure(next, id);
    if (foe === undefined || !hexEquals(foe.position, rider.position) || hexEquals(foe.position, to)) continue;
    next = withFigure(next, { ...foe, position: to });
    events.push({ type: 'figureMoved', figureId: foe.id, from: foe.position, to, source: `${FALL_SOURCE}; hand-to-hand stays in one hex (RULINGS H1)` });
  }
  return next;
}

function withFigure(state: EncounterState, f: FigureState): EncounterState {
  return { ...state, figures: state.figures.map((x) => (x.id === f.id ? f : x)) };
}

/** RULINGS H9: the GM places a fallen rider in another free hex beside its mount. */
export function applyPlaceFallenRider(tx: Tx, c: CommandOf<'placeFallenRider'>): void {
  const rider = tx.fig(c.figureId);
  const entry = (tx.state.fallenRiders ?? []).find((x) => x.riderId === rider.id);
  if (entry === undefined) throw new AppError('rule', `${rider.name} is not waiting to be placed beside a fallen mount (${FALL_SOURCE}).`);
  const mount = findFigure(tx.state, entry.mountId);
  const name = mount?.name ?? 'its mount';
  if (!entry.hexes.some((h) => hexEquals(h, c.to)))
    throw new AppError('rule', `That hex is not one of the free hexes beside ${name} where ${rider.name} fell.`);
  const taken = tx.state.figures.find((o) => o.id !== rider.id && isAlive(o) && o.ridingId === undefined && figureHexes(o).some((h) => hexEquals(h, c.to)));
  if (taken !== undefined) throw new AppError('rule', `${taken.name} is in that hex now: choose another hex beside ${name}.`);
  const { fallenRiders: _, ...rest } = tx.state;
  const others = (tx.state.fallenRiders ?? []).filter((x) => x.riderId !== rider.id);
  tx.state = others.length === 0 ? rest : { ...tx.state, fallenRiders: others };
  if (hexDistance(rider.position, c.to) === 0) return;
  const events: EncounterEvent[] = [];
  tx.state = withHthPartners(tx.state, rider, c.to, events);
  tx.update(rider.id, (x) => ({ ...x, position: c.to }));
  tx.emit?.({ type: 'figureMoved', figureId: rider.id, from: rider.position, to: c.to, source: FALL_SOURCE });
  for (const e of events) tx.emit?.(e);
}
