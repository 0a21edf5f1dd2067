import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from '../support/electronBinary';

const binary = findElectronBinary();
if ('missing' in binary) {
  console.log(`Electron suite skipped: ${binary.missing}. It runs where an Electron binary is installed.`);
}

test.describe('the Electron console', () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');

  test('opens the GM window on the sample campaign, a player window, and moves a figure', async () => {
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
      expect(await gm.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort())).toEqual(
        ['getGmView', 'on', 'redo', 'sendCommand', 'undo'].sort(),
      );

      // View › Player Window opens the projector page; it gets the player api only.
      await app.evaluate(({ Menu }) => {
        const item = Menu.getApplicationMenu()?.getMenuItemById?.('player-window');
        const view = Menu.getApplicationMenu()?.items.find((i) => i.label === 'View');
        (item ?? view?.submenu?.items.find((i) => i.label === 'Player Window'))?.click();
      });
      const player = await app.waitForEvent('window');
      await expect(player.getByTestId('player-status')).toContainText('Ambush at the Ford');
      expect(await player.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort())).toEqual(['getPlayerView', 'on'].sort());

      // One round trip through the real preload and ipcMain binding.
      const result = await gm.evaluate(() =>
        (window as unknown as { api: { sendCommand(a: unknown): Promise<{ ok: boolean }> } }).api.sendCommand({
          command: { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } },
        }),
      );
      expect(result.ok).toBe(true);
      const refused = await player.evaluate(() => (window as unknown as { api: { sendCommand?: unknown } }).api.sendCommand === undefined);
      expect(refused).toBe(true);
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  });
});
