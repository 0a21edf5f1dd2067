/** The recent-campaigns list: newest first, no duplicates, at most 10, and never a blocker. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addRecent, readRecent } from '../../../src/main/store/recent';
import { tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const recentPath = async () => join(await dirs.make(), 'recent.json');
const onDisk = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as unknown;

describe('recent campaigns', () => {
  it('is empty when there is no file yet', async () => {
    expect(await readRecent(await recentPath())).toEqual([]);
  });

  it('keeps the newest first and writes the list to disk', async () => {
    const path = await recentPath();
    await addRecent(path, '/c/one');
    await addRecent(path, '/c/two');
    expect(await addRecent(path, '/c/three')).toEqual(['/c/three', '/c/two', '/c/one']);
    expect(await readRecent(path)).toEqual(['/c/three', '/c/two', '/c/one']);
    expect(await onDisk(path)).toEqual({ schemaVersion: 1, campaigns: ['/c/three', '/c/two', '/c/one'] });
  });

  it('moves a campaign opened again to the front instead of listing it twice', async () => {
    const path = await recentPath();
    for (const d of ['/c/a', '/c/b', '/c/c']) await addRecent(path, d);
    expect(await addRecent(path, '/c/a')).toEqual(['/c/a', '/c/c', '/c/b']);
    expect(await addRecent(path, '/c/a')).toEqual(['/c/a', '/c/c', '/c/b']);
  });

  it('keeps at most 10, dropping the oldest', async () => {
    const path = await recentPath();
    for (let i = 1; i <= 13; i++) await addRecent(path, `/c/${i}`);
    const list = await readRecent(path);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('/c/13');
    expect(list.at(-1)).toBe('/c/4');
    expect(list).not.toContain('/c/3');
  });

  it.each([
    ['truncated JSON', '{"schemaVersion":1,"campaigns":["/c/a"'],
    ['an empty file', ''],
    ['the wrong shape', JSON.stringify({ schemaVersion: 2, campaigns: 'x' })],
    ['garbage', '\u0000\u0001garbage'],
  ])('survives %s: reads as empty and the next add writes a good list', async (_k, text) => {
    const path = await recentPath();
    await writeFile(path, text);
    expect(await readRecent(path)).toEqual([]);
    expect(await addRecent(path, '/c/new')).toEqual(['/c/new']);
    expect(await onDisk(path)).toEqual({ schemaVersion: 1, campaigns: ['/c/new'] });
  });
});
