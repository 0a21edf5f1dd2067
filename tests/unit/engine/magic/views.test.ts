import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CATALOGUE, SPELLS, cast, castPreview, gmMagicView, manaView, stripSecrets } from '../../../../src/main/engine/magic';
import type { ActiveSpell, Caster, CastingRecord, MagicSnapshot, RunawayState } from '../../../../src/main/engine/magic';
import { caster, ctx, dice, snapshot } from './fixtures';

const ada = caster({
  id: 'ada',
  attributes: { INT: 14, WIS: 12, DEX: 11, CON: 12 },
  mana: { pool: 12, current: 2, debt: 1 },
  mastery: { 'elemental-bolt': 4, 'passage-light': 1 },
});

describe('castPreview', () => {
  it('shows cost, borrowing, push control and casting and hit targets before any roll', () => {
    const p = castPreview(snapshot(ada), ctx(), 'ada', 'elemental-bolt', 1, 'orc', {
      hit: { adjDex: { value: 12, breakdown: [{ label: 'DEX', value: 12, source: 'RULINGS A1' }] }, from: { q: 0, r: 0 }, to: { q: 7, r: 0 } },
    });
    expect(p.cost.value).toBe(3); // level 3, mastery 4 −1, push +1
    expect(p.cost.breakdown.map((l) => l.value)).toEqual([3, -1, 1]);
    expect([p.manaNow, p.manaAfter]).toEqual([2, 0]);
    expect(p.borrow).toEqual({
      amount: 1,
      debtAfter: 2,
      control: {
        value: 12,
        breakdown: [
          { label: 'INT', value: 14, source: '001 §Borrowing' },
          { label: 'total Debt 2', value: -2, source: 'RULINGS S4' },
        ],
      },
    });
    expect(p.pushControl?.target.value).toBe(13);
    expect(p.pushControl?.runawayFrom).toBe(18);
    expect(p.casting.value).toBe(14);
    expect(p.hit?.target.value).toBe(11); // 7 hexes east is 3 MH: −1
    expect(p.problems).toEqual([]);
  });

  it('lists the problems the cast step would refuse', () => {
    const p = castPreview(snapshot({ ...ada, conscious: false }), ctx(), 'ada', 'passage-knock', 0, null, {
      option: 'r',
      context: { engagement: 'disengaged' },
    });
    expect(p.problems).toEqual(['ada is unconscious.', 'ada does not know Knock.', 'Cannot cast now: option r is for engaged figures.']);
    expect(p.borrow).toBeNull();
    expect(p.pushControl).toBeNull();
  });
});

describe('manaView (GM only; RULINGS C8)', () => {
  it("shows pool, current, Debt and the caster's continuing spells", () => {
    const s = cast(snapshot(ada), { casterId: 'ada', spellId: 'passage-light' }, dice(9), ctx()).next;
    const v = manaView(s, 'ada');
    expect([v.pool, v.current, v.debt, v.activeSpells.map((a) => a.name), v.runaway]).toEqual([12, 1, 1, ['Light'], null]);
  });
});

/* ---- Secrets: random magic states never leak through stripSecrets ---- */

const IDS = ['c1', 'c2', 'c3', 'c4'] as const;
const SECRET_KEYS = new Set([
  'pool',
  'current',
  'debt',
  'mana',
  'manaLeft',
  'level',
  'push',
  'cost',
  'renewalCost',
  'turnsActive',
  'turnsElapsed',
  'turnsInRunaway',
  'drain',
  'anchorTarget',
  'lastAnchorTurn',
  'cause',
  'castings',
  'special',
  'gmRuling',
  'counter',
  'body',
  'spellId',
  'castTurn',
  'startedTurn',
  'spellName',
]);

const manaArb = fc.record({ pool: fc.nat(40), current: fc.nat(40), debt: fc.nat(40) });
const casterArb = (id: string): fc.Arbitrary<Caster> =>
  fc
    .record({ mana: manaArb, conscious: fc.boolean(), body: fc.integer({ min: -40, max: 30 }) })
    .map((x) => caster({ id, mana: x.mana, conscious: x.conscious, body: { current: x.body, starting: 30 } }));
const spellArb = fc.constantFrom(...SPELLS);
const activeArb: fc.Arbitrary<ActiveSpell> = fc
  .record({
    n: fc.nat(999),
    spell: spellArb,
    casterId: fc.constantFrom(...IDS),
    targetId: fc.option(fc.constantFrom(...IDS)),
    at: fc.option(fc.record({ q: fc.integer({ min: -20, max: 40 }), r: fc.integer({ min: -20, max: 40 }) })),
    renewalCost: fc.nat(5),
    turnsActive: fc.nat(20),
    castTurn: fc.nat(20),
  })
  .map((x) => ({
    id: `spell-${x.n}`,
    castingId: `cast-${x.n}`,
    spellId: x.spell.id,
    name: x.spell.name,
    variant: x.spell.variants[0] ?? null,
    casterId: x.casterId,
    targetId: x.targetId,
    at: x.targetId === null ? x.at : null,
    level: x.spell.level,
    renewalCost: x.renewalCost,
    turnsActive: x.turnsActive,
    castTurn: x.castTurn,
  }));
