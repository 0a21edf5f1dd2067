/**
 * Magic in the encounter: casting as an action (001 §Action Options h, r, HTH;
 * RULINGS S1, S3, S4), phase 2 (001 §Renewing Spells; RULINGS T3, S2), the end of turn
 * (RULINGS T1, S6), anchor, intervention, counterspell and rest (RULINGS S5–S8), every roll
 * scripted with entered faces and the invariants checked after each step (fixtures `step`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { magicOf } from '../../../../src/main/engine/encounter/magic/magicBridge';
import { EncounterStateSchema, FRESH_FIGURE_TURN, turnStateOf, type EncounterState, type FigureState } from '../../../../src/main/engine/encounter/schema';
import { phaseStatus } from '../../../../src/main/engine/encounter/turn/turn';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { gmView } from '../../../../src/main/session/gmView';
import { encounterCastPreview } from '../../../../src/main/engine/encounter/magic/magicQueries';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import type { Command } from '../../../../src/shared/contract/commands';
import { encounter, fig, refusal, step, withActionOrder } from '../encounter/fixtures';

const MAGE = { INT: 15, WIS: 14, DEX: 11, CON: 9 };

function ilsa(extra: Parameters<typeof fig>[4] = {}): FigureState {
  return fig('ilsa', 'a', 5, 5, {
    attributes: MAGE,
    mana: { pool: 12, current: 12, debt: 0 },
    mastery: { 'passage-detect-magic': 1, 'passage-light': 1, 'passage-blur': 2, 'elemental-missile': 1 },
    ...extra,
  });
}

function mira(extra: Parameters<typeof fig>[4] = {}): FigureState {
  return fig('mira', 'b', 8, 5, {
    attributes: { INT: 12, WIS: 12, DEX: 10, CON: 10 },
    facing: 3,
    mana: { pool: 10, current: 10, debt: 0 },
    mastery: { 'protection-counter-1': 1, 'passage-light': 1 },
    ...extra,
  });
}

const foe = (q = 8, r = 5, extra: Parameters<typeof fig>[4] = {}): FigureState => fig('foe', 'b', q, r, { facing: 3, ...extra });

function inActions(figures: FigureState[], order = figures.map((f) => f.id)): EncounterState {
  return withActionOrder(encounter(figures, { phase: 'actions' }), order);
}

const cast = (spellId: string, extra: Partial<Extract<Command, { type: 'castSpell' }>> = {}): Command => ({
  type: 'castSpell',
  figureId: 'ilsa',
  spellId,
  ...extra,
});
const types = (events: readonly { type: string }[]): string[] => events.map((e) => e.type);
const manaOf = (s: EncounterState, id = 'ilsa') => s.figures.find((f) => f.id === id)?.mana;

describe('casting in the action phase (001 §Casting Spells; RULINGS S1)', () => {
  it('pays the level, rolls 3d6 ≤ INT and takes option h: Detect Magic, 12 against 15', () => {
    const r = step(inActions([ilsa(), foe()]), cast('passage-detect-magic'), [[3, 4, 5]]);
    expect(manaOf(r.state)).toEqual({ pool: 12, current: 11, debt: 0 });
    expect(types(r.events)).toEqual(['manaSpent', 'castingRoll', 'spellCast', 'optionTaken']);
    const roll = r.events.find((e) => e.type === 'castingRoll');
    expect(roll).toMatchObject({ roll: 12, success: true, special: null, target: { value: 15 } });
    expect(r.events.at(-1)).toMatchObject({ type: 'optionTaken', option: 'h' });
    expect(turnStateOf(r.state).actionDone).toEqual(['ilsa']);
    expect(r.rolls.map((x) => x.total)).toEqual([12]);
    expect(r.rolls[0]?.kind).toBe('entered');
  });

  it('a failed casting roll still spends the mana: 16 against 15', () => {
    const r = step(inActions([ilsa(), foe()]), cast('passage-detect-magic'), [[6, 5, 5]]);
    expect(manaOf(r.state)?.current).toBe(11);
    expect(r.events.find((e) => e.type === 'spellCast')).toMatchObject({ outcome: 'failed' });
  });

  it('a continuing spell goes into the state’s one list of spells, cast this turn (RULINGS S2)', () => {
    const r = step(inActions([ilsa(), foe()]), cast('passage-light'), [[2, 3, 4]]);
    expect(r.state.spells).toEqual([
      expect.objectContaining({
        id: 'spell-2',
        castingId: 'cast-1',
        spellId: 'passage-light',
        casterId: 'ilsa',
        targetId: null,
        castTurn: 1,
        turnsActive: 0,
        renewedTurn: null,
      }),
    ]);
    expect(magicOf(r.state).active.map((a) => a.id)).toEqual(['spell-2']);
    expect(r.state.magic?.seq).toBe(2);
  });

  it('flags a natural 4 as a special effect and keeps the GM’s ruling (RULINGS S1)', () => {
    const r = step(inActions([ilsa(), foe()]), cast('passage-detect-magic'), [[1, 1, 2]]);
    expect(r.events.find((e) => e.type === 'castingRoll')).toMatchObject({ roll: 4, special: { natural: 4, kind: 'low', gmRuling: null } });
    const ruled = step(r.state, { type: 'spellRuling', castingId: 'cast-1', text: 'Every charm in the ford glows for a minute.' });
    expect(magicOf(ruled.state).castings[0]?.special).toEqual({ natural: 4, kind: 'low', gmRuling: 'Every charm in the ford glows for a minute.' });
    expect(ruled.events).toEqual([{ type: 'gmRuling', castingId: 'cast-1', text: 'Every charm in the ford glows for a minute.', source: 'RULINGS S1' }]);
  });

  it('mastery 4 costs one less (RULINGS S1 setting): Blur, level 2, costs 1', () => {
    const r = step(inActions([ilsa({ mastery: { 'passage-blur': 4 } }), foe()]), cast('passage-blur', { targetId: 'ilsa' }), [[3, 3, 3]]);
    expect(manaOf(r.state)?.current).toBe(11);
    expect(r.events.find((e) => e.type === 'manaSpent')).toMatchObject({ amount: 1, cost: { value: 1, breakdown: [{ value: 2 }, { value: -1 }] } });
  });

  it('refuses outside the action phase, after walking, and a spell not known', () => {
    expect(refusal(encounter([ilsa(), foe()], { phase: 'initialMovement' }), cast('passage-light'))).toMatch(/cannot do that in Initial Movement/);
    const walked = ilsa({ turn: { ...FRESH_FIGURE_TURN, mode: 'walk', spent: 3 } });
    expect(refusal(inActions([walked, foe()]), cast('passage-light'))).toMatch(/moved at walk; Cast spell \(h\) allows at most walk-slow/);
    expect(refusal(inActions([ilsa(), foe()]), cast('passage-knock'))).toMatch(/does not know Knock/);
  });

  it('aims only at the caster’s hex, next to it, or in front (001 §Facing)', () => {
    const behind = foe(2, 5);
    expect(refusal(inActions([ilsa(), behind]), cast('passage-blur', { targetId: 'foe' }))).toMatch(/2,5 is in Ilsa's rear hexes/);
    const next = foe(4, 5);
    expect(step(inActions([ilsa(), next]), cast('passage-blur', { targetId: 'foe' }), [[3, 3, 3]]).state.spells[0]?.targetId).toBe('foe');
  });

  it('in hand-to-hand: refused with a dagger in hand at mastery 1, allowed at mastery 2 (001 §Action Options HTH; §Spell Mastery)', () => {
    const hth = (mastery: number): EncounterState =>
      inActions([
        ilsa({ mastery: { 'passage-blur': mastery }, hthWith: ['foe'], equipment: { weaponIds: ['dagger'], readyWeaponId: 'dagger' } }),
        foe(5, 5, { hthWith: ['ilsa'] }),
      ]);
    expect(refusal(hth(1), cast('passage-blur', { targetId: 'ilsa' }))).toMatch(/hands must be free, or the spell known at mastery 2\+/);
    const r = step(hth(2), cast('passage-blur', { targetId: 'ilsa' }), [[3, 3, 3]]);
    expect(r.events.at(-1)).toMatchObject({ type: 'optionTaken', option: 'hth-cast' });
  });

  it('a must-hit missile spell rolls 3d6 ≤ adjDEX after casting; a dodging target makes it 4 dice (RULINGS S1, A6)', () => {
    const miss = step(inActions([ilsa(), foe(6, 5)]), cast('elemental-missile', { targetId: 'foe', variant: 'fire' }), [
      [3, 3, 4],
      [4, 4, 4],
    ]);
    expect(miss.events.find((e) => e.type === 'hitRoll')).toMatchObject({ dice: 3, roll: 12, hit: false, target: { value: 11 } });
    expect(miss.events.find((e) => e.type === 'spellCast')).toMatchObject({ outcome: 'missed' });
    const dodging = foe(6, 5, { turn: { ...FRESH_FIGURE_TURN, defence: 'dodge', option: 'c' } });
    const hit = step(inActions([ilsa(), dodging], ['ilsa']), cast('elemental-missile', { targetId: 'foe', variant: 'fire' }), [
      [3, 3, 4],
      [2, 2, 2, 3],
    ]);
    expect(hit.events.find((e) => e.type === 'hitRoll')).toMatchObject({ dice: 4, roll: 9, hit: true });
    expect(refusal(inActions([ilsa(), foe(6, 5)]), cast('elemental-missile', { variant: 'fire' }))).toMatch(/must hit: choose the figure/);
  });
});

describe('push and borrowing (RULINGS S3, S4)', () => {
  it('push 1: cost 3, control 3d6 ≤ INT − 1 = 14, then the casting roll', () => {
    const r = step(inActions([ilsa(), foe()]), cast('passage-blur', { targetId: 'ilsa', push: 1 }), [
      [4, 4, 4],
      [3, 3, 4],
    ]);
    expect(manaOf(r.state)?.current).toBe(9);
    expect(r.events.find((e) => e.type === 'controlRoll')).toMatchObject({ kind: 'push', roll: 12, result: 'controlled', target: { value: 14 } });
    expect(r.events.find((e) => e.type === 'spellCast')).toMatchObject({ outcome: 'succeeded' });
  });

  it('push 2 and a natural 18 starts Runaway; no casting roll is made', () => {
    const r = step(inActions([ilsa(), foe()]), cast('passage-blur', { targetId: 'ilsa', push: 2 }), [[6, 6, 6]]);
    expect(manaOf(r.state)?.current).toBe(8);
    expect(magicOf(r.state).runaways).toEqual([
      { casterId: 'ilsa', spellId: 'passage-blur', spellName: 'Blur', level: 2, push: 2, cause: 'push', startedTurn: 1, turnsElapsed: 0, lastAnchorTurn: null },
    ]);
    expect(types(r.events)).not.toContain('castingRoll');
    expect(r.state.spells).toEqual([]);
  });

  it('push 4: failing 11 by 5 (a 16) starts Runaway; push 2 failing 13 by 2 (a 15) only loses the spell', () => {
    const runaway = step(inActions([ilsa(), foe()]), cast('passage-blur', { targetId: 'ilsa', push: 4 }), [[6, 5, 5]]);
    expect(runaway.events.find((e) => e.type === 'controlRoll')).toMatchObject({ roll: 16, result: 'runaway', target: { value: 11 } });
    const lost = step(inActions([ilsa(), foe()]), cast('passage-blur', { targetId: 'ilsa', push: 2 }), [[5, 5, 5]]);
    expect(lost.events.find((e) => e.type === 'spellCast')).toMatchObject({ outcome: 'lost' });
    expect(magicOf(lost.state).runaways).toEqual([]);
    expect(manaOf(lost.state)?.current).toBe(8);
  });

  it('short of mana: refused unless the GM borrows; borrowing makes Debt and a control roll ≤ INT − Debt', () => {
    const poor = (): EncounterState => inActions([ilsa({ mana: { pool: 12, current: 1, debt: 0 } }), foe()]);
    expect(refusal(poor(), cast('passage-blur', { targetId: 'ilsa' }))).toBe(
      'Ilsa has 1 mana and Blur costs 2: borrow the 1 short as Debt, with its control roll, or cast something smaller (RULINGS S4).',
    );
    const r = step(poor(), cast('passage-blur', { targetId: 'ilsa', borrow: true }), [
      [4, 4, 4],
      [3, 3, 3],
    ]);
    expect(manaOf(r.state)).toEqual({ pool: 12, current: 0, debt: 1 });
    expect(r.events.find((e) => e.type === 'controlRoll')).toMatchObject({ kind: 'borrow', roll: 12, result: 'controlled', target: { value: 14 } });
    const bad = step(poor(), cast('passage-blur', { targetId: 'ilsa', borrow: true }), [[6, 5, 4]]);
    expect(magicOf(bad.state).runaways[0]).toMatchObject({ cause: 'borrow', level: 2, push: 0 });
  });

  it('a caster in runaway cannot cast (RULINGS S6)', () => {
    const r = step(inActions([ilsa(), foe()], ['ilsa', 'foe']), cast('passage-blur', { targetId: 'ilsa', push: 2 }), [[6, 6, 6]]);
    const again = {
      ...r.state,
      turnState: { ...turnStateOf(r.state), actionDone: [] },
      figures: r.state.figures.map((f) => ({ ...f, turn: { ...f.turn, option: null } })),
    };
    expect(refusal(again, cast('passage-light'))).toMatch(/a caster in runaway fights for control and cannot cast/);
  });
});

/** Turn 1 up to Renew Spells with the given casters' spells in effect from before the encounter. */
function toRenew(
  figures: FigureState[],
  spells: { id: string; casterId: string; spellId?: string; name?: string }[],
  faces: number[][] = [[5], [2]],
): EncounterState {
  const base = EncounterStateSchema.parse({
    ...encounter(figures),
    spells: spells.map((s) => ({ spellId: 'passage-blur', name: 'Blur', targetId: null, level: 2, renewalCost: 1, turnsActive: 1, ...s })),
  });
  let s = step(base, { type: 'rollInitiative' }, faces.slice(0, 2)).state;
  s = step(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true }).state;
  return step(s, { type: 'advancePhase' }, faces.slice(2)).state;
}

