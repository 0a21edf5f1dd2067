import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import {
  beginRenewPhase,
  cast,
  endRenewPhase,
  letLapse,
  newManaState,
  payMana,
  regainOnRest,
  renew,
  renewalQueue,
  rest,
} from '../../../../src/main/engine/magic';
import type { MagicSnapshot } from '../../../../src/main/engine/magic';
import { caster, casterIn, ctx, dice, snapshot } from './fixtures';

describe('mana (001 §Mana Pool; RULINGS C8, S4, S5)', () => {
  it('starts full with no Debt', () => {
    expect(newManaState(11)).toEqual({ pool: 11, current: 11, debt: 0 });
    expect(() => newManaState(-1)).toThrow(/whole number 0 or more/);
  });
  it('pays from current mana; the shortfall is Debt', () => {
    expect(payMana({ pool: 10, current: 4, debt: 1 }, 3)).toEqual({ mana: { pool: 10, current: 1, debt: 1 }, fromMana: 3, borrowed: 0 });
    expect(payMana({ pool: 10, current: 2, debt: 1 }, 5)).toEqual({ mana: { pool: 10, current: 0, debt: 4 }, fromMana: 2, borrowed: 3 });
  });
  it("a night's rest refills the pool, Debt paid first", () => {
    expect(regainOnRest({ pool: 10, current: 0, debt: 3 }, DEFAULT_RULES).mana).toEqual({ pool: 10, current: 7, debt: 0 });
    const deep = regainOnRest({ pool: 10, current: 0, debt: 14 }, DEFAULT_RULES);
    expect(deep.mana).toEqual({ pool: 10, current: 0, debt: 4 });
    expect([deep.regained.value, deep.debtPaid]).toEqual([10, 10]);
    expect(regainOnRest({ pool: 10, current: 6, debt: 0 }, DEFAULT_RULES).mana).toEqual({ pool: 10, current: 10, debt: 0 });
  });
  it('the setting can turn rest off', () => {
    const off = { ...DEFAULT_RULES, restRegainsAllMana: false };
    expect(regainOnRest({ pool: 10, current: 2, debt: 3 }, off).mana).toEqual({ pool: 10, current: 2, debt: 3 });
  });
  it('rest as a step reports what each caster regained and paid', () => {
    const r = rest(snapshot(caster({ id: 'a', mana: { pool: 9, current: 1, debt: 2 } })), ['a'], DEFAULT_RULES);
    expect(casterIn(r.next, 'a').mana).toEqual({ pool: 9, current: 7, debt: 0 });
    expect(r.events).toEqual([{ type: 'manaRegained', casterId: 'a', regained: 6, debtPaid: 2, source: 'RULINGS S5; RULINGS S4' }]);
  });
});

/** Three casters with continuing spells cast in turn 1. */
function withSpells(): MagicSnapshot {
  const ada = caster({ id: 'ada', attributes: { INT: 14, WIS: 12, DEX: 11, CON: 12 }, mastery: { 'passage-light': 1, 'passage-blur': 1 } }); // 37
  const bea = caster({ id: 'bea', attributes: { INT: 13, WIS: 13, DEX: 11, CON: 12 }, mastery: { 'passage-light': 1 } }); // 37
  const cid = caster({
    id: 'cid',
    attributes: { INT: 15, WIS: 13, DEX: 12, CON: 12 },
    mastery: { 'passage-light': 1 },
    mana: { pool: 8, current: 1, debt: 0 },
  }); // 40
  let s = snapshot(ada, bea, cid);
  s = cast(s, { casterId: 'ada', spellId: 'passage-light' }, dice(9), ctx(1)).next;
  s = cast(s, { casterId: 'ada', spellId: 'passage-blur', targetId: 'ada' }, dice(9), ctx(1)).next;
  s = cast(s, { casterId: 'bea', spellId: 'passage-light' }, dice(9), ctx(1)).next;
  s = cast(s, { casterId: 'cid', spellId: 'passage-light' }, dice(9), ctx(1)).next;
  return s;
}

