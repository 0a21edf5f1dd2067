import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import {
  cast,
  castingAllowed,
  castingTarget,
  catalogueWithEdits,
  DEFAULT_CATALOGUE,
  recordGmRuling,
  spellById,
  spellCost,
} from '../../../../src/main/engine/magic';
import type { HitInput, MagicEvent } from '../../../../src/main/engine/magic';
import { caster, casterIn, ctx, d4, dice, snapshot } from './fixtures';

const mage = caster({
  id: 'ada',
  mastery: { 'passage-light': 1, 'elemental-missile': 2, 'control-wound': 1, 'control-force': 1, 'passage-flying': 4, 'control-calm': 1, 'elemental-bolt': 1 },
});

function ofType<T extends MagicEvent['type']>(events: readonly MagicEvent[], type: T): Extract<MagicEvent, { type: T }>[] {
  return events.filter((e): e is Extract<MagicEvent, { type: T }> => e.type === type);
}

describe('spell cost (001 §Casting Spells, §Spell Mastery; RULINGS S1)', () => {
  it('costs the level; mastery 4 one less, mastery 5 two less, never below 1; push adds', () => {
    expect(spellCost(3, 1, 0, DEFAULT_RULES).value).toBe(3);
    expect(spellCost(3, 3, 0, DEFAULT_RULES).value).toBe(3);
    expect(spellCost(3, 4, 0, DEFAULT_RULES).value).toBe(2);
    expect(spellCost(3, 5, 0, DEFAULT_RULES).value).toBe(1);
    expect(spellCost(2, 5, 0, DEFAULT_RULES).value).toBe(1);
    expect(spellCost(1, 5, 0, DEFAULT_RULES)).toEqual({
      value: 1,
      breakdown: [
        { label: 'level 1', value: 1, source: '001 §Casting Spells' },
        { label: 'mastery 5 (cost stays at least 1)', value: 0, source: '001 §Spell Mastery; RULINGS S1 (setting)' },
      ],
    });
    const pushed = spellCost(3, 4, 2, DEFAULT_RULES);
    expect(pushed.value).toBe(4);
    expect(pushed.breakdown.map((l) => l.value)).toEqual([3, -1, 2]);
  });
  it('follows the campaign setting for the discount', () => {
    const rules = { ...DEFAULT_RULES, masteryDiscount: { mastery4: 2, mastery5: 3 } };
    expect(spellCost(4, 4, 0, rules).value).toBe(2);
    expect(spellCost(4, 5, 0, rules).value).toBe(1);
  });
});

