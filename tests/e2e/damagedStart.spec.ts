import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startConsole, type RunningConsole } from '../support/consoleServer';
import { expect, socketCall, serverStopsExpected, test } from './fixtures';

const SCREENS = 'test-results/screens';

test.setTimeout(120_000);

test.beforeAll(async () => {
  await mkdir(SCREENS, { recursive: true });
});

// A damaged log does not stop the console; the GM is shown campaign, file and
// reason, keeps the log up to its last good entry, and plays on. The projector learns nothing.
test('a log damaged between two runs: the console starts, the GM keeps the good entries, both pages carry on', async ({
  consoleServer,
  gmPage,
  playerPage,
  problems,
}) => {
  let second: RunningConsole | null = null;
  try {
    for (const facing of [1, 2, 3]) {
      expect((await socketCall(gmPage, 'sendCommand', { command: { type: 'turnFigure', figureId: 'bram', facing } })).ok).toBe(true);
    }
    await consoleServer.stopProcess();
    const log = join(consoleServer.dataDir, 'campaigns', 'Sample Campaign', 'encounters', 'ford-ambush.log.jsonl');
    const lines = (await readFile(log, 'utf8')).split('\n');
    lines[1] = '{"seq":2,"command":{"type":"turnFig';
    await writeFile(log, lines.join('\n'));

    second = await startConsole({ dataDir: consoleServer.dataDir, port: consoleServer.port });
    await gmPage.reload();
    await playerPage.reload();
    await expect(gmPage.getByTestId('page-error')).toContainText('encounters/ford-ambush.log.jsonl');
    await expect(playerPage.getByText('Waiting for the GM to open an encounter.')).toBeVisible();
    await expect(playerPage.locator('body')).not.toContainText('ford-ambush');

    // The error screen is open without a click (the console starts and shows the restore offer).
    await expect(gmPage.getByTestId('error-screen')).toBeVisible();
    await expect(gmPage.getByTestId('error-campaign')).toContainText('Sample Campaign');
    await expect(gmPage.getByTestId('error-file')).toHaveText('encounters/ford-ambush.log.jsonl');
    await expect(gmPage.getByTestId('error-reason')).toContainText('line 2 is not valid JSON');
    await gmPage.screenshot({ path: `${SCREENS}/damaged-log-error-screen.png` });

    await gmPage.getByTestId('salvage-log').click();
    await expect(gmPage.getByRole('status')).toContainText('kept 1 entries; 2 after them were set aside in backups/');
    await expect(gmPage.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
    await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
    await gmPage.screenshot({ path: `${SCREENS}/damaged-log-recovered.png` });
    await playerPage.screenshot({ path: `${SCREENS}/damaged-log-player-recovered.png` });
  } finally {
    await second?.stopProcess();
    serverStopsExpected(problems);
  }
});

// A campaign.json damaged while the console was off opens the error screen by itself
// at the next start, with its backups offered; restoring one brings the encounter back.
test('a campaign.json damaged before the start: the error screen is open at once and a restore brings the table back', async ({
  consoleServer,
  gmPage,
  playerPage,
  problems,
}) => {
  let second: RunningConsole | null = null;
  try {
    // A rename writes campaign.json again, so a backup of it exists.
    expect((await socketCall(gmPage, 'renameCampaign', { name: 'Sample Campaign' })).ok).toBe(true);
    await consoleServer.stopProcess();
    await writeFile(join(consoleServer.dataDir, 'campaigns', 'Sample Campaign', 'campaign.json'), '{"schemaVersion": 2, "na');

    second = await startConsole({ dataDir: consoleServer.dataDir, port: consoleServer.port });
    await gmPage.reload();
    await playerPage.reload();
    await expect(gmPage.getByTestId('error-screen')).toBeVisible();
    await expect(gmPage.getByTestId('error-file')).toHaveText('campaign.json');
    await expect(gmPage.getByTestId('error-campaign')).toContainText('Sample Campaign');
    await expect(playerPage.getByText('Waiting for the GM to open an encounter.')).toBeVisible();
    await gmPage.screenshot({ path: `${SCREENS}/damaged-campaign-error-screen.png` });

    await gmPage.getByTestId('restore-newest').click();
    await expect(gmPage.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
    await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
    await gmPage.screenshot({ path: `${SCREENS}/damaged-campaign-restored.png` });
    await playerPage.screenshot({ path: `${SCREENS}/damaged-campaign-player-restored.png` });
  } finally {
    await second?.stopProcess();
    serverStopsExpected(problems);
  }
});

// A log cut inside its last line, with no snapshot to prove more, still opens at its
// last whole entry; the GM is told what was set aside, the projector is told nothing.
test('a log cut inside its last line: the GM is told and a copy is kept; the projector shows nothing of it', async ({
  consoleServer,
  gmPage,
  playerPage,
  problems,
}) => {
  let second: RunningConsole | null = null;
  try {
    for (const facing of [1, 2]) {
      expect((await socketCall(gmPage, 'sendCommand', { command: { type: 'turnFigure', figureId: 'bram', facing } })).ok).toBe(true);
    }
    await consoleServer.stopProcess();
    const log = join(consoleServer.dataDir, 'campaigns', 'Sample Campaign', 'encounters', 'ford-ambush.log.jsonl');
    await writeFile(log, (await readFile(log, 'utf8')) + '{"seq":3,"command":{"type":"turnFig');

    second = await startConsole({ dataDir: consoleServer.dataDir, port: consoleServer.port });
    await gmPage.reload();
    await playerPage.reload();
    await expect(gmPage.getByTestId('encounter-name')).toHaveText('Ambush at the Ford');
    await expect(gmPage.getByText(/ford-ambush\.log\.jsonl ended in an unfinished line .* after entry 2\)/)).toBeVisible();
    await expect(gmPage.getByText(/a copy of the whole log, unfinished line included, was kept in backups\//)).toBeVisible();
    await expect(playerPage.getByTestId('player-status')).toContainText('Ambush at the Ford');
    await expect(playerPage.locator('body')).not.toContainText('unfinished');
    await gmPage.screenshot({ path: `${SCREENS}/torn-log-notice.png` });
    await playerPage.screenshot({ path: `${SCREENS}/torn-log-player.png` });

    // Play goes on from entry 2: the GM's next command is entry 3.
    await gmPage.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => ((await socketCall(gmPage, 'getGmView', {})) as { value: { history: { logLength: number } } }).value.history.logLength)
      .toBe(1);
  } finally {
    await second?.stopProcess();
    serverStopsExpected(problems);
  }
});
