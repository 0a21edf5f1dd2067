import {
  CastPreviewResultSchema,
  CastingsResultSchema,
  ManaViewResultSchema,
  RenewalQueueResultSchema,
  RunawayViewResultSchema,
  type MAGIC_CHANNELS,
} from '../../../shared/channels/magic';
import {
  encounterCastPreview,
  encounterCastings,
  encounterManaView,
  encounterRenewalQueue,
  encounterRunawayView,
} from '../../engine/encounter/magicQueries';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

/** The magic panels' queries (GM only; RULINGS C8), computed from the open encounter and its rules. */
export function magicHandlers(session: () => Session): HandlersFor<typeof MAGIC_CHANNELS> {
  return {
    manaView: ({ figureId }) => ManaViewResultSchema.parse(encounterManaView(session().currentState, figureId)),
    renewalQueue: () => RenewalQueueResultSchema.parse(encounterRenewalQueue(session().currentState)),
    runawayView: () => RunawayViewResultSchema.parse(encounterRunawayView(session().currentState, session().rules)),
    castPreview: ({ casterId, spellId, push, targetId }) =>
      CastPreviewResultSchema.parse(encounterCastPreview(session().currentState, session().rules, casterId, spellId, push, targetId)),
    castings: () => CastingsResultSchema.parse(encounterCastings(session().currentState)),
  };
}
