/** The shapes the core and its parts speak in (kept apart so no two of them import each other). */
import type { z } from 'zod';
import type {
  CampaignInfoSchema,
  CampaignListSchema,
  CampaignRefSchema,
  ImportedImageSchema,
  ImportProgressSchema,
  TransferProgressSchema,
} from '../../../shared/contract/channels/campaign';

/** Dialogs of the Electron host: a folder or file the GM picks. The web host has none. */
export interface HostChooser {
  folder(purpose: 'open-campaign'): Promise<string | null>;
  file(purpose: 'import-bundle' | 'map-image'): Promise<string | null>;
}

export type CampaignInfo = z.infer<typeof CampaignInfoSchema>;
export type CampaignList = z.infer<typeof CampaignListSchema>;
export type CampaignRef = z.infer<typeof CampaignRefSchema>;
export type ImportProgress = z.infer<typeof ImportProgressSchema>;
export type TransferProgress = z.infer<typeof TransferProgressSchema>;
export type ImportedImageInfo = z.infer<typeof ImportedImageSchema>;
