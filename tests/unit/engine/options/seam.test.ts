/**
 * The `Rules` seam (DESIGN §The engine; RULINGS O1–O4): `rulesFor(settings)` gives Pillars
 * strategies that reproduce what the encounter engine does today, and each option's strategy
 * gives its document's numbers.
 */
import { describe, expect, it } from 'vitest';
import { attackOutcome } from '../../../../src/main/engine/combat/attackRoll';
import { rollToMissFriend } from '../../../../src/main/engine/combat/missileHazards';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { diceSpec } from '../../../../src/main/engine/dice/parse';
import { makeRoll } from '../../../../src/main/engine/dice/roll';
import { figureMovement } from '../../../../src/main/engine/encounter/movement/reachable';
import { turnStateOf, type EncounterState, type FigureState } from '../../../../src/main/engine/encounter/schema';
import { baseAdjDex, carriedLbs } from '../../../../src/main/engine/encounter/state';
import { PHASES } from '../../../../src/main/engine/encounter/turn/turn';
import * as engine from '../../../../src/main/engine';
import {
  DEFAULT_OPTION_SETTINGS,
  OPTION_INFO,
  asRuleSet,
  rulesFor,
  settingsOf,
  type InitiativeFigure,
  type MoverInput,
  type RuleSet,
} from '../../../../src/main/engine/options';
import { DEFAULT_RULES, RulesSchema, type Rules } from '../../../../src/main/engine/rules';
import { encounter, fig, step } from '../encounter/fixtures';

const withOptions = (o: Partial<Rules['options']>, extra: Partial<Rules> = {}): Rules => ({
  ...DEFAULT_RULES,
  ...extra,
  options: { ...DEFAULT_RULES.options, ...o },
});
const initFigures = (s: EncounterState): InitiativeFigure[] =>
  s.figures.map((f) => ({ id: f.id, sideId: f.sideId, adjDex: baseAdjDex(f).value, dex: f.attributes.DEX }));
const mover = (f: FigureState, dropPack = false): MoverInput => ({
  attributes: f.attributes,
  carriedLbs: carriedLbs(f, dropPack),
  armorId: f.equipment.armorId,
});
const allowance = (r: RuleSet, m: MoverInput) => Object.fromEntries(r.movement.allowance(m).map((a) => [a.mode, a.allowed ? a.hexes.value : 'no']));

const party = () =>
  encounter(
    [
      fig('ann', 'a', 2, 2, { attributes: { DEX: 12 } }),
      fig('ben', 'a', 2, 4, { attributes: { DEX: 14 }, equipment: { armorId: 'chainmail' } }),
      fig('cal', 'a', 2, 6, { attributes: { DEX: 13 } }),
      fig('cat', 'b', 10, 2, { attributes: { DEX: 12 } }),
      fig('dan', 'c', 10, 6, { attributes: { DEX: 15 }, equipment: { armorId: 'leather-armor', shieldId: 'large-shield' } }),
    ],
    { sides: ['a', 'b', 'c'] },
  );

describe('rulesFor: the stored settings and the Pillars default', () => {
  const r = rulesFor(DEFAULT_RULES);
  it('every option off gives the Pillars strategies and keeps every setting', () => {
    expect([r.initiative.id, r.movement.id, r.criticals.id, r.stats.id, r.heavyBlowRules.enabled]).toEqual(['pillars', 'pillars', 'pillars', 'pillars', false]);
    expect(r.bleedingPerTurn).toBe(1);
    expect(r.notes).toEqual([]);
    expect(r.optionSettings).toEqual(DEFAULT_OPTION_SETTINGS);
  });
  it('settingsOf gives back the stored part, which survives JSON and the strict schema', () => {
    expect(settingsOf(r)).toEqual(DEFAULT_RULES);
    expect(RulesSchema.parse(JSON.parse(JSON.stringify(settingsOf(rulesFor(withOptions({ classic: true }))))))).toEqual(withOptions({ classic: true }));
  });
  it('refuses settings that fail the schema', () => {
    expect(() => rulesFor({ ...DEFAULT_RULES, brokenGroundCost: 0 })).toThrow();
  });
  it('asRuleSet builds from bare settings and passes a RuleSet through', () => {
    expect(asRuleSet(DEFAULT_RULES).initiative.id).toBe('pillars');
    expect(asRuleSet(r)).toBe(r);
  });
  it('the engine surface exports the seam', () => {
    expect(typeof engine.rulesFor).toBe('function');
    expect(typeof engine.settingsOf).toBe('function');
  });
  it('each option names its source document for the settings screen', () => {
    expect(OPTION_INFO.map((o) => [o.key, o.ruling, o.document])).toEqual([
      ['classic', 'RULINGS O1', '004_48d5a15eb5ab9657.txt'],
      ['perCharacterInitiative', 'RULINGS O2', '000_89ee8f76616d0bc7.txt'],
      ['strideMomentum', 'RULINGS O3', '002_bc0590f0eac730f5.txt'],
      ['declaredIntent', 'RULINGS O4', '003_d9aa0f0375e8b107.txt'],
    ]);
  });
});

