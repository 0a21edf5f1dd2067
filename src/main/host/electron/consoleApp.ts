import { app, BrowserWindow, dialog, ipcMain, Menu, screen } from 'electron';
import { randomInt } from 'node:crypto';
import { ipcEvent, type EventName } from '../../../shared/contract';
import { Core, type HostChooser } from '../core';
import { copyCampaign, createCampaign } from '../../store/newCampaign';
import { readRecent } from '../../store/recent';
import { bindIpc } from './ipcBinding';
import { serveRenderer, type AssetReader } from './appProtocol';
import type { ExportTarget, UploadTarget } from '../uploads';
import { menuTemplate, SHORTCUTS } from './menu';
import { createGmWindow, createPlayerWindow, denyAllPermissions, displays, placePlayer, roleOf } from './windows';
import { shouldAutoOpenPlayer } from './windowPlacement';
import { gmPushEncoder } from '../../session/gmPush';
import { playerPushEncoder } from '../../projection/push';
import { projectorPusher } from '../blackout';

interface Paths {
  readonly rendererDir: string;
  readonly preloadDir: string;
  readonly sampleCampaignDir: string;
  /** The simulation worker's script; worker threads read it from the app's asar. */
  readonly simulationWorker: string;
}

/** Wires the Electron host: windows per role, the IPC binding, displays, the menu. */
export async function runConsole(paths: Paths): Promise<void> {
  let gmWindow: BrowserWindow | null = null;
  let playerWindow: BrowserWindow | null = null;
  let playerDisplayId: number | null = null;
  const log = (m: string) => console.error(`[pillars] ${m}`);

  const send = (win: BrowserWindow | null, event: EventName, payload: unknown) => {
    if (win && !win.isDestroyed()) win.webContents.send(ipcEvent(event), payload);
  };

  denyAllPermissions();
  let assets: AssetReader | undefined;
  let uploads: (UploadTarget & ExportTarget) | undefined;
  serveRenderer(
    paths.rendererDir,
    (name, role) => assets?.(name, role) ?? Promise.resolve(null),
    () => uploads,
    log,
  );
  const pick = async (options: Electron.OpenDialogOptions) => {
    const choice = await dialog.showOpenDialog(options);
    return choice.canceled ? null : (choice.filePaths[0] ?? null);
  };
  const choose: HostChooser = {
    folder: () => pick({ title: 'Open campaign folder', properties: ['openDirectory'] }),
    file: (purpose) =>
      pick(
        purpose === 'map-image'
          ? { title: 'Import a map image', properties: ['openFile'], filters: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'webp'] }] }
          : { title: 'Import an export file', properties: ['openFile'], filters: [{ name: 'Console export', extensions: ['zip', 'json'] }] },
      ),
  };
  const gmPush = gmPushEncoder();
  const playerPush = playerPushEncoder();
  const core = await Core.start(
    { dataDir: app.getPath('userData'), sampleCampaignDir: paths.sampleCampaignDir, log, choose, simulationWorker: paths.simulationWorker },
    {
      gm: (v) => send(gmWindow, 'gmView', gmPush(v)),
      // The GM page gets the table's frame too, for its mirror of the TV.
      player: (v) => {
        const push = playerPush(v);
        send(playerWindow, 'playerView', push);
        send(gmWindow, 'playerView', push);
      },
    },
  );
  assets = (name, role) => core.readAsset(name, role);
  uploads = core.transfers;
  bindIpc(ipcMain, core.dispatcher, roleOf);
  core.projector.subscribe(
    projectorPusher(core.table, (p, role) => {
      send(role === 'gm' ? gmWindow : playerWindow, 'projector', p);
      if (role === 'player') send(gmWindow, 'tableProjector', p);
    }),
  );
  core.transfers.onProgress((p) => send(gmWindow, 'importProgress', p));
  core.transfers.onTransfer((p) => send(gmWindow, 'transferProgress', p));
  core.tactics.onAutopilot((s) => send(gmWindow, 'autopilot', s));
  core.tactics.onSimulation((s) => send(gmWindow, 'simulation', s));
  core.seats.watchRolls((r) => send(gmWindow, 'seatRolls', r));

  const report = (title: string, e: unknown) =>
    void dialog.showMessageBox({ type: 'error', title, message: title, detail: e instanceof Error ? e.message : String(e) });

  const openPlayer = () => {
    if (playerWindow && !playerWindow.isDestroyed()) return;
    playerWindow = createPlayerWindow(paths.preloadDir, playerDisplayId);
    playerWindow.on('closed', () => {
      playerWindow = null;
      void refreshMenu();
    });
  };

  const openCampaign = async (dir: string) => {
    try {
      await core.campaigns.openCampaign(dir);
    } catch (e) {
      report('The campaign could not be opened', e);
    }
    await refreshMenu();
  };

  const actions = {
    newCampaign: async () => {
      const choice = await dialog.showSaveDialog({ title: 'New campaign folder', defaultPath: core.campaigns.campaignsHome });
      if (choice.canceled || !choice.filePath) return;
      try {
        await createCampaign(choice.filePath, randomInt(2 ** 31));
      } catch (e) {
        return report('The campaign could not be created', e);
      }
      await openCampaign(choice.filePath);
    },
    openCampaign: async () => {
      const choice = await dialog.showOpenDialog({ properties: ['openDirectory'], defaultPath: core.campaigns.campaignsHome });
      if (!choice.canceled && choice.filePaths[0]) await openCampaign(choice.filePaths[0]);
    },
    openRecent: (dir: string) => void openCampaign(dir),
    saveCopy: async () => {
      const choice = await dialog.showSaveDialog({ title: 'Save a copy of the campaign', defaultPath: `${core.campaigns.campaignDir} copy` });
      if (choice.canceled || !choice.filePath) return;
      try {
        await copyCampaign(core.campaigns.campaignDir, choice.filePath);
      } catch (e) {
        report('The copy could not be saved', e);
      }
    },
    undo: () => void core.dispatcher.dispatch('gm', 'undo', {}),
    redo: () => void core.dispatcher.dispatch('gm', 'redo', {}),
    togglePlayerWindow: () => {
      if (playerWindow && !playerWindow.isDestroyed()) playerWindow.close();
      else openPlayer();
      void refreshMenu();
    },
    choosePlayerDisplay: (id: number) => {
      playerDisplayId = id;
      if (playerWindow && !playerWindow.isDestroyed()) placePlayer(playerWindow, playerDisplayId);
      void refreshMenu();
    },
    showShortcuts: () =>
      void dialog.showMessageBox({
        title: 'Keyboard shortcuts',
        message: 'Keyboard shortcuts',
        detail: SHORTCUTS.map(([keys, what]) => `${keys} — ${what}`).join('\n'),
      }),
    showAbout: () =>
      void dialog.showMessageBox({
        title: 'About',
        message: `Pillars GM Console ${app.getVersion()}`,
        detail: 'Runs Pillars combat at the table: hex battlemap, player display, turn tracker and magic panels.',
      }),
  };

  async function refreshMenu(): Promise<void> {
    const state = {
      recent: await readRecent(core.campaigns.recentFile),
      displays: displays().map((d, i) => ({ id: d.id, label: d.label || `Display ${i + 1}` })),
      playerDisplayId,
      playerWindowOpen: playerWindow !== null && !playerWindow.isDestroyed(),
    };
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions, state)));
  }

  // The player window follows the displays: re-placed when one is added, moved back when removed.
  screen.on('display-added', () => {
    if (playerWindow && !playerWindow.isDestroyed()) placePlayer(playerWindow, playerDisplayId);
    else if (shouldAutoOpenPlayer(displays())) openPlayer();
    void refreshMenu();
  });
  screen.on('display-removed', () => {
    if (playerWindow && !playerWindow.isDestroyed()) placePlayer(playerWindow, playerDisplayId);
    void refreshMenu();
  });

  gmWindow = createGmWindow(paths.preloadDir);
  gmWindow.on('closed', () => app.quit());
  // Quitting waits once for what the core holds open (the autopilot, the encounter's log) to close.
  let closed = false;
  app.on('will-quit', (e) => {
    if (closed) return;
    e.preventDefault();
    closed = true;
    void core
      .close()
      .catch((err: unknown) => log(`could not close the open encounter: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => app.quit());
  });
  if (shouldAutoOpenPlayer(displays())) openPlayer();
  await refreshMenu();
  log(`campaign open: ${core.campaigns.openDir ?? 'none (see the campaign screen)'}`);
}
