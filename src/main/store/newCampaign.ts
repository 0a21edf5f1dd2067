import { cp, mkdir, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AppError } from '../../shared/errors';
import { EncounterStateSchema, type EncounterState } from '../engine/encounter/schema';
import { asRuleSet, DEFAULT_RULES, type Rules } from '../engine/rules';
import { turnPhases } from '../engine/encounter/turn/turn';
import { backupAll } from './backups';
import { CommandLog } from './commandLog';
import { encounterDocName, encounterLogName, slug } from './campaignPaths';
import { writeDocument } from './jsonDocument';
import { assertNoLinks } from './linkGuard';
import { CAMPAIGN_SCHEMA_VERSION, ENCOUNTER_SCHEMA_VERSION, type CampaignFile, type EncounterFile } from './schema';
import type { MapShape } from '../../shared/mapGrid';

export async function assertEmptyOrMissing(dir: string): Promise<void> {
  try {
    if ((await readdir(dir)).length > 0) {
      throw new AppError('conflict', `The folder ${dir} is not empty; choose a new folder for the campaign.`);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * A blank encounter: an empty 30×20 map and two sides, ready for figures, in the first phase of
 * its rules' turn (RULINGS T1; O4 starts with Declarations).
 */
export function blankEncounter(
  id: string,
  name: string,
  rules: Rules = DEFAULT_RULES,
  shape: MapShape = { cols: 30, rows: 20, orientation: 'flat' },
): EncounterState {
  return EncounterStateSchema.parse({
    id,
    name,
    map: { cols: shape.cols, rows: shape.rows, orientation: shape.orientation, terrain: {}, hidden: [] },
    sides: [
      { id: 'party', name: 'Party', color: '#2f6fd6' },
      { id: 'foes', name: 'Foes', color: '#c23b3b' },
    ],
    figures: [],
    spells: [],
    turn: 1,
    phase: turnPhases(asRuleSet(rules))[0] ?? 'initiative',
  });
}

/**
 * Creates a new campaign folder with the RULINGS default rules and one blank encounter. Its name
 * is `name` (the GM's, kept whole in campaign.json), else the folder's own (folderNames.ts
 * derives a folder name from a display name).
 */
export async function createCampaign(
  dir: string,
  seed: number,
  now: Date = new Date(),
  rules: Rules = DEFAULT_RULES,
  name: string = basename(dir),
): Promise<void> {
  await assertNoLinks(dir, dir);
  await assertEmptyOrMissing(dir);
  const encounterId = 'first-encounter';
  await mkdir(join(dir, 'encounters'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  await mkdir(join(dir, 'backups'), { recursive: true });
  const encounter: EncounterFile = {
    schemaVersion: ENCOUNTER_SCHEMA_VERSION,
    id: encounterId,
    name: 'First encounter',
    createdAt: now.toISOString(),
    seed,
    rules: structuredClone(rules),
    initial: blankEncounter(encounterId, 'First encounter', rules),
  };
  await CommandLog.write(join(dir, encounterLogName(encounterId)), [], dir);
  await writeDocument(join(dir, encounterDocName(encounterId)), encounter, dir);
  const campaign: CampaignFile = {
    schemaVersion: CAMPAIGN_SCHEMA_VERSION,
    id: slug(name, 'campaign'),
    name,
    activeEncounterId: encounterId,
    rules: structuredClone(rules),
    roster: [],
  };
  await writeDocument(join(dir, 'campaign.json'), campaign, dir);
  await backupAll(dir, now);
}

/** "Save a copy": the whole campaign folder copied to a new, empty place. */
export async function copyCampaign(from: string, to: string): Promise<void> {
  await assertNoLinks(to, to);
  await assertEmptyOrMissing(to);
  await cp(from, to, { recursive: true, errorOnExist: true, force: false });
}
