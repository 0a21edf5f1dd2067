/**
 * Arming for the fight: a figure readies a weapon it carries (001 §Action Options e; engaged, m
 * drops the one in hand) or takes up one lying in its hex or the next (e when disengaged, q when
 * engaged), when that weapon's blows would put clearly more hits through the foe's armour than
 * what it holds, bare hands included (001 §Protection; §Hand-to-Hand Combat for bare hands).
 * Missile weapons are left to the shooters' own rules in `actions.ts`.
 */
import type { Command } from '../../../shared/contract/commands';
import { hexDistance } from '../../../shared/hex';
import { protectionFor } from '../encounter/actions/attack';
import { itemsOf, type EncounterState, type FigureState, type MapItem } from '../encounter/schema';
import { baseAdjDex, readyWeapon } from '../encounter/state';
import { weaponById, type Weapon } from '../equipment';
import type { OptionLetter } from '../../../shared/contract/schemas';
import type { RuleSet } from '../rules';
import { blowWorth, damageOf } from './blows';
import { nearest } from './appraise';
import type { Candidate } from './types';

/**
 * The console's choice: a turn spent arming pays when the new weapon's blows are worth half as
 * much again as the old ones' and at least one hit more each; less than that, keep striking.
 */
const BETTER_BY = 1.5;
const AT_LEAST_MORE = 1;

interface Arming {
  readonly weapon: Weapon;
  readonly command: Command;
  readonly how: string;
}

export function rearmCandidates(
  state: EncounterState,
  rules: RuleSet,
  f: FigureState,
  foes: readonly FigureState[],
  engagedFoes: readonly FigureState[],
  open: { has(option: OptionLetter): boolean },
): Candidate[] {
  const ways = armings(state, f, engagedFoes.length > 0, open);
  if (ways.length === 0) return [];
  const judge = judgeFor(rules, f, engagedFoes[0] ?? nearest(f.position, foes)?.figure);
  if (judge === null) return [];
  return ways
    .map((a) => ({ a, hits: judge.worth(a.weapon) }))
    .filter(({ hits }) => judge.better(hits))
    .sort((x, y) => y.hits - x.hits)
    .map(({ a, hits }) => ({
      command: a.command,
      reason: `${f.name} ${a.how} ${a.weapon.name}: about ${hits.toFixed(1)} hits a blow through ${judge.foe.name}'s protection, against ${judge.now.toFixed(1)} with ${judge.held?.name ?? 'bare hands'}.`,
    }));
}

/**
 * Weapons lying on the map that the figure would take up against its nearest foe, nearest first;
 * none when it carries one as good (it readies that where it stands).
 */
export function weaponsWorthFetching(state: EncounterState, rules: RuleSet, f: FigureState, foes: readonly FigureState[]): MapItem[] {
  const items = itemsOf(state).filter((i) => {
    const w = i.kind === 'weapon' ? weaponById(i.itemId) : undefined;
    return w !== undefined && forBlows(w);
  });
  if (items.length === 0) return [];
  const judge = judgeFor(rules, f, nearest(f.position, foes)?.figure);
  if (judge === null) return [];
  const carried = f.equipment.weaponIds.map((id) => weaponById(id)).filter((w): w is Weapon => w !== undefined && forBlows(w));
  const best = Math.max(judge.now, ...carried.map((w) => judge.worth(w)));
  return items
    .filter((i) => {
      const hits = judge.worth(weaponById(i.itemId)!);
      return judge.better(hits) && hits > best;
    })
    .sort((a, b) => hexDistance(a.position, f.position) - hexDistance(b.position, f.position) || (a.id < b.id ? -1 : 1));
}

interface Judge {
  readonly foe: FigureState;
  readonly held: Weapon | null;
  readonly now: number;
  worth(w: Weapon | null): number;
  better(hits: number): boolean;
}

/** Weighs weapons in the figure's hands against `foe`'s protection; null when it holds a missile weapon or has no foe. */
function judgeFor(rules: RuleSet, f: FigureState, foe: FigureState | undefined): Judge | null {
  const held = readyWeapon(f);
  if (foe === undefined || (held !== null && !forBlows(held))) return null;
  const stops = protectionFor(foe).value;
  const adjDex = baseAdjDex(f, rules.stats).value;
  const worth = (w: Weapon | null): number => {
    const damage = damageOf(f, w, 'melee');
    return damage === null ? 0 : blowWorth(rules, 3, adjDex, damage.dice, damage.bonus, stops).hits;
  };
  const now = worth(held);
  return { foe, held, now, worth, better: (hits) => hits >= now * BETTER_BY && hits >= now + AT_LEAST_MORE };
}

function forBlows(w: Weapon): boolean {
  return w.use === 'melee' || w.use === 'thrown';
}

/** Every way the engine offers this figure to change what it holds, by the options open to it. */
function armings(state: EncounterState, f: FigureState, engaged: boolean, open: { has(option: OptionLetter): boolean }): Arming[] {
  const out: Arming[] = [];
  const fromBelt = engaged ? 'm' : 'e';
  if (open.has(fromBelt)) {
    for (const id of f.equipment.weaponIds) {
      const w = weaponById(id);
      if (w === undefined || !forBlows(w) || id === f.equipment.readyWeaponId) continue;
      out.push({
        weapon: w,
        command: engaged ? { type: 'changeWeapon', figureId: f.id, weaponId: id } : { type: 'readyWeapon', figureId: f.id, weaponId: id },
        how: engaged ? 'drops what it holds for its' : 'readies its',
      });
    }
  }
  const fromGround = engaged ? 'q' : 'e';
  if (open.has(fromGround)) {
    for (const item of itemsOf(state)) {
      if (item.kind !== 'weapon' || hexDistance(item.position, f.position) > 1) continue;
      const w = weaponById(item.itemId);
      if (w === undefined || !forBlows(w)) continue;
      out.push({
        weapon: w,
        command: engaged
          ? { type: 'pickUpWeapon', figureId: f.id, itemId: item.id }
          : { type: 'readyWeapon', figureId: f.id, weaponId: item.itemId, itemId: item.id },
        how: 'takes up the',
      });
    }
  }
  return out;
}
