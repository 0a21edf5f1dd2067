/**
 * The session (DESIGN §One picture): command → engine → log → file → views, undo/redo and replay,
 * on a real copy of the sample campaign on disk (the player trust boundary: sessionSecrets.test.ts).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { Session, replay } from '../../../src/main/session/session';
import { gmView as buildGmView } from '../../../src/main/session/gmView';
import { frameOf } from '../../../src/main/projection/frame';
import { latestLine } from '../../../src/main/projection/line';
import { TABLE } from '../../../src/main/projection/audience';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { Core } from '../../../src/main/host/core';
import type { Command } from '../../../src/shared/contract/commands';
import { GmViewSchema, PlayerViewSchema } from '../../../src/shared/contract/views';
import {
  SAMPLE_CAMPAIGN_DIR,
  copySample,
  encounterFilePath,
  encounterLogPath,
  readEncounterFile,
  recordingSink,
  tempDirs,
  type RecordingSink,
} from '../../support/tempCampaign';
import { FIXED_NOW, codeOf, move, pos, sampleOpener, turn } from './sampleSession';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

const openSample = sampleOpener(dirs, closing);

describe('Session: commands, the log and the file', () => {
  it('opens the sample at revision 0 with an empty log and nothing to undo or redo', async () => {
    const { session, sink } = await openSample();
    expect(session.gmView().history).toEqual({ canUndo: false, canRedo: false, logLength: 0 });
    expect(session.gmView().revision).toBe(0);
    expect(sink.gmViews).toEqual([]);
  });

  it('a move changes the view and is written to the encounter file with its events', async () => {
    const { dir, session } = await openSample();
    const view = await session.execute(move('bram', 10, 5));
    expect(pos(view, 'bram')).toEqual({ q: 10, r: 5 });
    expect(view.history).toEqual({ canUndo: true, canRedo: false, logLength: 1 });
    expect(view.revision).toBe(1);

    const file = await readEncounterFile(dir);
    expect(file.log).toEqual([
      {
        seq: 1,
        at: FIXED_NOW.toISOString(),
        turn: 1,
        phase: 'initiative',
        command: move('bram', 10, 5),
        events: [{ type: 'figureMoved', figureId: 'bram', from: { q: 9, r: 5 }, to: { q: 10, r: 5 }, source: 'RULINGS M7' }],
        rolls: [],
      },
    ]);
    // The initial state on disk is never rewritten: the log is the history.
    expect(file.initial.figures.find((f) => f.id === 'bram')?.position).toEqual({ q: 9, r: 5 });
  });

  it('undo restores the state and shortens the log on disk; redo puts it back', async () => {
    const { dir, session } = await openSample();
    await session.execute(move('bram', 10, 5));
    await session.execute(turn('bram', 2));
    expect((await readEncounterFile(dir)).log).toHaveLength(2);

    const undone = await session.undo();
    expect(undone.encounter.figures.find((f) => f.id === 'bram')?.facing).toBe(0);
    expect(pos(undone, 'bram')).toEqual({ q: 10, r: 5 });
    expect(undone.history).toEqual({ canUndo: true, canRedo: true, logLength: 1 });
    expect((await readEncounterFile(dir)).log.map((e) => e.command)).toEqual([move('bram', 10, 5)]);

    const undone2 = await session.undo();
    expect(pos(undone2, 'bram')).toEqual({ q: 9, r: 5 });
    expect((await readEncounterFile(dir)).log).toEqual([]);
    expect(await codeOf(session.undo())).toEqual({ code: 'conflict', message: 'There is nothing to undo.' });

    const redone = await session.redo();
    expect(pos(redone, 'bram')).toEqual({ q: 10, r: 5 });
    expect(redone.encounter.figures.find((f) => f.id === 'bram')?.facing).toBe(0);
    const redone2 = await session.redo();
    expect(redone2.encounter.figures.find((f) => f.id === 'bram')?.facing).toBe(2);
    expect(redone2.history).toEqual({ canUndo: true, canRedo: false, logLength: 2 });
    expect((await readEncounterFile(dir)).log.map((e) => e.command)).toEqual([move('bram', 10, 5), turn('bram', 2)]);
    expect(await codeOf(session.redo())).toEqual({ code: 'conflict', message: 'There is nothing to redo.' });
  });

  it('a new command after an undo clears the redo stack', async () => {
    const { dir, session } = await openSample();
    await session.execute(move('bram', 10, 5));
    await session.undo();
    expect(session.gmView().history.canRedo).toBe(true);
    const view = await session.execute(move('bram', 9, 6));
    expect(view.history).toEqual({ canUndo: true, canRedo: false, logLength: 1 });
    expect(await codeOf(session.redo())).toMatchObject({ code: 'conflict' });
    expect(pos(session.gmView(), 'bram')).toEqual({ q: 9, r: 6 });
    expect((await readEncounterFile(dir)).log.map((e) => e.command)).toEqual([move('bram', 9, 6)]);
  });

  it('replay of the file on disk equals the live state, and a reopened session shows the same encounter', async () => {
    const { dir, session } = await openSample();
    for (const c of [move('bram', 10, 5), turn('bram', 4), move('grak', 16, 0), move('ilsa', 9, 6), turn('sella', 1)]) {
      await session.execute(c);
    }
    await session.undo();
    const file = await readEncounterFile(dir);
    const replayed = replay(file, file.log);
    const live = session.gmView();
    const folder = await openCampaignFolder(dir);
    expect(buildGmView(folder.campaign, replayed.state, live.history, live.revision, undefined, live.session)).toEqual(live);
    // The table's line is the players' sentences of the last entry they saw something of (projection/line.ts);
    // a session's own projection keeps the line off, as the projector starts.
    expect(latestLine(replayed.state, file.log, TABLE)).toEqual(['Ilsa is now next to Bram.']);
    expect({ ...frameOf(replayed.state), session: session.key, revision: session.playerView().revision }).toEqual(session.playerView());

    const reopened = closing.add(await Session.open(folder, recordingSink()));
    expect(reopened.gmView().encounter).toEqual(live.encounter);
    expect(reopened.gmView().history).toEqual({ canUndo: true, canRedo: false, logLength: 4 });
  });

  it('replay is deterministic: the same file gives the same state twice', async () => {
    const { dir, session } = await openSample();
    await session.execute(move('bram', 10, 5));
    const file = await readEncounterFile(dir);
    expect(replay(file, file.log).state).toEqual(replay(file, file.log).state);
    expect(replay(file, file.log).dice.saveState()).toEqual(replay(file, file.log).dice.saveState());
    expect(replay(file, []).state).toEqual(file.initial);
  });

  it('refuses to open a campaign with no active encounter', async () => {
    const dir = await copySample(await dirs.make());
    const campaignPath = `${dir}/campaign.json`;
    const campaign = JSON.parse(await readFile(campaignPath, 'utf8')) as Record<string, unknown>;
    await writeFile(campaignPath, JSON.stringify({ ...campaign, activeEncounterId: null }));
    const err = await codeOf(Session.open(await openCampaignFolder(dir), recordingSink()));
    expect(err.code).toBe('not-found');
    expect(err.message).toContain('Sample Campaign');
  });
});

describe('Session: illegal commands change nothing', () => {
  async function expectRefused(setup: { dir: string; session: Session; sink: RecordingSink }, command: Command, code: string, message: RegExp): Promise<void> {
    const { dir, session, sink } = setup;
    const bytes = await readFile(encounterFilePath(dir));
    const before = session.gmView();
    const beforePlayer = session.playerView();
    const pushes = [sink.gmViews.length, sink.playerViews.length];
    const err = await codeOf(session.execute(command));
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
    expect(session.gmView()).toEqual(before);
    expect(session.playerView()).toEqual(beforePlayer);
    expect(await readFile(encounterFilePath(dir))).toEqual(bytes);
    expect([sink.gmViews.length, sink.playerViews.length]).toEqual(pushes);
  }

  it('into a wall: rule', async () => {
    const setup = await openSample();
    await setup.session.execute(move('grak', 16, 0));
    await setup.session.execute(move('grak', 15, 0));
    expect(setup.session.gmView().encounter.map.terrain['14,0']).toBe('wall');
    await expectRefused(setup, move('grak', 14, 0), 'rule', /wall blocks/);
  });

  it('onto an occupied hex: rule, naming the occupant', async () => {
    await expectRefused(await openSample(), move('bram', 8, 6), 'rule', /^Ilsa is already in that hex\.$/);
  });

  it('to a hex that is not adjacent: rule', async () => {
    await expectRefused(await openSample(), move('bram', 11, 5), 'rule', /only step to an adjacent hex/);
    await expectRefused(await openSample(), move('bram', 9, 5), 'rule', /only step to an adjacent hex/);
  });

  it('off the map: rule', async () => {
    const setup = await openSample((file) => {
      file.initial.figures.find((f) => f.id === 'bram')!.position = { q: 0, r: 0 };
    });
    await expectRefused(setup, move('bram', -1, 0), 'rule', /^Bram cannot leave the map\.$/);
    await expectRefused(setup, move('bram', 0, -1), 'rule', /cannot leave the map/);
  });

  it('an unknown figure: not-found', async () => {
    await expectRefused(await openSample(), move('nobody', 1, 1), 'not-found', /"nobody"/);
    await expectRefused(await openSample(), turn('nobody', 1), 'not-found', /"nobody"/);
  });

  it('a refused command keeps the redo stack and the next legal command still works', async () => {
    const setup = await openSample();
    await setup.session.execute(move('bram', 10, 5));
    await setup.session.undo();
    await expectRefused(setup, move('bram', 8, 6), 'rule', /Ilsa/);
    expect(setup.session.gmView().history.canRedo).toBe(true);
    expect(pos(await setup.session.execute(move('bram', 9, 6)), 'bram')).toEqual({ q: 9, r: 6 });
    expect((await readEncounterFile(setup.dir)).log.map((e) => e.seq)).toEqual([1]);
  });

  it('a write that fails leaves the state, the log and the views as they were (and the dispatcher says internal)', async () => {
    const logs: string[] = [];
    const sink = recordingSink();
    const core = closing.add(await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR, log: (m) => logs.push(m) }, sink));
    const path = encounterLogPath(core.campaigns.campaignDir);
    await rm(path, { force: true });
    await mkdir(path); // the log cannot be opened for appending
    const before = core.session.gmView();
    const pushes = sink.gmViews.length;
    await expect(core.session.execute(move('bram', 10, 5))).rejects.toThrow();
    expect(core.session.gmView()).toEqual(before);
    expect(sink.gmViews).toHaveLength(pushes);

    const result = await core.dispatcher.dispatch('gm', 'sendCommand', { command: move('bram', 10, 5) });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(logs.filter((l) => l.includes('sendCommand'))).toHaveLength(1);
    expect(core.session.gmView()).toEqual(before);
  });

  it('faces entered for a command that rolls nothing are refused with invalid-args, changing nothing', async () => {
    const setup = await openSample();
    const bytes = await readFile(encounterFilePath(setup.dir));
    const err = await codeOf(setup.session.execute(move('bram', 10, 5), [[3, 4]]));
    expect(err.code).toBe('invalid-args');
    expect(err.message).toMatch(/not needed/);
    expect(pos(setup.session.gmView(), 'bram')).toEqual({ q: 9, r: 5 });
    expect(await readFile(encounterFilePath(setup.dir))).toEqual(bytes);
  });

  it('typed faces are one run: each roll takes what it needs, faces left over are not refused, the log keeps the rolls made (RULINGS G3)', async () => {
    const setup = await openSample();
    // Initiative rolls 1d6 a side: 5 and 2 are taken, the 6 is left over.
    await setup.session.execute({ type: 'rollInitiative' }, [[5, 2, 6]]);
    const entry = setup.session.entries.at(-1)!;
    expect(entry.entered).toEqual([[5], [2]]);
    expect(entry.rolls.map((r) => r.total)).toEqual([5, 2]);
    expect((await readEncounterFile(setup.dir)).log.at(-1)!.entered).toEqual([[5], [2]]);
  });
});

describe('Session: broadcasts', () => {
  it('the sink receives one GM view and one player view after each change, in order', async () => {
    const { session, sink } = await openSample();
    await session.execute(move('bram', 10, 5));
    await session.undo();
    await session.redo();
    expect(sink.gmViews.map((v) => v.revision)).toEqual([1, 2, 3]);
    expect(sink.playerViews.map((v) => v.revision)).toEqual([1, 2, 3]);
    expect(sink.gmViews.map((v) => pos(v, 'bram'))).toEqual([
      { q: 10, r: 5 },
      { q: 9, r: 5 },
      { q: 10, r: 5 },
    ]);
    expect(sink.playerViews.map((v) => pos(v, 'bram'))).toEqual([
      { q: 10, r: 5 },
      { q: 9, r: 5 },
      { q: 10, r: 5 },
    ]);
    for (const v of sink.gmViews) GmViewSchema.parse(v);
    for (const v of sink.playerViews) PlayerViewSchema.parse(v);
    expect(sink.gmViews.at(-1)).toEqual(session.gmView());
  });

  it('commands sent at once are applied one at a time, in order', async () => {
    const { dir, session } = await openSample();
    const results = await Promise.allSettled([
      session.execute(move('bram', 10, 5)),
      session.execute(move('bram', 11, 5)),
      session.execute(move('ilsa', 9, 5)),
      session.execute(move('bram', 11, 5)), // now not adjacent (bram is on 11,5 already)
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect((await readEncounterFile(dir)).log.map((e) => [e.seq, e.command])).toEqual([
      [1, move('bram', 10, 5)],
      [2, move('bram', 11, 5)],
      [3, move('ilsa', 9, 5)],
    ]);
  });
});
