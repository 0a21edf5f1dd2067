/**
 * The replay budget of `npm run bench` put fast paths into the engine's hottest small questions.
 * Each must answer exactly what the general code answers: these tests keep the general code (as it
 * was before the fast path) beside the fast one and compare them on random inputs, and pin the
 * final state of the benchmark's 5,000-command replay, so no speed-up can change a rule's outcome.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { toDiceSpec } from '../../../../src/main/engine/dice/parse';
import { rollOff, MAX_ROLL_OFF_ROUNDS } from '../../../../src/main/engine/dice/rollOff';
import { sidesThenAdjDex } from '../../../../src/main/engine/options/order';
import type { Dice, SeededDice } from '../../../../src/main/engine/dice/types';
import { DiceError } from '../../../../src/main/engine/dice/types';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { figureAllowance, reachable } from '../../../../src/main/engine/encounter/movement/reachable';
import type { EncounterState } from '../../../../src/main/engine/encounter/schema';
import { readFileSync } from 'node:fs';
import { EncounterStateSchema } from '../../../../src/main/engine/encounter/schema';
import { asRuleSet, DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { orderByScore } from '../../../../src/main/engine/encounter/turn/initiative';
import { Tx } from '../../../../src/main/engine/encounter/tx';
import { playFight } from '../../../../src/main/engine/tactics/playFight';
import type { MoveMode } from '../../../../src/shared/contract/schemas';
import { engagementField, engagersAt } from '../../../../src/main/engine/encounter/movement/engagement';
import { numKey } from '../../../../src/main/engine/map/effectiveMap';
import { enemiesInFront } from '../../../../src/main/engine/encounter/turn/options';
import { figureById, figureHexes, isEnemy, updateFigure } from '../../../../src/main/engine/encounter/state';
import { adjacentZones, frontHexes, rearHexes, sideHexes, zoneOf, zoneOfDirection, type Zone } from '../../../../src/main/engine/facing';
import { hexAdd, hexDirection, hexKey, normalizeDirection, type Hex } from '../../../../src/shared/hex';
import { makeLog } from '../../../support/duelLog';
import { encounter, fig } from './fixtures';

/** 001 §Facing for one hex, as adjacentZones computed it for every size before its fast path. */
function generalZones(position: Hex, facing: number, prone: boolean): Map<string, { hex: Hex; zone: Zone }> {
  const inside = new Set([hexKey(position)]);
  const rank: Record<Zone, number> = { front: 0, side: 1, rear: 2 };
  const out = new Map<string, { hex: Hex; zone: Zone }>();
  for (let d = 0; d < 6; d++) {
    const n = hexAdd(position, hexDirection(d));
    const key = hexKey(n);
    if (inside.has(key)) continue;
    const zone: Zone = prone ? 'rear' : zoneOfDirection(d - normalizeDirection(facing));
    const seen = out.get(key);
    out.set(key, { hex: n, zone: seen === undefined || rank[zone] < rank[seen.zone] ? zone : seen.zone });
  }
  return out;
}

/** RULINGS G4 as rollOff played it before it bucketed the totals. */
function generalRollOff(participants: readonly string[], dice: Dice, purpose: string) {
  const rolls: { round: number; participant: string; roll: ReturnType<Dice['roll']> }[] = [];
  const settle = (group: readonly string[], round: number): string[] => {
    if (group.length < 2) return [...group];
    if (round > MAX_ROLL_OFF_ROUNDS) throw new DiceError('tied');
    const results = group.map((participant) => {
      const roll = dice.roll('1d6', `${purpose}: ${participant}${round > 1 ? ` (re-roll ${round - 1})` : ''}`);
      rolls.push({ round, participant, roll });
      return { participant, total: roll.total };
    });
    const totals = [...new Set(results.map((r) => r.total))].sort((a, b) => b - a);
    return totals.flatMap((t) =>
      settle(
        results.filter((r) => r.total === t).map((r) => r.participant),
        round + 1,
      ),
    );
  };
  return { order: settle(participants, 1), rolls };
}

