/**
 * Imports stay all or nothing under a kill at any moment (store/bundleImport.ts,
 * importJournal.ts): a child process imports a campaign and a two-encounter export again and
 * again and is killed with SIGKILL inside each step of them; after each kill the console's start-up
 * clean-up runs (store/leftovers.ts), and then every campaign folder reads, every encounter opens,
 * the two encounters of an import are there together or not at all, and no temporary file is left.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { CampaignFolder } from '../../../src/main/store/campaignFolder';
import { cleanDataFolder } from '../../../src/main/store/leftovers';
import { Session } from '../../../src/main/session/session';
import { bytesOf, exportToFile, jsonOf, rewriteZip } from '../../support/bundles';
import { chunksOf, realImage } from '../../support/images';
import { REPO_ROOT, SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterAll(() => dirs.cleanup());
const closing = closeAfterEach();

const JITI = join(REPO_ROOT, 'node_modules', '.bin', 'jiti');
const CHILD = join(REPO_ROOT, 'tests', 'support', 'importChild.ts');

/** When to kill: once `imports` imports have finished, `delayMs` after the next one begins `step`. */
interface Kill {
  readonly imports: number;
  readonly step: string;
  readonly delayMs: number;
}

/** Runs the child until its kill moment, then SIGKILLs it; returns the imports it finished. */
function runAndKill(args: string[], kill: Kill): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(JITI, [CHILD, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const done: string[] = [];
    let buffer = '';
    let stderr = '';
    let armed = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const m = /^imported (\w+)$/.exec(line);
        if (m) done.push(m[1]!);
        if (!armed && done.length === kill.imports && line.startsWith(`step ${kill.step}`)) {
          armed = true;
          setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
        }
      }
    });
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(done) : reject(new Error(`the child ended by itself: ${stderr}`))));
  });
}

/**
 * Kill moments inside each part of a campaign import (the first) and of an encounter import (the
 * second), most around the writing, where the staged files become the real ones.
 */
const KILLS: Kill[] = [
  { imports: 0, step: 'Unpacking', delayMs: 0 },
  { imports: 0, step: 'Replaying', delayMs: 0 },
  { imports: 0, step: 'Checking the images', delayMs: 3 },
  { imports: 0, step: 'Writing', delayMs: 0 },
  { imports: 0, step: 'Writing', delayMs: 4 },
  { imports: 0, step: 'Writing', delayMs: 15 },
  { imports: 1, step: 'Unpacking', delayMs: 0 },
  { imports: 1, step: 'Checking the images', delayMs: 0 },
  { imports: 1, step: 'Writing', delayMs: 0 },
  { imports: 1, step: 'Writing', delayMs: 3 },
  { imports: 1, step: 'Writing', delayMs: 10 },
  { imports: 2, step: 'Writing', delayMs: 6 },
];

describe('SIGKILL during imports', () => {
  it('leaves each import whole or absent, never half, and no leftovers after the start-up clean-up', async () => {
    // The export files: the sample campaign with a map image of its own, and two of its encounters in one file.
    const source = closing.add(await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    const map = await source.importImageStream(chunksOf(await realImage('png', 600, 400), 64 * 1024), null);
    await source.session.execute({ type: 'setMapImage', image: { asset: map.asset, width: 600, height: 400 } });
    const campaignBundle = (await exportToFile(source, await dirs.make())).path;
    const one = (await exportToFile(source, await dirs.make(), 'ford-ambush')).path;
    const encounterBundle = await rewriteZip(one, join(await dirs.make(), 'two.zip'), (es) => {
      const doc = jsonOf(es.find((e) => e.name === 'encounters/ford-ambush.json')!.bytes) as { initial: object };
      const id = 'second-fight';
      return [
        ...es.map((e) => (e.name === 'pillars-bundle.json' ? { ...e, bytes: bytesOf({ ...jsonOf(e.bytes), encounters: ['ford-ambush', id] }) } : e)),
        { name: `encounters/${id}.json`, bytes: bytesOf({ ...doc, id, name: 'Second fight', initial: { ...doc.initial, id, name: 'Second fight' } }) },
        { name: `encounters/${id}.log.jsonl`, bytes: Buffer.alloc(0) },
      ];
    });

    const dataDir = await dirs.make();
    const home = join(dataDir, 'campaigns');
    const target = closing.add(await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink()));
    const campaignDir = target.campaigns.campaignDir;
    const finished: string[] = [];
    for (const kill of KILLS) {
      finished.push(...(await runAndKill([home, campaignDir, campaignBundle, encounterBundle], kill)));
      // What the console does when it starts again.
      await cleanDataFolder(dataDir, home);
      const folder = await CampaignFolder.open(campaignDir);

      const temporary = (names: string[]) => names.filter((n) => n.startsWith('.import-') || n.endsWith('.tmp'));
      expect(temporary(await readdir(home))).toEqual([]);
      expect(temporary(await readdir(campaignDir))).toEqual([]);
      expect(temporary(await readdir(join(campaignDir, 'assets')))).toEqual([]);
      expect(temporary(await readdir(join(campaignDir, 'encounters')))).toEqual([]);
      // Every imported campaign is whole: it reads, and its encounter opens with the map image it uses.
      for (const name of (await readdir(home)).filter((n) => n !== 'Sample Campaign')) {
        const imported = await CampaignFolder.open(join(home, name));
        const session = await Session.open(imported, recordingSink());
        expect(session.gmView().encounter.map.image?.asset).toBe(map.asset);
        expect((await readdir(join(home, name, 'assets'))).includes(map.asset)).toBe(true);
        await session.close();
      }
      // The two encounters of each encounter import came together, and each opens.
      const list = await folder.listEncounters();
      expect(list.every((e) => e.problem === null)).toBe(true);
      const firsts = list.filter((e) => e.name.startsWith('Ambush at the Ford (imported')).length;
      const seconds = list.filter((e) => e.name.startsWith('Second fight')).length;
      expect(firsts).toBe(seconds);
      for (const e of list) await (await folder.readEncounter(e.id)).log.close();
    }
    // Imports that returned before a kill are all there (the folders may hold one more: killed after its last rename).
    const campaigns = (await readdir(home)).length - 1;
    const encounterImports = ((await (await CampaignFolder.open(campaignDir)).listEncounters()).length - 1) / 2;
    expect(finished.length).toBeGreaterThanOrEqual(KILLS.filter((k) => k.imports > 0).length);
    expect(campaigns).toBeGreaterThanOrEqual(finished.filter((k) => k === 'campaign').length);
    expect(encounterImports).toBeGreaterThanOrEqual(finished.filter((k) => k === 'encounter').length);
  }, 240_000);
});
