/**
 * The soak's share of issue 14 items 9–12: candidate commands for two-weapon attacks, sweeping
 * blows, pack pick-ups, take-off and landing, and the invariants of the state they add.
 */
import { itemsOf, type EncounterState, type FigureState } from '../../../../src/main/engine/encounter/schema';
import { enemiesInFront } from '../../../../src/main/engine/encounter/options';
import type { Command } from '../../../../src/shared/commands';
import { hexDistance } from '../../../../src/shared/hex';

interface Chooser {
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
}

/** Gives the arena's figures the issue's traits: a second weapon, a giant snake. */
export function withIssue14Traits(s: EncounterState): EncounterState {
  return {
    ...s,
    figures: s.figures.map((f) => {
      // RULINGS H7: f0 fights with a broadsword and a dagger in the other hand.
      if (f.id === 'f0') return { ...f, equipment: { ...f.equipment, offHandWeaponId: 'dagger' } };
      // 001 §DEX Adjustments: f5 is a giant snake (−3 to be hit).
      if (f.id === 'f5') return { ...f, conditions: [...f.conditions, 'giantSnake'] };
      return f;
    }),
  };
}

/** Commands of issue 14 items 10 and 12 for the figure whose action it is. */
export function issue14Actions(s: EncounterState, f: FigureState, rnd: Chooser): Command[] {
  const out: Command[] = [];
  const near = enemiesInFront(s, f);
  const off = f.equipment.offHandWeaponId ?? null;
  if (near.length > 0 && off !== null && f.equipment.readyWeaponId !== null) {
    out.push({ type: 'twoWeaponAttack', figureId: f.id, attacks: [{ targetId: rnd.pick(near).id, weaponId: f.equipment.readyWeaponId }, { targetId: rnd.pick(near).id, weaponId: off }] });
  }
  if (near.length > 0 && rnd.int(3) === 0) out.push({ type: 'sweepingBlow', figureId: f.id });
  for (const i of itemsOf(s)) if (i.kind === 'pack' && hexDistance(i.position, f.position) <= 1) out.push({ type: 'pickUpPack', figureId: f.id, itemId: i.id });
  return out;
}

/** What the issue's state must keep: a pack is on a figure or on the map, never both nor gone. */
export function issue14Invariants(s: EncounterState, packsAtStart: number): string[] {
  const out: string[] = [];
  const carried = s.figures.filter((f) => f.equipment.packLbs > 0).length;
  const lying = itemsOf(s).filter((i) => i.kind === 'pack').length;
  if (carried + lying !== packsAtStart) out.push(`${carried} packs carried and ${lying} lying, but ${packsAtStart} at the start.`);
  return out;
}
