import {
  AttackPreviewResultSchema,
  LegalOptionsResultSchema,
  ReachResultSchema,
  type ENCOUNTER_CHANNELS,
} from '../../../shared/channels/encounter';
import { attackPreview } from '../../engine/encounter/attack';
import { reachable } from '../../engine/encounter/movement/reachable';
import { legalOptions } from '../../engine/encounter/options';
import { DEFAULT_RULES } from '../../engine/rules';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

export function encounterHandlers(session: () => Session): HandlersFor<typeof ENCOUNTER_CHANNELS> {
  return {
    getGmView: () => session().gmView(),
    sendCommand: ({ command, entered }) => session().execute(command, entered),
    undo: () => session().undo(),
    redo: () => session().redo(),
    // Queries are pure (DESIGN §One picture). The rules are the defaults until the session
    // exposes the encounter's own (issue 8).
    reachable: ({ figureId, gait, dropPack }) =>
      ReachResultSchema.parse(
        reachable(session().currentState, figureId, gait, { rules: DEFAULT_RULES, dropPack: dropPack === true }),
      ),
    legalOptions: ({ figureId }) => LegalOptionsResultSchema.parse(legalOptions(session().currentState, figureId)),
    attackPreview: ({ attackerId, targetId, weaponId, ticks, throw: throwIt }) =>
      AttackPreviewResultSchema.parse(
        attackPreview(session().currentState, attackerId, targetId, weaponId, ticks ?? {}, {
          rules: DEFAULT_RULES,
          throw: throwIt === true,
        }),
      ),
  };
}
