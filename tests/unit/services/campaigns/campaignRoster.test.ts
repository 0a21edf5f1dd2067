/**
 * The campaign roster (services/campaigns/campaignRoster.ts): entries read as sheets or with the
 * reason they cannot be placed, ids from names, a figure kept in place of the entry of its name
 * and kind, the 1,000-entry cap, and the open campaign's roster kept and emptied on disk.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listRoster,
  removeFromRoster,
  rosterId,
  rosterItems,
  ROSTER_LIMIT,
  saveToRoster,
  withRosterEntry,
} from '../../../../src/main/services/campaigns/campaignRoster';
import type { CampaignFile, RosterEntry } from '../../../../src/main/store/schema';
import { AppError } from '../../../../src/shared/errors';
import { gmCoreForTests } from '../../../support/gmCore';

const gm = gmCoreForTests();
const entry = (id: string, name: string, kind: RosterEntry['kind'] = 'character', sheet: Record<string, unknown> = {}): RosterEntry => ({
  id,
  name,
  kind,
  sheet,
});
const campaignWith = (roster: RosterEntry[]): CampaignFile => ({ ...gm.core.folder.campaign, roster });

describe('rosterId', () => {
  it('makes pc- and npc- ids from the name, numbered from 2 when taken', () => {
    expect(rosterId([], 'Sir Ælfric the Bold!', 'character')).toBe('pc-sir-lfric-the-bold');
    expect(rosterId([], '***', 'npc-template')).toBe('npc-figure');
    expect(rosterId([entry('pc-ann', 'Ann'), entry('pc-ann-2', 'Ann')], 'Ann', 'character')).toBe('pc-ann-3');
  });
});

describe('rosterItems', () => {
  it('reads a sheet that cannot be placed with the reason', () => {
    const [item] = rosterItems([entry('pc-x', 'X', 'character', { name: 'X' })]);
    expect(item).toMatchObject({ id: 'pc-x', name: 'X', kind: 'character', sheet: null });
    expect(item!.problem).toMatch(/^This entry cannot be placed: /);
  });
});

describe('withRosterEntry', () => {
  it('adds a new name at the end and replaces the entry of the same name and kind, keeping its id', () => {
    const start = campaignWith([entry('pc-ann', 'Ann')]);
    const added = withRosterEntry(start, 'Ann', 'npc-template', { a: 1 });
    expect(added.roster.map((e) => [e.id, e.kind])).toEqual([
      ['pc-ann', 'character'],
      ['npc-ann', 'npc-template'],
    ]);
    const replaced = withRosterEntry(added, 'Ann', 'character', { b: 2 });
    expect(replaced.roster).toEqual([entry('pc-ann', 'Ann', 'character', { b: 2 }), entry('npc-ann', 'Ann', 'npc-template', { a: 1 })]);
  });

  it('refuses a new entry in a full roster (conflict) but still replaces one in it', () => {
    const full = campaignWith(Array.from({ length: ROSTER_LIMIT }, (_, i) => entry(`pc-f${i}`, `F${i}`)));
    let refused: unknown;
    try {
      withRosterEntry(full, 'Newcomer', 'character', {});
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'conflict', message: 'The roster is full (1,000 entries).' });
    expect(withRosterEntry(full, 'F7', 'character', { kept: true }).roster[7]).toEqual(entry('pc-f7', 'F7', 'character', { kept: true }));
  });
});

describe('the open campaign’s roster', () => {
  it('keeps a figure of the open encounter on disk, lists it, and takes it out again', async () => {
    const library = gm.core.campaigns;
    const before = listRoster(library);
    const saved = await saveToRoster(library, 'bram', 'character');
    const bram = saved.find((e) => e.name === 'Bram' && e.kind === 'character')!;
    expect(bram.problem).toBeNull();
    expect(bram.sheet).toMatchObject({ name: 'Bram', attributes: { method: 'set' } });
    expect(listRoster(library)).toEqual(saved);
    // Kept again: the same entry, not a second one.
    expect(await saveToRoster(library, 'bram', 'character')).toEqual(saved);
    // campaign.json holds it.
    const onDisk = JSON.parse(await readFile(join(library.folder.dir, 'campaign.json'), 'utf8')) as { roster: { id: string }[] };
    expect(onDisk.roster.some((e) => e.id === bram.id)).toBe(true);
    expect(await removeFromRoster(library, bram.id)).toEqual(before);
    await expect(removeFromRoster(library, bram.id)).rejects.toMatchObject({ code: 'not-found', message: `There is no roster entry "${bram.id}".` });
    await expect(saveToRoster(library, 'nobody', 'character')).rejects.toMatchObject({ code: 'not-found' });
  });
});
