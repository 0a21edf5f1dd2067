/**
 * The campaign channel group through the real dispatcher: campaigns and encounters created,
 * renamed, duplicated, deleted and opened; rules settings validated; and 10,000 malformed payloads
 * refused with typed errors, changing nothing.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { CHANNELS, ERROR_CODES, channelNamesFor } from '../../../src/shared/contract';
import { encounterLogPath } from '../../support/tempCampaign';
import { gmCoreForTests } from '../../support/gmCore';

const gm = gmCoreForTests();
const { call, ok } = gm;

describe('campaigns', () => {
  it('create, list, rename, duplicate, reopen and delete', async () => {
    const made = await ok<{ name: string; folder: string; open: boolean }>(call('createCampaign', { name: 'Crypt' }));
    expect(made).toMatchObject({ name: 'Crypt', folder: 'Crypt', open: true });
    expect((await ok<{ name: string }>(call('renameCampaign', { name: 'The Crypt' }))).name).toBe('The Crypt');
    expect(gm.core.session.gmView().campaign.name).toBe('The Crypt');
    const copy = await ok<{ folder: string; name: string; open: boolean }>(call('duplicateCampaign', { name: 'Crypt copy' }));
    expect(copy).toMatchObject({ folder: 'Crypt copy', name: 'Crypt copy', open: false });
    const list = await ok<{ campaigns: { folder: string; name: string }[]; canChoose: boolean }>(call('listCampaigns', {}));
    expect(list.campaigns.map((c) => [c.folder, c.name])).toEqual([
      ['Crypt', 'The Crypt'],
      ['Crypt copy', 'Crypt copy'],
      ['Sample Campaign', 'Sample Campaign'],
    ]);
    expect(list.canChoose).toBe(false);
    expect(await call('openCampaign', { choose: true })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call('deleteCampaign', { folder: 'Crypt' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    await ok(call('openCampaign', { folder: 'Sample Campaign' }));
    const moved = await ok<{ movedTo: string }>(call('deleteCampaign', { folder: 'Crypt copy' }));
    expect(await readdir(moved.movedTo)).toContain('campaign.json');
    expect(await call('openCampaign', { folder: 'Crypt copy' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it.each([{ folder: '..' }, { folder: '../x' }, { folder: 'a/b' }, { folder: '.hidden' }, { folder: 'C:\\x' }, { path: '/etc' }])(
    'never opens a folder outside the data folder from a page: %j',
    async (ref) => {
      const r = await call('openCampaign', ref);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(['invalid-args', 'forbidden']).toContain(r.error.code);
    },
  );
});

describe('encounters', () => {
  it('create, rename, duplicate, open, delete — and the open one cannot be deleted', async () => {
    await ok(call('openCampaign', { folder: 'Sample Campaign' }));
    const made = await ok<{ id: string }>(call('createEncounter', { name: 'Bridge Fight' }));
    expect(made.id).toBe('bridge-fight');
    await ok(call('renameEncounter', { id: 'bridge-fight', name: 'Bridge at Dusk' }));
    const dup = await ok<{ id: string; name: string }>(call('duplicateEncounter', { id: 'bridge-fight', name: 'Bridge at Dusk' }));
    expect(dup).toMatchObject({ id: 'bridge-at-dusk', name: 'Bridge at Dusk' });
    const view = await ok<{ encounter: { name: string } }>(call('openEncounter', { id: 'bridge-fight' }));
    expect(view.encounter.name).toBe('Bridge at Dusk');
    expect(await call('deleteEncounter', { id: 'bridge-fight' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const left = await ok<{ openId: string; encounters: { id: string }[] }>(call('deleteEncounter', { id: 'bridge-at-dusk' }));
    expect(left).toEqual({
      openId: 'bridge-fight',
      encounters: [expect.objectContaining({ id: 'bridge-fight' }), expect.objectContaining({ id: 'ford-ambush' })],
    });
    expect(JSON.parse(await readFile(join(gm.core.campaigns.campaignDir, 'campaign.json'), 'utf8')).activeEncounterId).toBe('bridge-fight');
    await ok(call('openEncounter', { id: 'ford-ambush' }));
  });
});

describe('a new encounter’s battlemap', () => {
  it('takes its size and hex layout at creation (flat or pointy), and refuses sizes off the range', async () => {
    const created = await ok<{ id: string }>(call('createEncounter', { name: 'Tower stair', map: { cols: 12, rows: 40, orientation: 'pointy' } }));
    const view = await ok<{ encounter: { map: { cols: number; rows: number; orientation: string } } }>(call('openEncounter', { id: created.id }));
    expect(view.encounter.map).toMatchObject({ cols: 12, rows: 40, orientation: 'pointy' });
    const tooSmall = await call('createEncounter', { name: 'Cupboard', map: { cols: 2, rows: 40, orientation: 'flat' } });
    expect(tooSmall).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    const fallback = await ok<{ id: string }>(call('createEncounter', { name: 'Plain field' }));
    const plain = await ok<{ encounter: { map: { cols: number; rows: number; orientation: string } } }>(call('openEncounter', { id: fallback.id }));
    expect(plain.encounter.map).toMatchObject({ cols: 30, rows: 20, orientation: 'flat' });
    await ok(call('openEncounter', { id: 'ford-ambush' }));
  });
});

describe('rules settings', () => {
  it('get and set, validated; new encounters take the campaign’s rules, old ones keep theirs', async () => {
    expect(await ok(call('getRules', {}))).toEqual(DEFAULT_RULES);
    const rules = { ...DEFAULT_RULES, brokenGroundCost: 3, options: { ...DEFAULT_RULES.options, classic: true } };
    expect(await ok(call('setRules', { rules }))).toEqual(rules);
    expect(await call('setRules', { rules: { ...rules, brokenGroundCost: 9 } })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(await call('setRules', { rules: { ...rules, extra: true } })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    await ok(call('createEncounter', { name: 'Under new rules' }));
    const fresh = JSON.parse(await readFile(join(gm.core.campaigns.campaignDir, 'encounters', 'under-new-rules.json'), 'utf8'));
    expect(fresh.rules).toEqual(rules);
    expect(gm.core.session.rules).toEqual(DEFAULT_RULES);
  });

  it('setRules leaves the open encounter’s rules and behaviour alone; a new encounter copies the new rules; the old one reopens with its own', async () => {
    await ok(call('openEncounter', { id: 'ford-ambush' }));
    expect(gm.core.session.rules).toEqual(DEFAULT_RULES);
    // RULINGS O2 for the campaign from now on: 1d20 per figure instead of 1d6 per side.
    const o2 = { ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, perCharacterInitiative: true } };
    expect(await ok(call('setRules', { rules: o2 }))).toEqual(o2);
    expect(await ok(call('getRules', {}))).toEqual(o2);
    expect(gm.core.session.rules).toEqual(DEFAULT_RULES);
    // The open encounter still rolls Pillars side initiative (RULINGS T2): two dice, one per side.
    type Tracker = { encounter: { tracker: { initiative: { rolls: { sideId: string; total: number }[]; order: string[]; chosen: boolean } | null } } };
    const rolled = await gm.send<Tracker>({ type: 'rollInitiative' }, [[5], [2]]);
    expect(rolled.encounter.tracker.initiative).toEqual({
      rolls: [
        { sideId: 'party', total: 5 },
        { sideId: 'foes', total: 2 },
      ],
      order: ['party', 'foes'],
      chosen: false,
    });

    await ok(call('createEncounter', { name: 'After the change' }));
    const fresh = JSON.parse(await readFile(join(gm.core.campaigns.campaignDir, 'encounters', 'after-the-change.json'), 'utf8'));
    expect(fresh.rules).toEqual(o2);
    await ok(call('openEncounter', { id: 'after-the-change' }));
    expect(gm.core.session.rules).toEqual(o2);

    // Back to the old encounter: its own rules, its log replayed under them.
    const again = await ok<Tracker>(call('openEncounter', { id: 'ford-ambush' }));
    expect(gm.core.session.rules).toEqual(DEFAULT_RULES);
    expect(again.encounter.tracker.initiative).toEqual({
      rolls: [
        { sideId: 'party', total: 5 },
        { sideId: 'foes', total: 2 },
      ],
      order: ['party', 'foes'],
      chosen: false,
    });
    const chosen = await gm.send<Tracker>({ type: 'chooseInitiative', sideId: 'party', moveFirst: true });
    expect(chosen.encounter.tracker.initiative?.chosen).toBe(true);
    const file = JSON.parse(await readFile(join(gm.core.campaigns.campaignDir, 'encounters', 'ford-ambush.json'), 'utf8'));
    expect(file.rules).toEqual(DEFAULT_RULES);
  });
});

describe('10,000 malformed payloads through the real dispatcher', () => {
  it('are all refused with a typed error and change nothing', async () => {
    await ok(call('openCampaign', { folder: 'Sample Campaign' }));
    const names = channelNamesFor('gm');
    const before = JSON.stringify(gm.core.session.gmView());
    const logBefore = await readFile(encounterLogPath(gm.core.campaigns.campaignDir)).catch(() => Buffer.alloc(0));
    const listBefore = JSON.stringify(await gm.core.campaigns.listCampaigns());
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.oneof(
          fc.anything({ maxDepth: 3, maxKeys: 4 }),
          fc.dictionary(fc.constantFrom('name', 'id', 'folder', 'path', 'file', 'backup', 'text', 'rules', 'choose', 'command'), fc.anything({ maxDepth: 2 })),
        ),
        async (channel, payload) => {
          const def = CHANNELS[channel];
          fc.pre(!def.args.safeParse(payload ?? {}).success);
          const r = await gm.core.dispatcher.dispatch('gm', channel, payload);
          expect(r.ok).toBe(false);
          if (!r.ok) {
            expect(ERROR_CODES).toContain(r.error.code);
            expect(r.error.code).toBe('invalid-args');
          }
          refused++;
        },
      ),
      { numRuns: 10_000 },
    );
    expect(refused).toBeGreaterThanOrEqual(10_000);
    expect(JSON.stringify(gm.core.session.gmView())).toBe(before);
    expect(await readFile(encounterLogPath(gm.core.campaigns.campaignDir)).catch(() => Buffer.alloc(0))).toEqual(logBefore);
    expect(JSON.stringify(await gm.core.campaigns.listCampaigns())).toBe(listBefore);
  }, 120_000);
});
