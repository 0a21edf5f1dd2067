/**
 * Campaign folders on disk (DESIGN §Persistence): the first start copies the sample in, a file
 * that fails validation is reported by name and never overwritten.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { ensureFirstCampaign } from '../../../src/main/store/firstStart';
import { readDocument, readVersionedDocument, writeDocument } from '../../../src/main/store/jsonDocument';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { DEFAULT_LEGIBILITY, type PlayerLegibility } from '../../../src/shared/contract/channels/display';
import { CampaignFileSchema, EncounterFileSchema } from '../../../src/main/store/schema';
import { Core } from '../../../src/main/host/core';
import { AppError, isAppError } from '../../../src/shared/errors';
import { SAMPLE_CAMPAIGN_DIR, copySample, encounterFilePath, readEncounterFile, recordingSink, tempDirs } from '../../support/tempCampaign';
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

describe('ensureFirstCampaign', () => {
  it('copies the sample campaign in on the first start', async () => {
    const home = join(await dirs.make(), 'campaigns');
    const dir = await ensureFirstCampaign(home, SAMPLE_CAMPAIGN_DIR);
    expect(dir).toBe(join(home, 'Sample Campaign'));
    expect(await readFile(join(dir, 'campaign.json'), 'utf8')).toBe(await readFile(join(SAMPLE_CAMPAIGN_DIR, 'campaign.json'), 'utf8'));
    expect(await readFile(encounterFilePath(dir), 'utf8')).toBe(await readFile(encounterFilePath(SAMPLE_CAMPAIGN_DIR), 'utf8'));
    expect((await readdir(dir)).sort()).toEqual(['assets', 'backups', 'campaign.json', 'encounters']);
    const folder = await openCampaignFolder(dir);
    // The sample is a v1 file: opening migrates it to the current version (migrations.ts).
    expect(folder.campaign).toEqual({
      schemaVersion: 4,
      id: 'sample-campaign',
      name: 'Sample Campaign',
      activeEncounterId: 'ford-ambush',
      rules: DEFAULT_RULES,
      roster: [],
    });
  });

  it('reuses an existing campaign after that, without copying again or touching it', async () => {
    const home = join(await dirs.make(), 'campaigns');
    const first = await ensureFirstCampaign(home, SAMPLE_CAMPAIGN_DIR);
    const file = await readEncounterFile(first);
    file.initial.name = 'Edited by the GM';
    await writeFile(encounterFilePath(first), JSON.stringify(file));
    const second = await ensureFirstCampaign(home, SAMPLE_CAMPAIGN_DIR);
    expect(second).toBe(first);
    expect(await readdir(home)).toEqual(['Sample Campaign']);
    expect((await readEncounterFile(second)).initial.name).toBe('Edited by the GM');
  });

  it('opens whatever campaign folder is already there', async () => {
    const home = join(await dirs.make(), 'campaigns');
    await mkdir(join(home, 'My Own'), { recursive: true });
    expect(await ensureFirstCampaign(home, SAMPLE_CAMPAIGN_DIR)).toBe(join(home, 'My Own'));
    expect(await readdir(home)).toEqual(['My Own']);
  });

  it('a Core started twice on the same data dir reopens the same campaign with its log', async () => {
    const dataDir = await dirs.make();
    const core1 = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    await core1.session.execute({ type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } });
    const core2 = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    expect(core2.campaigns.campaignDir).toBe(core1.campaigns.campaignDir);
    expect(core2.campaigns.campaignDir).toBe(join(dataDir, 'campaigns', 'Sample Campaign'));
    expect(core2.session.gmView().history.logLength).toBe(1);
    expect(core2.session.gmView().encounter.figures.find((f) => f.id === 'bram')?.position).toEqual({ q: 10, r: 5 });
    expect(JSON.parse(await readFile(core2.campaigns.recentFile, 'utf8'))).toEqual({ schemaVersion: 1, campaigns: [core1.campaigns.campaignDir] });
  });

  it('a Core whose recent campaign has a damaged encounter opens that campaign without it, logs why, and leaves the file alone', async () => {
    const dataDir = await dirs.make();
    const core1 = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    const other = await copySample(await dirs.make(), 'Broken');
    await writeFile(encounterFilePath(other), '{"schemaVersion": 1, "id": "ford');
    await writeFile(core1.campaigns.recentFile, JSON.stringify({ schemaVersion: 1, campaigns: [other] }));
    const logs: string[] = [];
    const core2 = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, log: (m) => logs.push(m) }, recordingSink()));
    expect(core2.campaigns.campaignDir).toBe(other);
    expect(() => core2.session).toThrow(/encounters\/ford-ambush\.json/);
    expect(logs.some((l) => l.includes(other) && l.includes('encounters/ford-ambush.json'))).toBe(true);
    expect(await readFile(encounterFilePath(other), 'utf8')).toBe('{"schemaVersion": 1, "id": "ford');
  });

  it('Core.openCampaign keeps the current campaign open when the new one cannot be read', async () => {
    const dataDir = await dirs.make();
    const core = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    const before = core.campaigns.campaignDir;
    const broken = await copySample(await dirs.make(), 'Broken');
    await writeFile(join(broken, 'campaign.json'), 'garbage');
    const err = await appErrorOf(core.campaigns.openCampaign(broken));
    expect(err.code).toBe('corrupt-file');
    expect(core.campaigns.campaignDir).toBe(before);
    expect(core.session.gmView().campaign.name).toBe('Sample Campaign');
  });
});

describe('damaged encounter files', () => {
  const cases: [string, string][] = [
    ['truncated JSON', ''], // filled in below from the real file
    ['an empty file', ''],
    ['garbage', '\u0000\u0001 this is not a campaign file \uFFFD'],
    ['valid JSON of the wrong shape', JSON.stringify({ hello: 'world' })],
    ['a wrong schemaVersion', ''],
    ['an invalid figure', ''],
  ];

  async function damaged(kind: string): Promise<{ dir: string; bytes: Buffer }> {
    const dir = await copySample(await dirs.make());
    const path = encounterFilePath(dir);
    const good = await readFile(path, 'utf8');
    let text: string;
    switch (kind) {
      case 'truncated JSON':
        text = good.slice(0, Math.floor(good.length / 2));
        break;
      case 'a wrong schemaVersion':
        text = JSON.stringify({ ...JSON.parse(good), schemaVersion: 99 });
        break;
      case 'an invalid figure': {
        const file = JSON.parse(good);
        file.initial.figures[0].facing = 9;
        text = JSON.stringify(file);
        break;
      }
      default:
        text = cases.find(([k]) => k === kind)![1];
    }
    await writeFile(path, text);
    return { dir, bytes: await readFile(path) };
  }

  it.each(cases.map(([k]) => k))('%s: corrupt-file naming the file; the bytes stay as they were', async (kind) => {
    const { dir, bytes } = await damaged(kind);
    const folder = await openCampaignFolder(dir);
    const err = await appErrorOf(folder.readEncounter('ford-ambush'));
    expect(err.code).toBe('corrupt-file');
    expect(err.message).toContain('encounters/ford-ambush.json');
    expect(await readFile(encounterFilePath(dir))).toEqual(bytes);
  });

  it('the truncated file is reported as not valid JSON; the wrong version names schemaVersion', async () => {
    const t = await damaged('truncated JSON');
    expect((await appErrorOf((await openCampaignFolder(t.dir)).readEncounter('ford-ambush'))).message).toMatch(/not valid JSON/);
    const v = await damaged('a wrong schemaVersion');
    expect((await appErrorOf((await openCampaignFolder(v.dir)).readEncounter('ford-ambush'))).message).toMatch(/schemaVersion/);
    const f = await damaged('an invalid figure');
    expect((await appErrorOf((await openCampaignFolder(f.dir)).readEncounter('ford-ambush'))).message).toMatch(/initial\.figures\.0\.facing/);
  });

  it('a Core that meets a corrupt encounter starts anyway, names the file, and does not rewrite it', async () => {
    const dataDir = await dirs.make();
    const home = join(dataDir, 'campaigns');
    const dir = await copySample(home);
    const path = encounterFilePath(dir);
    await writeFile(path, '{"schemaVersion":1,');
    const core = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    expect((await core.campaigns.listCampaigns()).lastFailure).toMatchObject({ dir, file: 'encounters/ford-ambush.json' });
    expect(await readFile(path, 'utf8')).toBe('{"schemaVersion":1,');
  });

  it('an encounter file whose id does not match its name is corrupt-file', async () => {
    const dir = await copySample(await dirs.make());
    const file = await readEncounterFile(dir);
    await writeFile(join(dir, 'encounters', 'other.json'), JSON.stringify(file));
    const err = await appErrorOf((await openCampaignFolder(dir)).readEncounter('other'));
    expect(err.code).toBe('corrupt-file');
    expect(err.message).toContain('encounters/other.json');
    expect(err.message).toContain('ford-ambush');
  });

  it('a missing encounter file is not-found, not corrupt', async () => {
    const dir = await copySample(await dirs.make());
    const err = await appErrorOf((await openCampaignFolder(dir)).readEncounter('nowhere'));
    expect(err.code).toBe('not-found');
    expect(err.message).toContain('encounters/nowhere.json');
  });
});

describe('damaged campaign.json', () => {
  it.each([
    ['a schemaVersion from a newer console', (c: Record<string, unknown>) => JSON.stringify({ ...c, schemaVersion: 5 }), /newer version.*schemaVersion 5/],
    ['a schemaVersion that is not a number', (c: Record<string, unknown>) => JSON.stringify({ ...c, schemaVersion: 'one' }), /schemaVersion/],
    ['a missing name', (c: Record<string, unknown>) => JSON.stringify({ ...c, name: undefined }), /name/],
    ['an extra key', (c: Record<string, unknown>) => JSON.stringify({ ...c, extra: 1 }), /extra/],
    ['truncated JSON', () => '{"schemaVersion": 1, "id": "sam', /not valid JSON/],
  ])('%s: corrupt-file naming campaign.json and the folder; unchanged on disk', async (_k, make, why) => {
    const dir = await copySample(await dirs.make());
    const path = join(dir, 'campaign.json');
    const good = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    const text = make(good);
    await writeFile(path, text);
    const err = await appErrorOf(openCampaignFolder(dir));
    expect(err.code).toBe('corrupt-file');
    expect(err.message).toContain(`campaign.json in ${dir}`);
    expect(err.message).toMatch(why);
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('a folder without campaign.json is not-found', async () => {
    const err = await appErrorOf(openCampaignFolder(await dirs.make()));
    expect(err.code).toBe('not-found');
  });
});

describe('readDocument / writeDocument', () => {
  it('writes real JSON to disk and reads it back validated', async () => {
    const dir = await dirs.make();
    const path = join(dir, 'c.json');
    const doc = { schemaVersion: 4 as const, id: 'x', name: 'X', activeEncounterId: null, rules: DEFAULT_RULES, roster: [] };
    await writeDocument(path, doc);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(doc);
    expect(await readDocument(path, CampaignFileSchema, 'c.json')).toEqual(doc);
    expect(await readdir(dir)).toEqual(['c.json']); // no temp file left behind
  });

  it('a file that exists but holds null is corrupt, not missing; a missing file is not-found', async () => {
    const dir = await dirs.make();
    const path = join(dir, 'c.json');
    await writeFile(path, 'null');
    await expect(readDocument(path, CampaignFileSchema, 'c.json')).rejects.toMatchObject({ code: 'corrupt-file' });
    expect(await readFile(path, 'utf8')).toBe('null');
    await expect(readDocument(join(dir, 'nope.json'), CampaignFileSchema, 'nope.json')).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('the sample encounter validates against the schema', async () => {
    const file = await readVersionedDocument('encounter', encounterFilePath(SAMPLE_CAMPAIGN_DIR), EncounterFileSchema, 'sample');
    expect(file.fromVersion).toBe(1);
    expect(file.data.initial.figures.map((f) => f.id)).toEqual(['bram', 'ilsa', 'grak', 'sella']);
  });
});

describe('changes to campaign.json asked for at once', () => {
  it('all stay, in the order they were asked for, in memory and on disk', async () => {
    const dir = await copySample(await dirs.make());
    const folder = await openCampaignFolder(dir);
    // Every declared setting at its default but the two sizes: a whole legibility, as the GM's page sends it.
    const look = (tokenScale: number): PlayerLegibility => ({ ...DEFAULT_LEGIBILITY, tokenScale, labelScale: 1 });
    // Not awaited one by one: as when a GM changes a setting and another before main answers.
    await Promise.all([
      folder.renameCampaign('Renamed at the table'),
      folder.updateCampaign((c) => ({ ...c, playerDisplay: look(1.5) })),
      folder.updateCampaign((c) => ({ ...c, playerDisplay: look(2) })),
    ]);
    const onDisk = CampaignFileSchema.parse(JSON.parse(await readFile(join(dir, 'campaign.json'), 'utf8')));
    for (const c of [folder.campaign, (await openCampaignFolder(dir)).campaign, onDisk]) {
      expect(c.name).toBe('Renamed at the table');
      expect(c.playerDisplay).toEqual(look(2));
    }
  });
});
