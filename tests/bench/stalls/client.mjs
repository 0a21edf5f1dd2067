// What the stall bench needs to talk to a real web host and watch it: a socket client of the
// contract, the GM's command round trip, and the host process's memory and CPU read from /proc.
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import NodeSocket from 'ws';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The socket URL of a page's URL (`host.gm` or `host.player`): the same token, the `/ws` path. */
export const socketUrl = (pageUrl) => {
  const u = new URL(pageUrl);
  return `ws://${u.host}/ws?token=${u.searchParams.get('token')}`;
};

/** A page's socket: calls by id, and every push counted by event. */
export class Client {
  constructor(ws) {
    this.ws = ws;
    this.nextId = 1;
    this.waiting = new Map();
    this.pushes = new Map();
    this.listeners = [];
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (typeof m.id === 'number' && this.waiting.has(m.id)) {
        const done = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        done(m.result);
      } else if (m.id === null) {
        // A refusal the host could not tie to a call (not JSON, no id): nothing waits on it.
      } else if (typeof m.event === 'string') {
        this.pushes.set(m.event, (this.pushes.get(m.event) ?? 0) + 1);
        for (const l of this.listeners) l(m.event, m.payload);
      }
    });
  }

  static connect(pageUrl) {
    return new Promise((resolve, reject) => {
      const ws = new NodeSocket(socketUrl(pageUrl));
      ws.once('open', () => resolve(new Client(ws)));
      ws.once('error', reject);
    });
  }

  call(channel, args) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ id, channel, args }));
    });
  }

  async ok(channel, args) {
    const r = await this.call(channel, args);
    if (!r.ok) throw new Error(`${channel}: ${r.error.code}: ${r.error.message}`);
    return r.value;
  }

  pushed(event) {
    return this.pushes.get(event) ?? 0;
  }

  on(listener) {
    this.listeners.push(listener);
  }

  close() {
    this.ws.terminate();
  }
}

/**
 * The GM's round trip while something else happens: a logged command (a figure turned, its log
 * line synced before the answer) every `gapMs` for `seconds`, each timed from send to answer; and
 * on after that while `more()` says so.
 */
export async function gmRoundTrips(gm, seconds, gapMs = 50, more = () => false) {
  const view = await gm.ok('getGmView', {});
  const seen = { encounterId: view.encounter.id, session: view.session, revision: view.revision };
  const figureId = view.encounter.figures[0].id;
  const trips = [];
  const end = performance.now() + seconds * 1000;
  for (let i = 1; performance.now() < end || more(); i++) {
    const t = performance.now();
    const r = await gm.call('sendCommand', { command: { type: 'turnFigure', figureId, facing: i % 6 }, seen });
    trips.push(performance.now() - t);
    if (!r.ok) throw new Error(`the GM's command was refused: ${r.error.message}`);
    await sleep(gapMs);
  }
  return trips;
}

/** A field of /proc/<pid>/status in MiB (VmRSS: resident now, VmHWM: the peak since the last reset). */
async function statusMiB(pid, field) {
  const text = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]);
  return kb / 1024;
}

export const residentMiB = (pid) => statusMiB(pid, 'VmRSS');
export const peakMiB = (pid) => statusMiB(pid, 'VmHWM');
/** Starts the peak (VmHWM) again from the resident size now (Linux: `5` to clear_refs). */
export const resetPeak = (pid) => writeFile(`/proc/${pid}/clear_refs`, '5');

/** CPU seconds the process has used, every thread counted (utime + stime of /proc/<pid>/stat, at 100 ticks a second). */
export async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** What the host did over a window: its peak resident memory, its resident memory before, the CPU it used. */
export async function watchHost(pid, during) {
  const before = await residentMiB(pid);
  await resetPeak(pid);
  const cpu = await cpuSeconds(pid);
  const t = performance.now();
  const result = await during();
  return { ...result, rssBefore: before, peak: await peakMiB(pid), cores: ((await cpuSeconds(pid)) - cpu) / ((performance.now() - t) / 1000) };
}
