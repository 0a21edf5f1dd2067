import type { Role } from '../../shared/contract';
import { AssetAccess, type AssetAnswer } from '../services/assetAccess';
import { CampaignLibrary } from '../services/campaigns/campaignLibrary';
import { CampaignTransfers } from '../services/campaigns/campaignTransfers';
import type { Session, ViewSink } from '../session/session';
import type { CampaignFolder } from '../store/campaignFolder';
import type { ConsoleCore, HostChooser, ImportedImageInfo } from './coreApi';
import { createDispatcher, type Dispatcher } from './dispatch';
import { createHandlers } from './handlers';
import { Projector } from '../services/projector';
import { TacticsHost } from '../services/tactics/tacticsHost';
import { SeatDesk } from '../services/seats/seatDesk';
import { followProjector } from './blackout';
import { TABLE } from '../projection/audience';
import { screenOf } from '../projection/screen';
import { PlayerProjection } from '../projection/tableProjection';

export interface CoreOptions {
  /** The app's own data folder: the recent list lives here, campaigns under `campaigns/`. */
  readonly dataDir: string;
  /** The sample campaign copied in on the first start. */
  readonly sampleCampaignDir: string;
  readonly log?: (message: string) => void;
  readonly choose?: HostChooser;
  readonly now?: () => Date;
  /** The simulation worker's script, next to the host's entry in the build; absent: no simulations. */
  readonly simulationWorker?: string;
  /** The most an export file may be, both ways (store/bundleFormat.ts `MAX_BUNDLE_BYTES`; tests lower it). */
  readonly maxBundleBytes?: number;
}

export type { CampaignInfo, CampaignList, CampaignRef, HostChooser, ImportedImageInfo, ImportProgress, TransferProgress } from './coreApi';

export { ASSET_ROUTE } from '../services/campaigns/campaignTransfers';

/**
 * What both hosts share: the console's services wired together, and the dispatcher bound to them.
 * The campaign library holds the open campaign and encounter; opening another swaps its session,
 * and the dispatcher always talks to the current one.
 */
export class Core implements ConsoleCore {
  readonly dispatcher: Dispatcher;
  /** The player display's framing: host state, kept across campaigns. */
  readonly projector = new Projector();
  /** Suggestions, autopilot and simulated fights for the open encounter. */
  readonly tactics: TacticsHost;
  /** The campaigns on this machine, and the campaign and encounter open. */
  readonly campaigns: CampaignLibrary;
  readonly transfers: CampaignTransfers;

  /** What the table (projector and player pages) is sent and may fetch: the one player boundary (DESIGN §The player projection). */
  readonly table: PlayerProjection;
  readonly seats: SeatDesk;
  private readonly assets: AssetAccess;

  private constructor(options: CoreOptions, sink: ViewSink) {
    const now = options.now ?? (() => new Date());
    this.table = new PlayerProjection(TABLE, (frame) => sink.player(frame), screenOf(this.projector.get()));
    followProjector(this.projector, this.table);
    this.seats = new SeatDesk(options.dataDir, this.table, options.log);
    const campaigns = new CampaignLibrary({ ...options, now, sink, table: this.table, projector: this.projector });
    this.campaigns = campaigns;
    this.tactics = new TacticsHost(() => campaigns.openSession, options.simulationWorker ?? null);
    this.assets = new AssetAccess(() => (campaigns.openDir !== null ? { campaignDir: campaigns.openDir, table: this.table } : null));
    // The handlers know the core only as a ConsoleCore (host/coreApi.ts): no import leads back here.
    this.dispatcher = createDispatcher(
      createHandlers(() => this),
      options.log,
    );
    this.transfers = new CampaignTransfers({
      folder: () => campaigns.folder,
      openFolder: () => campaigns.openFolder,
      openDir: () => campaigns.openDir,
      campaignsHome: campaigns.campaignsHome,
      choose: options.choose,
      now,
      maxBundleBytes: options.maxBundleBytes,
    });
  }

  /** Starts on the most recent campaign that opens, else the first under the data folder; never fails on a damaged file. */
  static async start(options: CoreOptions, sink: ViewSink): Promise<Core> {
    const core = new Core(options, sink);
    await core.seats.open();
    await core.campaigns.start(options.sampleCampaignDir);
    return core;
  }

  /** The open encounter; throws `not-found` (with the reason) while none could be opened. */
  get session(): Session {
    return this.campaigns.session;
  }

  /** The open campaign; throws `not-found` while none could be opened. */
  get folder(): CampaignFolder {
    return this.campaigns.folder;
  }

  /** An asset of the open campaign for the asset route of either host, as `role` may have it (services/assetAccess.ts). */
  readAsset(name: string, role: Role | null = 'gm'): Promise<AssetAnswer> {
    return this.assets.read(role, name);
  }

  /**
   * Closes what the console holds open, as it quits: the autopilot and the simulation workers
   * first (nothing then writes to the encounter), then the open encounter's log file.
   */
  async close(): Promise<void> {
    await this.tactics.close();
    await this.campaigns.close();
  }

  importImageStream(source: AsyncIterable<Uint8Array>, total: number | null, what?: string): Promise<ImportedImageInfo> {
    return this.transfers.importImageStream(source, total, what);
  }
}
