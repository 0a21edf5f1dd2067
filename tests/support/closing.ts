/**
 * What a test opened and must close: sessions, cores, command logs. A log keeps its file open
 * from its first write until `close()` (store/commandLog.ts), so a test that drops one leaves a
 * file handle open, and the file fails (tests/support/closeLeftOpen.ts).
 *
 *   const closing = closeAfterEach();
 *   const core = closing.add(await Core.start(...));
 */
import { afterEach } from 'vitest';

export interface Closable {
  close(): Promise<void> | void;
}

export interface Closing {
  /** Closes `thing` after the test (the last added first); returns it. */
  add<T extends Closable>(thing: T): T;
  /** Closes `thing` now, before the test ends (to reopen its file), and takes it off the list. */
  close(thing: Closable): Promise<void>;
  /** Closes everything added so far, the last added first (each, even when one fails). */
  closeAll(): Promise<void>;
}

/** Things to close after each test of the file; call it after `tempDirs()`'s afterEach, so they close before their folders go. */
export function closeAfterEach(): Closing {
  const open: Closable[] = [];
  const closing: Closing = {
    add(thing) {
      open.push(thing);
      return thing;
    },
    async close(thing) {
      const at = open.indexOf(thing);
      if (at >= 0) open.splice(at, 1);
      await thing.close();
    },
    async closeAll() {
      // Each is closed even when one before it fails to; the first failure fails the test.
      const failures: unknown[] = [];
      for (const thing of open.splice(0).reverse()) {
        try {
          await thing.close();
        } catch (e) {
          failures.push(e);
        }
      }
      if (failures.length > 0) throw failures[0];
    },
  };
  afterEach(() => closing.closeAll());
  return closing;
}
