import { randomInt } from 'node:crypto';
import type { PLACING_CHANNELS } from '../../../shared/contract/channels/placing';
import { rollCreation } from '../../engine/characters/creationRolls';
import { createSeededDice } from '../../engine/dice/seeded';
import { placementEngagement, placementRefusal } from '../../engine/encounter/figures/placement';
import { previewDrop } from '../../engine/encounter/movement/dropPreview';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

/**
 * Placing by click, the drag's path, the rolled character's dice before placing.
 * The creation dice come from a seeded generator of this process, apart from the encounter's
 * own: a preview the GM throws away must not move the encounter's dice. The faces the GM keeps go
 * into the placement as its entered faces, so the log holds them and replay needs no generator.
 */
export function placingHandlers(session: () => Session): HandlersFor<typeof PLACING_CHANNELS> {
  const creationDice = createSeededDice(randomInt(2 ** 31));
  return {
    placementCheck: ({ at, facing, sideId, size }) => {
      const placement = { at, facing, size: size ?? 1, sideId };
      const reason = placementRefusal(session().currentState, placement);
      return { ok: reason === null, reason, warning: reason === null ? placementEngagement(session().currentState, placement) : null };
    },
    previewDrop: ({ command }) => previewDrop(session().currentState, command, session().rules),
    rollCreation: ({ mana }) => {
      const r = rollCreation(creationDice, mana ? session().rules.manaPoolDice : null);
      return {
        attributes: r.attributes.map((a) => ({ name: a.name, faces: [...a.faces], total: a.total })),
        fatigue: [...r.fatigue],
        mana: r.mana ? { notation: r.mana.notation, faces: [...r.mana.faces], total: r.mana.total } : null,
        entered: r.entered.map((f) => [...f]),
      };
    },
  };
}
