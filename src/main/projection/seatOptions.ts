import type { SeatOption } from '../../shared/contract/seatCard';
import { hexKey } from '../../shared/hex';
import { legalOptions } from '../engine/encounter/turn/options';
import { itemsOf, type EncounterState, type FigureState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import type { Sight } from './sight';

/**
 * A due figure's options a–v for its seat, each open or with the reason it is not (RULINGS T5), as
 * the seat can know them. The console's choice: they are worked out on the encounter as the table
 * sees it — the seat's own figures, the figures the table sees, the things lying in hexes it is not
 * fogged from — so an option's reason never names or counts what the players cannot see (an enemy
 * in ambush next to the figure does not engage it here; the GM's page, which knows it, decides).
 */
export function seatOptions(state: EncounterState, f: FigureState, known: ReadonlySet<string>, sight: Sight, rules: Rules): SeatOption[] {
  const seen: EncounterState = {
    ...state,
    figures: state.figures.filter((g) => known.has(g.id)),
    items: itemsOf(state).filter((i) => !sight.fogged.has(hexKey(i.position))),
  };
  return legalOptions(seen, f.id, rules).options.map((o) => ({ letter: o.option, name: o.name, open: o.available, reason: o.reason }));
}
