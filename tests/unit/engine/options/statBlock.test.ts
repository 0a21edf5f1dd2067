/**
 * The stat block of the rules' seam (RULINGS O1): `StatRules.statBlock` under Pillars
 * (001 §Characters; RULINGS C1–C4, A1, M1) and under Classic (004 §Attributes, §Fatigue,
 * §Injury Effects, §Base Movement Allowance, §Encumbrance; RULINGS A8), with 000's movement
 * example (DX 10, ST 10, 18 lbs: MA 6, no running; the pack dropped: MA 8) as a worked example.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Explained } from '../../../../src/main/engine/explain';
import { CLASSIC_STATS, classicFatigueOf } from '../../../../src/main/engine/options/classic';
import { PILLARS_STATS } from '../../../../src/main/engine/options/pillars';
import { rulesFor } from '../../../../src/main/engine/options/rulesFor';
import type { StatBlock, StatFigure, StatLine } from '../../../../src/main/engine/options/types';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';

const sums = (e: Explained<number>) => e.breakdown.reduce((s, l) => s + l.value, 0) === e.value;
const lineOf = (b: StatBlock, id: string): StatLine => {
  const l = b.lines.find((x) => x.id === id);
  if (l === undefined) throw new Error(`no line ${id}`);
  return l;
};
const pool = (b: StatBlock, id: string) => {
  const p = b.pools.find((x) => x.id === id);
  if (p === undefined) throw new Error(`no pool ${id}`);
  return p;
};

/** Aldric of the figure-channel tests: point-buy 65, creation 2d6 [3, 4], leather and a shortsword (20 lbs). */
const ALDRIC: StatFigure = {
  name: 'Aldric',
  attributes: { STR: 14, DEX: 15, INT: 10, WIS: 8, CON: 12, CHR: 6 },
  fatigue: { starting: 52, current: 52 },
  body: { starting: 35, current: 35 },
  fatigueDice: [3, 4],
  carriedLbs: 20,
  packLbs: 0,
  armorId: 'leather-armor',
  readyShieldId: null,
  hitsLastTurn: 0,
};

/** 000 §Movement Example: DX 10, ST 10, carrying 18 lbs (all of it a pack). */
const HUMAN: StatFigure = {
  name: 'Human',
  attributes: { STR: 10, DEX: 10, INT: 9, WIS: 11, CON: 10, CHR: 10 },
  fatigue: { starting: 50, current: 50 },
  body: { starting: 34, current: 34 },
  fatigueDice: null,
  carriedLbs: 18,
  packLbs: 18,
  armorId: null,
  readyShieldId: null,
  hitsLastTurn: 0,
};