describe('phase 2: Renew Spells (001 §Renewing Spells; RULINGS T3, S2, S4)', () => {
  it('orders casters by DEX + INT + WIS and renews from mana', () => {
    const s = toRenew([ilsa(), foe()], [{ id: 'blur', casterId: 'ilsa' }]);
    expect(s.phase).toBe('renewSpells');
    expect(magicOf(s).renewal).toEqual({ turn: 1, order: ['ilsa'], decided: {} });
    expect(phaseStatus(s)).toMatchObject({ due: ['ilsa'], pending: ['ilsa'] });
    const r = step(s, { type: 'renewSpell', figureId: 'ilsa', activeId: 'blur' });
    expect(manaOf(r.state)?.current).toBe(11);
    expect(r.state.spells[0]).toMatchObject({ id: 'blur', turnsActive: 2, renewedTurn: 1 });
    expect(phaseStatus(r.state).pending).toEqual([]);
    expect(types(r.events)).toEqual(['manaSpent', 'spellRenewed']);
    const moved = step(r.state, { type: 'advancePhase' });
    expect(moved.state.phase).toBe('initialMovement');
    expect(moved.state.spells.map((x) => x.id)).toEqual(['blur']);
  });

  it('the order event carries DEX + INT + WIS = 11 + 15 + 14 = 40', () => {
    const base = EncounterStateSchema.parse({
      ...encounter([ilsa(), foe()]),
      spells: [{ id: 'blur', spellId: 'passage-blur', name: 'Blur', casterId: 'ilsa', targetId: null, level: 2, renewalCost: 1, turnsActive: 1 }],
    });
    let s = step(base, { type: 'rollInitiative' }, [[5], [2]]).state;
    s = step(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true }).state;
    const r = step(s, { type: 'advancePhase' });
    expect(r.events.find((e) => e.type === 'orderSet')).toMatchObject({ phase: 'renewSpells', order: ['ilsa'], scores: [{ figureId: 'ilsa', value: 40 }] });
  });

  it('ties are rolled off (RULINGS G4) and the order is kept', () => {
    const twin = mira({ attributes: { ...MAGE }, mastery: { 'passage-blur': 1 } });
    const s = toRenew(
      [ilsa(), twin],
      [
        { id: 'b1', casterId: 'ilsa' },
        { id: 'b2', casterId: 'mira' },
      ],
      [[5], [2], [2], [5]],
    );
    expect(magicOf(s).renewal?.order).toEqual(['mira', 'ilsa']);
    expect(refusal(s, { type: 'renewSpell', figureId: 'ilsa', activeId: 'b1' })).toMatch(/It is Mira's turn to renew/);
    const r = step(s, { type: 'letSpellLapse', figureId: 'mira', activeId: 'b2' });
    expect(r.state.spells.map((x) => x.id)).toEqual(['b1']);
    expect(phaseStatus(r.state).due).toEqual(['ilsa']);
  });

  it('unrenewed spells end before movement (RULINGS S2)', () => {
    const s = toRenew([ilsa(), foe()], [{ id: 'blur', casterId: 'ilsa' }]);
    const r = step(s, { type: 'advancePhase' });
    const ended = r.events.findIndex((e) => e.type === 'spellEnded');
    const entered = r.events.findIndex((e) => e.type === 'phaseChanged');
    expect(r.events[ended]).toMatchObject({ activeId: 'blur', reason: 'not renewed' });
    expect(ended).toBeLessThan(entered);
    expect(r.state.spells).toEqual([]);
    expect(r.state.magic?.renewal).toBeNull();
  });

  it('short of mana: Renew is refused, Borrow makes Debt with a control roll ≤ INT − Debt (RULINGS S4)', () => {
    const s = toRenew([ilsa({ mana: { pool: 12, current: 0, debt: 0 } }), foe()], [{ id: 'blur', casterId: 'ilsa' }]);
    expect(refusal(s, { type: 'renewSpell', figureId: 'ilsa', activeId: 'blur' })).toMatch(/Borrow the shortfall as Debt/);
    const r = step(s, { type: 'borrowToRenew', figureId: 'ilsa', activeId: 'blur' }, [[3, 3, 3]]);
    expect(manaOf(r.state)).toEqual({ pool: 12, current: 0, debt: 1 });
    expect(r.events.find((e) => e.type === 'controlRoll')).toMatchObject({ kind: 'borrow', target: { value: 14 }, roll: 9 });
    const failed = step(s, { type: 'borrowToRenew', figureId: 'ilsa', activeId: 'blur' }, [[6, 6, 5]]);
    expect(failed.state.spells).toEqual([]);
    expect(magicOf(failed.state).runaways[0]).toMatchObject({ cause: 'borrow', spellName: 'Blur', startedTurn: 1 });
    const rich = toRenew([ilsa(), foe()], [{ id: 'blur', casterId: 'ilsa' }]);
    expect(refusal(rich, { type: 'borrowToRenew', figureId: 'ilsa', activeId: 'blur' })).toMatch(/nothing to borrow/);
  });

  it('an unconscious caster’s spells end when phase 2 begins', () => {
    const s = toRenew([ilsa({ posture: 'unconscious', fatigue: { starting: 50, current: 0 } }), foe()], [{ id: 'blur', casterId: 'ilsa' }]);
    expect(s.spells).toEqual([]);
    expect(magicOf(s).renewal?.order).toEqual([]);
  });

  it('the sample encounter: Ilsa renews Blur on Bram and her mana drops from 12 to 11', () => {
    const raw = JSON.parse(readFileSync('resources/sample-campaign/encounters/ford-ambush.json', 'utf8')) as { initial: unknown };
    let s = EncounterStateSchema.parse(raw.initial);
    s = step(s, { type: 'rollInitiative' }, [[5], [2]]).state;
    s = step(s, { type: 'chooseInitiative', sideId: 'party', moveFirst: true }).state;
    s = step(s, { type: 'advancePhase' }).state;
    const gm = gmView({ id: 'c', name: 'C' }, s, { canUndo: false, canRedo: false, logLength: 3 }, 3);
    expect(gm.encounter.tracker.magic).toEqual({ activeSpells: 1, renewalsPending: 1, runaways: [] });
    expect(gm.encounter.tracker.due).toEqual(['ilsa']);
    s = step(s, { type: 'renewSpell', figureId: 'ilsa', activeId: 'blur-on-bram' }).state;
    expect(manaOf(s)).toEqual({ pool: 12, current: 11, debt: 0 });
    s = step(s, { type: 'advancePhase' }).state;
    expect(s.spells).toMatchObject([{ id: 'blur-on-bram', targetId: 'bram', turnsActive: 2, renewedTurn: 1 }]);
  });
});

