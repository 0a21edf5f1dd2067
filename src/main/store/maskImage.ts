/**
 * The players' copy of the map image (every fogged hex painted out), made off the
 * main thread. A 4096² image takes a core for half a second or more and a few hundred MiB while
 * it is made, and a page can ask for copies in a loop; so the work goes to one worker thread
 * (`maskWorker.ts`), one image at a time, through a queue that merges requests for the same copy,
 * keeps the last copy made and lets only a few different ones wait (`maskQueue.ts`). The worker
 * ends after a while without work, giving its memory back.
 */
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { HexMask } from './fogPainter';
import type { MaskJob, MaskReply } from './maskProtocol';
import { MaskQueue } from './maskQueue';

export type { HexMask } from './fogPainter';
export { MaskingBusy } from './maskQueue';

export type Masked = { body: Buffer; type: string };

/** A job still running after this long is given up and its worker ended (an image that decodes forever). */
const JOB_TIMEOUT_MS = 120_000;
/** The worker ends after this long without a job. */
const IDLE_MS = 30_000;

/** The masking worker thread, started when first needed; one job in hand at a time (the queue sees to that). */
class MaskWorker {
  private worker: Worker | null = null;
  private job: { id: number; resolve: (m: Masked) => void; reject: (e: Error) => void; timeout: ReturnType<typeof setTimeout> } | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private nextId = 1;

  constructor(private readonly script: string) {}

  mask(sourcePath: string, ext: string, mask: HexMask): Promise<Masked> {
    if (this.idle !== null) clearTimeout(this.idle);
    this.idle = null;
    const worker = (this.worker ??= this.start());
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timeout = setTimeout(() => this.fail(new Error('Masking the map image took too long; it was given up.')), JOB_TIMEOUT_MS);
      timeout.unref();
      this.job = { id, resolve, reject, timeout };
      worker.postMessage({ id, sourcePath, ext, mask } satisfies MaskJob);
    });
  }

  private start(): Worker {
    const worker = new Worker(this.script);
    // The worker never keeps the console's process alive.
    worker.unref();
    worker.on('message', (reply: MaskReply) => {
      const job = this.job;
      if (job === null || job.id !== reply.id) return;
      this.settled();
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve({ body: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength), type: reply.type });
    });
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', () => this.worker === worker && this.fail(new Error('The masking worker stopped.')));
    return worker;
  }

  private settled(): void {
    if (this.job !== null) clearTimeout(this.job.timeout);
    this.job = null;
    this.idle = setTimeout(() => this.end(), IDLE_MS);
    this.idle.unref();
  }

  private end(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
  }

  private fail(e: Error): void {
    const job = this.job;
    this.settled();
    this.end();
    job?.reject(e);
  }
}

/**
 * A page asks for every piece of a copy at once (up to 64, projection/mapImage.ts `tileSize`), the
 * mirror's too: they all wait their turn rather than some being answered "busy".
 */
export const MOST_WAITING = 160;
const queue = new MaskQueue<Masked>(MOST_WAITING);
let worker: MaskWorker | null = null;

/**
 * Where the masking worker's script is: each host's build carries it beside its entry and says so
 * at start. Until then (a unit test of something else) the same painter runs from this thread,
 * still one image at a time.
 */
export function useMaskWorker(script: string | null): void {
  worker = script === null ? null : new MaskWorker(script);
}

/** The image at `sourcePath` (or its part `mask.crop`) with every fogged hex of `mask` painted black, encoded as its own type (`fogPainter.ts`). */
export function maskFoggedHexes(sourcePath: string, ext: string, mask: HexMask): Promise<Masked> {
  const key = createHash('sha256')
    .update(JSON.stringify([sourcePath, ext, mask.image, mask.orientation, mask.fogged, mask.crop ?? null]))
    .digest('hex');
  const masker = worker;
  return queue.run(key, () =>
    masker !== null ? masker.mask(sourcePath, ext, mask) : import('./fogPainter').then(({ paintFog }) => paintFog(sourcePath, ext, mask)),
  );
}

/** Masking jobs started since the console began, and the most ever running at once. */
export function maskingStats(): { started: number; mostAtOnce: number } {
  return { ...queue.stats };
}
