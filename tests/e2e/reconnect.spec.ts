import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startConsole, type RunningConsole } from '../support/consoleServer';
import { expect, figureOnMap, hexOnScreen, serverStopsExpected, test } from './fixtures';

const SCREENS = 'test-results/screens';
const BRAM = { q: 9, r: 5 };

test.setTimeout(120_000);

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

async function dragBram(page: import('@playwright/test').Page, to: { q: number; r: number }, from = BRAM): Promise<void> {
  const a = await hexOnScreen(page, from);
  const b = await hexOnScreen(page, to);
  await page.bringToFront();
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

// The web host restarts on the same data folder under open pages.
test('a restart of the host: both pages show the banner, a command sent meanwhile is reported unsent, then all resumes', async ({
  consoleServer,
  gmPage,
  playerPage,
  problems,
}) => {
  let second: RunningConsole | null = null;
  try {
    // The tokens are kept with the app's data (not in a campaign), readable by the user only.
    const tokens = await stat(join(consoleServer.dataDir, 'web-tokens.json'));
    expect(tokens.mode & 0o777).toBe(0o600);

    await consoleServer.stopProcess();
    await expect(gmPage.getByTestId('connection-lost')).toHaveText('Connection lost — reconnecting…');
    await expect(playerPage.getByTestId('connection-lost')).toBeVisible();

    // A drag while the host is down is not silently lost: the GM is told it was not sent.
    await dragBram(gmPage, { q: BRAM.q + 1, r: BRAM.r });
    await expect(gmPage.getByRole('status')).toContainText('Not sent: the connection to the console is lost');
    await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject(BRAM);
    await gmPage.screenshot({ path: `${SCREENS}/reconnect-gm-lost.png` });
    await playerPage.screenshot({ path: `${SCREENS}/reconnect-player-lost.png` });

    second = await startConsole({ dataDir: consoleServer.dataDir, port: consoleServer.port });
    expect(second.gm).toBe(consoleServer.gm);
    expect(second.player).toBe(consoleServer.player);
    await expect(gmPage.getByTestId('connection-lost')).toBeHidden({ timeout: 15_000 });
    await expect(playerPage.getByTestId('connection-lost')).toBeHidden({ timeout: 15_000 });

    // The next command works and reaches the table's display.
    const target = { q: BRAM.q + 1, r: BRAM.r };
    await dragBram(gmPage, target);
    await expect.poll(() => figureOnMap(playerPage, 'bram')).toMatchObject(target);
    await expect.poll(() => figureOnMap(gmPage, 'bram')).toMatchObject(target);
    await gmPage.screenshot({ path: `${SCREENS}/reconnect-gm-back.png` });
    await playerPage.screenshot({ path: `${SCREENS}/reconnect-player-back.png` });
  } finally {
    await second?.stopProcess();
    serverStopsExpected(problems);
  }
});