describe('Pillars stat block (001 §Characters; RULINGS C1–C4)', () => {
  const b = PILLARS_STATS.statBlock(ALDRIC);

  it('names its model and document', () => {
    expect(b.model).toEqual({ id: 'pillars', name: 'Pillars attributes', caption: 'Pillars (001)', source: '001 §Characters; RULINGS C1–C4' });
  });

  it('the six attributes with their modifiers (RULINGS C1)', () => {
    expect(b.attributes.map((a) => [a.id, a.value, a.modifier?.value])).toEqual([
      ['STR', 14, 1],
      ['DEX', 15, 2],
      ['INT', 10, 0],
      ['WIS', 8, 0],
      ['CON', 12, 0],
      ['CHR', 6, -2],
    ]);
    expect(b.attributes.every((a) => a.keptAs === a.id && a.note === null)).toBe(true);
  });

  it('Fatigue 12 + 8 + 10 + 15 + [3, 4] = 52, Body ⌈⅔ × 52⌉ = 35, both marked at half (RULINGS C3, C4)', () => {
    const fat = pool(b, 'fatigue');
    expect(fat.starting.value).toBe(52);
    expect(fat.starting.breakdown.map((l) => l.value)).toEqual([12, 8, 10, 15, 7]);
    expect(fat.starting.breakdown.at(-1)).toEqual({ label: '2d6 at creation [3, 4]', value: 7, source: 'RULINGS C3' });
    expect([fat.current, fat.valueText, fat.band, fat.bandText]).toEqual([52, '52/52', 'none', 'above half: no penalty']);
    expect(fat.marks).toEqual([{ at: 26, label: 'Half: the −1 band starts here (RULINGS C4)' }]);
    const body = pool(b, 'body');
    expect([body.starting.value, body.current, body.valueText]).toEqual([35, 35, '35/35']);
    expect(body.marks[0]?.at).toBe(17.5);
  });

  it('adjDEX 15 − 2 (leather) = 13 (RULINGS A1); no injury penalty', () => {
    expect(b.adjDexLabel).toBe('adjDEX');
    expect(b.adjDex).toEqual({
      value: 13,
      breakdown: [
        { label: 'DEX 15', value: 15, source: '001 §Attack Rolls; RULINGS A1' },
        { label: 'Leather Armor', value: -2, source: '001 §DEX Adjustments (Armor and Shield); RULINGS A1' },
      ],
    });
    expect(b.condition).toMatchObject({ label: 'Injury penalty', text: '0', tone: 'ok', tags: [] });
    expect(b.condition.value?.value).toBe(0);
  });

  it('movement modifier CON 0 + STR +1 + DEX +2 + Light −1 = +2 (RULINGS M1); the load line', () => {
    expect(b.movement.label).toBe('modifier');
    expect(b.movement.text).toBe('+2');
    expect(b.movement.value.value).toBe(2);
    expect(sums(b.movement.value)).toBe(true);
    expect(b.lines.map((l) => [l.id, l.group, l.label, l.text])).toEqual([['load', 'movement', 'Load', '20 lbs · Light (−1)']]);
    expect(lineOf(b, 'load').value?.value).toBe(-1);
  });

  it('injured: Fatigue 20 of 52 is at or below half: −1 to all rolls, adjDEX 12 (RULINGS C4)', () => {
    const hurt = PILLARS_STATS.statBlock({ ...ALDRIC, fatigue: { starting: 52, current: 20 } });
    expect(pool(hurt, 'fatigue')).toMatchObject({ current: 20, valueText: '20/52', band: 'half', bandText: 'at or below half: −1 to all rolls' });
    expect(hurt.condition).toMatchObject({ text: '−1', tone: 'warn', tags: [] });
    expect(hurt.adjDex.value).toBe(12);
    expect(hurt.adjDex.breakdown.at(-1)).toEqual({ label: 'Injury', value: -1, source: '001 §Injury Thresholds & Death; RULINGS C4' });
  });

  it('Fatigue 0: unconscious; Body 0: semi-conscious (RULINGS C4)', () => {
    const out = PILLARS_STATS.statBlock({ ...ALDRIC, fatigue: { starting: 52, current: 0 }, body: { starting: 35, current: 0 } });
    expect(out.condition.tone).toBe('down');
    expect(out.condition.tags).toEqual(['unconscious', 'semi-conscious: the GM limits its actions']);
    expect(pool(out, 'body')).toMatchObject({ band: 'down', bandText: '0 or less' });
  });

  it('a pack: what dropping it leaves (RULINGS M4: free at the start of movement)', () => {
    const packed = PILLARS_STATS.statBlock(HUMAN);
    // 001 §Encumbrance at STR 10: 18 lbs is Medium (up to 20): −2, cannot run or sprint; M1: 0 + 0 + 0 − 2.
    expect(lineOf(packed, 'load').text).toBe('18 lbs · Medium (−2) · Cannot Run or Sprint');
    expect(packed.movement.text).toBe('−2');
    const pack = lineOf(packed, 'pack');
    expect(pack.label).toBe('Without the pack (18 lbs)');
    expect(pack.text).toBe('0 lbs · Unencumbered · movement modifier 0');
    expect(pack.value?.value).toBe(0);
  });
});

