/**
 * The command log as history: undo and redo back to the start, "back to the start
 * of this turn", exact replay with seeded and entered dice, snapshots and checkpoints — with the
 * real engine on a real copy of the sample campaign.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Session, replay } from '../../../src/main/session/session';
import { openCampaignFolder, encounterSnapshotName } from '../../../src/main/store/campaignFolder';
import { listBackups } from '../../../src/main/store/backups';
import type { Command } from '../../../src/shared/contract/commands';
import { copySample, encounterLogPath, readEncounterFile, readLogFile, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

const ROLL: Command = { type: 'rollInitiative' };
const NEXT: Command = { type: 'advancePhase', override: true };
const move = (figureId: string, q: number, r: number): Command => ({ type: 'moveFigure', figureId, to: { q, r } });

async function open(options: { snapshotEvery?: number } = {}) {
  const dir = await copySample(await dirs.make());
  let t = Date.UTC(2026, 2, 1, 12, 0, 0);
  const now = () => new Date((t += 1000));
  const session = closing.add(await Session.open(await openCampaignFolder(dir), recordingSink(), { now, ...options }));
  return { dir, session, now };
}

/** Rolls initiative (entered faces or seeded) and advances through the six phases to the next turn. */
async function playTurn(session: Session, entered?: number[][]): Promise<void> {
  await session.execute(ROLL, entered);
  for (let i = 0; i < 6; i++) await session.execute(NEXT);
}

describe('replay reproduces the state exactly', () => {
  it('with seeded and entered dice: the file on disk replays to the live state, rolls and all', async () => {
    const { dir, session } = await open();
    await playTurn(session, [[4], [2]]); // turn 1: the players rolled at the table
    await playTurn(session); // turn 2: the console rolled
    await session.execute(ROLL, [[1], [6]]);
    await session.execute(move('bram', 10, 5));
    const file = await readEncounterFile(dir);
    expect(file.log).toHaveLength(16);
    expect(file.log[0]!.entered).toEqual([[4], [2]]);
    expect(file.log[0]!.rolls.map((r) => [r.label, r.faces, r.total, r.kind])).toEqual([
      ['initiative: party', [4], 4, 'entered'],
      ['initiative: foes', [2], 2, 'entered'],
    ]);
    expect(file.log[7]!.rolls.every((r) => r.kind === 'seeded')).toBe(true);
    expect(file.log[7]!.rolls.length).toBeGreaterThanOrEqual(2);
    expect(file.log[14]!.rolls.map((r) => r.faces)).toEqual([[1], [6]]);
    expect(file.log.map((e) => e.turn)).toEqual([1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3]);

    const replayed = replay(file, file.log);
    expect(replayed.state).toEqual(session.currentState);
    // The seeded rolls come out the same on replay: same faces as logged.
    const again = await Session.open(await openCampaignFolder(dir), recordingSink());
    expect(again.currentState).toEqual(session.currentState);
    expect(again.gmView().encounter).toEqual(session.gmView().encounter);
    await again.close();
  });

  it('two sessions fed the same commands write the same rolls (same seed, same log)', async () => {
    const a = await open();
    const b = await open();
    for (const s of [a.session, b.session]) await playTurn(s);
    const la = await readLogFile(a.dir);
    const lb = await readLogFile(b.dir);
    expect(la.map((e) => e.rolls)).toEqual(lb.map((e) => e.rolls));
  });
});

