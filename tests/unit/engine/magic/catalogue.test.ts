import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATALOGUE,
  MASTERY_TABLE,
  RARITY_BANDS,
  SCHOOLS,
  SPELLS,
  catalogueWithEdits,
  masteryBenefits,
  rarityOfPercentile,
  spellById,
} from '../../../../src/main/engine/magic';

// 001 §Spell Lists, transcribed level by level: each list entry is its own spell (catalogue.ts).
const LISTS: Record<string, string[][]> = {
  elemental: [['Missile'], ['Ball'], ['Bolt'], ['Shield'], ['Barrier'], ['Elemental']],
  passage: [
    ['Detect Magic', 'Light'],
    ['Knock', 'Hold', 'Blur'],
    ['Transparency', 'Detect Invisibility', 'Lock'],
    ['Breathing'],
    ['Flying'],
    ['Pass Wall'],
    ['Shape Change'],
  ],
  protection: [
    ['Counter 1', 'Shield', 'Detect Magic'],
    ['Counter 2', 'Shield Wall', 'Knowledge'],
    ['Counter 3', 'Minor Protection from Element'],
    ['Counter 4', 'Major Protection from Element'],
    ['Counter 5', 'Encase'],
  ],
  mending: [['Heal'], ['Cure'], ['Web/Joining', 'Breaking'], ['Shaping']],
  weather: [['Detect Weather'], ['Wind', 'Wind Counter'], ['Rain', 'Rain Counter'], ['Storm', 'Storm Counter']],
  control: [
    ['Persuade Minor', 'Calm', 'Enrage'],
    ['Minor Illusion', 'Fatigue'],
    ['Wound', 'Effect Mental State/Senses'],
    ['Persuade Major', 'Illusion'],
    ['Major Illusion', 'Area Effect', 'Effect Senses'],
    ['Force'],
  ],
  counter: [],
  arcane: [],
};

describe('schools (001 §Schools of Magic; RULINGS S9)', () => {
  it('lists the eight schools with their rarity bands', () => {
    expect(SCHOOLS.map((s) => [s.id, s.rarity, s.band.from, s.band.to])).toEqual([
      ['elemental', 'common', 0, 70],
      ['passage', 'common', 0, 70],
      ['protection', 'common', 0, 70],
      ['mending', 'common', 0, 70],
      ['weather', 'less-common', 71, 100],
      ['counter', 'less-common', 71, 100],
      ['arcane', 'less-common', 71, 100],
      ['control', 'less-common', 71, 100],
    ]);
    expect(SCHOOLS.find((s) => s.id === 'elemental')?.elements).toEqual(['water', 'fire', 'lightning', 'earth', 'wind']);
    expect(SCHOOLS.find((s) => s.id === 'arcane')?.name).toBe('Arcane/True Magic');
  });

  it('puts a percentile in its band: 70 common, 71 less common', () => {
    expect(RARITY_BANDS.common).toEqual({ rarity: 'common', from: 0, to: 70 });
    expect(rarityOfPercentile(0)).toBe('common');
    expect(rarityOfPercentile(70)).toBe('common');
    expect(rarityOfPercentile(71)).toBe('less-common');
    expect(rarityOfPercentile(100)).toBe('less-common');
    expect(() => rarityOfPercentile(101)).toThrow(RangeError);
  });
});

describe('spell lists (001 §Spell Lists; RULINGS S9)', () => {
  for (const [school, levels] of Object.entries(LISTS)) {
    it(`${school}: every spell at its level`, () => {
      const got = SPELLS.filter((s) => s.school === school);
      const want = levels.flatMap((names, i) => names.map((name) => [name, i + 1]));
      expect(got.map((s) => [s.name, s.level])).toEqual(want);
    });
  }

  it('has 55 spells (6 + 12 + 12 + 5 + 7 + 13) with unique kebab-case school-spell ids', () => {
    expect(SPELLS).toHaveLength(55);
    const ids = SPELLS.map((s) => s.id);
    expect(new Set(ids).size).toBe(55);
    for (const s of SPELLS) expect(s.id).toMatch(new RegExp(`^${s.school}-[a-z0-9]+(-[a-z0-9]+)*$`));
    expect(ids).toContain('passage-detect-magic');
    expect(ids).toContain('protection-detect-magic');
    expect(ids).toContain('protection-counter-3');
    expect(ids).toContain('mending-web-joining');
    expect(ids).toContain('control-effect-mental-state-senses');
  });

  it('keeps variants: one spell with its listed effects; Force open to more ("etc.")', () => {
    const ems = spellById(DEFAULT_CATALOGUE, 'control-effect-mental-state-senses');
    expect(ems.variants).toEqual(['Sleep', 'Confusion', 'Blind', 'Deafen', 'Laugh']);
    expect(ems.openVariants).toBe(false);
    const force = spellById(DEFAULT_CATALOGUE, 'control-force');
    expect([force.level, force.openVariants, force.variants]).toEqual([6, true, ['Paralyze', 'Move', 'Breath', 'Run', 'Sleep']]);
    expect(spellById(DEFAULT_CATALOGUE, 'elemental-bolt').variants).toEqual(['water', 'fire', 'lightning', 'earth', 'wind']);
    expect(spellById(DEFAULT_CATALOGUE, 'control-minor-illusion').note).toBe('includes Blur');
    expect(spellById(DEFAULT_CATALOGUE, 'control-illusion').note).toBe('includes Transparency');
  });

  it('defaults: INT, renewal 1 (RULINGS S1, S2); elemental attacks are missile spells that must hit', () => {
    expect(SPELLS.every((s) => s.castingAttribute === 'INT' && s.renewalCost === 1)).toBe(true);
    const mustHit = SPELLS.filter((s) => s.mustHit).map((s) => `${s.id}:${s.rangeKind}`);
    expect(mustHit).toEqual([
      'elemental-missile:missile',
      'elemental-ball:missile',
      'elemental-bolt:missile',
      'control-fatigue:thrown',
      'control-wound:thrown',
      'control-effect-mental-state-senses:thrown',
      'control-effect-senses:thrown',
      'control-force:thrown',
    ]);
    expect(spellById(DEFAULT_CATALOGUE, 'passage-light').continuing).toBe(true);
    expect(spellById(DEFAULT_CATALOGUE, 'mending-heal').continuing).toBe(false);
  });
});

