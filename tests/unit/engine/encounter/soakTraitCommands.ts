/**
 * The soak's candidate commands for two-weapon attacks, sweeping blows, pack pick-ups, take-off
 * and landing, and the invariants of the state they add.
 */
import { itemsOf, type EncounterState, type FigureState } from '../../../../src/main/engine/encounter/schema';
import { enemiesInFront } from '../../../../src/main/engine/encounter/turn/options';
import type { Command } from '../../../../src/shared/contract/commands';
import { hexDistance } from '../../../../src/shared/hex';
import { footprint } from '../../../../src/shared/hex/footprint';

interface Chooser {
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
}

/**
 * Gives the arena's figures the traits these commands need: a second weapon, a giant snake, and
 * with `flier` wings, a 3-hex snake strong enough to push (STR 24, 004 §Engagement) and f3 riding
 * it from the start (RULINGS H9).
 */
export function withSoakTraits(s: EncounterState, flier = false): EncounterState {
  const traits = withTraits(s, flier);
  if (!flier) return traits;
  const snake = traits.figures.find((f) => f.id === 'f5')!;
  return { ...traits, figures: traits.figures.map((f) => (f.id === 'f3' ? { ...f, ridingId: 'f5', position: { ...snake.position } } : f)) };
}

function withTraits(s: EncounterState, flier: boolean): EncounterState {
  return {
    ...s,
    figures: s.figures.map((f) => {
      // RULINGS H7: f0 fights with a broadsword and a dagger in the other hand.
      if (f.id === 'f0') return { ...f, equipment: { ...f.equipment, offHandWeaponId: 'dagger' } };
      // 001 §DEX Adjustments: f5 is a giant snake (−3 to be hit); in the flier's arena it is 3 hexes long and pushes (004 §Engagement).
      if (f.id === 'f5')
        return { ...f, ...(flier ? { size: 3 as const, attributes: { ...f.attributes, STR: 24 } } : {}), conditions: [...f.conditions, 'giantSnake'] };
      // 004 §Flight: f1 flies, flying MA 8.
      if (f.id === 'f1' && flier) return { ...f, flyingMa: 8 };
      return f;
    }),
  };
}

/** Two-weapon attacks, sweeping blows and pack pick-ups for the figure whose action it is. */
export function traitActions(s: EncounterState, f: FigureState, rnd: Chooser): Command[] {
  const out: Command[] = [];
  const near = enemiesInFront(s, f);
  const off = f.equipment.offHandWeaponId ?? null;
  if (near.length > 0 && off !== null && f.equipment.readyWeaponId !== null) {
    out.push({
      type: 'twoWeaponAttack',
      figureId: f.id,
      attacks: [
        { targetId: rnd.pick(near).id, weaponId: f.equipment.readyWeaponId },
        { targetId: rnd.pick(near).id, weaponId: off },
      ],
    });
  }
  if (near.length > 0 && rnd.int(3) === 0) out.push({ type: 'sweepingBlow', figureId: f.id });
  for (const i of itemsOf(s)) if (i.kind === 'pack' && hexDistance(i.position, f.position) <= 1) out.push({ type: 'pickUpPack', figureId: f.id, itemId: i.id });
  return out;
}

/** Pushes and mounts: a big figure dragged onto a smaller one (a push), getting on and off a mount next to it. */
function pushesAndMounts(s: EncounterState, f: FigureState, rnd: Chooser): Command[] {
  const out: Command[] = [];
  // Only in the flier's arena (the one with the 3-hex snake), so the other soaks keep their runs.
  if (!s.figures.some((o) => o.size > 1)) return out;
  const alive = s.figures.filter((o) => o.id !== f.id && o.posture !== 'dead');
  const smaller = alive.filter((o) => o.size < f.size && hexDistance(o.position, f.position) <= 3);
  if (smaller.length > 0) out.push({ type: 'move', figureId: f.id, to: rnd.pick(smaller).position });
  if (f.ridingId !== undefined) {
    out.push({ type: 'dismount', figureId: f.id }, { type: 'dismount', figureId: f.id });
  } else {
    const steeds = alive.filter((o) => o.sideId === f.sideId && footprint(o.position, o.facing, o.size).some((h) => hexDistance(h, f.position) <= 1));
    if (steeds.length > 0)
      out.push({ type: 'mount', figureId: f.id, mountId: rnd.pick(steeds).id }, { type: 'mount', figureId: f.id, mountId: rnd.pick(steeds).id });
  }
  return out;
}

/** RULINGS H6: a flier's take-off, flight, landing and choice to engage the ground, in a movement phase. */
export function traitMoves(s: EncounterState, f: FigureState, rnd: Chooser): Command[] {
  const others = pushesAndMounts(s, f, rnd);
  if ((f.flyingMa ?? 0) === 0) return others;
  const to = { q: f.position.q + rnd.int(7) - 3, r: f.position.r + rnd.int(7) - 3 };
  if (!f.conditions.includes('flying')) return rnd.int(2) === 0 ? [...others, { type: 'takeOff', figureId: f.id, to, passFliers: rnd.int(2) === 0 }] : others;
  const out: Command[] = [...others, { type: 'engageGround', figureId: f.id, on: rnd.int(2) === 0 }];
  out.push(rnd.int(3) === 0 ? { type: 'land', figureId: f.id } : { type: 'fly', figureId: f.id, to });
  return out;
}

/**
 * What the state these commands add must keep: a pack is on a figure or on the map, never both nor
 * gone; only a figure in the air chooses to engage the ground; a ridden mount rolls no initiative
 * (RULINGS H9).
 */
export function traitInvariants(s: EncounterState, packsAtStart: number): string[] {
  const out: string[] = [];
  const carried = s.figures.filter((f) => f.equipment.packLbs > 0).length;
  const lying = itemsOf(s).filter((i) => i.kind === 'pack').length;
  if (carried + lying !== packsAtStart) out.push(`${carried} packs carried and ${lying} lying, but ${packsAtStart} at the start.`);
  for (const f of s.figures) {
    // RULINGS H6: only a figure in the air chooses to engage the ground; only a flier is in the air here.
    if (f.turn.engagesGround === true && !f.conditions.includes('flying')) out.push(`${f.id} engages the ground from the air but is not flying.`);
    if (f.conditions.includes('flying') && (f.flyingMa ?? 0) === 0) out.push(`${f.id} is flying without a flying MA.`);
    const mount = f.ridingId === undefined ? undefined : s.figures.find((m) => m.id === f.ridingId);
    if (
      mount !== undefined &&
      s.turnState?.initiative?.by === 'figure' &&
      s.turnState.initiative.rolls.some((r) => r.sideId === mount.id && f.turn.mode === null)
    )
      out.push(`${mount.id} carries ${f.id} but rolled initiative of its own.`);
  }
  return out;
}

/** RULINGS H9: now and then the GM moves a rider whose mount fell to another free hex beside it. */
export function fallenRiderPicks(s: EncounterState, rnd: Chooser): Command[] {
  return (s.fallenRiders ?? []).filter(() => rnd.int(2) === 0).map((x): Command => ({ type: 'placeFallenRider', figureId: x.riderId, to: rnd.pick(x.hexes) }));
}
