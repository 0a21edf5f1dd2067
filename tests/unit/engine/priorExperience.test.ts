import { describe, expect, it } from 'vitest';
import { createEnteredDice } from '../../../src/main/engine/dice';
import {
  AGING_TABLE,
  CRAFT_TYPES,
  SKILLS_TABLE,
  STARTING_AGE,
  SURVIVAL_MODIFIERS,
  SURVIVAL_TARGETS,
  TRACKS,
  TRACK_INFO,
  advanceYear,
  canEnter,
  eligibleTracks,
  standingFromWealth,
} from '../../../src/main/engine/background';
import type { TrackName, YearChoice } from '../../../src/main/engine/background';
import { start } from './priorExperienceSample';

describe('tables transcribed from 001 §Prior Experience', () => {
  it('001 §Aging: every column (Term, Age, STR, DEX, INT, WIS, CON)', () => {
    expect(AGING_TABLE.map((c) => [c.term, c.age, c.changes.STR, c.changes.DEX, c.changes.INT, c.changes.WIS, c.changes.CON])).toEqual([
      [4, 34, 0, 0, 0, 0, 0],
      [5, 38, -1, -1, 0, 0, 0],
      [6, 42, -1, -1, 0, 0, -1],
      [7, 46, -1, -1, 0, 0, -1],
      [8, 50, -1, -1, 0, 0, -1],
      [9, 54, -1, -1, 0, 0, -1],
      [10, 58, -1, -1, 0, 0, -1],
      [11, 62, -1, -1, 0, 0, -1],
      [12, 66, -1, -1, 0, 0, -1],
      [13, 70, -2, -2, -1, -1, -2],
    ]);
  });

  it('001 §Survivability: targets per track; STR, DEX, INT, WIS modifiers', () => {
    expect(SURVIVAL_TARGETS).toEqual({
      Army: { kind: 'fixed', target: 5 },
      Rangers: { kind: 'fixed', target: 6 },
      Navy: { kind: 'fixed', target: 5 },
      Officer: { kind: 'fixed', target: 5 },
      Random: { kind: 'rolled', expression: '1d8' },
      Worker: { kind: 'fixed', target: 4 },
      Crafts: { kind: 'fixed', target: 3 },
      Merchant: { kind: 'fixed', target: 3 },
    });
    expect(SURVIVAL_MODIFIERS).toEqual(['STR', 'DEX', 'INT', 'WIS']);
    expect(TRACKS).toEqual(['Army', 'Rangers', 'Navy', 'Officer', 'Random', 'Worker', 'Crafts', 'Merchant']);
  });

  it('001 §Prior Experience Skills Table: all 96 cells as printed', () => {
    const printed: Record<TrackName, string[]> = {
      Army: ['Sword', 'Archery', 'Morale', 'Running', 'Literacy', 'Medic', 'Climbing', 'STR', 'DEX', 'Medic', 'Ranger Skill', 'Field Promotion'],
      Rangers: [
        'Sword',
        'Archery',
        'Archery',
        'Tracking',
        'Course / Path',
        'Wood lore',
        'Medic & Herb Lore',
        'STR',
        'DEX',
        'INT',
        'Stealth, weather, wood lore',
        'Talent',
      ],
      Navy: ['Cutlass', 'Sailing', 'Ropes & climbing', 'Swimming', 'Medic', 'Weather', 'Literacy', 'STR', 'DEX', 'INT', 'Officer Skill', 'Field Promotion'],
      Officer: ['Morale', 'Morale', 'Tactics', 'Tactics', 'Logistics', 'Medic', 'Persuade', 'STR', 'DEX', 'INT', 'Promotion', 'Random'],
      Random: [
        'Climbing & Running',
        'Medic',
        'Stealth',
        '−1 STR',
        '−1 DEX',
        'Persuade',
        'Potions/Herbs',
        'STR',
        'DEX',
        'Crafts Skill',
        'Jack of All Trades',
        'Random',
      ],
      Worker: ['Laborer (STR, DEX)', 'Morale', 'Growing', 'Wood Lore', 'Portage', 'Builder', 'Mining', 'STR', 'DEX', 'INT', 'Random', 'Crafts skill'],
      Crafts: ['Smith', 'Smith', 'Builder', 'Arts & Crafts', 'Potions/Herbs', 'Medic', 'Literacy', 'STR', 'DEX', 'INT', 'Merchant Skill', 'Jack of All Trades'],
      Merchant: [
        'Coins',
        'Literacy',
        'Persuade',
        'Persuade',
        'Weather, Course/Path',
        'Ken',
        'Ken',
        '−1 STR',
        '−1 DEX',
        'Talent',
        'Random',
        'Jack of All Trades',
      ],
    };
    for (const t of TRACKS)
      expect(
        SKILLS_TABLE[t].map((c) => c.text),
        t,
      ).toEqual(printed[t]);
  });

  it('skills-table effects: attributes, redirects, promotions, talents, multi-skill cells', () => {
    expect(SKILLS_TABLE.Army[7]?.effect).toEqual({ kind: 'attribute', attribute: 'STR', delta: 1 });
    expect(SKILLS_TABLE.Merchant[7]?.effect).toEqual({ kind: 'attribute', attribute: 'STR', delta: -1 });
    expect(SKILLS_TABLE.Random[4]?.effect).toEqual({ kind: 'attribute', attribute: 'DEX', delta: -1 });
    expect(SKILLS_TABLE.Army[10]?.effect).toEqual({ kind: 'rollOn', track: 'Rangers' });
    expect(SKILLS_TABLE.Navy[10]?.effect).toEqual({ kind: 'rollOn', track: 'Officer' });
    expect(SKILLS_TABLE.Crafts[10]?.effect).toEqual({ kind: 'rollOn', track: 'Merchant' });
    expect(SKILLS_TABLE.Worker[11]?.effect).toEqual({ kind: 'rollOn', track: 'Crafts' });
    expect(SKILLS_TABLE.Officer[10]?.effect).toEqual({ kind: 'promotion' });
    expect(SKILLS_TABLE.Rangers[11]?.effect).toEqual({ kind: 'talent' });
    expect(SKILLS_TABLE.Rangers[10]?.effect).toEqual({ kind: 'skills', skills: ['Stealth', 'Weather', 'Wood Lore'] });
    expect(SKILLS_TABLE.Worker[0]?.effect).toEqual({ kind: 'skills', skills: ['Laborer'] });
  });

  it('001 §Skill Tracks: requirement, provides and reward lines', () => {
    expect(TRACKS.map((t) => [t, TRACK_INFO[t].requirementText, TRACK_INFO[t].rewardText])).toEqual([
      ['Army', '8+ on 2d6 (+ STR, DEX modifiers)', '100 MU + percentile dice/year'],
      ['Rangers', 'Requires STR, DEX, INT or WIS bonuses; 8+ on 2d6', 'Varies (see GM)'],
      ['Navy', '8+ on 2d6 (+ STR, DEX, INT modifiers)', '110 MU + percentile dice/year'],
      ['Officer', 'Must be promoted or Rich', 'Rank × 100 MU + (percentile × 2)/year'],
      ['Random', 'Any character', 'Varies (see GM)'],
      ['Worker', 'Any character', '100 MU + 10 MU per skill/level used'],
      ['Crafts', 'Covers traditional crafts, academic, medical, scientific/magical pursuits', '100 MU + 50 MU per skill/level used'],
      ['Merchant', 'Must be merchant class, or roll: 10+ (poor), 8+ (working), 6+ (above working)', null],
    ]);
    expect(TRACK_INFO.Navy.provides).toEqual(['Cutlass +1 hit', 'Cutlass +1 parry', 'Swimming', 'Coins']);
    expect(TRACK_INFO.Army.entry).toEqual({ kind: 'roll', expression: '2d6', target: 8, modifiers: ['STR', 'DEX'], needsBonusIn: [] });
    expect(TRACK_INFO.Navy.entry).toEqual({ kind: 'roll', expression: '2d6', target: 8, modifiers: ['STR', 'DEX', 'INT'], needsBonusIn: [] });
    expect(TRACK_INFO.Rangers.entry).toEqual({ kind: 'roll', expression: '2d6', target: 8, modifiers: [], needsBonusIn: ['STR', 'DEX', 'INT', 'WIS'] });
    expect(TRACK_INFO.Merchant.entry).toEqual({ kind: 'merchantClassOrRoll', expression: '2d6', targets: { poor: 10, working: 8, aboveWorking: 6 } });
    expect(TRACK_INFO.Army.reward).toEqual({ kind: 'basePlusPercentile', base: 100, percentileMultiplier: 1 });
    expect(TRACK_INFO.Navy.reward).toEqual({ kind: 'basePlusPercentile', base: 110, percentileMultiplier: 1 });
    expect(TRACK_INFO.Officer.reward).toEqual({ kind: 'rankPlusPercentile', perRank: 100, percentileMultiplier: 2 });
    expect(TRACK_INFO.Worker.reward).toEqual({ kind: 'perSkillLevelUsed', base: 100, perLevel: 10 });
    expect(TRACK_INFO.Crafts.reward).toEqual({ kind: 'perSkillLevelUsed', base: 100, perLevel: 50 });
  });

  it('001 §Skill Tracks: craft types 1–6', () => {
    expect(CRAFT_TYPES.map((c) => [c.roll, c.name])).toEqual([
      [1, 'Smith'],
      [2, 'Agriculture'],
      [3, 'Tailor'],
      [4, 'Science'],
      [5, 'Medical'],
      [6, 'Magic'],
    ]);
  });
});