describe('renewal in phase 2 (001 §Renewing Spells; RULINGS S2, T3, G4)', () => {
  it('orders casters by DEX + INT + WIS, ties by a recorded roll-off', () => {
    const s = withSpells();
    expect(casterIn(s, 'cid').mana.current).toBe(0);
    // ada and bea tie at 37: roll-off ada 2, bea 5 → bea first.
    const r = beginRenewPhase(s, dice([2], [5]), ctx(2));
    expect(r.next.magic.renewal?.order).toEqual(['cid', 'bea', 'ada']);
    expect(r.rolls.map((x) => [x.label, x.total])).toEqual([
      ['renewal order tie at 37: ada', 2],
      ['renewal order tie at 37: bea', 5],
    ]);
    const order = r.events[0];
    expect(order?.type === 'renewalOrder' && order.order.map((o) => o.score.value)).toEqual([40, 37, 37]);
  });

  it('goes caster by caster; renewing pays, borrowing rolls control; unrenewed spells end before movement', () => {
    let s = beginRenewPhase(withSpells(), dice([5], [2]), ctx(2)).next; // cid, ada, bea
    const q = renewalQueue(s);
    expect(q.current).toBe('cid');
    expect(q.entries.map((e) => [e.casterId, e.spells.map((x) => [x.spell.name, x.status, x.fromMana, x.wouldBorrow])])).toEqual([
      ['cid', [['Light', 'pending', 0, 1]]],
      [
        'ada',
        [
          ['Light', 'pending', 1, 0],
          ['Blur', 'pending', 1, 0],
        ],
      ],
      ['bea', [['Light', 'pending', 1, 0]]],
    ]);
    const adaLight = s.magic.active.find((a) => a.casterId === 'ada' && a.name === 'Light');
    if (adaLight === undefined) throw new Error('setup');
    expect(() => renew(s, adaLight.id, dice(), ctx(2))).toThrow(/It is cid's turn to renew/);

    const cidLight = s.magic.active.find((a) => a.casterId === 'cid');
    if (cidLight === undefined) throw new Error('setup');
    const borrowed = renew(s, cidLight.id, dice(14), ctx(2)); // INT 15 − Debt 1 = 14
    expect(borrowed.events.map((e) => e.type)).toEqual(['manaSpent', 'controlRoll', 'spellRenewed']);
    expect(casterIn(borrowed.next, 'cid').mana).toEqual({ pool: 8, current: 0, debt: 1 });
    s = borrowed.next;
    expect(s.magic.active.find((a) => a.id === cidLight.id)?.turnsActive).toBe(1);

    s = renew(s, adaLight.id, dice(), ctx(2)).next;
    expect(casterIn(s, 'ada').mana.current).toBe(8); // 12 − Light 1 − Blur 2 − renewal 1
    const adaBlur = s.magic.active.find((a) => a.name === 'Blur');
    if (adaBlur === undefined) throw new Error('setup');
    const lapsed = letLapse(s, adaBlur.id, ctx(2));
    expect(lapsed.events).toEqual([
      { type: 'spellEnded', activeId: adaBlur.id, casterId: 'ada', reason: 'lapsed', source: '001 §Renewing Spells; RULINGS S2' },
    ]);
    s = lapsed.next;
    expect(renewalQueue(s).current).toBe('bea');
    const end = endRenewPhase(s, ctx(2));
    expect(end.events.map((e) => e.type === 'spellEnded' && [e.casterId, e.reason])).toEqual([['bea', 'not renewed']]);
    expect(end.next.magic.active.map((a) => `${a.casterId}:${a.name}`)).toEqual(['ada:Light', 'cid:Light']);
    expect(end.next.magic.renewal).toBeNull();
    expect(() => renew(end.next, adaLight.id, dice(), ctx(2))).toThrow(/phase 2/);
  });

  it('a failed borrowing control roll while renewing ends the spell and starts Runaway', () => {
    const s = beginRenewPhase(withSpells(), dice([5], [2]), ctx(2)).next;
    const cidLight = s.magic.active.find((a) => a.casterId === 'cid');
    if (cidLight === undefined) throw new Error('setup');
    const r = renew(s, cidLight.id, dice(15), ctx(2));
    expect(r.next.magic.runaways).toEqual([
      {
        casterId: 'cid',
        spellId: 'passage-light',
        spellName: 'Light',
        level: 1,
        push: 0,
        cause: 'borrow',
        startedTurn: 2,
        turnsElapsed: 0,
        lastAnchorTurn: null,
      },
    ]);
    expect(r.next.magic.active.some((a) => a.id === cidLight.id)).toBe(false);
    expect(casterIn(r.next, 'cid').mana.debt).toBe(1);
  });

  it('an unconscious caster renews nothing: its spells end as phase 2 begins', () => {
    const s0 = withSpells();
    const s: MagicSnapshot = { ...s0, casters: s0.casters.map((c) => (c.id === 'ada' ? { ...c, conscious: false } : c)) };
    const r = beginRenewPhase(s, dice(), ctx(2));
    expect(r.events.filter((e) => e.type === 'spellEnded').map((e) => e.type === 'spellEnded' && e.reason)).toEqual([
      'caster unconscious',
      'caster unconscious',
    ]);
    expect(r.next.magic.renewal?.order).toEqual(['cid', 'bea']);
    expect(r.rolls).toEqual([]);
  });
});
