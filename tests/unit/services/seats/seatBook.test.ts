/**
 * The seats' file (services/seats/seatBook.ts): changes made at once all land, a failed write
 * changes nothing, and a damaged file is set aside, never deleted.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SEATS_FILE, SeatBook } from '../../../../src/main/services/seats/seatBook';
import { tempDirs } from '../../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

describe('the seat book', () => {
  it('keeps every one of several changes made at once, in the order they were asked', async () => {
    const dir = await dirs.make();
    const book = await SeatBook.open(dir);
    const made = await Promise.all(['Anna', 'Ben', 'Cara'].map((name, i) => book.save(null, name, [`f${i}`])));
    expect(made.map((s) => s.id)).toEqual(['seat-1', 'seat-2', 'seat-3']);
    const renamed = book.save('seat-2', 'Benedict', ['f1', 'f1', 'f4']);
    const revoked = book.revoke('seat-1');
    await Promise.all([renamed, revoked]);
    const again = await SeatBook.open(dir);
    expect(again.list().map((s) => [s.id, s.name, s.figureIds])).toEqual([
      ['seat-2', 'Benedict', ['f1', 'f4']],
      ['seat-3', 'Cara', ['f2']],
    ]);
  });

  it('a write that fails leaves the seats as they were, on disk and in memory', async () => {
    const dir = await dirs.make();
    const book = await SeatBook.open(dir);
    await book.save(null, 'Anna', ['bram']);
    // The file cannot be replaced: a folder with something in it stands where it would go.
    const path = join(dir, SEATS_FILE);
    const kept = await readFile(path, 'utf8');
    await rm(path);
    await mkdir(join(path, 'in-the-way'), { recursive: true });
    await expect(book.save(null, 'Ben', ['ilsa'])).rejects.toThrow();
    expect(book.list().map((s) => s.name)).toEqual(['Anna']);
    await rm(path, { recursive: true });
    await writeFile(path, kept);
    expect((await SeatBook.open(dir)).list().map((s) => s.name)).toEqual(['Anna']);
    // The next change is made from the seats as they are.
    await book.save(null, 'Ben', ['ilsa']);
    expect((await SeatBook.open(dir)).list().map((s) => s.name)).toEqual(['Anna', 'Ben']);
  });

  it('a damaged file is set aside under a new name, said in the log, and the console starts with none', async () => {
    const dir = await dirs.make();
    await writeFile(join(dir, SEATS_FILE), '{"schemaVersion":1,"seats":[{"id":"seat-1"');
    const lines: string[] = [];
    const book = await SeatBook.open(dir, (m) => lines.push(m));
    expect(book.list()).toEqual([]);
    const aside = (await readdir(dir)).filter((f) => f.startsWith(`${SEATS_FILE}.damaged-`));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0]!), 'utf8')).toBe('{"schemaVersion":1,"seats":[{"id":"seat-1"');
    expect(lines.join('\n')).toMatch(/seats file was damaged/);
  });
});
