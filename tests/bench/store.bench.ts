/**
 * Store budgets: a durable command at 50 and at 5,000 logged commands (median under
 * 5 ms, the two within 1.5×); opening a campaign of 100 encounters (under 200 ms); a command on a
 * 250-figure map delivering the GM and player views (within 16 ms). Medians are the p50 column.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { Session } from '../../src/main/session/session';
import { CampaignFolder } from '../../src/main/store/campaignFolder';
import { createCampaign } from '../../src/main/store/newCampaign';
import { crowdedEncounter, turnEntries, writeLog } from '../support/bigCampaign';

const made: string[] = [];
afterAll(async () => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));
const tmp = async () => {
  const d = await mkdtemp(join(tmpdir(), 'pillars-bench-'));
  made.push(d);
  return d;
};
const sink = { gm: () => {}, player: () => {} };

/** A campaign whose open encounter has 3 figures and `logged` commands in its log. */
async function sessionWithLog(logged: number): Promise<Session> {
  const dir = join(await tmp(), 'C');
  await createCampaign(dir, 7);
  const folder = await CampaignFolder.open(dir);
  const made = await folder.createEncounter('Long fight', 7, (id, name) => crowdedEncounter(id, name, 3));
  await writeLog(dir, made.id, turnEntries(logged, 'f1'));
  await folder.setActiveEncounter(made.id);
  return Session.open(folder, sink);
}

let facing = 0;
const nextTurn = (s: Session) => s.execute({ type: 'turnFigure', figureId: 'f1', facing: (facing = (facing + 1) % 6) });

const s50 = sessionWithLog(50);
const s5000 = sessionWithLog(5000);

describe('a command made durable (append + fdatasync)', () => {
  bench('at 50 logged commands', async () => void (await nextTurn(await s50)), { iterations: 300, time: 0 });
  bench('at 5,000 logged commands', async () => void (await nextTurn(await s5000)), { iterations: 300, time: 0 });
});

const hundred = (async () => {
  const dir = join(await tmp(), 'Hundred');
  await createCampaign(dir, 1);
  const folder = await CampaignFolder.open(dir);
  for (let i = 0; i < 100; i++) {
    const e = await folder.createEncounter(`Encounter ${i}`, i, (id, name) => crowdedEncounter(id, name, 20));
    await writeLog(dir, e.id, turnEntries(40, 'f1'));
  }
  return dir;
})();

describe('opening a campaign of 100 encounters (campaign.json, the list, the active encounter)', () => {
  bench(
    'open',
    async () => {
      const folder = await CampaignFolder.open(await hundred);
      await folder.listEncounters();
      const session = await Session.open(folder, sink);
      await session.close();
    },
    { iterations: 30, time: 0 },
  );
});

const crowd = (async () => {
  const dir = join(await tmp(), 'Crowd');
  await createCampaign(dir, 3);
  const folder = await CampaignFolder.open(dir);
  const e = await folder.createEncounter('Crowd', 3, (id, name) => crowdedEncounter(id, name, 250));
  await folder.setActiveEncounter(e.id);
  const delivered = { gm: 0, player: 0 };
  const session = await Session.open(folder, { gm: () => void delivered.gm++, player: () => void delivered.player++ });
  return { session, delivered };
})();

describe('a command on a 250-figure map until both views are delivered', () => {
  bench(
    '250 figures',
    async () => {
      const { session, delivered } = await crowd;
      const before = delivered.player;
      await session.execute({ type: 'turnFigure', figureId: 'f7', facing: (facing = (facing + 1) % 6) });
      if (delivered.player !== before + 1) throw new Error('the player view was not delivered');
    },
    { iterations: 300, time: 0 },
  );
});
