/**
 * Rule options through the host: the figure sheet's movement follows the encounter's rules (RULINGS
 * O1: MA from DX, 004; O3: strides over the figure's own AP, 002 §Assigning Movement), and a new
 * encounter made by the campaign folder starts in its rules' first phase (RULINGS T1, O4).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, type Rules } from '../../../src/main/engine/rules';
import { figureSheetOf } from '../../../src/main/engine/encounter/figures/figureSheet';
import { turnRulesOf } from '../../../src/main/engine/encounter/turn/turnRules';
import { blankEncounter } from '../../../src/main/store/newCampaign';
import { encounter, fig } from '../engine/encounter/fixtures';
import { gmCoreForTests } from '../../support/gmCore';

const withOption = (key: keyof Rules['options']): Rules => ({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, [key]: true } });

describe('the figure sheet moves by the encounter’s rules', () => {
  // DEX 10, STR 10, nothing carried, no armour; a 3-attack wolf beside a humanoid.
  const s = encounter([fig('ann', 'a', 0, 0), fig('wolf', 'b', 4, 0, { attacks: 3 })]);
  const gaits = (id: string, rules?: Rules) => figureSheetOf(s, id, rules).movement.gaits.map((g) => `${g.gait} ${g.allowed ? g.hexes.value : '-'}`);

  it('Pillars: the 001 gaits (18, 12, 7, 4 + modifier 0; Walk (slow) 2)', () => {
    expect(gaits('ann')).toEqual(['sprint 18', 'run 12', 'jog 7', 'walk 4', 'walk-slow 2', 'stand-still 0']);
  });

  it('O1: MA = DX − 2 = 8 (004 §Base Movement Allowance); run 8, jog 4', () => {
    const rows = figureSheetOf(s, 'ann', withOption('classic')).movement.gaits;
    expect(rows.find((g) => g.gait === 'run')?.hexes.value).toBe(8);
    expect(rows.find((g) => g.gait === 'jog')?.hexes.value).toBe(4);
    expect(rows.some((g) => g.gait === 'sprint')).toBe(false);
  });

  it('O3: stride-8 from a standstill is 6 + 4 × 8 = 38 for 5 AP, 6 + 2 × 8 = 22 for the wolf’s 3', () => {
    const ann = gaits('ann', withOption('strideMomentum'));
    expect(ann.length).toBe(8);
    expect(ann[0]).toBe('stride-8 38');
    // stride-4: +4 every AP, 5 AP = 20; stride-1: 5.
    expect(ann.slice(4)).toEqual(['stride-4 20', 'stride-3 15', 'stride-2 10', 'stride-1 5']);
    expect(gaits('wolf', withOption('strideMomentum'))[0]).toBe('stride-8 22');
    expect(gaits('wolf', withOption('strideMomentum'))[7]).toBe('stride-1 3');
  });

  it('the tracker counts the wolf’s own AP too (002 §Assigning Movement)', () => {
    const r = turnRulesOf(s, withOption('strideMomentum'));
    expect(r.strides.map((x) => [x.figureId, x.apLeft])).toEqual([
      ['ann', 5],
      ['wolf', 3],
    ]);
  });
});

describe('the campaign folder builds new encounters in their rules’ first phase', () => {
  const gm = gmCoreForTests();

  it('O4 starts in Declarations, Pillars in Initiative (003 §1 Movement; RULINGS T1, O4)', async () => {
    const folder = gm.core.folder;
    const o4 = await folder.createEncounter('Declared', 7, blankEncounter, [], withOption('declaredIntent'));
    const pillars = await folder.createEncounter('Plain', 7, blankEncounter, [], DEFAULT_RULES);
    const phaseOf = async (id: string) => {
      const { file, log } = await folder.readEncounter(id);
      await log.close();
      return file.initial.phase;
    };
    expect(await phaseOf(o4.id)).toBe('declarations');
    expect(await phaseOf(pillars.id)).toBe('initiative');
  });
});
