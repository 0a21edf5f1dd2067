import { describe, expect, it } from 'vitest';
import * as engine from '../../../src/main/engine';

// The engine's surface as a whole (src/main/engine/index.ts): the tests that import it depend on these names.
const REQUIRED = [
  'parseDice',
  'createSeededDice',
  'createEnteredDice',
  'attributeModifier',
  'derivePools',
  'injuryPenalty',
  'movementModifier',
  'gaitDistances',
  'encumbranceLevel',
  'hexDistance',
  'hexNeighbors',
  'hexLine',
  'zoneOf',
  'megahexOf',
  'megahexDistance',
  'missileRangeModifier',
  'footprint',
  'WEAPONS',
  'ARMOR',
  'SHIELDS',
  'GEAR',
] as const;

describe('engine public surface', () => {
  it.each(REQUIRED)('exports %s', (name) => {
    expect((engine as Record<string, unknown>)[name], name).toBeDefined();
  });

  it('works end to end through the surface: 001 worked example for movement', () => {
    // 001 §Movement: CON 14, STR 10, DEX 12 → walk 5, jog 8, run 13, sprint 19.
    const m = engine.movementModifier({ CON: 14, STR: 10, DEX: 12 });
    expect(m.value).toBe(1);
    const gaits = engine.gaitDistances(m, 'none');
    const hexes = Object.fromEntries(gaits.map((g) => [g.gait, g.hexes.value]));
    expect(hexes).toMatchObject({ walk: 5, jog: 8, run: 13, sprint: 19 });
  });
});
