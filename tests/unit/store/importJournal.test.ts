/**
 * The import journal (store/importJournal.ts) at each moment a kill can leave it: staged but not
 * decided (dropped when the campaign opens), decided and not moved, or half moved (finished when
 * the campaign opens). A journal naming paths outside the campaign moves nothing.
 */
import { cp, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CampaignFolder } from '../../../src/main/store/campaignFolder';
import { COMMIT_FILE } from '../../../src/main/store/importJournal';
import { copySample, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

/** A staging folder in `dir` holding a copy of the sample encounter as `copy-1`, as an import stages it. */
async function staged(dir: string): Promise<{ stage: string; moves: string[] }> {
  const stage = join(dir, '.import-0123456789ab');
  await mkdir(join(stage, 'encounters'), { recursive: true });
  const doc = JSON.parse(await readFile(join(dir, 'encounters', 'ford-ambush.json'), 'utf8')) as { initial: object };
  await writeFile(join(stage, 'encounters', 'copy-1.log.jsonl'), '');
  await writeFile(
    join(stage, 'encounters', 'copy-1.json'),
    JSON.stringify({ ...doc, id: 'copy-1', name: 'Copy', initial: { ...doc.initial, id: 'copy-1', name: 'Copy' } }),
  );
  return { stage, moves: ['encounters/copy-1.log.jsonl', 'encounters/copy-1.json'] };
}

const ids = async (dir: string) => (await (await CampaignFolder.open(dir)).listEncounters()).map((e) => [e.id, e.problem]);

describe('the import journal when the campaign opens', () => {
  it('a staged import never decided is dropped: nothing of it appears', async () => {
    const dir = await copySample(await dirs.make());
    await staged(dir);
    expect(await ids(dir)).toEqual([['ford-ambush', null]]);
    expect((await readdir(dir)).filter((n) => n.startsWith('.import-'))).toEqual([]);
  });

  it('a decided import not yet moved is finished', async () => {
    const dir = await copySample(await dirs.make());
    const { stage, moves } = await staged(dir);
    await writeFile(join(stage, COMMIT_FILE), JSON.stringify({ moves }));
    expect(await ids(dir)).toEqual([
      ['copy-1', null],
      ['ford-ambush', null],
    ]);
    expect((await readdir(dir)).filter((n) => n.startsWith('.import-'))).toEqual([]);
  });

  it('a decided import killed half-way through its moves is finished', async () => {
    const dir = await copySample(await dirs.make());
    const { stage, moves } = await staged(dir);
    await writeFile(join(stage, COMMIT_FILE), JSON.stringify({ moves }));
    await rename(join(stage, moves[0]!), join(dir, moves[0]!));
    expect(await ids(dir)).toEqual([
      ['copy-1', null],
      ['ford-ambush', null],
    ]);
  });

  it('a journal naming a path outside the campaign is not followed: nothing moves, the staging folder goes', async () => {
    const parent = await dirs.make();
    const dir = await copySample(parent);
    const { stage } = await staged(dir);
    await cp(join(stage, 'encounters', 'copy-1.json'), join(stage, 'evil.json'));
    await writeFile(join(stage, COMMIT_FILE), JSON.stringify({ moves: ['../evil.json', 'encounters/copy-1.json'] }));
    expect(await ids(dir)).toEqual([['ford-ambush', null]]);
    expect(await readdir(parent)).toEqual(['Sample Campaign']);
  });
});
