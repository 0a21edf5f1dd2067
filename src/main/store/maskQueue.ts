/**
 * Masking a map image takes a core for half a second or more and a few hundred MiB while it runs,
 * and a page may ask for masked copies faster than that. The queue bounds it: one job at a time, a
 * job asked again while it waits or runs is the same job, the last result is kept, and at most
 * `maxWaiting` different jobs wait — the oldest is dropped for a newer one. The newest waiting job
 * runs next: it is for the newest fog, the one a page shows now (a page that loaded after a run of
 * fog changes waited ~30 s behind older copies with both cores busy).
 */

/** A masking request dropped for newer ones: the page may ask again. */
export class MaskingBusy extends Error {
  constructor() {
    super('The map image is being made for newer requests; ask again.');
    this.name = 'MaskingBusy';
  }
}

interface Waiting<T> {
  readonly job: () => Promise<T>;
  readonly done: Promise<T>;
  readonly resolve: (value: T) => void;
  readonly reject: (e: unknown) => void;
}

export class MaskQueue<T> {
  private running: { readonly key: string; readonly done: Promise<T> } | null = null;
  private readonly waiting = new Map<string, Waiting<T>>();
  private last: { readonly key: string; readonly value: T } | null = null;
  /** Jobs started so far, and the most ever running at once (one, by design: the tests check it). */
  readonly stats = { started: 0, mostAtOnce: 0 };
  private atOnce = 0;

  constructor(private readonly maxWaiting = 4) {}

  run(key: string, job: () => Promise<T>): Promise<T> {
    if (this.last?.key === key) return Promise.resolve(this.last.value);
    if (this.running?.key === key) return this.running.done;
    const queued = this.waiting.get(key);
    if (queued !== undefined) return queued.done;
    let resolve!: (value: T) => void;
    let reject!: (e: unknown) => void;
    const done = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
    this.waiting.set(key, { job, done, resolve, reject });
    if (this.waiting.size > this.maxWaiting) {
      const [oldest, dropped] = this.waiting.entries().next().value!;
      this.waiting.delete(oldest);
      dropped.reject(new MaskingBusy());
    }
    this.next();
    return done;
  }

  private next(): void {
    if (this.running !== null) return;
    const newest = [...this.waiting.entries()].at(-1);
    if (newest === undefined) return;
    const [key, entry] = newest;
    this.waiting.delete(key);
    this.running = { key, done: entry.done };
    this.stats.started++;
    this.stats.mostAtOnce = Math.max(this.stats.mostAtOnce, ++this.atOnce);
    entry
      .job()
      .then(
        (value) => {
          this.last = { key, value };
          entry.resolve(value);
        },
        (e: unknown) => entry.reject(e),
      )
      .finally(() => {
        this.atOnce--;
        this.running = null;
        this.next();
      });
  }
}