/** A state in Forced Retreat of turn 1 with Ilsa in a runaway of Blur pushed 2 since turn 1. */
function inRunaway(
  ilsaExtra: Parameters<typeof fig>[4],
  others: FigureState[] = [foe()],
  phase: EncounterState['phase'] = 'forcedRetreat',
  turn = 1,
): EncounterState {
  const s = encounter([ilsa(ilsaExtra), ...others], { phase });
  return {
    ...s,
    turn,
    magic: {
      seq: 1,
      runaways: [
        {
          casterId: 'ilsa',
          spellId: 'passage-blur',
          spellName: 'Blur',
          level: 2,
          push: 2,
          cause: 'push',
          startedTurn: 1,
          turnsElapsed: turn - 1,
          lastAnchorTurn: null,
        },
      ],
      castings: [],
      renewal: null,
    },
  };
}

describe('the end of turn: bleeding, survival saves, runaway drain (RULINGS T1, S6, C5)', () => {
  it('in that order, one survival save for a caster in runaway, the drain past mana into Body', () => {
    const bleeder = fig('bram', 'a', 3, 3, { conditions: ['bleeding'] });
    const before = inRunaway({ mana: { pool: 12, current: 3, debt: 0 }, body: { starting: 34, current: -17 } }, [bleeder, foe()]);
    // RULINGS S6: the anchor roll comes first; an 18 fails it.
    const s = step(before, { type: 'anchorRoll', figureId: 'ilsa' }, [[6, 6, 6]]).state;
    const r = step(s, { type: 'advancePhase' }, [[3, 3, 3]]);
    expect(r.rolls).toHaveLength(1);
    const order = types(r.events).filter((t) => ['bled', 'check', 'runawayDrain', 'casterUnconscious', 'turnEnded'].includes(t));
    expect(order).toEqual(['bled', 'check', 'runawayDrain', 'casterUnconscious', 'turnEnded']);
    expect(r.events.find((e) => e.type === 'check')).toMatchObject({ figureId: 'ilsa', purpose: 'survival save', target: 9, roll: 9, success: true });
    expect(r.events.find((e) => e.type === 'runawayDrain')).toMatchObject({ fromMana: 3, fromBody: 1, drain: { value: 4 } });
    const after = r.state.figures.find((f) => f.id === 'ilsa')!;
    expect(after.mana).toEqual({ pool: 12, current: 0, debt: 0 });
    expect(after.body.current).toBe(-18);
    expect(after.posture).toBe('unconscious');
    expect(magicOf(r.state).runaways[0]?.turnsElapsed).toBe(1);
    expect(r.state.turn).toBe(2);
  });

  it('a failed survival save kills the caster and the runaway ends with it', () => {
    const s = inRunaway({ mana: { pool: 12, current: 3, debt: 0 }, body: { starting: 34, current: -17 } });
    const r = step(s, { type: 'advancePhase', override: true }, [[6, 6, 6]]);
    expect(r.state.figures.find((f) => f.id === 'ilsa')?.posture).toBe('dead');
    expect(magicOf(r.state).runaways).toEqual([]);
    expect(r.events.find((e) => e.type === 'runawayEnded')).toMatchObject({ casterId: 'ilsa', reason: 'death' });
  });
});

