/**
 * The engine memoises what commands rarely change (engagement fields, phase status, adjDEX,
 * movement profiles) by what each reads. These tests change one input at a time on a new state
 * and compare with a structurally equal copy the memos have never seen (RULINGS M5, M6, T4, A1).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engagers, engagementField } from '../../../../src/main/engine/encounter/movement/engagement';
import { anyRider, baseAdjDex, updateFigure } from '../../../../src/main/engine/encounter/state';
import { figureMovement } from '../../../../src/main/engine/encounter/movement/reachable';
import { phaseStatus } from '../../../../src/main/engine/encounter/turn/turn';
import type { EncounterState, FigureState } from '../../../../src/main/engine/encounter/schema';
import { readFileSync } from 'node:fs';
import { createSeededDice } from '../../../../src/main/engine/dice/seeded';
import { applyQuietly } from '../../../../src/main/engine/encounter/apply';
import { EncounterStateSchema } from '../../../../src/main/engine/encounter/schema';
import { asRuleSet, DEFAULT_RULES, type RuleSet } from '../../../../src/main/engine/rules';
import { PILLARS_STATS } from '../../../../src/main/engine/options/pillars';
import { playFight } from '../../../../src/main/engine/tactics/playFight';
import type { Command } from '../../../../src/shared/contract/commands';
import { makeLog } from '../../../support/duelLog';
import { RULE_SETS } from '../tactics/randomEncounter';
import { encounter, fig } from './fixtures';

const fresh = <T>(x: T): T => structuredClone(x);

/** A copy whose sides have names no memo has met, so its engagement fields are built afresh. */
let copies = 0;
function unseen(s: EncounterState): EncounterState {
  const n = ++copies;
  return { ...fresh(s), figures: s.figures.map((f) => ({ ...fresh(f), sideId: `${f.sideId}-${n}` })) };
}

