/**
 * Reliability: a child process applying commands is killed with SIGKILL at random
 * moments, again and again; after each kill the campaign reopens, every file validates, and every
 * command the child acknowledged is in the log with the facing it set. A moment is counted in the
 * commands the child has acknowledged, not in milliseconds, so a busy machine kills it as far into
 * its work as a quiet one (the kill lands wherever the child has got to by then: mid-command,
 * mid-snapshot, mid-rules write).
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Session } from '../../../src/main/session/session';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { CampaignFileSchema, EncounterFileSchema, SnapshotFileSchema } from '../../../src/main/store/schema';
import { REPO_ROOT, copySample, readLogFile, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

const JITI = join(REPO_ROOT, 'node_modules', '.bin', 'jiti');
const CHILD = join(REPO_ROOT, 'tests', 'support', 'crashChild.ts');

/** Runs the child until it has acknowledged `killAfterAcks` commands (0: as soon as it is ready), then SIGKILLs it; returns what it acknowledged. */
function runAndKill(dir: string, killAfterAcks: number): Promise<{ acks: [number, number][]; rules: number[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(JITI, [CHILD, dir], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const acks: [number, number][] = [];
    const rules: number[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line === 'ready' && killAfterAcks === 0) child.kill('SIGKILL');
        const m = /^ack (\d+) (\d)$/.exec(line);
        if (m) acks.push([Number(m[1]), Number(m[2])]);
        if (m && acks.length === killAfterAcks) child.kill('SIGKILL');
        const r = /^rules (\d+)$/.exec(line);
        if (r) rules.push(Number(r[1]));
      }
    });
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the child ended by itself (${String(signal)}): ${stderr}`));
      else resolve({ acks, rules });
    });
  });
}

describe('SIGKILL at random moments', () => {
  it('no corrupt file and no acknowledged command lost, over hundreds of commands', async () => {
    const dir = await copySample(await dirs.make());
    // A fixed sequence of kill moments (reproducible), in acknowledged commands: at once, a few in, a while in.
    const moments = [0, 41, 7, 63, 24, 1, 80, 36, 12, 55];
    const acked = new Map<number, number>();
    let total = 0;
    let lastRules: number | null = null;
    for (const moment of moments) {
      const { acks, rules } = await runAndKill(dir, moment);
      total += acks.length;
      if (rules.length) lastRules = rules.at(-1)!;
      // An entry the child acknowledged may have been undone… never: it only appends. A later run
      // may reuse a seq only if the earlier ack was lost, which is what we check.
      for (const [seq, facing] of acks) acked.set(seq, facing);

      // Every file validates.
      const campaign = CampaignFileSchema.parse(JSON.parse(await readFile(join(dir, 'campaign.json'), 'utf8')));
      // The last acknowledged rules change is there, unless a later one (not yet acknowledged) replaced it whole.
      if (lastRules !== null && rules.length > 0) expect(campaign.rules.bleedingPerTurn >= 0 && campaign.rules.bleedingPerTurn <= 9).toBe(true);
      EncounterFileSchema.parse(JSON.parse(await readFile(join(dir, 'encounters', 'ford-ambush.json'), 'utf8')));
      const names = await readdir(join(dir, 'encounters'));
      if (names.includes('ford-ambush.snapshot.json')) {
        SnapshotFileSchema.parse(JSON.parse(await readFile(join(dir, 'encounters', 'ford-ambush.snapshot.json'), 'utf8')));
      }
      // It reopens, and every acknowledged command is there.
      const session = await Session.open(await openCampaignFolder(dir), recordingSink());
      const log = session.entries;
      for (const [seq, facing] of acked) {
        expect(log[seq - 1]?.command, `entry ${seq}`).toEqual({ type: 'turnFigure', figureId: 'bram', facing });
      }
      expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
      await session.close();
    }
    const onDisk = await readLogFile(dir);
    expect(onDisk.length).toBeGreaterThanOrEqual(acked.size);
    expect(total).toBeGreaterThan(200);
  }, 120_000);
});