describe('undo and redo', () => {
  it('undo goes back to the very start, one command at a time, and redo replays with the same dice', async () => {
    const { dir, session } = await open();
    const states = [session.currentState];
    await session.execute(ROLL);
    states.push(session.currentState);
    for (let i = 0; i < 6; i++) {
      await session.execute(NEXT);
      states.push(session.currentState);
    }
    await session.execute(ROLL);
    states.push(session.currentState);
    const rollsBefore = (await readLogFile(dir)).map((e) => e.rolls);
    for (let i = states.length - 2; i >= 0; i--) {
      await session.undo();
      expect(session.currentState).toEqual(states[i]);
      expect(await readLogFile(dir)).toHaveLength(i);
    }
    await expect(session.undo()).rejects.toMatchObject({ code: 'conflict' });
    for (let i = 1; i < states.length; i++) {
      await session.redo();
      expect(session.currentState).toEqual(states[i]);
    }
    expect((await readLogFile(dir)).map((e) => e.rolls)).toEqual(rollsBefore);
    await expect(session.redo()).rejects.toMatchObject({ code: 'conflict' });
  });

  it('undo keeps the lines it cut in a rotating backup of the log', async () => {
    const { dir, session } = await open();
    await session.execute(ROLL, [[5], [3]]);
    await session.execute(NEXT);
    await session.undo();
    const backups = await listBackups(dir, 'encounters/ford-ambush.log.jsonl');
    expect(backups).toHaveLength(2); // one before the undo, one (empty) when the v1 file's log was moved out
    const beforeUndo = backups.find((b) => b.bytes > 0)!;
    const text = await readFile(join(dir, 'backups', 'encounters--ford-ambush.log.jsonl', beforeUndo.name), 'utf8');
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { seq: number }).seq),
    ).toEqual([1, 2]);
  });

  it('a new command clears redo', async () => {
    const { session } = await open();
    await session.execute(ROLL);
    await session.undo();
    await session.execute(ROLL, [[2], [5]]);
    expect(session.gmView().history).toEqual({ canUndo: true, canRedo: false, logLength: 1 });
    await expect(session.redo()).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('back to the start of this turn', () => {
  it('takes back every command of the current turn, then steps back a turn at a time', async () => {
    const { dir, session } = await open();
    await playTurn(session, [[4], [2]]); // 7 entries, turn 1
    const startOfTurn2 = session.currentState;
    await session.execute(ROLL, [[3], [1]]);
    await session.execute(NEXT);
    await session.execute(move('bram', 10, 5));
    expect(session.currentState.turn).toBe(2);
    expect(session.turnStart()).toBe(7);

    const view = await session.undoToTurnStart();
    expect(view.history).toEqual({ canUndo: true, canRedo: true, logLength: 7 });
    expect(session.currentState).toEqual(startOfTurn2);
    expect(await readLogFile(dir)).toHaveLength(7);

    // At the start of turn 2 already: back to the start of turn 1, the beginning.
    expect(session.turnStart()).toBe(0);
    await session.undoToTurnStart();
    expect(session.gmView().history.logLength).toBe(0);
    await expect(session.undoToTurnStart()).rejects.toMatchObject({ code: 'conflict' });

    // Redo brings every command back in order.
    for (let i = 0; i < 10; i++) await session.redo();
    expect(session.gmView().encounter.figures.find((f) => f.id === 'bram')?.position).toEqual({ q: 10, r: 5 });
    expect((await readLogFile(dir)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('checkpoints and snapshots', () => {
  it('a snapshot is written every N entries and a reopened session starts from it (same state)', async () => {
    const { dir, session } = await open({ snapshotEvery: 5 });
    for (let t = 0; t < 2; t++) await playTurn(session); // 14 entries
    const snap = JSON.parse(await readFile(join(dir, encounterSnapshotName('ford-ambush')), 'utf8')) as { seq: number };
    expect(snap.seq).toBe(10);
    const reopened = await Session.open(await openCampaignFolder(dir), recordingSink());
    expect(reopened.currentState).toEqual(session.currentState);
    // Undo below the snapshot still replays exactly (from the start).
    const file = await readEncounterFile(dir);
    for (let i = 0; i < 6; i++) await reopened.undo();
    expect(reopened.currentState).toEqual(replay(file, file.log.slice(0, 8)).state);
    await reopened.close();
  });

  it('a snapshot that no longer matches the log (cut and rewritten after it) is ignored', async () => {
    const { dir, session } = await open({ snapshotEvery: 3 });
    await session.execute(ROLL, [[6], [1]]);
    await session.execute(NEXT);
    await session.execute(NEXT); // snapshot at 3
    for (let i = 0; i < 3; i++) await session.undo();
    await session.execute(ROLL, [[1], [6]]); // a different history of the same length
    await session.execute(NEXT);
    await session.execute(move('bram', 10, 5));
    await closing.close(session);
    const reopened = await Session.open(await openCampaignFolder(dir), recordingSink());
    const file = await readEncounterFile(dir);
    expect(reopened.currentState).toEqual(replay(file, file.log).state);
    expect(reopened.currentState.turnState?.initiative?.rolls).toEqual([
      { sideId: 'party', total: 1 },
      { sideId: 'foes', total: 6 },
    ]);
    await reopened.close();
  });

  it('a damaged snapshot is only a cache: the encounter still opens from its log', async () => {
    const { dir, session } = await open({ snapshotEvery: 2 });
    await session.execute(ROLL);
    await session.execute(NEXT);
    await closing.close(session);
    await writeFile(join(dir, encounterSnapshotName('ford-ambush')), '{"schemaVersion":1,"id":"ford-amb');
    const reopened = await Session.open(await openCampaignFolder(dir), recordingSink());
    const file = await readEncounterFile(dir);
    expect(reopened.currentState).toEqual(replay(file, file.log).state);
    await reopened.close();
  });
});

describe('an interrupted write at the end of the log', () => {
  it('is dropped on open and cut off before the next command; earlier entries stay', async () => {
    const { dir, session } = await open();
    await session.execute(ROLL, [[4], [2]]);
    await closing.close(session);
    const path = encounterLogPath(dir);
    const good = await readFile(path, 'utf8');
    await writeFile(path, good + '{"seq":2,"at":"2026-03-01T12:00:00.000Z","comm');
    const reopened = await Session.open(await openCampaignFolder(dir), recordingSink());
    expect(reopened.gmView().history.logLength).toBe(1);
    await reopened.execute(NEXT);
    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect((await readLogFile(dir)).map((e) => e.seq)).toEqual([1, 2]);
    await reopened.close();
  });
});
