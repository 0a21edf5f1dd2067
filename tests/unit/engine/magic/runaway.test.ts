import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import { anchor, cast, endOfTurnRunaway, intervene, runawayDrain, runawayView } from '../../../../src/main/engine/magic';
import type { MagicEvent, MagicSnapshot } from '../../../../src/main/engine/magic';
import { caster, casterIn, ctx, dice, snapshot } from './fixtures';

const ada = caster({
  id: 'ada',
  attributes: { INT: 14, WIS: 12, DEX: 11, CON: 10 },
  fatigue: { current: 18, starting: 18 },
  body: { current: 12, starting: 12 },
  mana: { pool: 12, current: 10, debt: 0 },
  mastery: { 'passage-hold': 1 },
});
const bea = caster({ id: 'bea', attributes: { INT: 13, WIS: 13, DEX: 11, CON: 12 }, mastery: { 'mending-heal': 1 } });

/** Ada pushes Hold (level 2) by 3 in turn 1 and fails control by 5: Runaway, drain 5 a turn. */
function runawayStart(): MagicSnapshot {
  const r = cast(snapshot(ada, bea), { casterId: 'ada', spellId: 'passage-hold', targetId: 'orc', push: 3 }, dice(16), ctx(1));
  expect(r.next.magic.castings[0]?.outcome).toBe('runaway');
  expect(casterIn(r.next, 'ada').mana.current).toBe(5);
  return r.next;
}

const types = (events: readonly MagicEvent[]): string[] => events.map((e) => e.type);