const runawayArb = (casterId: string): fc.Arbitrary<RunawayState> =>
  fc
    .record({
      spell: spellArb,
      push: fc.nat(6),
      turnsElapsed: fc.nat(10),
      last: fc.option(fc.nat(10)),
      cause: fc.constantFrom('push' as const, 'borrow' as const, 'intervention' as const),
    })
    .map((x) => ({
      casterId,
      spellId: x.spell.id,
      spellName: x.spell.name,
      level: x.spell.level,
      push: x.push,
      cause: x.cause,
      startedTurn: 1,
      turnsElapsed: x.turnsElapsed,
      lastAnchorTurn: x.last,
    }));
const castingArb: fc.Arbitrary<CastingRecord> = fc.record({ n: fc.nat(99), spell: spellArb, push: fc.nat(5) }).map((x) => ({
  id: `cast-${x.n}`,
  casterId: 'c1',
  spellId: x.spell.id,
  variant: null,
  targetId: null,
  turn: 1,
  level: x.spell.level,
  cost: x.spell.level,
  push: x.push,
  outcome: 'succeeded',
  special: { natural: 3, kind: 'low', gmRuling: 'secret ruling' },
  escalationOf: null,
  counter: null,
}));

const snapshotArb: fc.Arbitrary<MagicSnapshot> = fc
  .record({
    casters: fc.tuple(...IDS.map(casterArb)),
    active: fc.array(activeArb, { maxLength: 6 }),
    runawayFor: fc.subarray([...IDS]),
    castings: fc.array(castingArb, { maxLength: 3 }),
    seq: fc.nat(500),
  })
  .chain((x) =>
    fc.tuple(...x.runawayFor.map(runawayArb)).map((runaways) => ({
      casters: x.casters,
      magic: { seq: x.seq, active: x.active, runaways, castings: x.castings, renewal: null },
    })),
  );

/** The same state with every secret changed: mana, levels, pushes, costs, turns, records. */
const perturbArb = (s: MagicSnapshot): fc.Arbitrary<MagicSnapshot> =>
  fc.record({ mana: manaArb, k: fc.integer({ min: 1, max: 9 }) }).map(({ mana, k }) => ({
    casters: s.casters.map((c) => ({ ...c, mana, body: { current: c.body.current - k, starting: 30 } })),
    magic: {
      ...s.magic,
      seq: s.magic.seq + k,
      active: s.magic.active.map((a) => ({
        ...a,
        level: a.level + k,
        renewalCost: a.renewalCost + k,
        turnsActive: a.turnsActive + k,
        castTurn: a.castTurn + k,
      })),
      runaways: s.magic.runaways.map((r) => ({
        ...r,
        level: r.level + k,
        push: r.push + k,
        turnsElapsed: r.turnsElapsed + k,
        spellName: `${r.spellName}?`,
        spellId: 'x',
      })),
      castings: [],
    },
  }));

function keysOf(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

describe('stripSecrets (RULINGS C8; DESIGN §Secrets never cross to the player)', () => {
  it('a player view of random magic states carries no secret field', () => {
    fc.assert(
      fc.property(snapshotArb, (s) => {
        const player = stripSecrets(gmMagicView(s, ctx(3)));
        const leaked = [...keysOf(player)].filter((k) => SECRET_KEYS.has(k));
        expect(leaked).toEqual([]);
        expect(JSON.stringify(player)).not.toContain('secret ruling');
      }),
      { numRuns: 300 },
    );
  });

  it('changing only secrets never changes what a player sees', () => {
    fc.assert(
      fc.property(
        snapshotArb.chain((s) => fc.tuple(fc.constant(s), perturbArb(s))),
        ([a, b]) => {
          expect(stripSecrets(gmMagicView(b, ctx(3)))).toEqual(stripSecrets(gmMagicView(a, ctx(3))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shows continuing spells in plain sight and who is in runaway; illusions stay hidden (001 §Action Options i)', () => {
    const s: MagicSnapshot = {
      casters: [caster({ id: 'c1' }), caster({ id: 'c2' })],
      magic: {
        seq: 2,
        active: [
          {
            id: 'spell-1',
            castingId: 'cast-1',
            spellId: 'passage-light',
            name: 'Light',
            variant: null,
            casterId: 'c1',
            targetId: null,
            at: { q: 4, r: 2 },
            level: 1,
            renewalCost: 1,
            turnsActive: 2,
            castTurn: 1,
          },
          {
            id: 'spell-2',
            castingId: 'cast-2',
            spellId: 'control-illusion',
            name: 'Illusion',
            variant: null,
            casterId: 'c1',
            targetId: null,
            at: null,
            level: 4,
            renewalCost: 1,
            turnsActive: 0,
            castTurn: 3,
          },
        ],
        runaways: [
          {
            casterId: 'c2',
            spellId: 'passage-hold',
            spellName: 'Hold',
            level: 2,
            push: 3,
            cause: 'push',
            startedTurn: 1,
            turnsElapsed: 1,
            lastAnchorTurn: null,
          },
        ],
        castings: [],
        renewal: null,
      },
    };
    expect(stripSecrets(gmMagicView(s, ctx(3)))).toEqual({
      active: [{ id: 'spell-1', name: 'Light', variant: null, casterId: 'c1', targetId: null, at: { q: 4, r: 2 } }],
      inRunaway: ['c2'],
    });
    expect(DEFAULT_CATALOGUE.spells.filter((x) => x.id.includes('illusion')).map((x) => x.id)).toEqual([
      'control-minor-illusion',
      'control-illusion',
      'control-major-illusion',
    ]);
  });
});
