import {
  SpecialActionsResultSchema,
  SweepPreviewResultSchema,
  TwoWeaponPreviewResultSchema,
  type SPECIAL_ACTION_CHANNELS,
} from '../../../shared/contract/channels/specialActions';
import { specialActions } from '../../engine/encounter/actions/specialActions';
import { sweepPreview } from '../../engine/encounter/actions/sweepingBlow';
import { twoWeaponPreview } from '../../engine/encounter/actions/twoWeapons';
import type { Session } from '../../session/session';
import type { HandlersFor } from '../dispatch';

/** Pure queries over the open encounter, with the rules it started with. */
export function specialActionHandlers(session: () => Session): HandlersFor<typeof SPECIAL_ACTION_CHANNELS> {
  return {
    twoWeaponPreview: ({ attackerId, attacks, ticks }) =>
      TwoWeaponPreviewResultSchema.parse(twoWeaponPreview(session().currentState, attackerId, attacks, ticks ?? {}, session().rules)),
    sweepPreview: ({ attackerId, ticks }) => SweepPreviewResultSchema.parse(sweepPreview(session().currentState, attackerId, ticks ?? {}, session().rules)),
    specialActions: ({ figureId }) => SpecialActionsResultSchema.parse(specialActions(session().currentState, figureId)),
  };
}