describe('Classic stat block (RULINGS O1; 004)', () => {
  const b = CLASSIC_STATS.statBlock(HUMAN);

  it('names its model: "Classic (004)"', () => {
    expect(b.model).toEqual({ id: 'classic', name: 'ST / DX / IQ / WIS (Classic)', caption: 'Classic (004)', source: '004 §Attributes; RULINGS O1' });
  });

  it('ST, DX, IQ and WIS, read from STR, DEX, INT and WIS, with what each governs (004 §Attributes)', () => {
    expect(b.attributes.map((a) => [a.id, a.keptAs, a.value, a.modifier])).toEqual([
      ['ST', 'STR', 10, null],
      ['DX', 'DEX', 10, null],
      ['IQ', 'INT', 9, null],
      ['WIS', 'WIS', 11, null],
    ]);
    expect(b.attributes[0]?.note).toBe('Hit points, fatigue pool, carrying capacity');
  });

  it('ST as hit points (10 of 10, marked at 3) and as the fatigue pool (none spent)', () => {
    expect(b.pools.map((p) => [p.id, p.name, p.starting.value, p.current, p.valueText, p.band])).toEqual([
      ['st-hits', 'ST (hit points)', 10, 10, '10/10', 'none'],
      ['st-fatigue', 'ST (fatigue)', 10, 10, '0 spent of 10', 'none'],
    ]);
    expect(pool(b, 'st-hits').marks).toEqual([{ at: 3, label: 'ST 3 or less: −3 DX (004 §Injury Effects)' }]);
    expect(pool(b, 'st-fatigue').bandText).toBe('10 to spend before exhaustion');
    expect(b.condition).toMatchObject({ label: 'Condition', text: 'Fighting', tone: 'ok', tags: [], value: null });
  });

  it('000 §Movement Example: base MA 8, Medium load −2: MA 6, cannot run', () => {
    expect(b.movement.label).toBe('MA');
    expect(b.movement.text).toBe('6');
    expect(b.movement.value.breakdown.map((l) => l.value)).toEqual([10, -2, -2]);
    expect(lineOf(b, 'load').text).toBe('18 lbs · Medium (MA −2) · Cannot Run');
    expect(lineOf(b, 'load').value?.value).toBe(-2);
    const classic = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, classic: true } });
    const gaits = classic.movement.allowance({ attributes: HUMAN.attributes, carriedLbs: 18 });
    expect(gaits.map((g) => [g.mode, g.allowed, g.hexes.value])).toEqual([
      ['run', false, 6],
      ['jog', true, 3],
      ['walk', true, 2],
      ['walk-slow', true, 1],
      ['stand-still', true, 0],
    ]);
  });

  it('000 §Movement Example: the pack dropped, MA 8 and running allowed', () => {
    const pack = lineOf(b, 'pack');
    expect(pack).toMatchObject({ group: 'movement', label: 'Without the pack (18 lbs)', text: '0 lbs · Unencumbered · MA 8, may run' });
    expect(pack.value?.value).toBe(8);
    expect(CLASSIC_STATS.statBlock({ ...HUMAN, carriedLbs: 0, packLbs: 0 }).lines.some((l) => l.id === 'pack')).toBe(false);
  });

  it('heavy blows at ST under 30: 5+ hits −2 DX next turn, 8+ falls down (004 §Injury Effects; RULINGS A8)', () => {
    expect(lineOf(b, 'heavy-blows')).toEqual({
      id: 'heavy-blows',
      group: 'combat',
      label: 'Heavy blows (ST under 30)',
      text: '5+ hits in a turn: −2 DX next turn · 8+: falls down',
      value: null,
      source: '004 §Injury Effects; RULINGS A8',
    });
  });

  it.each([
    [29, 'ST under 30', 5, 8],
    [30, 'ST 30–49', 9, 16],
    [49, 'ST 30–49', 9, 16],
    [50, 'ST 50+', 15, 25],
  ])('heavy blows scale with ST: ST %i (%s) → %i+ / %i+', (st, text, dx, down) => {
    const big = CLASSIC_STATS.statBlock({ ...HUMAN, attributes: { ...HUMAN.attributes, STR: st }, carriedLbs: 0, packLbs: 0 });
    expect(lineOf(big, 'heavy-blows').label).toBe(`Heavy blows (${text})`);
    expect(lineOf(big, 'heavy-blows').text).toBe(`${dx}+ hits in a turn: −2 DX next turn · ${down}+: falls down`);
  });

  it('adjDX: DX 12, Chainmail −3, a ready Large Shield −1 = 8 (004 §Armor and Shield Adjustments)', () => {
    const armed = CLASSIC_STATS.statBlock({
      ...HUMAN,
      attributes: { ...HUMAN.attributes, DEX: 12 },
      armorId: 'chainmail',
      readyShieldId: 'large-shield',
      carriedLbs: 0,
      packLbs: 0,
    });
    expect(armed.adjDexLabel).toBe('adjDX');
    expect(armed.adjDex.breakdown.map((l) => [l.label, l.value])).toEqual([
      ['DX 12', 12],
      ['Chainmail', -3],
      ['Large Shield', -1],
    ]);
    expect(armed.adjDex.value).toBe(8);
  });

  it('7 hits (kept on Body): ST 3 left, −3 DX (adjDX 7); no fatigue spent', () => {
    const hurt = CLASSIC_STATS.statBlock({ ...HUMAN, body: { starting: 34, current: 27 }, carriedLbs: 0, packLbs: 0 });
    expect(pool(hurt, 'st-hits')).toMatchObject({ current: 3, valueText: '3/10', band: 'low', bandText: '3 or less: −3 DX for the rest of the combat' });
    expect(pool(hurt, 'st-fatigue')).toMatchObject({ current: 10, valueText: '0 spent of 10', band: 'none' });
    expect(hurt.adjDex.value).toBe(7);
    expect(hurt.condition).toMatchObject({ text: 'Fighting', tone: 'warn', tags: ['ST 3: −3 DX'] });
  });

  it('ST 1 left: unconscious; ST 0: dead (004 §Injury Effects) — hits, not fatigue', () => {
    const out = CLASSIC_STATS.statBlock({ ...HUMAN, body: { starting: 34, current: 25 }, carriedLbs: 0, packLbs: 0 });
    expect(pool(out, 'st-hits')).toMatchObject({ current: 1, band: 'down', bandText: '1: unconscious' });
    expect(out.condition).toMatchObject({ text: 'Unconscious (ST down to 1)', tone: 'down' });
    const dead = CLASSIC_STATS.statBlock({ ...HUMAN, body: { starting: 34, current: 24 }, carriedLbs: 0, packLbs: 0 });
    expect(dead.condition).toMatchObject({ text: 'Dead (ST down to 0 or less)', tone: 'down', tags: [] });
    // DX 10, ST down to 0: −3 (the sheet still explains the number).
    expect(dead.adjDex.breakdown.map((l) => l.value)).toEqual([10, -3]);
  });

  it('10 fatigue spent at ST 10 (running, 004 §Fatigue): exhausted, −2 DX, MA 8 halved to 4, no running — and unhurt', () => {
    const tired = CLASSIC_STATS.statBlock({ ...HUMAN, fatigue: { starting: 50, current: 40 }, carriedLbs: 0, packLbs: 0 });
    expect(tired.condition).toMatchObject({ text: 'Fighting', tone: 'warn', tags: ['exhausted'] });
    expect(pool(tired, 'st-hits')).toMatchObject({ current: 10, valueText: '10/10' });
    expect(pool(tired, 'st-fatigue')).toMatchObject({ valueText: '10 spent of 10', band: 'low', bandText: 'exhausted: −2 DX, half MA, cannot run; must rest' });
    expect(tired.movement.value.value).toBe(4);
    expect(tired.adjDex.breakdown.map((l) => l.value)).toEqual([10, -2]);
  });

  it('5 hits last turn at ST 10: −2 DX this turn, and said so (RULINGS A8)', () => {
    const hit = CLASSIC_STATS.statBlock({ ...HUMAN, hitsLastTurn: 5, carriedLbs: 0, packLbs: 0 });
    expect(hit.adjDex.value).toBe(8);
    expect(hit.condition.tags).toEqual(['5 hits last turn: −2 DX']);
    expect(CLASSIC_STATS.statBlock({ ...HUMAN, hitsLastTurn: 4, carriedLbs: 0, packLbs: 0 }).adjDex.value).toBe(10);
  });

  it('exhaustion on the sheet is the seam’s own `exhausted` reading of the fatigue spent', () => {
    for (const current of [50, 45, 41, 40, 30]) {
      const f = { ...HUMAN, fatigue: { starting: 50, current } };
      const block = CLASSIC_STATS.statBlock(f);
      expect(block.condition.tags.includes('exhausted')).toBe(CLASSIC_STATS.exhausted(10, classicFatigueOf(f)));
    }
  });
});