/** RULINGS G4 ordering by score as orderByScore did it before its insertion sort: a map of groups, sorted. */
function generalOrderByScore(tx: Tx, ids: readonly string[], score: (id: string) => number, purpose: string): string[] {
  const groups = new Map<number, string[]>();
  for (const id of ids) groups.set(score(id), [...(groups.get(score(id)) ?? []), id]);
  return [...groups.keys()]
    .sort((a, b) => b - a)
    .flatMap((s) => {
      const group = groups.get(s)!;
      if (group.length === 1) return group;
      const off = rollOff(group, tx.dice, `${purpose} tie`);
      tx.rolls.push(...off.rolls.map((r) => r.roll));
      return [...off.order];
    });
}

const hex = fc.record({ q: fc.integer({ min: -3, max: 12 }), r: fc.integer({ min: -3, max: 12 }) });

describe('fast paths answer as the general code does', () => {
  it('a one-hex figure has the zones of 001 §Facing, in the same order, standing or prone', () => {
    fc.assert(
      fc.property(hex, fc.integer({ min: -7, max: 12 }), fc.boolean(), (position, facing, prone) => {
        const general = generalZones(position, facing, prone);
        expect([...adjacentZones({ position, facing, prone, size: 1 })]).toEqual([...general]);
        const inZone = (z: Zone) => [...general.values()].filter((e) => e.zone === z).map((e) => e.hex);
        expect(frontHexes({ position, facing, prone })).toEqual(inZone('front'));
        expect(sideHexes({ position, facing, prone })).toEqual(inZone('side'));
        expect(rearHexes({ position, facing, prone })).toEqual(inZone('rear'));
        for (const { hex: n, zone } of general.values()) expect(zoneOf({ position, facing, prone }, n)).toBe(zone);
        expect(() => zoneOf({ position, facing, prone }, position)).toThrow(RangeError);
      }),
    );
  });

  it('roll-offs make the same rolls in the same order and settle the same order (RULINGS G4)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 24 }), (seed, n) => {
        const ids = Array.from({ length: n }, (_, i) => `f${i}`);
        const fastDice = createSeededDice(seed);
        const fast = rollOff(ids, fastDice, 'action order tie');
        const generalDice = createSeededDice(seed);
        const general = generalRollOff(ids, generalDice, 'action order tie');
        expect(fast.order).toEqual(general.order);
        expect(fast.rolls).toEqual(general.rolls);
        expect(fastDice.saveState()).toEqual(generalDice.saveState());
        // Unrecorded (a quiet apply on seeded dice): the same dice, the same order, no records.
        const quietDice = createSeededDice(seed);
        const quiet = rollOff(ids, quietDice, 'action order tie', false);
        expect(quiet).toEqual({ order: general.order, rolls: [] });
        expect(quietDice.saveState()).toEqual(generalDice.saveState());
      }),
    );
  });

  it('ordering by score sorts high first and rolls off each tied group in the same order, quiet or not (RULINGS G4)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.array(fc.integer({ min: 5, max: 14 }), { maxLength: 24 }), fc.boolean(), (seed, values, quiet) => {
        const ids = values.map((_, i) => `f${i}`);
        const score = (id: string): number => values[Number(id.slice(1))]!;
        const state = encounter([]);
        const general = new Tx(state, createSeededDice(seed), asRuleSet(DEFAULT_RULES));
        const expected = generalOrderByScore(general, ids, score, 'action order');
        const fast = new Tx(state, createSeededDice(seed), asRuleSet(DEFAULT_RULES), quiet);
        expect(orderByScore(fast, ids, score, 'action order')).toEqual(expected);
        expect((fast.dice as SeededDice).saveState()).toEqual((general.dice as SeededDice).saveState());
        if (!quiet) expect(fast.rolls).toEqual(general.rolls);
      }),
    );
  });

  it('the movement order is sides in order, then adjDEX high to low, ties as listed, as a stable sort gives (RULINGS T4)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.integer({ min: 5, max: 14 })), { maxLength: 24 }),
        fc.shuffledSubarray(['a', 'b', 'c']),
        (placed, sides) => {
          const figures = placed.map(([sideId, adjDex], i) => ({ id: `f${i}`, sideId, adjDex }));
          const general = sides.flatMap((side) =>
            figures
              .filter((f) => f.sideId === side)
              .sort((x, y) => y.adjDex - x.adjDex)
              .map((f) => f.id),
          );
          expect(sidesThenAdjDex(sides, figures)).toEqual(general);
        },
      ),
    );
  });

  it('a notation read once is the same spec every time; a bad one is refused every time (RULINGS G3)', () => {
    const a = toDiceSpec('2d6-1');
    expect(toDiceSpec('2d6-1')).toEqual({ count: 2, sides: 6, modifier: -1, notation: '2d6-1' });
    expect(Object.isFrozen(a)).toBe(true);
    expect(toDiceSpec('2 dice+1')).toEqual({ count: 2, sides: 6, modifier: 1, notation: '2d6+1' });
    for (let i = 0; i < 2; i++) expect(() => toDiceSpec('2x6')).toThrow(DiceError);
  });

  it('enemies in front and the engagers of a one-hex figure are those the general code finds (001 §Facing; RULINGS M6)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hex, fc.integer({ min: 0, max: 5 }), fc.constantFrom('a', 'b'), fc.constantFrom(1, 3, 7), fc.boolean()), {
          minLength: 2,
          maxLength: 8,
        }),
        (placed) => {
          const taken = new Set<string>();
          const figures = placed.flatMap(([at, facing, side, size, dead], i) => {
            if (taken.has(hexKey(at))) return [];
            taken.add(hexKey(at));
            return [
              fig(`f${i}`, side, at.q, at.r, {
                facing,
                size: size as 1 | 3 | 7,
                posture: dead ? 'dead' : 'standing',
                equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' },
              }),
            ];
          });
          const state = encounter(figures);
          for (const f of state.figures) {
            const front = new Set(frontHexes({ position: f.position, facing: f.facing, size: f.size }).map(hexKey));
            const general = state.figures.filter((o) => o.posture !== 'dead' && isEnemy(o, f) && figureHexes(o).some((h) => front.has(hexKey(h))));
            expect(enemiesInFront(state, f)).toEqual(general);
            if (f.size !== 1) continue;
            const field = engagementField(state, f);
            const byId = new Map<string, unknown>();
            for (const i of field.byHex.get(numKey(f.position.q, f.position.r)) ?? []) byId.set(field.figures[i]!.id, field.figures[i]);
            expect(engagersAt(field, [f.position])).toEqual([...byId.values()]);
          }
        },
      ),
    );
  });

  it('a figure found by id after any run of updates is the one in the state (the index follows the roster)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom('update', 'reverse', 'drop')), { maxLength: 20 }), (steps) => {
        let state = encounter([fig('a', 'a', 1, 1), fig('b', 'b', 2, 1), fig('c', 'a', 3, 1), fig('d', 'b', 4, 1)]);
        for (const [who, how] of steps) {
          const id = state.figures[who % state.figures.length]?.id;
          if (id === undefined) break;
          if (how === 'update') state = updateFigure(state, id, (f) => ({ ...f, facing: (f.facing + 1) % 6 }));
          else if (how === 'reverse') state = { ...state, figures: [...state.figures].reverse() };
          else if (state.figures.length > 1) state = { ...state, figures: state.figures.filter((f) => f.id !== id) };
          for (const f of state.figures) expect(figureById(state, f.id)).toBe(f);
        }
      }),
    );
  });
});

