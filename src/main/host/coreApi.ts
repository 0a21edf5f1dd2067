import type { GmView } from '../../shared/views';
import type { MapShape } from '../../shared/mapGrid';
import type { Rules } from '../engine/rules';
import type { PlayerProjection } from '../projection/tableProjection';
import type { Session } from '../session/session';
import type { BackupInfo } from '../store/backups';
import type { CampaignFolder, EncounterSummary } from '../store/campaignFolder';
import type { SalvageResult } from '../store/salvageLog';
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
import type { CampaignInfo, CampaignList, CampaignRef } from '../services/campaigns/campaignTypes';

export type EncounterList = { openId: string | null; encounters: EncounterSummary[] };

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

  listCampaigns(): Promise<CampaignList>;
  createCampaign(name: string): Promise<CampaignInfo>;
  openCampaignRef(ref: CampaignRef | { choose: true }): Promise<CampaignInfo | null>;
  renameCampaign(name: string): Promise<CampaignInfo>;
  duplicateCampaign(name: string): Promise<CampaignInfo>;
  deleteCampaign(folderName: string): Promise<{ movedTo: string }>;

  listEncounters(): Promise<EncounterList>;
  createEncounter(name: string, map?: MapShape): Promise<EncounterSummary>;
  renameEncounter(id: string, name: string): Promise<EncounterSummary>;
  duplicateEncounter(id: string, name: string): Promise<EncounterSummary>;
  deleteEncounter(id: string): Promise<EncounterList>;
  /** `force` opens the open encounter again (after its file changed: a rename, new rules). */
  openEncounter(id: string, force?: boolean): Promise<GmView>;

  listBackups(file: string, ref?: CampaignRef): Promise<BackupInfo[]>;
  restoreBackup(file: string, backup: string, ref?: CampaignRef): Promise<{ file: string; backup: string }>;
  salvageLog(file: string, ref?: CampaignRef): Promise<SalvageResult>;

  /** Export files, imports and map images of the open campaign. */
  readonly transfers: CampaignTransfers;
  exportCombatLog(id?: string, audience?: 'gm' | 'players'): Promise<{ fileName: string; markdown: string }>;

  getRules(): Rules;
  setRules(rules: Rules): Promise<Rules>;
}