describe('the rules choose the block; the rest follows (RULINGS O1)', () => {
  const classicRules = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, classic: true } });
  it('Classic on: the Classic block; every other option keeps Pillars’', () => {
    expect(classicRules.stats.statBlock(HUMAN).model.id).toBe('classic');
    for (const key of ['perCharacterInitiative', 'strideMomentum', 'declaredIntent'] as const) {
      expect(rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, [key]: true } }).stats.statBlock(HUMAN).model.id).toBe('pillars');
    }
  });

  it('ways of making a figure: 001’s three; Classic types its four (decision: 004 gives none)', () => {
    expect(PILLARS_STATS.creationMethods).toEqual(['pointBuy', 'roll', 'entered']);
    expect(CLASSIC_STATS.creationMethods).toEqual(['set']);
  });

  it('every number in either block sums its lines, and the block is plain JSON', () => {
    const figure = fc.record({
      str: fc.integer({ min: 3, max: 60 }),
      dex: fc.integer({ min: 3, max: 18 }),
      lost: fc.integer({ min: 0, max: 80 }),
      bodyLost: fc.integer({ min: 0, max: 40 }),
      carried: fc.integer({ min: 0, max: 120 }),
      pack: fc.integer({ min: 0, max: 40 }),
      hitsLastTurn: fc.integer({ min: 0, max: 30 }),
      armor: fc.constantFrom(null, 'leather-armor', 'chainmail'),
    });
    fc.assert(
      fc.property(figure, (g) => {
        const f: StatFigure = {
          ...HUMAN,
          attributes: { ...HUMAN.attributes, STR: g.str, DEX: g.dex },
          fatigue: { starting: 50, current: 50 - g.lost },
          body: { starting: 34, current: 34 - g.bodyLost },
          carriedLbs: g.carried + g.pack,
          packLbs: g.pack,
          armorId: g.armor,
          hitsLastTurn: g.hitsLastTurn,
        };
        for (const block of [PILLARS_STATS.statBlock(f), CLASSIC_STATS.statBlock(f)]) {
          const explained = [
            block.adjDex,
            block.movement.value,
            ...block.pools.map((p) => p.starting),
            ...block.lines.flatMap((l) => (l.value ? [l.value] : [])),
          ];
          if (!explained.every(sums)) return false;
          if (JSON.stringify(JSON.parse(JSON.stringify(block))) !== JSON.stringify(block)) return false;
        }
        const c = CLASSIC_STATS.statBlock(f);
        // ST left is ST − the hits (kept on Body); fatigue left is ST − the fatigue spent (see classic/sheet.ts).
        return pool(c, 'st-hits').current === g.str - g.bodyLost && pool(c, 'st-fatigue').current === g.str - g.lost;
      }),
    );
  });
});
