/**
 * Per-figure casting attributes: the catalogue says which attribute casts a spell
 * (RULINGS S1: INT unless the spell says otherwise); the GM may choose the other one for one
 * figure. The casting target follows the choice and says so; a choice for a spell the figure does
 * not know is refused; forgetting a spell forgets its choice.
 */
import { describe, expect, it } from 'vitest';
import { casterOfFigure } from '../../../../src/main/engine/encounter/magic/magicBridge';
import { checkFigureSheet } from '../../../../src/main/engine/encounter/figures/roster';
import { castingTarget } from '../../../../src/main/engine/magic/casting';
import { DEFAULT_CATALOGUE } from '../../../../src/main/engine/magic/catalogue';
import type { Command, FigureSheetInput } from '../../../../src/shared/contract/commands';
import { encounter, fig, figOf, refusal, step } from './fixtures';

const SPELL = 'passage-detect-magic';

const mage = (extra: Partial<FigureSheetInput> = {}): FigureSheetInput => ({
  name: 'Wren',
  sideId: 'a',
  kind: 'character',
  attributes: { method: 'set', values: { STR: 9, DEX: 11, INT: 12, WIS: 16, CON: 10, CHR: 10 } },
  fatigueDice: [3, 4],
  mana: { method: 'set', pool: 10 },
  equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null },
  mastery: { [SPELL]: 1 },
  ...extra,
});
const add = (figure: FigureSheetInput): Command => ({ type: 'addFigure', figure, position: { q: 2, r: 2 } });

describe('casting attributes chosen per figure', () => {
  const spell = DEFAULT_CATALOGUE.byId.get(SPELL)!;

  it('the catalogue’s INT by default, WIS when the GM chose it for this figure', () => {
    expect(spell.castingAttribute).toBe('INT');
    const plain = figOf(step(encounter([]), add(mage()), []).state, 'wren');
    expect(castingTarget(casterOfFigure(plain), spell).value).toBe(12);
    const chosen = figOf(step(encounter([]), add(mage({ castingAttributes: { [SPELL]: 'WIS' } })), []).state, 'wren');
    const goal = castingTarget(casterOfFigure(chosen), spell);
    expect(goal.value).toBe(16);
    expect(goal.breakdown[0]).toMatchObject({ label: 'WIS', value: 16, source: expect.stringContaining("the GM's choice: Wren casts Detect Magic with WIS") });
  });

  it('refuses a choice for a spell the figure does not know; forgetting the spell forgets the choice', () => {
    expect(checkFigureSheet(encounter([]), mage({ castingAttributes: { 'passage-teleport': 'WIS' } })).join(' ')).toMatch(/a spell the figure does not know/);
    const placed = step(encounter([fig('x', 'b', 9, 9)]), add(mage({ castingAttributes: { [SPELL]: 'WIS' } })), []).state;
    const forgot = step(placed, { type: 'updateFigure', figureId: 'wren', changes: { mastery: {} } }, []).state;
    expect(figOf(forgot, 'wren').castingAttributes).toBeUndefined();
    expect(refusal(placed, { type: 'updateFigure', figureId: 'wren', changes: { castingAttributes: { 'passage-teleport': 'WIS' } } }, [])).toMatch(
      /does not know/,
    );
    const back = step(placed, { type: 'updateFigure', figureId: 'wren', changes: { castingAttributes: {} } }, []).state;
    expect(castingTarget(casterOfFigure(figOf(back, 'wren')), spell).value).toBe(12);
  });
});
