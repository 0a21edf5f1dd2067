/**
 * Migrations: every file has `schemaVersion`; older files are walked up an ordered list of
 * `from → to` steps on load. Fixtures: a v0 campaign (written before versions existed), the v1
 * sample campaign and a v2 campaign (before the options' settings and spell edits joined the
 * rules).
 */
import { cp, readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPTION_SETTINGS, DEFAULT_RULES, settingsOf } from '../../../src/main/engine/rules';
import { Session } from '../../../src/main/session/session';
import { listBackups } from '../../../src/main/store/backups';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { CURRENT_VERSION, MIGRATIONS, migrate } from '../../../src/main/store/migrations';
import { CampaignFileSchema, EncounterFileSchema } from '../../../src/main/store/schema';
import { copySample, readLogFile, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const FIXTURE_V0 = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'stored', 'campaign-v0');
const FIXTURE_V2 = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'stored', 'campaign-v2');

describe('the migration steps', () => {
  it('are an unbroken chain from 0 to the current version for every kind of file', () => {
    for (const kind of ['campaign', 'encounter'] as const) {
      expect(MIGRATIONS[kind].map((s) => [s.from, s.to])).toEqual(Array.from({ length: CURRENT_VERSION[kind] }, (_, i) => [i, i + 1]));
    }
    expect(CURRENT_VERSION).toEqual({ campaign: 4, encounter: 3 });
  });

  it('v0 campaign → v4: versioned, RULINGS default rules, empty roster, no top-level spell edits', () => {
    const out = migrate('campaign', { id: 'c', name: 'C' }, 'campaign.json');
    expect(out.from).toBe(0);
    expect(CampaignFileSchema.parse(out.data)).toEqual({
      schemaVersion: 4,
      id: 'c',
      name: 'C',
      activeEncounterId: null,
      rules: DEFAULT_RULES,
      roster: [],
    });
    expect(out.data).not.toHaveProperty('spellEdits');
  });

  it('v3 campaign → v4: top-level spell edits move into the rules (the rules’ own win field by field) and the field goes (RULINGS S9)', () => {
    const raw = {
      schemaVersion: 3,
      id: 'c',
      name: 'C',
      activeEncounterId: null,
      rules: { ...DEFAULT_RULES, spellEdits: { 'control-calm': { castingAttribute: 'WIS' } } },
      roster: [],
      spellEdits: { 'control-calm': { castingAttribute: 'INT', continuing: false }, 'mending-heal': { continuing: true } },
    };
    const out = migrate('campaign', JSON.parse(JSON.stringify(raw)), 'campaign.json');
    expect(out.from).toBe(3);
    expect(out.data).toEqual({
      schemaVersion: 4,
      id: 'c',
      name: 'C',
      activeEncounterId: null,
      rules: { ...DEFAULT_RULES, spellEdits: { 'control-calm': { castingAttribute: 'WIS', continuing: false }, 'mending-heal': { continuing: true } } },
      roster: [],
    });
    expect(CampaignFileSchema.safeParse(out.data).success).toBe(true);
    // A v4 file that still carries the old field is refused (the schema is strict).
    expect(CampaignFileSchema.safeParse({ ...(out.data as object), spellEdits: {} }).success).toBe(false);
  });

  it('v1 encounter → v3: its name, the campaign’s rules (its spell edits not: it cast from 001’s catalogue), and the embedded log taken out', () => {
    const rules = { ...DEFAULT_RULES, brokenGroundCost: 3, spellEdits: { 'mending-heal': { continuing: true } } };
    const raw = JSON.parse(JSON.stringify({ schemaVersion: 1, id: 'e', seed: 5, initial: { name: 'Bridge' }, log: [{ seq: 1 }] }));
    const out = migrate('encounter', raw, 'encounters/e.json', { rules });
    expect(out.data).toEqual({
      schemaVersion: 3,
      id: 'e',
      seed: 5,
      initial: { name: 'Bridge' },
      name: 'Bridge',
      createdAt: null,
      rules: { ...rules, spellEdits: {} },
    });
    expect(out.extracted.log).toEqual([{ seq: 1 }]);
    // The input is not changed.
    expect(raw.log).toEqual([{ seq: 1 }]);
  });

  it('refuses a file from a newer console, and a version that is not a number', () => {
    expect(() => migrate('encounter', { schemaVersion: 4 }, 'encounters/x.json')).toThrow(
      /encounters\/x\.json was written by a newer version of the console \(schemaVersion 4; this one reads up to 3\)/,
    );
    expect(() => migrate('campaign', { schemaVersion: -1 }, 'campaign.json')).toThrow(/not a version number/);
    expect(() => migrate('campaign', { schemaVersion: 1.5 }, 'campaign.json')).toThrow(/not a version number/);
  });
});

