import type { RULES_CHANNELS } from '../../../shared/contract/channels/rules';
import { turnRulesOf } from '../../engine/encounter/turn/turnRules';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

/** The open encounter's rules for the tracker (a pure query, engine/encounter/turn/turnRules.ts). */
export function rulesHandlers(session: () => Session): HandlersFor<typeof RULES_CHANNELS> {
  return {
    turnRules: () => turnRulesOf(session().currentState, session().rules),
  };
}