describe('casting roll (RULINGS S1)', () => {
  it('3d6 ≤ INT: Light cast, 1 mana spent, a continuing spell made active', () => {
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light', targetId: 'ada' }, dice(14), ctx(3));
    expect(casterIn(r.next, 'ada').mana).toEqual({ pool: 12, current: 11, debt: 0 });
    expect(r.rolls.map((x) => x.total)).toEqual([14]);
    const roll = ofType(r.events, 'castingRoll')[0];
    expect(roll).toMatchObject({ roll: 14, success: true, special: null });
    expect(roll?.target).toEqual({ value: 14, breakdown: [{ label: 'INT', value: 14, source: '001 §Casting Spells; RULINGS S1 (Light uses INT)' }] });
    expect(r.next.magic.active).toEqual([
      {
        id: 'spell-2',
        castingId: 'cast-1',
        spellId: 'passage-light',
        name: 'Light',
        variant: null,
        casterId: 'ada',
        targetId: 'ada',
        at: null,
        level: 1,
        renewalCost: 1,
        turnsActive: 0,
        castTurn: 3,
      },
    ]);
    expect(r.next.magic.castings[0]).toMatchObject({ id: 'cast-1', outcome: 'succeeded', cost: 1, push: 0, turn: 3 });
  });

  it('fails over the target and still spends the mana; the injury penalty counts (RULINGS C4)', () => {
    const hurt = { ...mage, fatigue: { current: 20, starting: 45 } };
    const r = cast(snapshot(hurt), { casterId: 'ada', spellId: 'passage-light' }, dice(14), ctx());
    const roll = ofType(r.events, 'castingRoll')[0];
    expect(roll?.target.value).toBe(13);
    expect(roll?.target.breakdown[1]).toEqual({ label: 'injury (Fatigue 20/45)', value: -1, source: '001 §Injury Thresholds & Death; RULINGS C4' });
    expect(roll?.success).toBe(false);
    expect(casterIn(r.next, 'ada').mana.current).toBe(11);
    expect(r.next.magic.active).toEqual([]);
    expect(r.next.magic.castings[0]?.outcome).toBe('failed');
  });

  it('uses WIS when the campaign says so for the spell (RULINGS S9)', () => {
    const catalogue = catalogueWithEdits({ 'control-calm': { castingAttribute: 'WIS' } });
    expect(castingTarget(mage, spellById(catalogue, 'control-calm')).value).toBe(12);
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'control-calm', targetId: 'bob' }, dice(13), { ...ctx(), catalogue });
    expect(r.next.magic.castings[0]?.outcome).toBe('failed');
  });

  it('flags natural 3–4 and 17–18 as special effects for the GM, who rules in free text', () => {
    const low = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light' }, dice(4), ctx());
    expect(ofType(low.events, 'castingRoll')[0]).toMatchObject({ success: true, special: { natural: 4, kind: 'low', gmRuling: null } });
    const high = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light' }, dice(17), ctx());
    expect(ofType(high.events, 'castingRoll')[0]).toMatchObject({ success: false, special: { natural: 17, kind: 'high' } });
    const ruled = recordGmRuling(high.next, 'cast-1', '  The light flares and blinds Ada for a turn. ');
    expect(ruled.next.magic.castings[0]?.special?.gmRuling).toBe('The light flares and blinds Ada for a turn.');
    expect(() => recordGmRuling(ruled.next, 'cast-9', 'x')).toThrow(/cast-9/);
    const plain = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light' }, dice(10), ctx());
    expect(() => recordGmRuling(plain.next, 'cast-1', 'x')).toThrow(/no special effect/);
  });

  it('mastery 4 Flying costs 4 instead of 5', () => {
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-flying' }, dice(9), ctx());
    expect(casterIn(r.next, 'ada').mana.current).toBe(8);
  });

  it('refuses an unknown spell, a spell not known, an unconscious caster and bad variants', () => {
    expect(() => cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-knock' }, dice(9), ctx())).toThrow(/does not know Knock/);
    expect(() => cast(snapshot(mage), { casterId: 'ada', spellId: 'nope' }, dice(9), ctx())).toThrow(/no spell "nope"/);
    expect(() => cast(snapshot({ ...mage, conscious: false }), { casterId: 'ada', spellId: 'passage-light' }, dice(9), ctx())).toThrow(/unconscious/);
    const hit: HitInput = { adjDex: { value: 12, breakdown: [] }, from: { q: 0, r: 0 }, to: { q: 1, r: 0 } };
    expect(() => cast(snapshot(mage), { casterId: 'ada', spellId: 'elemental-missile', hit }, dice(9), ctx())).toThrow(/needs a variant/);
    expect(() => cast(snapshot(mage), { casterId: 'ada', spellId: 'elemental-missile', hit, variant: 'acid' }, dice(9), ctx())).toThrow(/no variant "acid"/);
    expect(() => cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light', variant: 'red' }, dice(9), ctx())).toThrow(/no variants/);
    expect(() => cast(snapshot(mage), { casterId: 'ada', spellId: 'elemental-missile', variant: 'fire' }, dice(9), ctx())).toThrow(/must hit/);
  });
});

