/**
 * Sight-driven fog (console's choice; 001 has no sight rule): when the GM names a party side, the
 * players see the hexes its conscious figures see now (engine/map/sight.ts), keep the hexes they
 * have seen as explored, and see a figure of another side only once the GM has revealed it.
 * docs/architecture.md §Sight says it in words.
 */
import type { CommandOf } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import { hexKey } from '../../../../shared/hex';
import { effectiveMap } from '../../map/effectiveMap';
import { hexesInSight } from '../../map/sight';
import type { ApplyResult } from '../events';
import type { EncounterState, FigureState, PartySight } from '../schema';
import { canAct } from '../state';

const SOURCE = "console's choice: sight-driven fog";

/** By figures, effective map and range: a command that moves nobody and changes no wall reuses it. */
const seenBy = new WeakMap<EncounterState['figures'], WeakMap<object, Map<number, ReadonlySet<string>>>>();

/**
 * Whether a figure looks for the party: on its side, conscious, and seen by the players itself —
 * neither hidden nor under the GM's fog (the GM's fog wins: what it sees would tell where it is).
 */
function looks(sight: PartySight, f: FigureState, gmFog: ReadonlySet<string>): boolean {
  return f.sideId === sight.sideId && canAct(f) && !f.hidden && !gmFog.has(hexKey(f.position));
}

/** The hex keys the party sees now; empty with sight off. */
export function partyInSight(state: EncounterState): ReadonlySet<string> {
  const sight = state.sight;
  if (sight === undefined) return new Set();
  const map = effectiveMap(state);
  let byMap = seenBy.get(state.figures);
  if (byMap === undefined) seenBy.set(state.figures, (byMap = new WeakMap()));
  let byRange = byMap.get(map);
  if (byRange === undefined) byMap.set(map, (byRange = new Map()));
  const known = byRange.get(sight.range);
  if (known !== undefined) return known;
  const seen = new Set<string>();
  const gmFog = new Set(state.map.hidden);
  for (const f of state.figures) {
    if (!looks(sight, f, gmFog)) continue;
    for (const k of hexesInSight(map, state.map, f.position, sight.range)) seen.add(k);
  }
  byRange.set(sight.range, seen);
  return seen;
}

/**
 * Whether the players may see this figure under sight-driven fog: the party's own figures always
 * (the players' own), others when the party sees their hex and the GM has revealed them.
 */
export function partySeesFigure(state: EncounterState, f: FigureState, inSight: ReadonlySet<string> = partyInSight(state)): boolean {
  const sight = state.sight;
  if (sight === undefined || f.sideId === sight.sideId) return true;
  return inSight.has(hexKey(f.position)) && sight.revealed.includes(f.id);
}

/** Figures the party sees that the GM has not yet revealed or kept back: each asks "Reveal …?". */
export function awaitingReveal(state: EncounterState): FigureState[] {
  const sight = state.sight;
  if (sight === undefined) return [];
  const inSight = partyInSight(state);
  return state.figures.filter(
    (f) => f.sideId !== sight.sideId && !f.hidden && inSight.has(hexKey(f.position)) && !sight.revealed.includes(f.id) && !sight.deferred.includes(f.id),
  );
}

/**
 * After every command: what the party sees now joins what it has explored, and a figure kept back
 * that has left the party's sight asks again when it comes back. The same object when nothing changed.
 */
export function keepPartySight(state: EncounterState): EncounterState {
  const sight = state.sight;
  if (sight === undefined) return state;
  const inSight = partyInSight(state);
  const explored = new Set(sight.explored);
  const before = explored.size;
  for (const k of inSight) explored.add(k);
  const deferred = sight.deferred.filter((id) => {
    const f = state.figures.find((g) => g.id === id);
    return f !== undefined && inSight.has(hexKey(f.position));
  });
  // A figure removed from the encounter leaves the lists with it.
  const revealed = sight.revealed.filter((id) => state.figures.some((f) => f.id === id));
  if (explored.size === before && deferred.length === sight.deferred.length && revealed.length === sight.revealed.length) return state;
  return { ...state, sight: { ...sight, explored: explored.size === before ? sight.explored : [...explored], revealed, deferred } };
}

export function applySetPartySight(state: EncounterState, command: CommandOf<'setPartySight'>): ApplyResult<EncounterState> {
  const event = { type: 'partySight' as const, sideId: command.sideId, range: command.range, source: SOURCE };
  if (command.sideId === null) {
    const { sight: _off, ...rest } = state;
    return { state: rest, events: [event], rolls: [] };
  }
  if (!state.sides.some((s) => s.id === command.sideId)) throw new AppError('not-found', `There is no side "${command.sideId}" in this encounter.`);
  const kept = state.sight?.sideId === command.sideId ? state.sight : undefined;
  const sight: PartySight = {
    sideId: command.sideId,
    range: command.range,
    explored: kept?.explored ?? [],
    revealed: kept?.revealed ?? [],
    deferred: kept?.deferred ?? [],
  };
  return { state: { ...state, sight }, events: [event], rolls: [] };
}

export function applyRevealToParty(state: EncounterState, command: CommandOf<'revealToParty'>): ApplyResult<EncounterState> {
  const sight = state.sight;
  if (sight === undefined) throw new AppError('rule', 'Sight-driven fog is off: there is nothing to reveal to the party.');
  const figure = state.figures.find((f) => f.id === command.figureId);
  if (figure === undefined) throw new AppError('not-found', `There is no figure "${command.figureId}" in this encounter.`);
  if (figure.sideId === sight.sideId) throw new AppError('rule', `${figure.name} is one of the party: the players always see their own figures.`);
  const revealed = sight.revealed.filter((id) => id !== figure.id);
  const deferred = sight.deferred.filter((id) => id !== figure.id);
  const next: PartySight = command.reveal
    ? { ...sight, revealed: [...revealed, figure.id], deferred }
    : { ...sight, revealed, deferred: [...deferred, figure.id] };
  return {
    state: { ...state, sight: next },
    events: [{ type: 'figureRevealed', figureId: figure.id, revealed: command.reveal, source: SOURCE }],
    rolls: [],
  };
}

/** What must hold of sight-driven fog after every command (invariants.ts). */
export function sightInvariants(state: EncounterState): string[] {
  const sight = state.sight;
  if (sight === undefined) return [];
  const out: string[] = [];
  if (!state.sides.some((s) => s.id === sight.sideId)) out.push(`Sight follows unknown side ${sight.sideId}.`);
  const explored = new Set(sight.explored);
  if (explored.size !== sight.explored.length) out.push('A hex is explored twice.');
  if ([...partyInSight(state)].some((k) => !explored.has(k))) out.push('The party sees a hex it has not explored.');
  for (const id of [...sight.revealed, ...sight.deferred]) {
    const f = state.figures.find((g) => g.id === id);
    if (f === undefined || f.sideId === sight.sideId) out.push(`Reveal lists name ${id}, not a figure of another side.`);
  }
  if (sight.revealed.some((id) => sight.deferred.includes(id))) out.push('A figure is both revealed and kept back.');
  return out;
}
