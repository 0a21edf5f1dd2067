/**
 * The child of the crash test (tests/unit/store/crash.test.ts): opens a campaign and applies
 * commands as fast as it can, printing `ack <seq> <facing>` after each one is durable (the
 * session's promise resolved), until the parent kills it. Every 25th command also rewrites
 * campaign.json (a rules change), so kills land inside those writes too.
 */
import { DEFAULT_RULES } from '../../src/main/engine/rules';
import { Session } from '../../src/main/session/session';
import { openCampaignFolder } from '../../src/main/store/campaignFolder';

const dir = process.argv[2]!;
const folder = await openCampaignFolder(dir);
const session = await Session.open(folder, { gm: () => {}, player: () => {} }, { snapshotEvery: 16 });
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const facing = (session.gmView().history.logLength + 1) % 6;
  const view = await session.execute({ type: 'turnFigure', figureId: 'bram', facing });
  process.stdout.write(`ack ${view.history.logLength} ${facing}\n`);
  if (i % 25 === 24) {
    await folder.setRules({ ...DEFAULT_RULES, bleedingPerTurn: i % 10 });
    process.stdout.write(`rules ${i % 10}\n`);
  }
}
