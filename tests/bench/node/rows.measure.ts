/**
 * The replay, log-opening and GM-view rows measured in Node, three repeats each, written to
 * test-results/bench/node-rows.json for tests/bench/chromium/run.mjs to print beside the browser
 * rows with budgets and PASS/FAIL.
 * Timings are figures, not assertions: the budgets are checked by the bench's table only.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createSeededDice } from '../../../src/main/engine/dice/seeded';
import { apply } from '../../../src/main/engine/encounter/apply';
import { gmPushEncoder } from '../../../src/main/session/gmPush';
import { Session } from '../../../src/main/session/session';
import { gmView } from '../../../src/main/session/gmView';
import { CampaignFolder } from '../../../src/main/store/campaignFolder';
import { createCampaign } from '../../../src/main/store/newCampaign';
import { crowdedEncounter, turnEntries, writeLog } from '../../support/bigCampaign';
import { makeLog } from '../../support/duelLog';

const REPEATS = 3;
const made: string[] = [];
afterAll(async () => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));
const tmp = async () => {
  const d = await mkdtemp(join(tmpdir(), 'pillars-rows-'));
  made.push(d);
  return d;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (fn: () => unknown | Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

interface Row {
  what: string;
  unit: string;
  budget: number | null;
  values: number[];
  detail?: string;
}

test('bench rows measured in Node: replay, opening a long log, the GM view at 1,000 figures', async () => {
  const rows: Row[] = [];

  // Replay: the engine applies a 5,000-command log of a played fight (best of 5 per repeat).
  const { start, log } = makeLog(5000);
  const replay = () => {
    const dice = createSeededDice(11);
    let s = start;
    for (const c of log) s = apply(s, c, dice).state;
    return s;
  };
  replay();
  const replays: number[] = [];
  const replayCpu: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const runs: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = process.cpuUsage();
      runs.push(await time(replay));
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    replays.push(Math.min(...runs));
    replayCpu.push(Math.min(...cpu));
  }
  // On a machine others share, the wall clock counts their work too; the CPU time this process
  // spent is beside it, so a loaded run still tells what the engine costs.
  rows.push({
    what: 'Replay of 5,000 commands of real play (engine, best of 5)',
    unit: ' ms',
    budget: 60,
    values: replays,
    detail: `CPU time of the replaying process, best of 5: ${replayCpu.map((v) => v.toFixed(1)).join(' / ')} ms`,
  });

  // Opening a campaign whose encounter has a 20,000-entry log, until the first GM view exists.
  const dir = join(await tmp(), 'Long');
  await createCampaign(dir, 5);
  const folder = await CampaignFolder.open(dir);
  const made20k = await folder.createEncounter('Long fight', 5, (id, name) => crowdedEncounter(id, name, 20));
  await writeLog(dir, made20k.id, turnEntries(20_000, 'f1'));
  await folder.setActiveEncounter(made20k.id);
  const sink = { gm: () => {}, player: () => {} };
  // The first opening finds no snapshot (as after an import or a salvage) and replays the whole log;
  // it leaves one, as the console's own play leaves one every 256 entries. The rows time openings with it.
  const withoutSnapshot = await time(async () => {
    const session = await Session.open(await CampaignFolder.open(dir), sink);
    session.gmView();
    await session.close();
  });
  const opens: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    let length = 0;
    opens.push(
      await time(async () => {
        const session = await Session.open(await CampaignFolder.open(dir), sink);
        length = session.gmView().history.logLength;
        await session.close();
      }),
    );
    expect(length).toBe(20_000);
  }
  rows.push({
    what: 'Open a campaign with a 20,000-entry log → first GM view',
    unit: ' ms',
    budget: 600,
    values: opens,
    detail: `with its snapshot; the first opening, without one, ${withoutSnapshot.toFixed(0)} ms`,
  });

  // The GM view at 1,000 figures, per command: building it (the session's own builder) and what
  // the hosts send of it (the push encoder's change from the view pushed before, serialised once;
  // a caller naming its view is answered with an acknowledgement).
  const crowdDir = join(await tmp(), 'Crowd');
  await createCampaign(crowdDir, 3);
  const crowdFolder = await CampaignFolder.open(crowdDir);
  const e = await crowdFolder.createEncounter('Crowd', 3, (id, name) => crowdedEncounter(id, name, 1000));
  await crowdFolder.setActiveEncounter(e.id);
  const encode = gmPushEncoder();
  let pushes = 0;
  let sendMs = 0;
  let bytes = 0;
  const session = await Session.open(crowdFolder, {
    gm: (v) => {
      pushes++;
      const t = performance.now();
      bytes = JSON.stringify(encode(v)).length;
      sendMs = performance.now() - t;
    },
    player: () => {},
  });
  const views: number[] = [];
  let perCommand = 0;
  for (let r = 0; r < REPEATS; r++) {
    const samples: number[] = [];
    for (let i = 0; i < 20; i++) {
      const before = pushes;
      const seen = session.ack(); // the view the GM page holds
      await session.execute({ type: 'turnFigure', figureId: 'f7', facing: (i + r) % 6 }, undefined, seen);
      const answer = JSON.stringify(session.ack());
      perCommand = pushes - before + (answer.includes('"figures"') ? 1 : 0);
      const view = session.gmView();
      const build = await time(() => gmView(crowdFolder.campaign, session.currentState, view.history, view.revision, session.rules, session.key));
      samples.push(build + sendMs);
    }
    views.push(median(samples));
  }
  await session.close();
  rows.push({
    what: 'GM view at 1,000 figures: build + send, per command',
    unit: ' ms',
    budget: 12,
    values: views,
    detail: `${(bytes / 1024).toFixed(1)} kB sent, the view sent ${perCommand}× per command (push; the reply is an acknowledgement)`,
  });

  await mkdir('test-results/bench', { recursive: true });
  await writeFile('test-results/bench/node-rows.json', JSON.stringify(rows, null, 1));
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const row of rows)
    console.log(`${row.what}: ${row.values.map((v) => v.toFixed(1)).join(' / ')}${row.unit}  (budget ≤ ${row.budget}${row.unit}) ${row.detail ?? ''}`);
});
