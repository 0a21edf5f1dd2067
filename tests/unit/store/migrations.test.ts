/**
 * Migrations (issue 6 §5): every file has `schemaVersion`; older files are walked up an ordered
 * list of `from → to` steps on load. Fixtures: a v0 campaign (written before versions existed)
 * and the v1 sample campaign.
 */
import { cp, readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { Session } from '../../../src/main/session/session';
import { listBackups } from '../../../src/main/store/backups';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { CURRENT_VERSION, MIGRATIONS, migrate } from '../../../src/main/store/migrations';
import { CampaignFileSchema, EncounterFileSchema } from '../../../src/main/store/schema';
import { copySample, readLogFile, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const FIXTURE_V0 = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'v0-campaign');

describe('the migration steps', () => {
  it('are an unbroken chain from 0 to the current version for every kind of file', () => {
    for (const kind of ['campaign', 'encounter'] as const) {
      expect(MIGRATIONS[kind].map((s) => [s.from, s.to])).toEqual(
        Array.from({ length: CURRENT_VERSION[kind] }, (_, i) => [i, i + 1]),
      );
    }
    expect(CURRENT_VERSION).toEqual({ campaign: 2, encounter: 2 });
  });

  it('v0 campaign → v2: versioned, RULINGS default rules, empty roster and spell edits', () => {
    const out = migrate('campaign', { id: 'c', name: 'C' }, 'campaign.json');
    expect(out.from).toBe(0);
    expect(CampaignFileSchema.parse(out.data)).toEqual({
      schemaVersion: 2,
      id: 'c',
      name: 'C',
      activeEncounterId: null,
      rules: DEFAULT_RULES,
      roster: [],
      spellEdits: {},
    });
  });

  it('v1 encounter → v2: its name, the campaign’s rules, and the embedded log taken out', () => {
    const rules = { ...DEFAULT_RULES, brokenGroundCost: 3 };
    const raw = JSON.parse(JSON.stringify({ schemaVersion: 1, id: 'e', seed: 5, initial: { name: 'Bridge' }, log: [{ seq: 1 }] }));
    const out = migrate('encounter', raw, 'encounters/e.json', { rules });
    expect(out.data).toEqual({ schemaVersion: 2, id: 'e', seed: 5, initial: { name: 'Bridge' }, name: 'Bridge', createdAt: null, rules });
    expect(out.extracted.log).toEqual([{ seq: 1 }]);
    // The input is not changed.
    expect(raw.log).toEqual([{ seq: 1 }]);
  });

  it('refuses a file from a newer console, and a version that is not a number', () => {
    expect(() => migrate('encounter', { schemaVersion: 3 }, 'encounters/x.json')).toThrow(
      /encounters\/x\.json was written by a newer version of the console \(schemaVersion 3; this one reads up to 2\)/,
    );
    expect(() => migrate('campaign', { schemaVersion: -1 }, 'campaign.json')).toThrow(/not a version number/);
    expect(() => migrate('campaign', { schemaVersion: 1.5 }, 'campaign.json')).toThrow(/not a version number/);
  });
});

describe('opening old campaigns', () => {
  it('a v0 fixture campaign opens: files rewritten at v2 after backups, the log moved to .log.jsonl and replayed', async () => {
    const dir = join(await dirs.make(), 'Old');
    await cp(FIXTURE_V0, dir, { recursive: true });
    const folder = await openCampaignFolder(dir);
    expect(folder.campaign.schemaVersion).toBe(2);
    expect(JSON.parse(await readFile(join(dir, 'campaign.json'), 'utf8')).schemaVersion).toBe(2);
    expect(await listBackups(dir, 'campaign.json')).toHaveLength(1);

    const session = await Session.open(folder, recordingSink());
    expect(session.gmView().history.logLength).toBe(2);
    const tam = session.gmView().encounter.figures.find((f) => f.id === 'tam');
    expect([tam?.position, tam?.facing]).toEqual([{ q: 2, r: 1 }, 2]);
    const doc = JSON.parse(await readFile(join(dir, 'encounters', 'old-fight.json'), 'utf8')) as Record<string, unknown>;
    expect(EncounterFileSchema.parse(doc)).toMatchObject({ schemaVersion: 2, name: 'Old fight', rules: DEFAULT_RULES, createdAt: null });
    expect('log' in doc).toBe(false);
    expect((await readLogFile(dir, 'old-fight')).map((e) => e.command.type)).toEqual(['moveFigure', 'turnFigure']);
    // The v0 bytes are kept in the backups.
    const [backup] = await listBackups(dir, 'encounters/old-fight.json');
    const kept = JSON.parse(await readFile(join(dir, 'backups', 'encounters--old-fight.json', backup!.name), 'utf8'));
    expect(kept.schemaVersion).toBeUndefined();
    expect(kept.log).toHaveLength(2);
    // Undo works on the migrated log; a new command is appended after it.
    await session.undo();
    expect(session.gmView().encounter.figures.find((f) => f.id === 'tam')?.facing).toBe(0);
    await session.execute({ type: 'turnFigure', figureId: 'tam', facing: 4 });
    expect((await readLogFile(dir, 'old-fight')).map((e) => [e.seq, e.command.type])).toEqual([
      [1, 'moveFigure'],
      [2, 'turnFigure'],
    ]);
    await session.close();
  });

  it('the v1 sample campaign migrates; the migrated encounter reopens without migrating again', async () => {
    const dir = await copySample(await dirs.make());
    const first = await Session.open(await openCampaignFolder(dir), recordingSink());
    await first.close();
    expect((await readdir(join(dir, 'encounters'))).sort()).toEqual(['ford-ambush.json', 'ford-ambush.log.jsonl']);
    const backupsBefore = await listBackups(dir, 'encounters/ford-ambush.json');
    expect(backupsBefore).toHaveLength(1);
    const again = await Session.open(await openCampaignFolder(dir), recordingSink());
    expect(await listBackups(dir, 'encounters/ford-ambush.json')).toEqual(backupsBefore);
    expect(again.rules).toEqual(DEFAULT_RULES);
    await again.close();
  });
});
