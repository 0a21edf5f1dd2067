import {
  CastPreviewResultSchema,
  CastingsResultSchema,
  ManaViewResultSchema,
  RenewalQueueResultSchema,
  RunawayViewResultSchema,
  type MAGIC_CHANNELS,
} from '../../../shared/contract/channels/magic';
import {
  encounterCastPreview,
  encounterCastings,
  encounterManaView,
  encounterRenewalQueue,
  encounterRunawayView,
} from '../../engine/encounter/magic/magicQueries';
import { withHexAim } from '../../engine/encounter/magic/castSpell';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

/** The magic panels' queries (GM only; RULINGS C8), computed from the open encounter and its rules. */
export function magicHandlers(session: () => Session): HandlersFor<typeof MAGIC_CHANNELS> {
  return {
    manaView: ({ figureId }) => ManaViewResultSchema.parse(encounterManaView(session().currentState, figureId)),
    renewalQueue: () => RenewalQueueResultSchema.parse(encounterRenewalQueue(session().currentState)),
    runawayView: () => RunawayViewResultSchema.parse(encounterRunawayView(session().currentState, session().rules)),
    castPreview: ({ casterId, spellId, push, targetId, targetHex, counter }) => {
      const { currentState: state, rules } = session();
      const preview = encounterCastPreview(state, rules, casterId, spellId, push, targetId, counter);
      return CastPreviewResultSchema.parse(withHexAim(preview, state, rules, casterId, spellId, targetId, targetHex));
    },
    castings: () => CastingsResultSchema.parse(encounterCastings(session().currentState)),
  };
}
