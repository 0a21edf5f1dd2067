import type { PageRole } from '../../shared/contract';

/** The app's own origin in Electron: the renderer is served from this privileged scheme. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Strict CSP for every page (DESIGN): nothing from a remote origin, no inline script,
 * no eval. Map images come from the app's own origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/**
 * Every page and asset is cross-origin isolated (the console's choice): no other origin can hold
 * a window reference to a console page or embed its assets, and the pages get the browser's
 * fine-grained clock, so the bench's frame intervals are not blurred by 0.1 ms timer coarsening.
 */
export const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The pages a window of each role may show. Anything else is refused. */
export const PAGE_FOR_ROLE: Record<PageRole, string> = { gm: '/index.html', player: '/player.html' };

/** True only for the app's own pages: navigation anywhere else is denied. */
export function isAllowedAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    parsed.username === '' &&
    parsed.password === '' &&
    Object.values(PAGE_FOR_ROLE).includes(parsed.pathname)
  );
}

export interface SenderFacts {
  /** The role the main process gave the window when it created it, or null if unknown. */
  readonly windowRole: PageRole | null;
  readonly isMainFrame: boolean;
  readonly frameUrl: string;
}

export type SenderVerdict = { ok: true; role: PageRole } | { ok: false; reason: string };

/**
 * Every IPC call is checked for where it came from: a window main created, its main frame,
 * showing the app's own page for that window's role.
 */
export function checkSender(facts: SenderFacts): SenderVerdict {
  if (!facts.windowRole) return { ok: false, reason: 'the sender is not a window of this app' };
  if (!facts.isMainFrame) return { ok: false, reason: 'the call came from a sub-frame' };
  let url: URL;
  try {
    url = new URL(facts.frameUrl);
  } catch {
    return { ok: false, reason: 'the sender has no valid URL' };
  }
  if (!isAllowedAppUrl(facts.frameUrl)) return { ok: false, reason: `the sender's page ${url.origin} is not the app` };
  if (url.pathname !== PAGE_FOR_ROLE[facts.windowRole]) {
    return { ok: false, reason: `a ${facts.windowRole} window is showing the wrong page` };
  }
  return { ok: true, role: facts.windowRole };
}

export interface SecureWebPreferences {
  readonly preload: string;
  readonly contextIsolation: true;
  readonly sandbox: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly nodeIntegrationInSubFrames: false;
  readonly webSecurity: true;
  readonly allowRunningInsecureContent: false;
  readonly webviewTag: false;
  readonly navigateOnDragDrop: false;
  readonly spellcheck: false;
  readonly disableBlinkFeatures: 'Auxclick';
}

export function secureWebPreferences(preload: string): SecureWebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    // Middle-click would open links in new windows.
    disableBlinkFeatures: 'Auxclick',
  };
}
