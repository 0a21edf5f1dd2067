import type { CAMPAIGN_CHANNELS } from '../../../shared/channels/campaign';
import type { Core } from '../core';
import type { HandlersFor } from '../dispatch';

export function campaignHandlers(_core: () => Core): HandlersFor<typeof CAMPAIGN_CHANNELS> {
  return {};
}
