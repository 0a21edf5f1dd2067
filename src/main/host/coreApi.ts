import type { PlayerProjection } from '../projection/tableProjection';
import type { Session } from '../session/session';
import type { CampaignFolder } from '../store/campaignFolder';
import type { CampaignLibrary } from '../services/campaigns/campaignLibrary';
import type { CampaignTransfers } from '../services/campaigns/campaignTransfers';
import type { Projector } from '../services/projector';
import type { TacticsHost } from '../services/tactics/tacticsHost';
import type { SeatDesk } from '../services/seats/seatDesk';

export type {
  CampaignInfo,
  CampaignList,
  CampaignRef,
  HostChooser,
  ImportedImageInfo,
  ImportProgress,
  TransferProgress,
} from '../services/campaigns/campaignTypes';

export type { EncounterList } from '../services/campaigns/campaignLibrary';

/**
 * What the channel handlers may ask of the console's core. The handlers depend on this shape,
 * not on the `Core` class that builds them, so core → handlers has no way back.
 */
export interface ConsoleCore {
  /** The open encounter; throws `not-found` (with the reason) while none could be opened. */
  readonly session: Session;
  /** The open campaign; throws `not-found` while none could be opened. */
  readonly folder: CampaignFolder;
  readonly projector: Projector;
  /** What the table is sent and may fetch (DESIGN §The player projection). */
  readonly table: PlayerProjection;
  /** Suggestions, autopilot and simulated fights for the open encounter. */
  readonly tactics: TacticsHost;
  /** The table's phones: their seats and views (services/seats). */
  readonly seats: SeatDesk;
  /** The campaigns on this machine, the one open and its encounters, backups and rules (services/campaigns). */
  readonly campaigns: CampaignLibrary;

  /** Export files, imports and map images of the open campaign. */
  readonly transfers: CampaignTransfers;
}
