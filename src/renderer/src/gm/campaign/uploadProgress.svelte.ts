/** How far an upload has come: bytes received of the total (null when unknown). */
export interface Progress {
  readonly what: string;
  readonly received: number;
  readonly total: number | null;
}

/** Reports bytes received so far; the upload ends when the work's promise settles. */
export type ReportProgress = (received: number, total: number | null) => void;

/**
 * One component's uploads as its progress bar shows them. The bar belongs to the upload that set
 * it: it ends when that upload's promise settles, whatever the outcome (done, refused, failed),
 * and a report that comes after the end, or from an upload this component did not start, never
 * brings it back.
 */
export class UploadProgress {
  current = $state<Progress | null>(null);
  private running = 0;

  get percent(): number | null {
    const p = this.current;
    return p && p.total ? Math.min(100, Math.round((p.received / p.total) * 100)) : null;
  }

  /**
   * Runs `work`, showing its progress under `what`. `fromStart`: show the bar at once (an upload
   * of a file already chosen); otherwise with the first report (main's file dialog comes first).
   */
  async run<T>(what: string, work: (report: ReportProgress) => Promise<T>, fromStart = true): Promise<T> {
    const mine = ++this.running;
    if (fromStart) this.current = { what, received: 0, total: null };
    try {
      return await work((received, total) => {
        if (mine === this.running) this.current = { what, received, total };
      });
    } finally {
      if (mine === this.running) {
        this.running++;
        this.current = null;
      }
    }
  }
}
