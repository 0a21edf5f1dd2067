/**
 * Every unit test file's setup (vitest.config.ts): a test file must close every file handle it
 * opens. A handle still open when the file's tests are done fails the file, naming the paths left
 * open (they are closed first, so the leak goes no further than the report, and never to the
 * garbage collector: "Closing file descriptor N on garbage collection", which Node deprecates and
 * will turn into an error).
 *
 * The handles a test leaves open are the command logs of sessions it never closed: a log keeps its
 * file open from its first write until `close()` (store/commandLog.ts), and a Session or Core a
 * test drops holds it. Close what a test opens: `closeAfterEach()` (tests/support/closing.ts) for
 * sessions and cores a test starts, `core.close()` in the afterEach or afterAll that started one;
 * a test that abandons a session on purpose (a simulated crash) closes the abandoned log at its
 * end. The check runs at the end of the file, not of each test, so a session that a file's tests
 * share may stay open until the file's own afterAll closes it.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { relative } from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import { afterAll, expect } from 'vitest';

const fsp = createRequire(import.meta.url)('node:fs/promises') as typeof import('node:fs/promises');
/** Each handle open, and the path it was opened with. */
const open = new Map<FileHandle, string>();
const openFile = fsp.open;

fsp.open = async (...args: Parameters<typeof openFile>): Promise<FileHandle> => {
  const handle = await openFile(...args);
  open.set(handle, String(args[0]));
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
  if (left.length === 0) return;
  await Promise.all(left.map(([handle]) => handle.close().catch(() => undefined)));
  const testFile = expect.getState().testPath;
  const paths = left.map(([, path]) => `  ${path}`).join('\n');
  throw new Error(
    `${testFile ? relative(process.cwd(), testFile) : 'This test file'} left ${left.length} file handle(s) open (closed now); ` +
      `close what its tests open (tests/support/closeLeftOpen.ts):\n${paths}`,
  );
});
