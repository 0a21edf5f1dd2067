/**
 * Every unit test file's setup (vitest.config.ts): a file handle a test file left open is closed
 * when the file's tests are done, instead of by the garbage collector ("Closing file descriptor N
 * on garbage collection", which Node deprecates and will turn into an error).
 *
 * The handles left open are the command logs of sessions a test never closed: a log keeps its file
 * open from its first write until `close()` (store/commandLog.ts), and a Session or Core a test
 * drops holds it. Closing at the end of the file, not of each test, leaves alone a session that a
 * file's tests share.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { FileHandle } from 'node:fs/promises';
import { afterAll } from 'vitest';

const fsp = createRequire(import.meta.url)('node:fs/promises') as typeof import('node:fs/promises');
const open = new Set<FileHandle>();
const openFile = fsp.open;

fsp.open = async (...args: Parameters<typeof openFile>): Promise<FileHandle> => {
  const handle = await openFile(...args);
  open.add(handle);
  const close = handle.close.bind(handle);
  handle.close = () => {
    open.delete(handle);
    return close();
  };
  return handle;
};
// Modules that `import { open } from 'node:fs/promises'` see the wrapper too.
syncBuiltinESMExports();

afterAll(async () => {
  const left = [...open];
  await Promise.all(left.map((handle) => handle.close().catch(() => undefined)));
});