describe('the Pillars strategies reproduce the encounter engine', () => {
  const r = rulesFor(DEFAULT_RULES);
  it('phases are turn.ts PHASES', () => {
    expect(r.initiative.phases.map((p) => p.id)).toEqual([...PHASES]);
  });
  it('initiative: the same rolls, order and choice as rollInitiative / chooseInitiative, and the same movement order', () => {
    const faces = [[5], [2], [5], [1], [4]];
    let s = party();
    s = step(s, { type: 'rollInitiative' }, faces).state;
    s = step(s, { type: 'chooseInitiative', sideId: 'c', moveFirst: false }).state;
    s = step(s, { type: 'advancePhase' }).state;
    s = step(s, { type: 'advancePhase' }).state;
    const engineTurn = turnStateOf(s);

    const res = r.initiative.roll({ sides: ['a', 'b', 'c'], figures: initFigures(party()) }, createEnteredDice(faces));
    expect(res.order).toEqual(engineTurn.initiative?.rollOrder);
    expect(res.scores.map((x) => ({ sideId: x.id, total: x.value.value }))).toEqual(engineTurn.initiative?.rolls);
    expect(res.winnerChooses).toBe(true);
    const order = r.initiative.settle(res, false);
    expect(order).toEqual(engineTurn.initiative?.order);
    const groups = r.initiative.movementGroups(order, initFigures(s), []);
    expect(groups[0]?.ids).toEqual(engineTurn.moveOrder);
    expect(groups[0]?.ids).toEqual(['cal', 'ann', 'ben', 'dan', 'cat']);
    // A yielder moves in Final Movement, in the same order (RULINGS T4).
    expect(r.initiative.movementGroups(order, initFigures(s), ['cal', 'ann']).map((g) => [g.phase, g.ids])).toEqual([
      ['initialMovement', ['ben', 'dan', 'cat']],
      ['finalMovement', ['cal', 'ann']],
    ]);
  });
  it('movement: the same gaits and distances as reachable.ts figureMovement, pack on and dropped', () => {
    const figs = [
      fig('x', 'a', 0, 0, { attributes: { CON: 14, STR: 10, DEX: 12 } }),
      fig('y', 'a', 0, 0, { attributes: { STR: 8 }, equipment: { armorId: 'chainmail', packLbs: 20 } }),
      fig('z', 'a', 0, 0, { attributes: { STR: 15, DEX: 16, CON: 16 }, equipment: { armorId: 'leather-armor', packLbs: 5 } }),
    ];
    for (const f of figs) {
      for (const drop of [false, true]) {
        const want = figureMovement(f, drop).gaits.map((g) => [g.gait, g.allowed, g.hexes.value, g.hexes.breakdown]);
        const got = r.movement.allowance(mover(f, drop)).map((a) => [a.mode, a.allowed, a.hexes.value, a.hexes.breakdown]);
        expect(got).toEqual(want);
      }
    }
    expect(allowance(r, mover(figs[0]!))).toEqual({ sprint: 19, run: 13, jog: 8, walk: 5, 'walk-slow': 2, 'stand-still': 0 });
  });
  it('criticals: read is attackOutcome for every 3- and 4-dice total, and the listed table agrees', () => {
    for (const count of [3, 4] as const) {
      for (let t = count; t <= count * 6; t++) {
        const faces = Array.from({ length: count }, () => 1);
        let left = t - count;
        for (let i = 0; i < count; i++) {
          const add = Math.min(5, left);
          faces[i] = 1 + add;
          left -= add;
        }
        const roll = makeRoll(diceSpec(count, 6), faces, 'entered', 'attack');
        expect(r.criticals.read(roll, 11)).toEqual(attackOutcome(roll, 11));
        const row = r.criticals.table.find((x) => x.dice === count && t >= x.from && t <= x.to);
        if (row !== undefined) expect(r.criticals.read(roll, 11).critical).not.toBeNull();
        else expect(r.criticals.read(roll, 11).critical).toBeNull();
      }
    }
  });
  it('roll to miss is combat rollToMissFriend', () => {
    for (const faces of [
      [3, 3, 3],
      [5, 5, 4],
      [6, 5, 4],
      [6, 6, 6],
      [4, 4, 4],
    ]) {
      const a = r.criticals.rollToMiss(createEnteredDice([faces]), 10);
      const b = rollToMissFriend(createEnteredDice([faces]), 10);
      expect([a.missed, a.multiplier, a.toBody, a.bleeding]).toEqual([b.missed, b.multiplier, b.toBody, b.bleeding]);
    }
  });
  it('heavy blows stay off unless the setting turns them on (RULINGS A8)', () => {
    expect(r.heavyBlowRules.effect(9, 10)).toBeNull();
    const on = rulesFor({ ...DEFAULT_RULES, heavyBlows: true });
    expect([on.heavyBlowRules.enabled, on.heavyBlowRules.effect(5, 12)?.dxPenaltyNextTurn?.value, on.movement.id]).toEqual([true, -2, 'pillars']);
  });
});