describe('spell mastery (001 §Spell Mastery)', () => {
  it('transcribes the five levels and what each unlocks', () => {
    expect(MASTERY_TABLE.map((r) => [r.level, r.unlocksSkill])).toEqual([
      [1, null],
      [2, null],
      [3, 'protection'],
      [4, 'halt'],
      [5, 'reflect'],
    ]);
  });
  it('accumulates benefits', () => {
    expect(masteryBenefits(0)).toMatchObject({ canCast: false, noGestures: false, unlockedSkills: [] });
    expect(masteryBenefits(1)).toMatchObject({ canCast: true, noGestures: false, noIncantation: false, reducedCost: false });
    expect(masteryBenefits(2)).toMatchObject({ noGestures: true, noIncantation: false });
    expect(masteryBenefits(3)).toMatchObject({ noIncantation: true, reducedCost: false, unlockedSkills: ['protection'] });
    expect(masteryBenefits(5)).toMatchObject({ reducedCost: true, unlockedSkills: ['protection', 'halt', 'reflect'] });
    expect(() => masteryBenefits(6)).toThrow(RangeError);
  });
});

describe('catalogueWithEdits (RULINGS S9)', () => {
  it('applies a campaign edit to one spell and leaves the rest', () => {
    const cat = catalogueWithEdits({ 'control-calm': { castingAttribute: 'WIS', renewalCost: 2 }, 'mending-heal': { continuing: true } });
    expect(spellById(cat, 'control-calm')).toMatchObject({ castingAttribute: 'WIS', renewalCost: 2, continuing: true, level: 1 });
    expect(spellById(cat, 'mending-heal').continuing).toBe(true);
    expect(spellById(cat, 'control-enrage')).toEqual(spellById(DEFAULT_CATALOGUE, 'control-enrage'));
    expect(spellById(DEFAULT_CATALOGUE, 'control-calm').castingAttribute).toBe('INT');
  });
  it('refuses unknown spells, unknown fields and bad values', () => {
    expect(() => catalogueWithEdits({ 'elemental-fireball': { continuing: true } })).toThrow(/elemental-fireball/);
    expect(() => catalogueWithEdits({ 'mending-heal': { level: 3 } })).toThrow(/mending-heal/);
    expect(() => catalogueWithEdits({ 'mending-heal': { castingAttribute: 'CHR' } })).toThrow(/castingAttribute/);
    expect(() => catalogueWithEdits({ 'mending-heal': { renewalCost: -1 } })).toThrow(/renewalCost/);
    expect(catalogueWithEdits({}).spells).toEqual(SPELLS);
  });
  it('takes a map effect for a lasting spell, and refuses one on a spell that ends as it is cast', () => {
    const wall = { kind: 'wall', shape: 'line', size: 3, shown: true } as const;
    expect(spellById(catalogueWithEdits({ 'elemental-barrier': { effect: wall } }), 'elemental-barrier').effect).toEqual(wall);
    expect(spellById(DEFAULT_CATALOGUE, 'elemental-barrier').effect).toBeNull();
    expect(() => catalogueWithEdits({ 'mending-heal': { effect: wall } })).toThrow(
      'A map effect lasts while its spell does: make Heal continuing, or take the effect off.',
    );
    expect(spellById(catalogueWithEdits({ 'mending-heal': { continuing: true, effect: wall } }), 'mending-heal').effect).toEqual(wall);
    expect(() => catalogueWithEdits({ 'elemental-barrier': { effect: { ...wall, size: 99 } } })).toThrow(/effect/);
  });
});
