import { join } from 'node:path';
import { ensureFirstCampaign, openCampaignFolder } from '../store/campaignFolder';
import { addRecent, readRecent } from '../store/recent';
import { Session, type ViewSink } from '../session/session';
import { createDispatcher, type Dispatcher } from './dispatch';
import { createHandlers } from './handlers';

export interface CoreOptions {
  /** The app's own data folder: the recent list lives here, campaigns under `campaigns/`. */
  readonly dataDir: string;
  /** The sample campaign copied in on the first start. */
  readonly sampleCampaignDir: string;
  readonly log?: (message: string) => void;
}

/**
 * What both hosts share: the open campaign's session and the dispatcher bound to it. Opening
 * another campaign swaps the session; the dispatcher always talks to the current one.
 */
export class Core {
  readonly dispatcher: Dispatcher;
  private current!: { session: Session; dir: string };

  private constructor(
    private readonly options: CoreOptions,
    private readonly sink: ViewSink,
  ) {
    this.dispatcher = createDispatcher(
      createHandlers(() => this),
      options.log,
    );
  }

  static async start(options: CoreOptions, sink: ViewSink): Promise<Core> {
    const core = new Core(options, sink);
    for (const dir of await readRecent(core.recentFile)) {
      try {
        await core.openCampaign(dir);
        return core;
      } catch (e) {
        options.log?.(`could not reopen ${dir}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    await core.openCampaign(await ensureFirstCampaign(core.campaignsHome, options.sampleCampaignDir));
    return core;
  }

  get campaignsHome(): string {
    return join(this.options.dataDir, 'campaigns');
  }

  get recentFile(): string {
    return join(this.options.dataDir, 'recent.json');
  }

  get campaignDir(): string {
    return this.current.dir;
  }

  get session(): Session {
    return this.current.session;
  }

  /** Opens a campaign folder; the current one stays open if this one cannot be read. */
  async openCampaign(dir: string): Promise<void> {
    const folder = await openCampaignFolder(dir);
    const session = await Session.open(folder, this.sink);
    this.current = { session, dir };
    await addRecent(this.recentFile, dir);
    this.sink.gm(session.gmView());
    this.sink.player(session.playerView());
  }
}

