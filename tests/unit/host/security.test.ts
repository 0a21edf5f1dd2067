/**
 * Electron hardening: the CSP, the allowed app URLs, the sender check on every IPC call, and the
 * web preferences of every window.
 */
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, CONTENT_SECURITY_POLICY, PAGE_FOR_ROLE, checkSender, isAllowedAppUrl, secureWebPreferences } from '../../../src/main/host/security';

function directives(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('CONTENT_SECURITY_POLICY', () => {
  const d = directives(CONTENT_SECURITY_POLICY);
  const allValues = [...d.values()].flat();

  it('allows nothing remote, inline or eval', () => {
    for (const banned of ['http:', 'https:', "'unsafe-inline'", "'unsafe-eval'", '*', 'ws:', 'wss:', "'unsafe-hashes'", "'wasm-unsafe-eval'"]) {
      expect(allValues).not.toContain(banned);
    }
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:\/\//);
    expect(CONTENT_SECURITY_POLICY).not.toContain('*');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
  });

  it("defaults to 'none' and lets scripts come only from the app itself", () => {
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'none'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
  });
});

describe('isAllowedAppUrl', () => {
  it.each(['app://console/index.html', 'app://console/player.html', 'app://console/index.html?x=1#top'])('accepts %s', (url) =>
    expect(isAllowedAppUrl(url)).toBe(true),
  );

  it.each([
    'app://evil/index.html',
    'app://console.evil/index.html',
    'app://console:8080/index.html',
    'https://evil.example/index.html',
    'https://console/index.html',
    'http://console/index.html',
    'file:///index.html',
    'file://console/index.html',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    'app://console/',
    'app://console/secret.html',
    'app://console/assets/index.js',
    'app://console/index.html/../../etc/passwd',
    'app://user@console/index.html',
    'app://user:pw@console/index.html',
    'app://console@evil/index.html',
    '',
    'not a url',
    '/index.html',
  ])('rejects %s', (url) => expect(isAllowedAppUrl(url)).toBe(false));
});

describe('checkSender', () => {
  const gmPage = `${APP_ORIGIN}${PAGE_FOR_ROLE.gm}`;
  const playerPage = `${APP_ORIGIN}${PAGE_FOR_ROLE.player}`;

  it('accepts a GM window on the GM page and a player window on the player page', () => {
    expect(checkSender({ windowRole: 'gm', isMainFrame: true, frameUrl: gmPage })).toEqual({ ok: true, role: 'gm' });
    expect(checkSender({ windowRole: 'player', isMainFrame: true, frameUrl: playerPage })).toEqual({ ok: true, role: 'player' });
  });

  it('refuses a window main did not create', () => {
    const v = checkSender({ windowRole: null, isMainFrame: true, frameUrl: gmPage });
    expect(v).toEqual({ ok: false, reason: 'the sender is not a window of this app' });
  });

  it('refuses a sub-frame', () => {
    const v = checkSender({ windowRole: 'gm', isMainFrame: false, frameUrl: gmPage });
    expect(v).toEqual({ ok: false, reason: 'the call came from a sub-frame' });
  });

  it.each(['https://evil.example/index.html', 'file:///index.html', 'app://other/index.html'])('refuses a window showing %s', (frameUrl) => {
    const v = checkSender({ windowRole: 'gm', isMainFrame: true, frameUrl });
    expect(v.ok).toBe(false);
    expect(!v.ok && v.reason).toMatch(/is not the app/);
  });

  it('refuses a sender without a valid URL', () => {
    expect(checkSender({ windowRole: 'gm', isMainFrame: true, frameUrl: '' })).toEqual({
      ok: false,
      reason: 'the sender has no valid URL',
    });
  });

  it('refuses a player window that shows the GM page, and a GM window on the player page', () => {
    const p = checkSender({ windowRole: 'player', isMainFrame: true, frameUrl: gmPage });
    expect(p).toEqual({ ok: false, reason: 'a player window is showing the wrong page' });
    const g = checkSender({ windowRole: 'gm', isMainFrame: true, frameUrl: playerPage });
    expect(g).toEqual({ ok: false, reason: 'a gm window is showing the wrong page' });
  });
});

describe('secureWebPreferences', () => {
  it('isolates, sandboxes and refuses Node in every window', () => {
    const prefs = secureWebPreferences('/app/out/preload/gm.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/gm.cjs',
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
    });
    const loose = prefs as unknown as Record<string, unknown>;
    for (const risky of ['enableBlinkFeatures', 'experimentalFeatures', 'enableRemoteModule', 'nodeIntegrationInWorker']) {
      expect(loose[risky] === undefined || loose[risky] === false, risky).toBe(true);
    }
  });
});
