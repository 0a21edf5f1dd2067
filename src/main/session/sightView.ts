import type { GmView } from '../../shared/contract/views';
import { awaitingReveal, partyInSight } from '../engine/encounter/map/partySight';
import type { EncounterState } from '../engine/encounter/schema';
import { sightOf, tableFog } from '../projection/sight';
import { TABLE } from '../projection/audience';

/** Sight-driven fog in the GM's view (shared/contract/views.ts `PartySightViewSchema`); null when it is off. */
export function partySightView(state: EncounterState): GmView['encounter']['sight'] {
  const sight = state.sight;
  if (sight === undefined) return null;
  const gmFog = new Set(state.map.hidden);
  const inSight = partyInSight(state);
  return {
    sideId: sight.sideId,
    range: sight.range,
    unexplored: [...tableFog(state)].filter((k) => !gmFog.has(k) && !inSight.has(k)),
    dimmed: [...sightOf(state, TABLE).dimmed],
    awaiting: awaitingReveal(state).map((f) => f.id),
    deferred: [...sight.deferred],
    revealed: [...sight.revealed],
  };
}