describe('startPriorExperience', () => {
  it('starts at 16 (001 §Prior Experience; RULINGS C7)', () => {
    const s = start();
    expect(STARTING_AGE).toBe(16);
    expect(s).toMatchObject({ status: 'alive', age: 16, years: 0, standing: 'working', rank: 0, coins: 0, track: null });
  });

  it('standing for the Merchant entry roll comes from wealth unless given', () => {
    expect(['Subsistence', 'Moderate', 'Merchant', 'Rich'].map((w) => standingFromWealth(w as 'Rich'))).toEqual([
      'poor',
      'working',
      'aboveWorking',
      'aboveWorking',
    ]);
    expect(start({ standing: 'poor' }).standing).toBe('poor');
  });
});

describe('advanceYear: a full run with entered dice (exact results)', () => {
  it('Army ×4 (promotion), Officer, Merchant refused, Crafts, then death in Random', () => {
    // STR 14 → +1 (001 §Determining Core Attributes); the rest give 0.
    let s = start({ attributes: { STR: 14, DEX: 12, INT: 10, WIS: 9, CON: 12, CHR: 11 } });
    const coinsBefore: number[] = [];
    const run = (choice: YearChoice, faces: number[][]) => {
      const dice = createEnteredDice(faces);
      const r = advanceYear(s, choice, dice);
      expect(dice.remaining(), `${choice.track} used every entered roll`).toBe(0);
      coinsBefore.push(s.coins);
      s = r.state;
      return r;
    };

    // Year 1 — Army entry 2d6 7 + STR 1 = 8 (needs 8+); survival 5 + 1 = 6 > 5; d12 1 Sword; reward 100 + 40.
    const y1 = run({ track: 'Army' }, [[4, 3], [2, 2, 1], [1], [40]]);
    expect(y1.outcome).toBe('served');
    expect(y1.steps.map((x) => x.description)).toEqual([
      'Army entry 2d6 = 7, total 8, needs 8+: enters',
      'Survival 3d6 = 5, total 6 vs higher than 5: survives',
      'Army skill 1d12 = 1: Sword — gains Sword',
      'Age 17',
      'Army reward 100 + 40 = 140 MU',
    ]);
    expect(y1.steps.map((x) => x.source)).toEqual([
      '001 §Skill Tracks',
      '001 §Survivability',
      '001 §Prior Experience Skills Table',
      '001 §Aging; RULINGS C7',
      '001 §Skill Tracks',
    ]);
    expect(y1.steps[1]?.breakdown.map((b) => [b.label, b.value])).toEqual([
      ['3d6', 5],
      ['STR 14 modifier', 1],
      ['DEX 12 modifier', 0],
      ['INT 10 modifier', 0],
      ['WIS 9 modifier', 0],
    ]);
    expect(s).toMatchObject({ age: 17, years: 1, track: 'Army', coins: 140, skills: { Sword: { level: 1, towardNext: 0 } } });

    // Year 2 — stays (no entry roll); Sword again → +1 toward next level.
    const y2 = run({ track: 'Army' }, [[3, 3, 3], [1], [1]]);
    expect(y2.steps[0]?.description).toBe('Stays in Army');
    expect(y2.steps[2]?.description).toBe('Army skill 1d12 = 1: Sword — Sword again: +1 toward the next level (1)');
    expect(s.skills.Sword).toEqual({ level: 1, towardNext: 1 });
    expect(s.coins).toBe(241);

    // Year 3 — 11 Ranger Skill → Rangers column 7 Medic & Herb Lore; survival 5 + 1 = 6 > 5.
    const y3 = run({ track: 'Army' }, [[1, 1, 3], [11], [7], [100]]);
    expect(y3.steps.map((x) => x.description).slice(2, 4)).toEqual([
      'Army skill 1d12 = 11: Ranger Skill — roll on the Rangers column',
      'Rangers skill 1d12 = 7: Medic & Herb Lore — gains Medic & Herb Lore',
    ]);
    expect(s.coins).toBe(441);

    // Year 4 — 12 Field Promotion → rank 1.
    run({ track: 'Army' }, [[2, 2, 2], [12], [10]]);
    expect(s).toMatchObject({ age: 20, years: 4, rank: 1, coins: 551 });
    expect(canEnter(s, 'Officer')).toEqual({ ok: true });

    // Year 5 — Officer (promoted); 12 Random → Random 12 Random → 10 Crafts Skill → Crafts 11
    // Merchant Skill → Merchant 5 Weather, Course/Path. Reward rank 1 × 100 + 50 × 2 = 200.
    const y5 = run({ track: 'Officer' }, [[4, 4, 4], [12], [12], [10], [11], [5], [50]]);
    expect(y5.steps.map((x) => x.description)).toEqual([
      'Enters Officer (promoted)',
      'Survival 3d6 = 12, total 13 vs higher than 5: survives',
      'Officer skill 1d12 = 12: Random — roll on the Random column',
      'Random skill 1d12 = 12: Random — roll on the Random column',
      'Random skill 1d12 = 10: Crafts Skill — roll on the Crafts column',
      'Crafts skill 1d12 = 11: Merchant Skill — roll on the Merchant column',
      'Merchant skill 1d12 = 5: Weather, Course/Path — gains Weather; gains Course/Path',
      'Age 21',
      'Officer reward 200 MU',
    ]);
    expect(y5.steps.flatMap((x) => x.rolls.map((r) => r.label))).toEqual([
      'prior experience: Officer survival',
      'prior experience: Officer skill',
      'prior experience: Random skill',
      'prior experience: Random skill',
      'prior experience: Crafts skill',
      'prior experience: Merchant skill',
      'prior experience: Officer reward',
    ]);
    expect(s.coins).toBe(751);

    // Year 6 — Merchant entry (Commoner, working: 8+) 7 fails: no year passes, Merchant barred.
    const refused = run({ track: 'Merchant' }, [[3, 4]]);
    expect(refused.outcome).toBe('entryFailed');
    expect(refused.steps.map((x) => x.description)).toEqual(['Merchant entry 2d6 = 7, needs 8+ (working): fails']);
    expect(s).toMatchObject({ age: 21, years: 5, track: 'Officer', barredThisYear: ['Merchant'] });
    expect(() => advanceYear(s, { track: 'Merchant' }, createEnteredDice([[6, 6]]))).toThrow(/failed this year/);
    expect(eligibleTracks(s)).toEqual(['Army', 'Rangers', 'Navy', 'Officer', 'Random', 'Worker', 'Crafts']); // STR +1 opens Rangers

    // Year 6 — Crafts instead: craft type 1d6 6 Magic; survival natural 3 + 1 = 4 > 3; 8 STR → 15.
    const y6 = run({ track: 'Crafts', skillLevelsUsed: 2 }, [[6], [1, 1, 1], [8]]);
    expect(y6.steps.map((x) => x.description)).toEqual([
      'Enters Crafts (any character)',
      'Craft type 1d6 = 6: Magic',
      'Survival 3d6 = 3, total 4 vs higher than 3: survives',
      'Crafts skill 1d12 = 8: STR — STR 14 → 15',
      'Age 22',
      'Crafts reward 200 MU',
    ]);
    expect(s).toMatchObject({ age: 22, years: 6, craftType: 'Magic', barredThisYear: [], coins: 951 });
    expect(s.attributes).toEqual({ STR: 15, DEX: 12, INT: 10, WIS: 9, CON: 12, CHR: 11 });

    // Year 7 — Random: target 1d8 = 8; survival 6 + STR 15 (+2) = 8, not higher than 8 → death.
    const y7 = run({ track: 'Random' }, [[8], [2, 2, 2]]);
    expect(y7.outcome).toBe('died');
    expect(y7.steps.at(-1)?.description).toBe('Survival 3d6 = 6, total 8 vs higher than 8: dies');
    expect(y7.steps.at(-1)?.rolls.map((r) => [r.notation, r.total])).toEqual([
      ['1d8', 8],
      ['3d6', 6],
    ]);
    expect(s).toMatchObject({ status: 'dead', age: 22, years: 6, coins: 951, death: { age: 22, track: 'Random' } });
    expect(s.skills).toEqual({
      Sword: { level: 1, towardNext: 1 },
      'Medic & Herb Lore': { level: 1, towardNext: 0 },
      Weather: { level: 1, towardNext: 0 },
      'Course/Path': { level: 1, towardNext: 0 },
    });

    // Death ends prior experience.
    expect(() => advanceYear(s, { track: 'Worker' }, createEnteredDice([[6, 6, 6], [1]]))).toThrow(/dead/);
    expect(eligibleTracks(s)).toEqual([]);
  });
});
