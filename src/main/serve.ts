import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Core } from './host/core';
import { pushProjector } from './host/blackout';
import { startWebHost, type WebHost } from './host/web/server';
import { gmPushEncoder } from './session/gmPush';
import { playerPushEncoder } from './projection/push';
import { loadOrCreateTokens } from './host/web/tokens';
import { useMaskWorker } from './store/maskImage';

/**
 * `npm run serve`: the console in a browser (DESIGN §Two hosts). Prints the GM and player URLs.
 * Options: --port N, --data DIR, --lan (listen on every interface; off unless asked), --json.
 */
function parseArgs(argv: readonly string[]) {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const dataHome = process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return {
    port: Number(value('--port') ?? process.env.PILLARS_PORT ?? 0),
    dataDir: resolve(value('--data') ?? join(dataHome, 'pillars-gm-console')),
    lan: argv.includes('--lan'),
    json: argv.includes('--json'),
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const appRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const log = (m: string) => process.stderr.write(`[pillars] ${m}\n`);
  let host: WebHost | undefined;
  useMaskWorker(fileURLToPath(new URL('./maskWorker.js', import.meta.url)));
  const gmPush = gmPushEncoder();
  const playerPush = playerPushEncoder();
  const core = await Core.start(
    {
      dataDir: args.dataDir,
      sampleCampaignDir: join(appRoot, 'resources', 'sample-campaign'),
      log,
      simulationWorker: fileURLToPath(new URL('./simulationWorker.js', import.meta.url)),
    },
    { gm: (v) => host?.push('gmView', gmPush(v)), player: (v) => host?.push('playerView', playerPush(v)) },
  );
  host = await startWebHost({
    rendererDir: join(appRoot, 'out', 'renderer'),
    dispatcher: core.dispatcher,
    campaign: core,
    port: args.port,
    host: args.lan ? '0.0.0.0' : '127.0.0.1',
    log,
    tokens: await loadOrCreateTokens(args.dataDir),
    seatForToken: (token) => core.seats.seatForToken(token),
  });
  const served = host;
  core.seats.serveThrough({ base: host.base, push: (seat, view) => served.pushToSeat(seat, 'seatView', view), close: (seat) => served.closeSeat(seat) });
  const projectorPush = pushProjector(host, core.table);
  core.projector.subscribe(projectorPush);
  core.transfers.onProgress((p) => host?.push('importProgress', p));
  core.transfers.onTransfer((p) => host?.push('transferProgress', p));
  core.tactics.onAutopilot((s) => host?.push('autopilot', s));
  core.tactics.onSimulation((s) => host?.push('simulation', s));
  core.seats.watchRolls((r) => host?.push('seatRolls', r));
  if (args.json) {
    process.stdout.write(JSON.stringify({ gm: host.urls.gm, player: host.urls.player, campaign: core.campaigns.openDir }) + '\n');
  } else {
    process.stdout.write(
      `Pillars GM Console is running (campaign: ${core.campaigns.openDir ?? 'none could be opened; see the GM page'}).\n` +
        `  GM:     ${host.urls.gm}\n  Player: ${host.urls.player}\n` +
        (args.lan ? '  Warning: listening on every network interface (--lan).\n' : '') +
        'Press Ctrl+C to stop.\n',
    );
  }
  // The web host first (no page sends another command), then what the core holds open (the encounter's log).
  const stop = () =>
    void host
      ?.close()
      .then(() => core.close().catch((e: unknown) => log(`could not close the open encounter: ${e instanceof Error ? e.message : String(e)}`)))
      .then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  process.stderr.write(`Pillars GM Console could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