describe('opening old campaigns', () => {
  it('a v0 fixture campaign opens: files rewritten at the current versions (campaign v4, encounter v3) after backups, the log moved to .log.jsonl and replayed', async () => {
    const dir = join(await dirs.make(), 'Old');
    await cp(FIXTURE_V0, dir, { recursive: true });
    const folder = await openCampaignFolder(dir);
    expect(folder.campaign.schemaVersion).toBe(4);
    expect(JSON.parse(await readFile(join(dir, 'campaign.json'), 'utf8')).schemaVersion).toBe(4);
    expect(JSON.parse(await readFile(join(dir, 'campaign.json'), 'utf8'))).not.toHaveProperty('spellEdits');
    expect(await listBackups(dir, 'campaign.json')).toHaveLength(1);

    const session = await Session.open(folder, recordingSink());
    expect(session.gmView().history.logLength).toBe(2);
    const tam = session.gmView().encounter.figures.find((f) => f.id === 'tam');
    expect([tam?.position, tam?.facing]).toEqual([{ q: 2, r: 1 }, 2]);
    const doc = JSON.parse(await readFile(join(dir, 'encounters', 'old-fight.json'), 'utf8')) as Record<string, unknown>;
    expect(EncounterFileSchema.parse(doc)).toMatchObject({ schemaVersion: 3, name: 'Old fight', rules: DEFAULT_RULES, createdAt: null });
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

  it('a v2 fixture campaign opens at v4: the stress die joins the rules, spell edits move into them; its encounter keeps 001’s catalogue and its own options', async () => {
    const dir = join(await dirs.make(), 'V2');
    await cp(FIXTURE_V2, dir, { recursive: true });
    const folder = await openCampaignFolder(dir);
    expect(folder.campaign.schemaVersion).toBe(4);
    expect(folder.campaign).not.toHaveProperty('spellEdits');
    expect(folder.campaign.rules.spellEdits).toEqual({ 'control-calm': { castingAttribute: 'WIS' } });
    expect(folder.campaign.rules.optionSettings).toEqual(DEFAULT_OPTION_SETTINGS);
    expect(folder.campaign.rules.options.perCharacterInitiative).toBe(true);
    expect(await listBackups(dir, 'campaign.json')).toHaveLength(1);

    const session = await Session.open(folder, recordingSink());
    // The encounter's own rules: O2 as it was written, no spell edits (it started with 001's catalogue).
    expect(settingsOf(session.rules)).toEqual({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, perCharacterInitiative: true } });
    const doc = JSON.parse(await readFile(join(dir, 'encounters', 'skirmish.json'), 'utf8')) as Record<string, unknown>;
    expect(EncounterFileSchema.parse(doc)).toMatchObject({
      schemaVersion: 3,
      rules: { spellEdits: {}, optionSettings: { declaredIntent: { stressDie: { sides: 10, explodeOn: 1 } } } },
    });
    // RULINGS O2 drives the migrated encounter: one 1d20 per figure (ann 4, bo 17).
    await session.execute({ type: 'rollInitiative' }, [[4], [17]]);
    expect(session.gmView().encounter.tracker.initiative).toEqual({
      rolls: [
        { sideId: 'ann', total: 4 },
        { sideId: 'bo', total: 17 },
      ],
      order: ['bo', 'ann'],
      chosen: true,
    });
    await session.close();
  });
});
