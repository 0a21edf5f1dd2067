import { describe, expect, it } from 'vitest';
import { cast, counterspell } from '../../../../src/main/engine/magic';
import type { MagicSnapshot } from '../../../../src/main/engine/magic';
import { caster, casterIn, ctx, dice, snapshot } from './fixtures';

const ada = caster({ id: 'ada', attributes: { INT: 14, WIS: 12, DEX: 11, CON: 12 }, mastery: { 'control-calm': 1, 'passage-light': 1 } });
const dan = caster({ id: 'dan', attributes: { INT: 13, WIS: 12, DEX: 11, CON: 12 }, mastery: { 'protection-counter-1': 1 } });

/** Turn 1: Ada calms the orc (level 1, continuing); the casting is cast-1. */
function calmed(): MagicSnapshot {
  const r = cast(snapshot(ada, dan), { casterId: 'ada', spellId: 'control-calm', targetId: 'orc' }, dice(9), ctx(1));
  expect(r.next.magic.castings[0]?.id).toBe('cast-1');
  return r.next;
}

describe('counterspell (001 §Counterspell; RULINGS S8)', () => {
  it('margins INT + mana − roll; a tie goes to the defender; the spell ends; D is spent', () => {
    const r = counterspell(calmed(), { defenderId: 'dan', castingId: 'cast-1', committed: 3 }, dice(10, 11), ctx(1));
    const ev = r.events.find((e) => e.type === 'counterspell');
    if (ev?.type !== 'counterspell') throw new Error('no counterspell event');
    expect(ev.casterTarget).toEqual({
      value: 15,
      breakdown: [
        { label: 'ada INT', value: 14, source: '001 §Counterspell; RULINGS S8' },
        { label: 'casting mana (cost 1 + push 0)', value: 1, source: '001 §Counterspell; RULINGS S8' },
      ],
    });
    expect([ev.casterRoll, ev.casterMargin, ev.defenderTarget.value, ev.defenderRoll, ev.defenderMargin, ev.winner]).toEqual([10, 5, 16, 11, 5, 'defender']);
    expect(ev.source).toBe('001 §Counterspell; RULINGS S8: a tie goes to the defender');
    expect(r.next.magic.active).toEqual([]);
    expect(r.events.at(-1)).toMatchObject({ type: 'spellEnded', reason: 'countered', casterId: 'ada' });
    expect(casterIn(r.next, 'dan').mana.current).toBe(9);
    expect(r.next.magic.castings[0]?.counter).toEqual({ defenderId: 'dan', committed: 3, casterMargin: 5, defenderMargin: 5, winner: 'defender', turn: 1 });
  });

  it('the caster wins on a higher margin; D is spent anyway; one try per casting', () => {
    const r = counterspell(calmed(), { defenderId: 'dan', castingId: 'cast-1', committed: 2 }, dice(9, 12), ctx(1));
    expect(r.next.magic.castings[0]?.counter?.winner).toBe('caster'); // 15 − 9 = 6 against 15 − 12 = 3
    expect(r.next.magic.active).toHaveLength(1);
    expect(casterIn(r.next, 'dan').mana.current).toBe(10);
    expect(() => counterspell(r.next, { defenderId: 'dan', castingId: 'cast-1', committed: 1 }, dice(3, 3), ctx(1))).toThrow(/one try per casting/);
  });

  it('refuses a counter out of turn, against a failed casting, beyond the mana, or by the caster', () => {
    const s = calmed();
    expect(() => counterspell(s, { defenderId: 'dan', castingId: 'cast-1', committed: 2 }, dice(9, 9), ctx(2))).toThrow(/in the turn it is cast/);
    expect(() => counterspell(s, { defenderId: 'dan', castingId: 'cast-1', committed: 13 }, dice(9, 9), ctx(1))).toThrow(/cannot commit 13/);
    expect(() => counterspell(s, { defenderId: 'ada', castingId: 'cast-1', committed: 1 }, dice(9, 9), ctx(1))).toThrow(/its own spell/);
    const failed = cast(snapshot(ada, dan), { casterId: 'ada', spellId: 'control-calm' }, dice(15), ctx(1)).next;
    expect(() => counterspell(failed, { defenderId: 'dan', castingId: 'cast-1', committed: 1 }, dice(9, 9), ctx(1))).toThrow(/did not take effect/);
  });

  it('escalation over two turns: countered in turn 1, pushed through in turn 2', () => {
    // Turn 1: Dan counters (tie to the defender).
    let s = counterspell(calmed(), { defenderId: 'dan', castingId: 'cast-1', committed: 3 }, dice(10, 11), ctx(1)).next;
    expect(s.magic.active).toEqual([]);
    expect(casterIn(s, 'ada').mana.current).toBe(11);
    // Escalation must come next turn, push harder than before, and answer a countered casting.
    expect(() => cast(s, { casterId: 'ada', spellId: 'control-calm', targetId: 'orc', push: 2, escalationOf: 'cast-1' }, dice(9, 9), ctx(3))).toThrow(/turn 2/);
    expect(() => cast(s, { casterId: 'ada', spellId: 'control-calm', targetId: 'orc', push: 0, escalationOf: 'cast-1' }, dice(9), ctx(2))).toThrow(
      /more than 0/,
    );
    expect(() => cast(s, { casterId: 'ada', spellId: 'control-calm', targetId: 'dan', push: 2, escalationOf: 'cast-1' }, dice(9), ctx(2))).toThrow(
      /same target/,
    );
    // Turn 2: Ada pushes 2: cost 1 + 2, control 3d6 ≤ 14 − 2 = 12 (rolls 10), casting roll 9.
    const esc = cast(s, { casterId: 'ada', spellId: 'control-calm', targetId: 'orc', push: 2, escalationOf: 'cast-1' }, dice(10, 9), ctx(2));
    expect(esc.events.map((e) => e.type)).toEqual(['manaSpent', 'controlRoll', 'castingRoll', 'spellActive', 'spellCast']);
    expect(esc.events[0]?.type === 'manaSpent' && esc.events[0].cost.breakdown.map((l) => [l.label, l.value])).toEqual([
      ['level 1', 1],
      ['push', 2],
    ]);
    const rec = esc.next.magic.castings[1];
    expect(rec).toMatchObject({ escalationOf: 'cast-1', push: 2, cost: 1, outcome: 'succeeded', turn: 2 });
    s = esc.next;
    expect(casterIn(s, 'ada').mana.current).toBe(8);
    if (rec === undefined) throw new Error('no record');
    expect(() => cast(s, { casterId: 'ada', spellId: 'control-calm', push: 3, escalationOf: 'cast-1' }, dice(9, 9), ctx(2))).toThrow(/already been escalated/);
    // Dan gets one try at the new casting: 14 + 3 − 12 = 5 against 13 + 2 − 11 = 4: the spell holds.
    const second = counterspell(s, { defenderId: 'dan', castingId: rec.id, committed: 2 }, dice(12, 11), ctx(2));
    expect(second.next.magic.castings[1]?.counter).toMatchObject({ casterMargin: 5, defenderMargin: 4, winner: 'caster' });
    expect(second.next.magic.active.map((a) => [a.name, a.castingId, a.targetId])).toEqual([['Calm', rec.id, 'orc']]);
    expect(casterIn(second.next, 'dan').mana.current).toBe(7);
  });

  it('a failed control roll during escalation can start Runaway', () => {
    const s = counterspell(calmed(), { defenderId: 'dan', castingId: 'cast-1', committed: 3 }, dice(10, 11), ctx(1)).next;
    const esc = cast(s, { casterId: 'ada', spellId: 'control-calm', targetId: 'orc', push: 2, escalationOf: 'cast-1' }, dice(17), ctx(2));
    expect(esc.next.magic.castings[1]?.outcome).toBe('runaway');
    expect(esc.next.magic.runaways[0]).toMatchObject({ casterId: 'ada', level: 1, push: 2, cause: 'push', startedTurn: 2 });
  });
});

