import { BrowserWindow, screen, session, type WebContents } from 'electron';
import type { PageRole } from '../../../shared/contract';
import { APP_ORIGIN, isAllowedAppUrl, PAGE_FOR_ROLE, secureWebPreferences } from '../security';
import { placePlayerWindow, type DisplayInfo } from './windowPlacement';
import { pageToken } from './pageTokens';

const roles = new Map<number, PageRole>();

/** The role main gave the window that owns these web contents, or null for anything else. */
export function roleOf(webContentsId: number): PageRole | null {
  return roles.get(webContentsId) ?? null;
}

/** No navigation, no new windows, no webviews: a window only ever shows its own app page. */
function harden(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAllowedAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAllowedAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Every permission request (camera, notifications, …) is refused. */
export function denyAllPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

function createWindow(role: PageRole, preloadDir: string, options: Electron.BrowserWindowConstructorOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...options,
    show: false,
    backgroundColor: '#15171c',
    webPreferences: {
      ...secureWebPreferences(`${preloadDir}/${role}.cjs`),
      // Restated literally so static checks (electronegativity) see them at the constructor.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  const id = win.webContents.id;
  roles.set(id, role);
  win.on('closed', () => roles.delete(id));
  harden(win.webContents);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}${PAGE_FOR_ROLE[role]}?token=${pageToken(role)}`);
  return win;
}

export function createGmWindow(preloadDir: string): BrowserWindow {
  const { workArea } = screen.getPrimaryDisplay();
  return createWindow('gm', preloadDir, {
    ...workArea,
    minWidth: 1024,
    minHeight: 640,
    title: 'Pillars GM Console',
  });
}

export function displays(): DisplayInfo[] {
  return screen.getAllDisplays().map((d) => ({ id: d.id, bounds: d.bounds, workArea: d.workArea, label: d.label }));
}

/** Puts the player window where `placePlayerWindow` says, fullscreen only on an external display. */
export function placePlayer(win: BrowserWindow, preferredDisplayId: number | null): void {
  const placement = placePlayerWindow(displays(), screen.getPrimaryDisplay().id, preferredDisplayId);
  if (win.isFullScreen() && !placement.fullscreen) win.setFullScreen(false);
  win.setBounds(placement.bounds);
  if (placement.fullscreen) win.setFullScreen(true);
}

export function createPlayerWindow(preloadDir: string, preferredDisplayId: number | null): BrowserWindow {
  const placement = placePlayerWindow(displays(), screen.getPrimaryDisplay().id, preferredDisplayId);
  return createWindow('player', preloadDir, {
    ...placement.bounds,
    frame: !placement.fullscreen,
    fullscreen: placement.fullscreen,
    title: 'Pillars — Player view',
  });
}
