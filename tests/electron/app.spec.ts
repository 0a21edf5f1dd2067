import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test, type Page } from '@playwright/test';
import { channelNamesFor, eventNamesFor, EVENTS, type EventName, type Role } from '../../src/shared/contract';
import { findElectronBinary } from '../support/electronBinary';

/**
 * The desktop console as it ships: the real Electron main, preload and IPC binding. What each
 * window's `window.api` holds comes from the contract (src/shared/contract/index.ts): a method for every
 * channel its role is granted, `on` for its pushes, and nothing more — so a channel added to the
 * contract is expected here without anyone editing this file.
 */
const binary = findElectronBinary();

/** The names a window of `role` must find on `window.api`: its channels and `on`. */
const apiOf = (role: Role): string[] => [...channelNamesFor(role), 'on'].sort();

/** Pushes a window of `role` may not listen to. */
const eventsBarredFrom = (role: Role): EventName[] => (Object.keys(EVENTS) as EventName[]).filter((e) => !eventNamesFor(role).includes(e));

const apiKeys = (page: Page) => page.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort());

/** Which of `events` the window's `api.on` refuses (it throws for a push its role does not get). */
const refusedEvents = (page: Page, events: readonly string[]) =>
  page.evaluate((names) => {
    const api = (window as unknown as { api: { on(event: string, listener: () => void): () => void } }).api;
    return names.filter((name) => {
      try {
        api.on(name, () => undefined)();
        return false;
      } catch {
        return true;
      }
    });
  }, events);

test.describe('the Electron console', () => {
  test.skip('missing' in binary, 'missing' in binary ? `no Electron binary: ${binary.missing}` : '');

  test("opens the GM window on the sample campaign with the GM's api, a player window with the player's, and moves a figure", async () => {
    const userData = await mkdtemp(join(tmpdir(), 'pillars-electron-'));
    const app = await electron.launch({
      executablePath: 'path' in binary ? binary.path : undefined,
      args: [resolve(import.meta.dirname, '..', '..'), `--user-data-dir=${userData}`],
      env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' },
    });
    try {
      const gm = await app.firstWindow();
      await expect(gm.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
      expect(await gm.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
      expect(await apiKeys(gm), "the GM window's api: every channel the contract grants the GM, and `on`").toEqual(apiOf('gm'));
      expect(await refusedEvents(gm, eventNamesFor('gm')), 'pushes the GM window may listen to').toEqual([]);

      // View › Player Window opens the projector page; it gets the player's api only.
      const [player] = await Promise.all([
        app.waitForEvent('window'),
        app.evaluate(({ Menu }) => {
          const item = Menu.getApplicationMenu()?.getMenuItemById('player-window');
          if (!item) throw new Error('View › Player Window is not in the menu');
          item.click();
        }),
      ]);
      await expect(player.getByTestId('player-status')).toContainText('Ambush at the Ford');
      expect(await apiKeys(player), "the player window's api: every channel the contract grants players, and `on`").toEqual(apiOf('player'));
      const barred = eventsBarredFrom('player');
      expect(barred.length, 'the contract keeps some pushes from players').toBeGreaterThan(0);
      expect(await refusedEvents(player, barred), 'pushes the player window may not listen to').toEqual(barred);

      // One round trip through the real preload and ipcMain binding, seen on both windows.
      const result = await gm.evaluate(() =>
        (window as unknown as { api: { sendCommand(a: unknown): Promise<{ ok: boolean }> } }).api.sendCommand({
          command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } },
        }),
      );
      expect(result.ok).toBe(true);
      const refused = await player.evaluate(() => (window as unknown as { api: { sendCommand?: unknown } }).api.sendCommand === undefined);
      expect(refused).toBe(true);
      await gm.screenshot({ path: 'test-results/screens/electron-gm-window.png' });
      await player.screenshot({ path: 'test-results/screens/electron-player-window.png' });
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  });
});