describe('runaway drain (001 §Runaway; RULINGS S6)', () => {
  it('drains level + push (setting), or the level alone', () => {
    const s = runawayStart();
    const r = s.magic.runaways[0];
    if (r === undefined) throw new Error('setup');
    expect(runawayDrain(r, DEFAULT_RULES)).toEqual({
      value: 5,
      breakdown: [
        { label: 'Hold level 2', value: 2, source: '001 §Runaway; RULINGS S6' },
        { label: 'push 3', value: 3, source: 'RULINGS S6 (setting)' },
      ],
    });
    expect(runawayDrain(r, { ...DEFAULT_RULES, runawayDrainIncludesPush: false }).value).toBe(2);
  });

  it('is played turn by turn to death: mana, unconscious, Body, survival saves (RULINGS C4, C5)', () => {
    let s = runawayStart();
    // Turn 1: anchor 3d6 ≤ WIS 12 − 0 fails on 14; a second try the same turn is refused.
    const a1 = anchor(s, 'ada', dice(14), ctx(1));
    expect(a1.events[0]).toMatchObject({ type: 'anchorRoll', roll: 14, success: false });
    expect(a1.events[0]?.type === 'anchorRoll' && a1.events[0].target.value).toBe(12);
    s = a1.next;
    expect(() => anchor(s, 'ada', dice(3), ctx(1))).toThrow(/already made this turn's anchor roll/);
    // End of turn 1: 5 from mana → 0: unconscious.
    let end = endOfTurnRunaway(s, dice(), ctx(1));
    expect(types(end.events)).toEqual(['runawayDrain', 'casterUnconscious']);
    expect(end.events[0]).toMatchObject({ fromMana: 5, fromBody: 0 });
    s = end.next;
    expect(casterIn(s, 'ada')).toMatchObject({ conscious: false, mana: { pool: 12, current: 0, debt: 0 }, body: { current: 12 } });
    // Turn 2: an unconscious caster cannot anchor.
    expect(() => anchor(s, 'ada', dice(3), ctx(2))).toThrow(/unconscious/);
    expect(runawayView(s, ctx(2))[0]).toMatchObject({ turnsInRunaway: 2, anchorTarget: null, anchorDue: false, manaLeft: 0 });

    const bodies: number[] = [];
    for (const turn of [2, 3, 4, 5]) {
      end = endOfTurnRunaway(s, dice(), ctx(turn));
      expect(end.rolls).toEqual([]);
      s = end.next;
      bodies.push(casterIn(s, 'ada').body.current);
    }
    expect(bodies).toEqual([7, 2, -3, -8]);
    // Turn 6: Body −8 is at or below −6 (−½ of 12): a save 3d6 ≤ CON 10, made on 10; then drain to −13.
    end = endOfTurnRunaway(s, dice(10), ctx(6));
    expect(types(end.events)).toEqual(['survivalSave', 'runawayDrain']);
    expect(end.events[0]).toMatchObject({ roll: 10, survived: true });
    expect(end.events[0]?.type === 'survivalSave' && end.events[0].target.value).toBe(10);
    s = end.next;
    expect(casterIn(s, 'ada').body.current).toBe(-13);
    // Turn 7: −13 is 1 past −12: save at CON − 1 = 9, made on 9; drain to −18.
    end = endOfTurnRunaway(s, dice(9), ctx(7));
    expect(end.events[0]?.type === 'survivalSave' && end.events[0].target.value).toBe(9);
    s = end.next;
    expect(casterIn(s, 'ada').body.current).toBe(-18);
    // Turn 8: 6 past: save at 4, rolled 5: death; the runaway ends with the caster.
    end = endOfTurnRunaway(s, dice(5), ctx(8));
    expect(types(end.events)).toEqual(['survivalSave', 'casterDied', 'runawayEnded']);
    expect(end.events[0]?.type === 'survivalSave' && end.events[0].target.value).toBe(4);
    s = end.next;
    expect(casterIn(s, 'ada')).toMatchObject({ dead: true, conscious: false, body: { current: -18 } });
    expect(s.magic.runaways).toEqual([]);
  });

  it("the survival save can be left to the encounter's own pass (RULINGS T1)", () => {
    let s = runawayStart();
    s = { ...s, casters: s.casters.map((c) => (c.id === 'ada' ? { ...c, body: { current: -8, starting: 12 } } : c)) };
    const end = endOfTurnRunaway(s, dice(), ctx(1), { survivalSaves: false });
    expect(types(end.events)).toEqual(['runawayDrain', 'casterUnconscious']);
  });

  it('a successful anchor ends the runaway; the penalty grows with the turns', () => {
    const start = runawayStart();
    // Ada with 20 mana stays conscious after the first drain.
    let t: MagicSnapshot = { ...start, casters: start.casters.map((c) => (c.id === 'ada' ? { ...c, mana: { pool: 20, current: 20, debt: 0 } } : c)) };
    t = anchor(t, 'ada', dice(13), ctx(1)).next;
    t = endOfTurnRunaway(t, dice(), ctx(1)).next;
    expect(casterIn(t, 'ada')).toMatchObject({ conscious: true, mana: { current: 15 } });
    expect(runawayView(t, ctx(2))[0]).toMatchObject({ turnsInRunaway: 2, anchorDue: true });
    // Turn 2: WIS 12 − (2 − 1) = 11; 11 succeeds.
    const a2 = anchor(t, 'ada', dice(11), ctx(2));
    expect(a2.events.map((e) => (e.type === 'anchorRoll' ? e.target.value : e.type))).toEqual([11, 'runawayEnded']);
    expect(a2.next.magic.runaways).toEqual([]);
    expect(endOfTurnRunaway(a2.next, dice(), ctx(2)).events).toEqual([]);
  });
});

describe('intervention (001 §Intervention; RULINGS S7)', () => {
  it('another mage ends the runaway: 3d6 ≤ WIS − (turns in runaway − 1)', () => {
    let s = runawayStart();
    s = endOfTurnRunaway(anchor(s, 'ada', dice(15), ctx(1)).next, dice(), ctx(1)).next;
    const r = intervene(s, { mageId: 'bea', casterId: 'ada' }, dice(12), ctx(2));
    const roll = r.events[0];
    expect(roll?.type === 'interventionRoll' && [roll.rollerId, roll.target.value, roll.roll, roll.success]).toEqual(['bea', 12, 12, true]);
    expect(r.events[1]).toEqual({ type: 'runawayEnded', casterId: 'ada', reason: 'intervention', source: '001 §Intervention; RULINGS S7' });
    expect(r.next.magic.runaways).toEqual([]);
    // Ada stays unconscious with no mana; no further drain.
    const after = endOfTurnRunaway(r.next, dice(), ctx(2));
    expect(after.events).toEqual([]);
    expect(casterIn(after.next, 'ada')).toMatchObject({ conscious: false, body: { current: 12 } });
  });

  it('a failed intervention puts the helping mage into the same runaway, with its own drain', () => {
    let s = runawayStart();
    s = endOfTurnRunaway(anchor(s, 'ada', dice(15), ctx(1)).next, dice(), ctx(1)).next;
    const r = intervene(s, { mageId: 'bea', casterId: 'ada' }, dice(13), ctx(2));
    expect(r.next.magic.runaways.map((x) => [x.casterId, x.spellName, x.level, x.push, x.cause, x.startedTurn])).toEqual([
      ['ada', 'Hold', 2, 3, 'push', 1],
      ['bea', 'Hold', 2, 3, 'intervention', 2],
    ]);
    const end = endOfTurnRunaway(r.next, dice(), ctx(2));
    expect(casterIn(end.next, 'ada').body.current).toBe(7);
    expect(casterIn(end.next, 'bea').mana.current).toBe(7);
    expect(casterIn(end.next, 'bea').conscious).toBe(true);
    // Bea anchors on turn 3, her runaway's turn 2: WIS 13 − 1 = 12.
    const a = anchor(end.next, 'bea', dice(12), ctx(3));
    expect(a.next.magic.runaways.map((x) => x.casterId)).toEqual(['ada']);
  });

  it('refuses a caster helping itself, a non-mage and a mage in runaway', () => {
    const s = runawayStart();
    expect(() => intervene(s, { mageId: 'ada', casterId: 'ada' }, dice(3), ctx(1))).toThrow(/its own runaway/);
    const plain = { ...s, casters: [...s.casters, caster({ id: 'cob' })] };
    expect(() => intervene(plain, { mageId: 'cob', casterId: 'ada' }, dice(3), ctx(1))).toThrow(/knows no spells/);
    expect(() => intervene(s, { mageId: 'bea', casterId: 'bea' }, dice(3), ctx(1))).toThrow();
  });

  it('a caster in runaway cannot cast', () => {
    const s = runawayStart();
    expect(() => cast(s, { casterId: 'ada', spellId: 'passage-hold' }, dice(9), ctx(1))).toThrow(/in runaway/);
  });
});
