import { cp, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { readDocument, writeDocument } from './jsonDocument';
import { CampaignFileSchema, EncounterFileSchema, type CampaignFile, type EncounterFile } from './schema';

/** An open campaign folder (DESIGN §Persistence). Only the main process writes here. */
export interface CampaignFolder {
  readonly dir: string;
  readonly campaign: CampaignFile;
  readEncounter(id: string): Promise<EncounterFile>;
  writeEncounter(file: EncounterFile): Promise<void>;
}

const encounterPath = (dir: string, id: string) => join(dir, 'encounters', `${id}.json`);

export async function openCampaignFolder(dir: string): Promise<CampaignFolder> {
  const campaign = await readDocument(join(dir, 'campaign.json'), CampaignFileSchema, `campaign.json in ${dir}`);
  return {
    dir,
    campaign,
    async readEncounter(id) {
      const file = await readDocument(encounterPath(dir, id), EncounterFileSchema, `encounters/${id}.json`);
      if (file.id !== id) {
        throw new AppError('corrupt-file', `encounters/${id}.json says it is encounter "${file.id}".`);
      }
      return file;
    },
    async writeEncounter(file) {
      await writeDocument(encounterPath(dir, file.id), file);
    },
  };
}

/**
 * The GM's campaigns live under `home`. On the first start (no campaign there yet) the sample
 * campaign is copied in, so the console opens on something real. Returns the folder to open.
 */
export async function ensureFirstCampaign(home: string, sampleDir: string): Promise<string> {
  await mkdir(home, { recursive: true });
  const existing = (await readdir(home, { withFileTypes: true })).filter((d) => d.isDirectory());
  if (existing.length > 0) return join(home, existing[0]!.name);
  const target = join(home, 'Sample Campaign');
  await cp(sampleDir, target, { recursive: true, errorOnExist: true, force: false });
  return target;
}
