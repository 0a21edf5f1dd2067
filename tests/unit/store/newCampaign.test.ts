/** New campaigns and "Save a copy" (DESIGN §Persistence): a folder a GM can copy anywhere. */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blankEncounter, copyCampaign, createCampaign } from '../../../src/main/store/newCampaign';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { EncounterStateSchema } from '../../../src/main/engine/encounter/schema';
import { Session } from '../../../src/main/session/session';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { AppError, isAppError } from '../../../src/shared/errors';
import { copySample, encounterFilePath, readEncounterFile, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

async function appErrorOf(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

describe('blankEncounter', () => {
  it('is a valid encounter state with an empty 30×20 map and two sides', () => {
    const state = EncounterStateSchema.parse(blankEncounter('e1', 'First'));
    expect(state.map).toEqual({ cols: 30, rows: 20, orientation: 'flat', terrain: {}, hidden: [] });
    expect(state.sides.map((s) => s.id)).toEqual(['party', 'foes']);
    expect(state.figures).toEqual([]);
    expect(state.turn).toBe(1);
    expect(state.phase).toBe('initiative');
  });
});

describe('createCampaign', () => {
  it('creates a valid campaign that opens, named after its folder', async () => {
    const dir = join(await dirs.make(), 'Tomb of the Lich King!');
    await createCampaign(dir, 1234);
    expect((await readdir(dir)).sort()).toEqual(['assets', 'backups', 'campaign.json', 'encounters']);
    expect(JSON.parse(await readFile(join(dir, 'campaign.json'), 'utf8'))).toEqual({
      schemaVersion: 4,
      id: 'tomb-of-the-lich-king',
      name: 'Tomb of the Lich King!',
      activeEncounterId: 'first-encounter',
      rules: DEFAULT_RULES,
      roster: [],
    });
    expect((await readdir(join(dir, 'encounters'))).sort()).toEqual(['first-encounter.json', 'first-encounter.log.jsonl']);
    const folder = await openCampaignFolder(dir);
    const stored = await folder.readEncounter('first-encounter');
    expect(stored.file.seed).toBe(1234);
    // The encounter keeps the rules the campaign had when it was created.
    expect(stored.file.rules).toEqual(DEFAULT_RULES);
    expect(stored.log.entries).toEqual([]);
    await stored.log.close();
    const session = closing.add(await Session.open(folder, recordingSink()));
    expect(session.gmView().campaign).toEqual({ id: 'tomb-of-the-lich-king', name: 'Tomb of the Lich King!' });
    expect(session.gmView().encounter.name).toBe('First encounter');
  });

  it('accepts an existing empty folder', async () => {
    const dir = join(await dirs.make(), 'Empty');
    await mkdir(dir);
    await createCampaign(dir, 1);
    expect((await openCampaignFolder(dir)).campaign.name).toBe('Empty');
  });

  it('gives a folder name without letters a usable id', async () => {
    const dir = join(await dirs.make(), '!!!');
    await createCampaign(dir, 1);
    expect((await openCampaignFolder(dir)).campaign.id).toBe('campaign');
  });

  it('refuses a folder that is not empty with conflict, and touches nothing in it', async () => {
    const dir = join(await dirs.make(), 'Busy');
    await mkdir(dir);
    await writeFile(join(dir, 'notes.txt'), 'my notes');
    const err = await appErrorOf(createCampaign(dir, 1));
    expect(err.code).toBe('conflict');
    expect(err.message).toContain(dir);
    expect(await readdir(dir)).toEqual(['notes.txt']);
    expect(await readFile(join(dir, 'notes.txt'), 'utf8')).toBe('my notes');
  });

  it('refuses to overwrite an existing campaign', async () => {
    const dir = await copySample(await dirs.make());
    const before = await readFile(join(dir, 'campaign.json'), 'utf8');
    expect((await appErrorOf(createCampaign(dir, 1))).code).toBe('conflict');
    expect(await readFile(join(dir, 'campaign.json'), 'utf8')).toBe(before);
  });
});

describe('copyCampaign', () => {
  it('copies the whole folder, log included, to a new place that opens', async () => {
    const from = await copySample(await dirs.make());
    const session = closing.add(await Session.open(await openCampaignFolder(from), recordingSink()));
    await session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const to = join(await dirs.make(), 'Copy');
    await copyCampaign(from, to);
    expect(await readFile(encounterFilePath(to))).toEqual(await readFile(encounterFilePath(from)));
    expect((await readdir(to)).sort()).toEqual(['assets', 'backups', 'campaign.json', 'encounters']);
    const copy = closing.add(await Session.open(await openCampaignFolder(to), recordingSink()));
    expect(copy.gmView().encounter).toEqual(session.gmView().encounter);

    // The copy is independent of the original.
    await copy.execute({ type: 'turnFigure', figureId: 'bram', facing: 3 });
    expect((await readEncounterFile(from)).log).toHaveLength(1);
    expect((await readEncounterFile(to)).log).toHaveLength(2);
  });

  it('refuses a target that is not empty', async () => {
    const from = await copySample(await dirs.make());
    const to = await copySample(await dirs.make(), 'Existing');
    await writeFile(join(to, 'marker.txt'), 'keep me');
    const err = await appErrorOf(copyCampaign(from, to));
    expect(err.code).toBe('conflict');
    expect(await readFile(join(to, 'marker.txt'), 'utf8')).toBe('keep me');
  });
});