function ring(): EncounterState {
  return encounter([
    fig('hero', 'a', 5, 5),
    fig('orc', 'b', 6, 5, { facing: 3, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
    fig('gob', 'b', 4, 6, { facing: 0, equipment: { weaponIds: ['dagger'], readyWeaponId: 'dagger' } }),
    fig('wolf', 'b', 5, 3, { facing: 1, equipment: { weaponIds: ['club'], readyWeaponId: 'club' } }),
  ]);
}

type Change = (f: FigureState) => FigureState;
const CHANGES: Record<string, Change> = {
  turns: (f) => ({ ...f, facing: (f.facing + 1) % 6 }),
  steps: (f) => ({ ...f, position: { q: f.position.q + 1, r: f.position.r } }),
  falls: (f) => ({ ...f, posture: 'prone' }),
  dies: (f) => ({ ...f, posture: 'dead' }),
  sheathes: (f) => ({ ...f, equipment: { ...f.equipment, readyWeaponId: null } }),
  flies: (f) => ({ ...f, conditions: [...f.conditions, 'flying'] }),
  grapples: (f) => ({ ...f, hthWith: ['hero'] }),
  tires: (f) => ({ ...f, fatigue: { ...f.fatigue, current: f.fatigue.current - 20 } }),
  bleeds: (f) => ({ ...f, body: { ...f.body, current: f.body.current - 30 } }),
  armours: (f) => ({ ...f, equipment: { ...f.equipment, armorId: 'chainmail' } }),
  acts: (f) => ({ ...f, turn: { ...f.turn, option: 'a' } }),
};

function changed(s: EncounterState, who: number, how: string): EncounterState {
  return { ...s, figures: s.figures.map((f, i) => (i === who ? CHANGES[how]!(f) : f)) };
}

describe('memoised engine reads stay true to the state', () => {
  it('engagers after any one change equal those of a never-seen copy (RULINGS M6)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(...Object.keys(CHANGES))), { minLength: 1, maxLength: 8 }), (steps) => {
        let s = ring();
        for (const [who, how] of steps) {
          engagementField(s, s.figures[0]!); // warm the memo with the state before
          s = changed(s, who, how);
          const copy = unseen(s);
          for (const f of s.figures) {
            const seen = engagers(s, f).map((e) => e.id);
            const truth = engagers(
              copy,
              copy.figures.find((x) => x.id === f.id)!,
            ).map((e) => e.id);
            expect(seen).toEqual(truth);
            // The engagers are the state's own figures, not ones from an earlier state.
            for (const e of engagers(s, f)) expect(s.figures).toContain(e);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('whether anyone rides follows every figure update, a rider mounting or dismounting included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom('mounts', 'dismounts', ...Object.keys(CHANGES))), { minLength: 1, maxLength: 10 }),
        (steps) => {
          let s = ring();
          anyRider(s.figures);
          for (const [who, how] of steps) {
            const id = s.figures[who]!.id;
            s = updateFigure(s, id, (f) => {
              if (how === 'mounts') return { ...f, ridingId: 'wolf' };
              if (how === 'dismounts') {
                const { ridingId: _, ...rest } = f;
                return rest;
              }
              return CHANGES[how]!(f);
            });
            expect(anyRider(s.figures)).toBe(fresh(s.figures).some((f) => f.ridingId !== undefined));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('adjDEX and movement follow armour, pools and load through updates (RULINGS A1, C4, M1–M4)', () => {
    let s = ring();
    for (const how of ['tires', 'bleeds', 'armours', 'acts', 'steps']) {
      const before = baseAdjDex(s.figures[1]!).value;
      s = changed(s, 1, how);
      const f = s.figures[1]!;
      expect(baseAdjDex(f)).toEqual(baseAdjDex(fresh(f)));
      expect(PILLARS_STATS.wounds(f)).toEqual(PILLARS_STATS.wounds(fresh(f)));
      expect(figureMovement(f)).toEqual(figureMovement(fresh(f)));
      if (how === 'acts' || how === 'steps') expect(baseAdjDex(f).value).toBe(before);
    }
    // The same Fatigue pool beside another Body pool (RULINGS C4: the worse pool counts).
    const f = s.figures[1]!;
    const broken = { ...f, body: { ...f.body, current: 2 } };
    expect(PILLARS_STATS.wounds(broken)).toEqual(PILLARS_STATS.wounds(fresh(broken)));
    expect(PILLARS_STATS.wounds(broken).penalty.value).toBe(-2);
    expect(PILLARS_STATS.wounds(f)).toEqual(PILLARS_STATS.wounds(fresh(f)));
    // Chainmail (001 §Armor and Shields: DEX −2) and the injuries above lower adjDEX from DEX 10.
    expect(baseAdjDex(s.figures[1]!).value).toBeLessThan(10);
  });

  it('phase status follows yields and moves of a figure that keeps its place in the roster (RULINGS T4)', () => {
    let s: EncounterState = {
      ...ring(),
      phase: 'initialMovement',
      turnState: {
        initiative: null,
        renewOrder: [],
        renewDone: [],
        moveOrder: ['hero', 'orc', 'gob', 'wolf'],
        moveDone: [],
        actionOrder: [],
        actionDone: [],
        retreatOffers: [],
        retreatDone: [],
      },
    };
    expect(phaseStatus(s).due).toEqual(['hero']);
    s = { ...s, turnState: { ...s.turnState!, moveDone: ['hero'] } };
    expect(phaseStatus(s).due).toEqual(['orc']);
    s = changed(s, 1, 'dies');
    expect(phaseStatus(s).pending).toEqual(['gob', 'wolf']);
    expect(phaseStatus(s)).toEqual(phaseStatus(fresh(s)));
  });

  it("phase status carried from each state to the next is a never-seen copy's, over whole fights under every rule set (RULINGS T1–T5)", () => {
    /** Replays `commands`, asking each state's status as the next command will, against a copy's under a rule set no memo has seen. */
    const compareAlong = (start: EncounterState, commands: readonly Command[], rules: RuleSet, seed: number): number => {
      const unseenRules: RuleSet = { ...rules };
      const dice = createSeededDice(seed);
      let s = start;
      let compared = 0;
      for (const c of commands) {
        s = applyQuietly(s, c, dice, rules);
        expect(phaseStatus(s, rules)).toEqual(phaseStatus(fresh(s), unseenRules));
        compared++;
      }
      return compared;
    };
    const { start, log } = makeLog(1500);
    expect(compareAlong(start, log, asRuleSet(DEFAULT_RULES), 11)).toBe(1500);
    const sample = EncounterStateSchema.parse(JSON.parse(readFileSync('resources/sample-campaign/encounters/ford-ambush.json', 'utf8')).initial);
    for (const [, rules] of RULE_SETS) {
      const fight = playFight(sample, rules, { seed: 5, maxTurns: 4, keepCommands: true });
      expect(compareAlong(sample, fight.commands ?? [], rules, 5)).toBeGreaterThan(20);
    }
  }, 60_000);
});