describe('must-hit spells: the extra adjDEX roll (001 §Casting Spells; RULINGS S1, A1, A2)', () => {
  const adjDex = { value: 13, breakdown: [{ label: 'DEX', value: 13, source: '001 §Attack Rolls; RULINGS A1' }] };

  it('a missile spell takes the megahex range line: 5 MH → −2', () => {
    const r = cast(
      snapshot(mage),
      { casterId: 'ada', spellId: 'elemental-missile', variant: 'fire', targetId: 'orc', hit: { adjDex, from: { q: 0, r: 0 }, to: { q: 11, r: 0 } } },
      dice(10, 11),
      ctx(),
    );
    const hit = ofType(r.events, 'hitRoll')[0];
    expect(hit?.target).toEqual({
      value: 11,
      breakdown: [
        { label: 'DEX', value: 13, source: '001 §Attack Rolls; RULINGS A1' },
        { label: 'Missile range 5 MH', value: -2, source: 'RULINGS A2; 001 §Range (Missile Weapons); RULINGS S1 (missile spell)' },
      ],
    });
    expect(hit).toMatchObject({ dice: 3, roll: 11, hit: true, automatic: null });
    expect(r.next.magic.castings[0]?.outcome).toBe('succeeded');
    expect(r.next.magic.castings[0]?.variant).toBe('fire');
  });

  it('a thrown spell takes −1 per hex: Wound at 3 hexes with adjDEX 13 needs 10; 11 misses', () => {
    const r = cast(
      snapshot(mage),
      { casterId: 'ada', spellId: 'control-wound', hit: { adjDex, from: { q: 0, r: 0 }, to: { q: 3, r: 0 } } },
      dice(9, 11),
      ctx(),
    );
    const hit = ofType(r.events, 'hitRoll')[0];
    expect(hit?.target.value).toBe(10);
    expect(hit?.target.breakdown[1]).toMatchObject({ label: 'Thrown range 3 hexes', value: -3 });
    expect(hit?.hit).toBe(false);
    expect(r.next.magic.castings[0]?.outcome).toBe('missed');
    expect(casterIn(r.next, 'ada').mana.current).toBe(9);
  });

  it('a dodging target makes a missile spell roll 4 dice (RULINGS A6); 20+ always misses (RULINGS A3)', () => {
    const far: HitInput = { adjDex: { value: 25, breakdown: [] }, from: { q: 0, r: 0 }, to: { q: 1, r: 0 }, targetDodging: true };
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'elemental-missile', variant: 'wind', hit: far }, dice(9, d4(20)), ctx());
    expect(ofType(r.events, 'hitRoll')[0]).toMatchObject({ dice: 4, roll: 20, hit: false, automatic: 'miss' });
  });

  it('takes an adjDEX that already has its range as it is, and refuses a missing range', () => {
    const withRange = { value: 11, breakdown: [...adjDex.breakdown, { label: 'Missile range 5 MH', value: -2, source: 'RULINGS A2' }] };
    const r = cast(
      snapshot(mage),
      { casterId: 'ada', spellId: 'elemental-missile', variant: 'fire', hit: { adjDex: withRange, rangeIncluded: true } },
      dice(10, 12),
      ctx(),
    );
    expect(ofType(r.events, 'hitRoll')[0]).toMatchObject({ target: withRange, hit: false });
    expect(() => cast(snapshot(mage), { casterId: 'ada', spellId: 'elemental-missile', variant: 'fire', hit: { adjDex } }, dice(10, 12), ctx())).toThrow(
      /already has its range/,
    );
    expect(() =>
      cast(
        snapshot(mage),
        { casterId: 'ada', spellId: 'elemental-missile', variant: 'fire', hit: { adjDex, rangeIncluded: true, from: { q: 0, r: 0 }, to: { q: 1, r: 0 } } },
        dice(10, 12),
        ctx(),
      ),
    ).toThrow(/not both/);
  });

  it('3–5 always hit, 16–18 always miss on 3 dice (RULINGS A3)', () => {
    const weak: HitInput = { adjDex: { value: 2, breakdown: [] }, from: { q: 0, r: 0 }, to: { q: 1, r: 0 } };
    const a = cast(snapshot(mage), { casterId: 'ada', spellId: 'control-wound', hit: weak }, dice(9, 5), ctx());
    expect(ofType(a.events, 'hitRoll')[0]).toMatchObject({ hit: true, automatic: 'hit' });
    const strong: HitInput = { adjDex: { value: 20, breakdown: [] }, from: { q: 0, r: 0 }, to: { q: 1, r: 0 } };
    const b = cast(snapshot(mage), { casterId: 'ada', spellId: 'control-wound', hit: strong }, dice(9, 16), ctx());
    expect(ofType(b.events, 'hitRoll')[0]).toMatchObject({ hit: false, automatic: 'miss' });
  });

  it('Force takes a variant the GM types ("etc.")', () => {
    const r = cast(
      snapshot(mage),
      { casterId: 'ada', spellId: 'control-force', variant: 'Kneel', hit: { adjDex, from: { q: 0, r: 0 }, to: { q: 1, r: 0 } } },
      dice(9, 9),
      ctx(),
    );
    expect(r.next.magic.active[0]?.variant).toBe('Kneel');
  });
});