describe('the 5,000-command replay of the benchmark', () => {
  it('ends in the very state it ended in before the engine was sped up', () => {
    const { start, log } = makeLog(5000);
    const dice = createSeededDice(11);
    let s = start;
    for (const c of log) s = apply(s, c, dice).state;
    expect(createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 16)).toBe('3cd26530663b44a7');
  }, 60_000);
});

/** Every state of a simulated fight of the sample encounter, seeded. */
function fightStates(seed: number): EncounterState[] {
  const rules = rulesFor(DEFAULT_RULES);
  const sample = EncounterStateSchema.parse(JSON.parse(readFileSync('resources/sample-campaign/encounters/ford-ambush.json', 'utf8')).initial);
  const fight = playFight(sample, rules, { seed, maxTurns: 8, keepCommands: true });
  const dice = createSeededDice(seed);
  const states = [sample];
  for (const c of fight.commands ?? []) states.push(apply(states.at(-1)!, c, dice, rules).state);
  return states;
}

describe('previews and reaches remembered for the last state', () => {
  const rules = rulesFor(DEFAULT_RULES);
  const states = [...fightStates(4), ...fightStates(9)];
  const modes: MoveMode[] = ['stand-still', 'shift', 'crawl', 'walk', 'jog', 'run', 'sprint'];

  it('are what a never-seen copy of the state gives, asked again or after another state (RULINGS A1, M1–M7)', () => {
    for (const [i, s] of states.entries()) {
      const copy = structuredClone(s);
      const previous = states[Math.max(0, i - 1)]!;
      for (const a of s.figures) {
        for (const t of s.figures) {
          if (a.id === t.id) continue;
          const weapon = a.equipment.readyWeaponId;
          const first = attackPreview(s, a.id, t.id, weapon, {}, { rules });
          attackPreview(previous, t.id, a.id, previous.figures.find((x) => x.id === t.id)?.equipment.readyWeaponId ?? null, {}, { rules });
          const again = attackPreview(s, a.id, t.id, weapon, {}, { rules });
          expect(again).toEqual(first);
          expect(attackPreview(copy, a.id, t.id, weapon, {}, { rules })).toEqual(first);
          // Ticks are never remembered: the GM's ticks change the preview.
          expect(attackPreview(s, a.id, t.id, weapon, { waitingTurns: 1 }, { rules })).toEqual(
            attackPreview(copy, a.id, t.id, weapon, { waitingTurns: 1 }, { rules }),
          );
        }
        for (const mode of modes) {
          const reach = reachable(s, a.id, mode, { rules });
          expect(reachable(s, a.id, mode, { rules })).toBe(reach);
          expect(reachable(copy, a.id, mode, { rules })).toEqual(reach);
          expect(reachable(s, a.id, mode, { rules, dropPack: true })).toEqual(reachable(copy, a.id, mode, { rules, dropPack: true }));
        }
      }
    }
  }, 120_000);
});