describe("each option through the seam gives its document's numbers", () => {
  it("O1 Classic: 000's example figure, 004's turn, criticals and heavy blows", () => {
    const r = rulesFor(withOptions({ classic: true }));
    expect([r.initiative.id, r.movement.id, r.criticals.id, r.stats.id, r.heavyBlowRules.enabled]).toEqual(['classic', 'classic', 'classic', 'classic', true]);
    const human = fig('h', 'a', 0, 0, { attributes: { STR: 10, DEX: 10 }, equipment: { packLbs: 18 } });
    expect(allowance(r, mover(human))).toEqual({ run: 'no', jog: 3, walk: 2, 'walk-slow': 1, 'stand-still': 0 });
    expect(allowance(r, mover(human, true))).toEqual({ run: 8, jog: 4, walk: 2, 'walk-slow': 1, 'stand-still': 0 });
    const four = r.criticals.read(makeRoll(diceSpec(3, 6), [1, 1, 2], 'entered', 'a'), 9);
    expect([four.multiplier, four.toBody, four.bleeding]).toEqual([2, false, false]);
    expect(r.heavyBlowRules.effect(8, 10)?.fallsDown).toBe(true);
    expect(r.initiative.phases.map((p) => p.id)).toEqual(['initiative', 'renewSpells', 'firstMovement', 'secondMovement', 'actions', 'forcedRetreat']);
    const s = party();
    const res = r.initiative.roll({ sides: ['a', 'b', 'c'], figures: initFigures(s) }, createEnteredDice([[2], [6], [4]]));
    expect(res.order).toEqual(['b', 'c', 'a']);
    expect(r.initiative.movementGroups(r.initiative.settle(res, true), initFigures(s), ['ann']).map((g) => [g.phase, g.ids])).toEqual([
      ['firstMovement', ['cat']],
      ['secondMovement', ['dan', 'cal', 'ann', 'ben']],
    ]);
    expect(r.stats.attributes.map((a) => a.id)).toEqual(['ST', 'DX', 'IQ', 'WIS']);
  });
  it('O2 per-character: 1d20 per figure, yielders last, a Cleanup phase', () => {
    const r = rulesFor(withOptions({ perCharacterInitiative: true }));
    const s = party();
    const res = r.initiative.roll({ sides: ['a', 'b', 'c'], figures: initFigures(s) }, createEnteredDice([[4], [19], [11], [2], [15]]));
    expect([res.by, res.order, res.winnerChooses]).toEqual(['figure', ['ben', 'dan', 'cal', 'ann', 'cat'], false]);
    expect(r.initiative.movementGroups(r.initiative.settle(res, true), initFigures(s), ['ben']).map((g) => g.ids)).toEqual([
      ['dan', 'cal', 'ann', 'cat', 'ben'],
    ]);
    expect(r.initiative.phases.at(-1)?.id).toBe('cleanup');
    expect(r.movement.id).toBe('pillars');
  });
  it('O3 stride: 5 AP; stride-4 20 hexes; stride-8 38 from a standstill, 40 with momentum 8', () => {
    const r = rulesFor(withOptions({ strideMomentum: true }));
    const f = fig('s', 'a', 0, 0);
    const a = allowance(r, { attributes: f.attributes });
    expect([a['stride-1'], a['stride-3'], a['stride-4'], a['stride-8']]).toEqual([5, 15, 20, 38]);
    expect(allowance(r, { attributes: f.attributes, momentum: 8 })['stride-8']).toBe(40);
    expect(allowance(r, { attributes: f.attributes, actionPoints: 3 })['stride-4']).toBe(12); // Ute's 12 hexes
  });
  it("O4 declared intent: stress die + score + modifiers, with the campaign's stress die", () => {
    const r = rulesFor(withOptions({ declaredIntent: true }));
    const figs: InitiativeFigure[] = [
      {
        id: 'p',
        sideId: 'a',
        adjDex: 10,
        dex: 14,
        declaration: { figureId: 'p', action: 'attack', movement: 'none', highGround: true, targetIds: ['q'], rangeHexes: 1, weaponId: 'spear' },
      },
      { id: 'q', sideId: 'b', adjDex: 10, dex: 10, initiativeScore: 5 },
    ];
    const res = r.initiative.roll({ sides: ['a', 'b'], figures: figs }, createEnteredDice([[1], [6], [9]]));
    // p: (1 → 6) × 2 = 12 + DEX 14 modifier 1 + high ground 3 = 16; q: 9 + 5 = 14.
    expect(res.scores.map((x) => [x.id, x.value.value])).toEqual([
      ['p', 16],
      ['q', 14],
    ]);
    expect(res.order).toEqual(['p', 'q']);
    const d6 = rulesFor(withOptions({ declaredIntent: true }), { declaredIntent: { stressDie: { sides: 6, explodeOn: null } } });
    const r6 = d6.initiative.roll({ sides: ['a', 'b'], figures: figs }, createEnteredDice([[1], [6]]));
    expect(r6.rolls.map((x) => x.notation)).toEqual(['1d6', '1d6']);
    expect(r6.scores.map((x) => x.value.value)).toEqual([5, 11]);
  });
  it('options combine in a fixed order, and say what replaced what', () => {
    const both = rulesFor(withOptions({ perCharacterInitiative: true, declaredIntent: true }));
    expect(both.initiative.id).toBe('declaredIntent');
    expect(both.notes).toEqual(['Declared intent replaces the initiative of Per-character initiative.']);
    const cs = rulesFor(withOptions({ classic: true, strideMomentum: true }));
    expect([cs.initiative.id, cs.movement.id, cs.criticals.id, cs.heavyBlowRules.enabled]).toEqual(['classic', 'stride', 'classic', true]);
    expect(cs.notes).toEqual(['Stride & momentum replaces the movement of Classic rule set.']);
  });
});

