/**
 * What the new-figure form is told of a sheet before it is placed: every problem in words
 * (`checkFigureSheet`), the points spent and left of a point-buy (RULINGS C2), and the load and
 * gaits it will have under the encounter's rules (`sheetPreview`).
 */
import type { SheetCheck } from '../../../../shared/contract/channels/figure';
import type { FigureSheetInput } from '../../../../shared/contract/commands';
import { validatePointBuy } from '../../characters';
import { asRuleSet, type Rules } from '../../rules';
import type { EncounterState } from '../schema';
import { checkFigureSheet } from './roster';
import { sheetPreview } from './sheetPreview';

export function sheetCheckOf(state: EncounterState, figure: FigureSheetInput, rules: Rules): SheetCheck {
  return {
    problems: checkFigureSheet(state, figure),
    pointBuy:
      figure.attributes.method === 'pointBuy'
        ? (({ total, remaining }) => ({ total, remaining }))(validatePointBuy(figure.attributes.values)) // RULINGS C2
        : null,
    preview: sheetPreview(figure, asRuleSet(rules)),
  };
}
