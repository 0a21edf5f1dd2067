/**
 * Every stored shape a console has written still opens (CONTRIBUTING.md "Stored formats"): one
 * campaign folder per shape under tests/fixtures/stored, each opened with today's store and
 * session, its files rewritten at the current versions and its encounter replayed.
 */
import { cp, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEGIBILITY, PlayerLegibilitySchema } from '../../../src/shared/contract/channels/display';
import { DEFAULT_RULES, RulesSchema } from '../../../src/main/engine/rules';
import { Session } from '../../../src/main/session/session';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { legibilityOf } from '../../../src/main/store/handouts';
import { CURRENT_VERSION } from '../../../src/main/store/migrations';
import { CampaignFileSchema, EncounterFileSchema } from '../../../src/main/store/schema';
import { recordingSink, tempDirs } from '../../support/tempCampaign';

const STORED = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'stored');
const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const folders = (await readdir(STORED, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
const versionOf = (doc: Record<string, unknown>) => (doc.schemaVersion === undefined ? 0 : doc.schemaVersion);
const encounterFiles = async (dir: string) => (await readdir(join(dir, 'encounters'))).filter((f) => f.endsWith('.json'));

describe('stored files of every earlier version', () => {
  it('has a fixture for every version of campaign.json and of an encounter file', async () => {
    const seen = { campaign: new Set<unknown>(), encounter: new Set<unknown>() };
    for (const folder of folders) {
      seen.campaign.add(versionOf(await readJson(join(STORED, folder, 'campaign.json'))));
      for (const file of await encounterFiles(join(STORED, folder))) seen.encounter.add(versionOf(await readJson(join(STORED, folder, 'encounters', file))));
    }
    for (const kind of ['campaign', 'encounter'] as const) {
      expect([...seen[kind]].sort()).toEqual(Array.from({ length: CURRENT_VERSION[kind] + 1 }, (_, i) => i));
    }
  });

  it.each(folders)('%s opens: rewritten at the current versions, its encounter replayed, every setting read', async (name) => {
    const dir = join(await dirs.make(), name);
    await cp(join(STORED, name), dir, { recursive: true });
    const folder = await openCampaignFolder(dir);
    const onDisk = CampaignFileSchema.parse(await readJson(join(dir, 'campaign.json')));
    expect(onDisk.schemaVersion).toBe(CURRENT_VERSION.campaign);
    expect(Object.keys(RulesSchema.parse(onDisk.rules))).toEqual(Object.keys(DEFAULT_RULES));
    expect(Object.keys(legibilityOf(folder))).toEqual(Object.keys(DEFAULT_LEGIBILITY));

    const session = await Session.open(folder, recordingSink());
    const view = session.gmView();
    expect(view.encounter.figures.length).toBeGreaterThan(0);
    for (const file of await encounterFiles(dir)) {
      expect(EncounterFileSchema.parse(await readJson(join(dir, 'encounters', file))).schemaVersion).toBe(CURRENT_VERSION.encounter);
    }
    // The encounter still takes commands after opening.
    const figure = view.encounter.figures[0]!;
    await session.execute({ type: 'turnFigure', figureId: figure.id, facing: ((figure.facing ?? 0) + 1) % 6 });
    expect(session.gmView().encounter.figures[0]!.facing).toBe(((figure.facing ?? 0) + 1) % 6);
    await session.close();
  });

  it('a setting a file was written before reads as its declared default; the ones it had are kept', async () => {
    const dir = join(await dirs.make(), 'legibility');
    await cp(join(STORED, 'campaign-v4-before-latest-line'), dir, { recursive: true });
    // What the fixture's campaign.json holds: each away from its default, so a kept one is told from a defaulted one.
    const stored = { tokenScale: 1.5, labelScale: 2, highContrastGrid: true, turnOrder: true } as const;
    for (const [key, value] of Object.entries(stored)) expect(value, key).not.toEqual(DEFAULT_LEGIBILITY[key as keyof typeof stored]);
    // Every other declared setting (the ones the file was written before) reads as its default.
    expect(legibilityOf(await openCampaignFolder(dir))).toEqual({ ...DEFAULT_LEGIBILITY, ...stored });
    expect(PlayerLegibilitySchema.parse({ tokenScale: 1.5 })).toEqual({ ...DEFAULT_LEGIBILITY, tokenScale: 1.5 });
  });
});