describe('rulesFor reads the stored settings once, without a compiled reader', () => {
  const refusal = (f: () => unknown): string => {
    try {
      f();
      return 'no refusal';
    } catch (e) {
      return JSON.stringify((e as { issues?: unknown }).issues ?? String(e));
    }
  };

  it('keeps exactly what the schema reads, keys in its order, and refuses what it refuses', () => {
    const settings: unknown[] = [
      DEFAULT_RULES,
      withOptions({ classic: true, strideMomentum: true }, { heavyBlows: true, bleedingPerTurn: 2 }),
      { ...DEFAULT_RULES, optionSettings: undefined, spellEdits: undefined },
    ];
    for (const s of settings) {
      const read = RulesSchema.parse(s);
      const built = rulesFor(s as Rules) as unknown as Record<string, unknown>;
      expect(Object.keys(built).slice(0, Object.keys(read).length)).toEqual(Object.keys(read));
      for (const [k, v] of Object.entries(read)) expect(JSON.stringify(built[k])).toBe(JSON.stringify(v));
    }
    for (const bad of [{ ...DEFAULT_RULES, brokenGroundCost: 'two' }, { ...DEFAULT_RULES, options: { classic: 'yes' } }, null]) {
      const expected = refusal(() => RulesSchema.parse(bad));
      expect(expected).not.toBe('no refusal');
      expect(refusal(() => rulesFor(bad as unknown as Rules))).toBe(expected);
    }
  });
});

describe('movement rules that say their allowances ignore pools and momentum', () => {
  it('give the same allowances whatever Fatigue was spent and whatever momentum was carried (the memo keys on neither)', () => {
    const sets = [DEFAULT_RULES, withOptions({ classic: true }), withOptions({ strideMomentum: true }), withOptions({ perCharacterInitiative: true })].map(
      (r) => rulesFor(r).movement,
    );
    const blind = sets.filter((m) => m.readsPoolsAndMomentum === false);
    expect(blind.map((m) => m.id)).toContain('pillars');
    for (const m of blind) {
      for (const STR of [6, 11, 16]) {
        for (const carriedLbs of [0, 30, 75]) {
          const attributes = { STR, DEX: 12, INT: 10, WIS: 10, CON: 11, CHR: 10 };
          const fresh = m.allowance({ attributes, carriedLbs, armorId: 'leather-armor' });
          for (const fatigueSpent of [0, 7, 40])
            for (const momentum of [0, 3]) expect(m.allowance({ attributes, carriedLbs, armorId: 'leather-armor', fatigueSpent, momentum })).toEqual(fresh);
        }
      }
    }
  });
});
