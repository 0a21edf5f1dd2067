/**
 * Opening a long log reads only what it must. A log opened without a snapshot near its
 * end gets one; the lines a snapshot's chain covers skip their schema check on the way to the first
 * view, and the check still runs before the file is changed. Results stay identical to a replay
 * of the whole log.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSeededDice } from '../../../src/main/engine/dice/seeded';
import { apply } from '../../../src/main/engine/encounter/apply';
import { Session } from '../../../src/main/session/session';
import { CampaignFolder } from '../../../src/main/store/campaignFolder';
import { CommandLog } from '../../../src/main/store/commandLog';
import { createCampaign } from '../../../src/main/store/newCampaign';
import type { LogEntry } from '../../../src/main/store/schema';
import { makeLog } from '../../support/duelLog';
import { recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

/** A campaign whose open encounter is the benchmark duel with `count` commands of real play logged (seed 11). */
async function playedDuel(count: number) {
  const dir = join(await dirs.make(), 'Duel');
  await createCampaign(dir, 5);
  const folder = await CampaignFolder.open(dir);
  const { start, log } = makeLog(count + 1);
  const made = await folder.createEncounter('Duel', 11, (id, name) => ({ ...start, id, name }));
  const dice = createSeededDice(11);
  let state = { ...start, id: made.id, name: 'Duel' };
  const entries: LogEntry[] = [];
  for (const [i, command] of log.slice(0, count).entries()) {
    const turn = state.turn;
    const phase = state.phase;
    const r = apply(state, command, dice);
    state = r.state;
    entries.push(
      JSON.parse(JSON.stringify({ seq: i + 1, at: '2026-01-01T00:00:00.000Z', turn, phase, command, events: r.events, rolls: r.rolls })) as LogEntry,
    );
  }
  await CommandLog.write(join(dir, 'encounters', `${made.id}.log.jsonl`), entries);
  await folder.setActiveEncounter(made.id);
  return { dir, id: made.id, state, dice, next: log[count]! };
}

describe('opening a long log', () => {
  it('from a snapshot gives the state and dice of a replay of the whole seeded game', async () => {
    const game = await playedDuel(2000);
    const snapshotPath = join(game.dir, 'encounters', `${game.id}.snapshot.json`);
    const first = await Session.open(await CampaignFolder.open(game.dir), recordingSink());
    expect(first.currentState).toEqual(game.state);
    const fullView = first.gmView().encounter;
    await first.close();
    // The replay of 2,000 entries left a snapshot at the log's end for the next opening.
    expect(JSON.parse(await readFile(snapshotPath, 'utf8'))).toMatchObject({ seq: 2000 });

    const second = await Session.open(await CampaignFolder.open(game.dir), recordingSink());
    expect(second.currentState).toEqual(game.state);
    expect(second.gmView().encounter).toEqual(fullView);
    // The dice go on where the whole game left them: the next command rolls the same faces.
    const expected = apply(game.state, game.next, game.dice);
    await second.execute(game.next);
    expect(second.currentState).toEqual(expected.state);
    expect(second.entries.at(-1)!.rolls).toEqual(JSON.parse(JSON.stringify(expected.rolls)));
    // Undo below the snapshot replays the unchecked lines, checked by now.
    await second.undo();
    await second.undo();
    expect(second.entries).toHaveLength(1999);
    await second.close();
    expect((await stat(snapshotPath).catch(() => null)) === null).toBe(true);
  });

  it('a covered line that parses but fails its schema check: the first view opens, the file is never changed', async () => {
    const game = await playedDuel(300);
    const first = await Session.open(await CampaignFolder.open(game.dir), recordingSink());
    await first.close();
    const logPath = join(game.dir, 'encounters', `${game.id}.log.jsonl`);
    const snapshotPath = join(game.dir, 'encounters', `${game.id}.snapshot.json`);
    // Line 7 made well-formed JSON of the wrong shape, and a snapshot whose chain vouches for it.
    const lines = (await readFile(logPath, 'utf8')).split('\n');
    lines[6] = JSON.stringify({ ...JSON.parse(lines[6]!), command: { type: 'noSuchCommand' } });
    const damaged = lines.join('\n');
    await writeFile(logPath, damaged);
    let chain = CommandLog.chainSeed(game.id);
    for (const line of lines.slice(0, 300)) chain = CommandLog.link(chain, line);
    const snapshot = JSON.parse(await readFile(snapshotPath, 'utf8')) as { chain: string };
    await writeFile(snapshotPath, JSON.stringify({ ...snapshot, chain }));

    const session = await Session.open(await CampaignFolder.open(game.dir), recordingSink());
    expect(session.gmView().history.logLength).toBe(300);
    expect(session.currentState).toEqual(game.state);
    await expect(session.execute({ type: 'turnFigure', figureId: 'a0', facing: 2 })).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringMatching(/line 7/),
    });
    await expect(session.undo()).rejects.toMatchObject({ code: 'corrupt-file' });
    await session.close();
    expect(await readFile(logPath, 'utf8')).toBe(damaged);
  });

  it('a covered line changed after the snapshot breaks its chain: the whole log is checked at once, as before', async () => {
    const game = await playedDuel(300);
    await (await Session.open(await CampaignFolder.open(game.dir), recordingSink())).close();
    const logPath = join(game.dir, 'encounters', `${game.id}.log.jsonl`);
    const lines = (await readFile(logPath, 'utf8')).split('\n');
    lines[6] = JSON.stringify({ ...JSON.parse(lines[6]!), command: { type: 'noSuchCommand' } });
    await writeFile(logPath, lines.join('\n'));
    await expect(Session.open(await CampaignFolder.open(game.dir), recordingSink())).rejects.toMatchObject({
      code: 'corrupt-file',
      message: expect.stringMatching(/line 7/),
    });
  });
});
