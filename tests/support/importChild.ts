/**
 * The child of the import crash test (tests/unit/store/importCrash.test.ts): imports export files
 * into a data folder again and again, as fast as it can — a whole campaign, then two encounters
 * into the open campaign — printing `imported <kind>` after each one returns, until the parent
 * kills it. Usage: importChild.ts <campaignsHome> <campaignDir> <campaign bundle> <encounter bundle>
 */
import { sessionReplayer } from '../../src/main/services/campaigns/importReplay';
import { importBundleFile } from '../../src/main/store/bundleImport';
import { CampaignFolder } from '../../src/main/store/campaignFolder';

const [campaignsHome, campaignDir, campaignBundle, encounterBundle] = process.argv.slice(2) as [string, string, string, string];
const folder = await CampaignFolder.open(campaignDir);
let last = '';
const onStep = ({ step }: { step: string }) => {
  if (step !== last) process.stdout.write(`step ${step}\n`);
  last = step;
};
const options = { label: 'The export file', replayer: sessionReplayer, onStep };
process.stdout.write('ready\n');
for (;;) {
  const campaign = await importBundleFile(campaignBundle, { campaignsHome, folder, now: new Date() }, options);
  process.stdout.write(`imported ${campaign.kind}\n`);
  last = '';
  const encounters = await importBundleFile(encounterBundle, { campaignsHome, folder, now: new Date() }, options);
  process.stdout.write(`imported ${encounters.kind}\n`);
  last = '';
}