describe('a counter declared as the spell is cast (001 §Counterspell: "if the defender wins, the spell is countered"; RULINGS S8)', () => {
  const calm = (counter: { defenderId: string; committed: number }) => ({ casterId: 'ada', spellId: 'control-calm', targetId: 'orc', counter });

  it('the contest comes after the casting roll and before the spell takes effect: a tie to the defender, and the spell never starts', () => {
    // Casting 9 against INT 14; the contest: Ada 15 − 10 = 5 against Dan 13 + 3 − 11 = 5.
    const r = cast(snapshot(ada, dan), calm({ defenderId: 'dan', committed: 3 }), dice(9, 10, 11), ctx(1));
    expect(r.events.map((e) => e.type)).toEqual(['manaSpent', 'castingRoll', 'spellCast', 'manaSpent', 'counterspell']);
    expect(r.events.find((e) => e.type === 'counterspell')).toMatchObject({ casterMargin: 5, defenderMargin: 5, winner: 'defender' });
    expect(r.rolls.map((x) => x.label)).toEqual(['casting Calm: ada', 'counterspell contest: ada (caster)', 'counterspell contest: dan (defender)']);
    expect(r.next.magic.active).toEqual([]);
    expect(r.next.magic.castings[0]).toMatchObject({ outcome: 'succeeded', counter: { defenderId: 'dan', committed: 3, winner: 'defender', turn: 1 } });
    expect([casterIn(r.next, 'ada').mana.current, casterIn(r.next, 'dan').mana.current]).toEqual([11, 9]);
    // One try per casting: no second counter later in the turn.
    expect(() => counterspell(r.next, { defenderId: 'dan', castingId: 'cast-1', committed: 1 }, dice(3, 3), ctx(1))).toThrow(/one try per casting/);
  });

  it('the caster wins on a higher margin: the spell goes through, after the contest; D is spent', () => {
    const r = cast(snapshot(ada, dan), calm({ defenderId: 'dan', committed: 2 }), dice(9, 9, 12), ctx(1));
    expect(r.events.map((e) => e.type)).toEqual(['manaSpent', 'castingRoll', 'spellCast', 'manaSpent', 'counterspell', 'spellActive']);
    expect(r.next.magic.active).toHaveLength(1);
    expect(casterIn(r.next, 'dan').mana.current).toBe(10);
  });

  it('a casting that fails needs no counter: none is rolled and the defender keeps the mana', () => {
    const r = cast(snapshot(ada, dan), calm({ defenderId: 'dan', committed: 3 }), dice(15), ctx(1));
    expect(r.events.map((e) => e.type)).toEqual(['manaSpent', 'castingRoll', 'spellCast']);
    expect(r.next.magic.castings[0]).toMatchObject({ outcome: 'failed', counter: null });
    expect(casterIn(r.next, 'dan').mana.current).toBe(12);
  });

  it('a counter that cannot be made is refused before any die is rolled', () => {
    const none = dice();
    expect(() => cast(snapshot(ada, dan), calm({ defenderId: 'ada', committed: 1 }), none, ctx(1))).toThrow(/its own spell/);
    expect(() => cast(snapshot(ada, dan), calm({ defenderId: 'dan', committed: 13 }), none, ctx(1))).toThrow(/cannot commit 13/);
    expect(() => cast(snapshot(ada, dan), calm({ defenderId: 'dan', committed: 0 }), none, ctx(1))).toThrow(/whole number 1 or more/);
    const orcMage = caster({ id: 'orc', mastery: {} });
    expect(() => cast(snapshot(ada, dan, orcMage), calm({ defenderId: 'orc', committed: 1 }), none, ctx(1))).toThrow(/knows no spells/);
  });

  it('countered as it was cast, the caster escalates the next turn (RULINGS S8)', () => {
    const s = cast(snapshot(ada, dan), calm({ defenderId: 'dan', committed: 3 }), dice(9, 10, 11), ctx(1)).next;
    const esc = cast(s, { casterId: 'ada', spellId: 'control-calm', targetId: 'orc', push: 1, escalationOf: 'cast-1' }, dice(10, 9), ctx(2));
    expect(esc.next.magic.castings[1]).toMatchObject({ escalationOf: 'cast-1', outcome: 'succeeded' });
    expect(esc.next.magic.active).toHaveLength(1);
  });
});