describe('push (001 §Push (Boosting); RULINGS S3)', () => {
  it('control roll 3d6 ≤ INT − P: at the target the push holds and the spell is cast', () => {
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light', push: 2 }, dice(12, 9), ctx());
    const control = ofType(r.events, 'controlRoll')[0];
    expect(control?.target).toEqual({
      value: 12,
      breakdown: [
        { label: 'INT', value: 14, source: '001 §Push (Boosting)' },
        { label: 'push 2 × 1', value: -2, source: 'RULINGS S3' },
      ],
    });
    expect(control?.result).toBe('controlled');
    expect(casterIn(r.next, 'ada').mana.current).toBe(9);
    expect(r.next.magic.castings[0]).toMatchObject({ outcome: 'succeeded', cost: 1, push: 2 });
  });

  it('a failure by 1–4 loses the mana and the spell, no casting roll', () => {
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light', push: 2 }, dice(16), ctx());
    expect(ofType(r.events, 'controlRoll')[0]?.result).toBe('lost');
    expect(r.rolls).toHaveLength(1);
    expect(casterIn(r.next, 'ada').mana.current).toBe(9);
    expect(r.next.magic.castings[0]?.outcome).toBe('lost');
    expect(r.next.magic.runaways).toEqual([]);
  });

  it('a failure by 5 (the setting) starts Runaway with the spell, level and push', () => {
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light', push: 2 }, dice(17), ctx(4));
    expect(ofType(r.events, 'controlRoll')[0]?.result).toBe('runaway');
    expect(r.next.magic.runaways).toEqual([
      {
        casterId: 'ada',
        spellId: 'passage-light',
        spellName: 'Light',
        level: 1,
        push: 2,
        cause: 'push',
        startedTurn: 4,
        turnsElapsed: 0,
        lastAnchorTurn: null,
      },
    ]);
    expect(r.next.magic.castings[0]?.outcome).toBe('runaway');
  });

  it('the margin and the penalty per point are settings', () => {
    const rules = { ...DEFAULT_RULES, runawayFailureMargin: 2, pushPenaltyPerPoint: 2 };
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light', push: 2 }, dice(12), ctx(1, rules));
    const control = ofType(r.events, 'controlRoll')[0];
    expect(control?.target.value).toBe(10);
    expect(control?.result).toBe('runaway');
  });

  it('a natural 18 starts Runaway even when 18 is within the target', () => {
    const genius = { ...mage, attributes: { ...mage.attributes, INT: 20 } };
    const r = cast(snapshot(genius), { casterId: 'ada', spellId: 'passage-light', push: 1 }, dice(18), ctx());
    const control = ofType(r.events, 'controlRoll')[0];
    expect(control?.target.value).toBe(19);
    expect(control?.result).toBe('runaway');
  });
});

