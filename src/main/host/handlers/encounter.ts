import {
  AttackPreviewResultSchema,
  FigureZonesResultSchema,
  LegalOptionsResultSchema,
  ReachResultSchema,
  type ENCOUNTER_CHANNELS,
} from '../../../shared/contract/channels/encounter';
import { attackPreview } from '../../engine/encounter/actions/attack';
import { reachable } from '../../engine/encounter/movement/reachable';
import { legalOptions } from '../../engine/encounter/turn/options';
import { figureZones } from '../../engine/encounter/figures/figureZones';
import type { Session } from '../../session/session';
import type { CommandAck, GmView, SeenView } from '../../../shared/contract/views';
import type { HandlersFor } from '../dispatch';

/** The command's answer: an acknowledgement to a caller that named its view, else the whole view. */
export async function answer(session: Session, seen: SeenView | undefined, run: (s: Session) => Promise<GmView>): Promise<GmView | CommandAck> {
  const view = await run(session);
  return seen ? session.ack() : view;
}

export function encounterHandlers(session: () => Session): HandlersFor<typeof ENCOUNTER_CHANNELS> {
  return {
    getGmView: () => session().gmView(),
    // A caller that names the view it acted on gets the new view once, by the push.
    sendCommand: ({ command, entered, seen }) => answer(session(), seen, (s) => s.execute(command, entered, seen)),
    undo: ({ seen }) => answer(session(), seen, (s) => s.undo(seen)),
    redo: ({ seen }) => answer(session(), seen, (s) => s.redo(seen)),
    // Queries are pure (DESIGN §One picture) and use the rules the encounter started with.
    reachable: ({ figureId, gait, dropPack }) =>
      ReachResultSchema.parse(reachable(session().currentState, figureId, gait, { rules: session().rules, dropPack: dropPack === true })),
    legalOptions: ({ figureId }) => LegalOptionsResultSchema.parse(legalOptions(session().currentState, figureId, session().rules)),
    attackPreview: ({ attackerId, targetId, weaponId, ticks, throw: throwIt }) =>
      AttackPreviewResultSchema.parse(
        attackPreview(session().currentState, attackerId, targetId, weaponId, ticks ?? {}, {
          rules: session().rules,
          throw: throwIt === true,
        }),
      ),
    // 001 §Facing, its prone rule included: engine/encounter/figures/figureZones.ts.
    figureZones: ({ figureId }) => FigureZonesResultSchema.parse(figureZones(session().currentState, figureId)),
  };
}