describe('anchor, intervention, counterspell, rest (RULINGS S5–S8)', () => {
  it('anchor: 3d6 ≤ WIS − (turns in runaway − 1): 13 in its second turn; once a turn', () => {
    const s = inRunaway({}, [foe()], 'initiative', 2);
    const failed = step(s, { type: 'anchorRoll', figureId: 'ilsa' }, [[5, 5, 4]]);
    expect(failed.events[0]).toMatchObject({ type: 'anchorRoll', target: { value: 13 }, roll: 14, success: false });
    expect(refusal(failed.state, { type: 'anchorRoll', figureId: 'ilsa' }, [[1, 1, 1]])).toMatch(/already made this turn's anchor roll/);
    const ok = step(s, { type: 'anchorRoll', figureId: 'ilsa' }, [[4, 4, 5]]);
    expect(magicOf(ok.state).runaways).toEqual([]);
    expect(
      refusal(inRunaway({ posture: 'unconscious', fatigue: { starting: 50, current: 0 } }, [foe()], 'initiative', 2), { type: 'anchorRoll', figureId: 'ilsa' }),
    ).toMatch(/unconscious/);
  });

  it('intervention: Mira rolls ≤ WIS 12 − 1 = 11 as her action; failing, she runs away too', () => {
    const s = withActionOrder(inRunaway({}, [mira()], 'actions', 2), ['mira', 'ilsa']);
    const failed = step(s, { type: 'intervene', figureId: 'mira', casterId: 'ilsa' }, [[6, 6, 5]]);
    expect(failed.events[0]).toMatchObject({ type: 'interventionRoll', rollerId: 'mira', target: { value: 11 }, roll: 17, success: false });
    expect(magicOf(failed.state).runaways.map((r) => [r.casterId, r.cause, r.startedTurn])).toEqual([
      ['ilsa', 'push', 1],
      ['mira', 'intervention', 2],
    ]);
    expect(turnStateOf(failed.state).actionDone).toEqual(['mira']);
    const ok = step(s, { type: 'intervene', figureId: 'mira', casterId: 'ilsa' }, [[3, 3, 5]]);
    expect(magicOf(ok.state).runaways).toEqual([]);
  });

  it('counterspell: margins INT + mana − roll; a tie goes to the defender and ends the spell', () => {
    const cast1 = step(inActions([ilsa(), mira()]), cast('passage-light'), [[2, 3, 4]]);
    const tie = step(cast1.state, { type: 'counterspell', figureId: 'mira', castingId: 'cast-1', mana: 2 }, [
      [4, 4, 4],
      [3, 3, 4],
    ]);
    expect(tie.events.find((e) => e.type === 'counterspell')).toMatchObject({
      casterMargin: 4,
      defenderMargin: 4,
      winner: 'defender',
      casterTarget: { value: 16 },
      defenderTarget: { value: 14 },
    });
    expect(tie.state.spells).toEqual([]);
    expect(manaOf(tie.state, 'mira')?.current).toBe(8);
    const lose = step(cast1.state, { type: 'counterspell', figureId: 'mira', castingId: 'cast-1', mana: 2 }, [
      [3, 3, 3],
      [5, 5, 5],
    ]);
    expect(lose.events.find((e) => e.type === 'counterspell')).toMatchObject({ casterMargin: 7, defenderMargin: -1, winner: 'caster' });
    expect(lose.state.spells).toHaveLength(1);
    expect(refusal(lose.state, { type: 'counterspell', figureId: 'mira', castingId: 'cast-1', mana: 1 })).toMatch(/one try per casting/);
  });

  it('a counter declared with the cast: the contest before the spell takes effect; a defender who wins stops it (RULINGS S8)', () => {
    const declared = cast('passage-light', { counter: { figureId: 'mira', mana: 2 } });
    // Casting 9 against INT 15; the contest: Ilsa 15 + 1 − 12 = 4 against Mira 12 + 2 − 10 = 4, a tie to the defender.
    const tie = step(inActions([ilsa(), mira()]), declared, [
      [2, 3, 4],
      [4, 4, 4],
      [3, 3, 4],
    ]);
    expect(types(tie.events)).toEqual(['manaSpent', 'castingRoll', 'spellCast', 'manaSpent', 'counterspell', 'optionTaken']);
    expect(tie.events.find((e) => e.type === 'counterspell')).toMatchObject({ casterMargin: 4, defenderMargin: 4, winner: 'defender' });
    expect(tie.state.spells).toEqual([]);
    expect([manaOf(tie.state)?.current, manaOf(tie.state, 'mira')?.current]).toEqual([11, 8]);
    expect(refusal(tie.state, { type: 'counterspell', figureId: 'mira', castingId: 'cast-1', mana: 1 })).toMatch(/one try per casting/);
    // The caster wins: the spell goes through.
    const held = step(inActions([ilsa(), mira()]), declared, [
      [2, 3, 4],
      [3, 3, 3],
      [5, 5, 5],
    ]);
    expect(held.state.spells).toHaveLength(1);
    // Who cannot counter is refused before any die: a figure with no spells.
    expect(refusal(inActions([ilsa(), mira(), foe(9, 6)]), cast('passage-light', { counter: { figureId: 'foe', mana: 1 } }))).toMatch(
      /Foe knows no spells and cannot counter/,
    );
  });

  it("the cast preview lists who could counter, and a declared counter's two contest targets before any die (RULINGS S8)", () => {
    const s = inActions([ilsa(), mira(), foe(9, 7)]);
    const plain = encounterCastPreview(s, DEFAULT_RULES, 'ilsa', 'passage-light', 1);
    expect(plain.defenders).toEqual([{ figureId: 'mira', name: 'Mira', mana: 10 }]);
    expect(plain.counter).toBeNull();
    const declared = encounterCastPreview(s, DEFAULT_RULES, 'ilsa', 'passage-light', 1, undefined, { figureId: 'mira', mana: 3 });
    expect(declared.counter?.caster).toMatchObject({ value: 17 }); // INT 15 + cost 1 + push 1
    expect(declared.counter?.caster.breakdown.map((l) => l.label)).toEqual(['Ilsa INT', 'casting mana (cost 1 + push 1)']);
    expect(declared.counter?.defender).toMatchObject({ value: 15 }); // INT 12 + 3 committed
    expect(declared.problems).toEqual([]);
    const tooMuch = encounterCastPreview(s, DEFAULT_RULES, 'ilsa', 'passage-light', 0, undefined, { figureId: 'mira', mana: 11 });
    expect(tooMuch.problems).toContain('Mira has 10 mana and cannot commit 11.');
    const nonMage = encounterCastPreview(s, DEFAULT_RULES, 'ilsa', 'passage-light', 0, undefined, { figureId: 'foe', mana: 1 });
    expect(nonMage.problems).toContain('Foe knows no spells: only a mage can counter (001 §Counterspell).');
  });

  it('rest between fights: mana back, Debt paid first; refused during a turn or a runaway (RULINGS S5, S4)', () => {
    const s = encounter([ilsa({ mana: { pool: 12, current: 2, debt: 3 } }), foe()]);
    const r = step(s, { type: 'rest' });
    expect(manaOf(r.state)).toEqual({ pool: 12, current: 9, debt: 0 });
    expect(r.events).toEqual([{ type: 'manaRegained', casterId: 'ilsa', regained: 7, debtPaid: 3, source: 'RULINGS S5; RULINGS S4' }]);
    expect(refusal(inActions([ilsa(), foe()]), { type: 'rest' })).toMatch(/no mana comes back during combat/);
    expect(refusal(inRunaway({}, [foe()], 'initiative', 1), { type: 'rest' })).toMatch(/Ilsa is in runaway/);
  });

  it('replays the same with the same seed (deterministic)', () => {
    const run = (): unknown => {
      const dice = (seed: number) =>
        createEnteredDice(Array.from({ length: 10 }, (_, i) => [((seed + i) % 6) + 1, ((seed * 3 + i) % 6) + 1, ((seed * 5 + i) % 6) + 1]));
      const r = apply(inActions([ilsa(), mira()]), cast('passage-blur', { targetId: 'ilsa', push: 1 }), dice(4));
      return [r.state, r.events, r.rolls.map((x) => x.total)];
    };
    expect(run()).toEqual(run());
  });
});