describe('borrowing (001 §Borrowing; RULINGS S4)', () => {
  const poor = { ...mage, mana: { pool: 12, current: 1, debt: 0 } };
  it('the shortfall becomes Debt; control 3d6 ≤ INT − total Debt', () => {
    const r = cast(
      snapshot({ ...poor, mastery: { 'elemental-bolt': 1 } }),
      {
        casterId: 'ada',
        spellId: 'elemental-bolt',
        variant: 'lightning',
        hit: { adjDex: { value: 12, breakdown: [] }, from: { q: 0, r: 0 }, to: { q: 1, r: 0 } },
      },
      dice(12, 10, 9),
      ctx(),
    );
    expect(casterIn(r.next, 'ada').mana).toEqual({ pool: 12, current: 0, debt: 2 });
    expect(ofType(r.events, 'manaSpent')[0]).toMatchObject({ amount: 3, fromMana: 1, borrowed: 2 });
    const control = ofType(r.events, 'controlRoll')[0];
    expect(control).toMatchObject({ kind: 'borrow', roll: 12, result: 'controlled' });
    expect(control?.target.value).toBe(12);
    expect(r.next.magic.castings[0]?.outcome).toBe('succeeded');
  });
  it('counts Debt already owed; a failure starts Runaway', () => {
    const owing = { ...poor, mana: { pool: 12, current: 0, debt: 3 } };
    const r = cast(snapshot(owing), { casterId: 'ada', spellId: 'passage-light' }, dice(11), ctx(2));
    const control = ofType(r.events, 'controlRoll')[0];
    expect(control?.target.value).toBe(10);
    expect(control?.result).toBe('runaway');
    expect(casterIn(r.next, 'ada').mana.debt).toBe(4);
    expect(r.next.magic.runaways[0]).toMatchObject({ cause: 'borrow', level: 1, push: 0, startedTurn: 2 });
  });
  it('a pushed casting that borrows makes both control rolls', () => {
    const r = cast(snapshot(poor), { casterId: 'ada', spellId: 'passage-light', push: 1 }, dice(13, 13, 8), ctx());
    expect(ofType(r.events, 'controlRoll').map((c) => [c.kind, c.target.value, c.result])).toEqual([
      ['push', 13, 'controlled'],
      ['borrow', 13, 'controlled'],
    ]);
    expect(casterIn(r.next, 'ada').mana).toEqual({ pool: 12, current: 0, debt: 1 });
  });
});

describe('castingAllowed (001 §Action Options; RULINGS M2)', () => {
  it('h: disengaged, slow walk up to 2 hexes', () => {
    expect(castingAllowed('h', { engagement: 'disengaged', hexesMoved: 2 }).allowed).toBe(true);
    const moved = castingAllowed('h', { engagement: 'disengaged', hexesMoved: 3 });
    expect(moved.allowed).toBe(false);
    expect(moved.reasons.filter((r) => !r.ok).map((r) => r.source)).toEqual(['001 §Movement; RULINGS M2']);
    expect(castingAllowed('h', { engagement: 'engaged' }).allowed).toBe(false);
  });
  it('r: engaged, shift or stand', () => {
    expect(castingAllowed('r', { engagement: 'engaged', hexesMoved: 1 }).allowed).toBe(true);
    expect(castingAllowed('r', { engagement: 'engaged', hexesMoved: 2 }).allowed).toBe(false);
    expect(castingAllowed('r', { engagement: 'disengaged' }).allowed).toBe(false);
  });
  it('HTH: only with free hands or a spell needing no gestures (mastery 2+)', () => {
    expect(castingAllowed('hth-cast', { engagement: 'hth', handsFree: false, mastery: 1 }).allowed).toBe(false);
    expect(castingAllowed('hth-cast', { engagement: 'hth', handsFree: true, mastery: 1 }).allowed).toBe(true);
    expect(castingAllowed('hth-cast', { engagement: 'hth', handsFree: false, mastery: 2 }).allowed).toBe(true);
  });
  it('no other option casts; nor an unconscious figure or one in runaway', () => {
    expect(castingAllowed('j', { engagement: 'engaged' })).toEqual({
      allowed: false,
      reasons: [{ ok: false, text: 'option j is not a casting option (h, r, or hth-cast in HTH)', source: '001 §Action Options' }],
    });
    expect(castingAllowed('h', { engagement: 'disengaged', conscious: false }).allowed).toBe(false);
    expect(castingAllowed('h', { engagement: 'disengaged', inRunaway: true }).allowed).toBe(false);
  });
});

describe('catalogue is the source of spell data', () => {
  it('an edited renewal cost reaches the active spell', () => {
    const catalogue = catalogueWithEdits({ 'passage-light': { renewalCost: 2 } });
    const r = cast(snapshot(mage), { casterId: 'ada', spellId: 'passage-light' }, dice(9), { ...ctx(), catalogue });
    expect(r.next.magic.active[0]?.renewalCost).toBe(2);
    expect(spellById(DEFAULT_CATALOGUE, 'passage-light').renewalCost).toBe(1);
  });
});