describe('the ways a figure may move, remembered by the objects they were read from', () => {
  it('follow its load, armour, Fatigue and momentum through updates, under every movement rule (RULINGS M1–M4, O1, O3)', () => {
    const ruleSets = [
      rulesFor(DEFAULT_RULES),
      rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, classic: true } }),
      rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, strideMomentum: true } }),
    ];
    const changes: ((f: ReturnType<typeof fig>) => ReturnType<typeof fig>)[] = [
      (f) => ({ ...f, fatigue: { ...f.fatigue, current: f.fatigue.current - 7 } }),
      (f) => ({ ...f, equipment: { ...f.equipment, armorId: f.equipment.armorId === null ? 'chainmail' : null } }),
      (f) => ({ ...f, equipment: { ...f.equipment, packLbs: f.equipment.packLbs + 15 } }),
      (f) => ({ ...f, momentum: ((f.momentum ?? 0) + 1) % 4 }),
      (f) => ({ ...f, facing: (f.facing + 1) % 6 }),
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: changes.length - 1 }), fc.integer({ min: 0, max: 2 }), fc.boolean()), { minLength: 1, maxLength: 12 }),
        (steps) => {
          let f = fig('hero', 'a', 2, 2, { attributes: { STR: 11, DEX: 12 } });
          for (const [change, rules, dropPack] of steps) {
            figureAllowance(f, ruleSets[rules], dropPack); // the memo holds the figure as it was
            f = changes[change]!(f);
            expect(figureAllowance(f, ruleSets[rules], dropPack)).toEqual(figureAllowance(structuredClone(f), ruleSets[rules], dropPack));
          }
        },
      ),
    );
  });
});
