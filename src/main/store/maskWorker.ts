/** The masking worker thread: paints the fog out of one map image at a time (`maskImage.ts` sends them). */
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { paintFog } from './fogPainter';
import { lowerImageThreads } from './imageThreads';
import type { MaskJob, MaskReply } from './maskProtocol';

// libvips' cache of decoded images would keep up to 50 MiB of a map image after each job; a job
// never reads what the last one decoded (a new fog is a new image), so it is off.
sharp.cache(false);

/** libvips may start threads during a job: they are lowered as they appear. */
const LOWER_EVERY_MS = 50;

parentPort?.on('message', (job: MaskJob) => {
  lowerImageThreads();
  const lowering = setInterval(lowerImageThreads, LOWER_EVERY_MS);
  paintFog(job.sourcePath, job.ext, job.mask)
    .finally(() => {
      clearInterval(lowering);
      // Threads started since the last look would keep the console's priority until the next job.
      lowerImageThreads();
    })
    .then(
      ({ body, type }) => {
        // A copy the worker owns, handed over without another copy.
        const bytes = new Uint8Array(body.byteLength);
        bytes.set(body);
        parentPort?.postMessage({ id: job.id, bytes, type } satisfies MaskReply, [bytes.buffer]);
      },
      (e: unknown) => parentPort?.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies MaskReply),
    );
});
