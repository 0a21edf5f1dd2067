/**
 * The views of a command are built while its log line is being written, but neither
 * a push nor the session's own views show the command before the line is on the disk. With a real
 * session on a copy of the sample campaign, every view seen (pushed, or asked for while commands
 * are in flight) counts no more entries than the log file holds at that moment.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Session } from '../../../src/main/session/session';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import type { Command } from '../../../src/shared/contract/commands';
import { copySample, encounterLogPath, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

describe('a command is seen only once its log line is written', () => {
  it('pushes and views asked for meanwhile never run ahead of the log file', async () => {
    const dir = await copySample(await dirs.make());
    const folder = await openCampaignFolder(dir);
    const logPath = encounterLogPath(dir);
    const linesOnDisk = () => {
      try {
        return readFileSync(logPath, 'utf8').split('\n').length - 1;
      } catch {
        return 0;
      }
    };
    const seen: { logLength: number; onDisk: number }[] = [];
    const session = await Session.open(folder, {
      gm: (v) => seen.push({ logLength: v.history.logLength, onDisk: linesOnDisk() }),
      player: () => seen.push({ logLength: session.entries.length, onDisk: linesOnDisk() }),
    });
    const commands: Command[] = [0, 1, 2, 3, 4, 5, 0, 1].map((facing) => ({ type: 'turnFigure', figureId: 'bram', facing }));
    let running = true;
    const watch = (async () => {
      while (running) {
        seen.push({ logLength: session.gmView().history.logLength, onDisk: linesOnDisk() });
        await new Promise((r) => setImmediate(r));
      }
    })();
    const views = await Promise.all(commands.map((c) => session.execute(c)));
    running = false;
    await watch;
    expect(views.map((v) => v.history.logLength)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(seen.filter((s) => s.logLength > 0).length).toBeGreaterThan(commands.length);
    for (const s of seen) expect(s.logLength).toBeLessThanOrEqual(s.onDisk);
    await session.close();
  });
});
