/** Waits until `test` holds, checking every 20 ms; fails after `ms`, naming `what` it waited for. */
export async function until(what: string, test: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
