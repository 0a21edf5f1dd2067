import { createHash, hash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppError } from '../../shared/errors';
import { fsyncDir, writeFileDurable } from './durable';
import { describeSchemaError } from './jsonDocument';
import { NO_FOLLOW } from './linkGuard';
import { LogEntrySchema, type LogEntry } from './schema';

/** What the campaign folder does around cuts of a log (backups, a snapshot that would be ahead). */
export interface LogHooks {
  beforeCut?(length: number): Promise<unknown>;
  /** Before the file is first opened for writing: refuses a path through a symbolic link (linkGuard.ts). */
  beforeWrite?(): Promise<unknown>;
}

export interface LogScan {
  readonly entries: LogEntry[];
  /** Byte offset where entry i ends (ends[0] = 0: the empty log). */
  readonly ends: number[];
  readonly chain: string[];
  /** Why the log stops being readable after `entries` (null: every complete line was good). */
  readonly problem: string | null;
  /** Complete lines after the first bad one, that one included. */
  readonly badLines: number;
  /** Leading entries read as JSON only, their bytes proven by a snapshot's chain; their schema check is still to come. */
  readonly unchecked: number;
}

/** What a snapshot proves about a log: the hash chain of its first `seq` lines. */
export interface TrustedPrefix {
  readonly seq: number;
  readonly chain: string;
}

/**
 * Reads the log's complete lines in order until one does not parse, validate or follow in `seq`.
 * A last line without its newline is an interrupted write and is not read.
 *
 * With `trusted` (a snapshot's chain), the first `trusted.seq` lines are only parsed as JSON on
 * this critical path: if their chain matches, they are the bytes the snapshot was
 * taken of, and their schema check follows off the critical path (`checkEntries`). If it does
 * not match, or any of them does not parse, the whole log is read the ordinary way.
 */
export function scanLog(bytes: Buffer, id: string, label: string, trusted?: TrustedPrefix): LogScan {
  const quick = trusted?.seq ?? 0;
  const entries: LogEntry[] = [];
  const ends = [0];
  const chain = [CommandLog.chainSeed(id)];
  let start = 0;
  let lineNo = 0;
  let problem: string | null = null;
  while (start < bytes.length) {
    const nl = bytes.indexOf(10, start);
    if (nl < 0) break;
    lineNo += 1;
    const line = bytes.subarray(start, nl).toString('utf8');
    const read = lineNo <= quick ? readJsonLine(line, entries.length + 1) : readLine(line, lineNo, entries.length + 1, label);
    if (read === null) return scanLog(bytes, id, label);
    if (typeof read === 'string') {
      problem = read;
      break;
    }
    entries.push(read);
    ends.push(nl + 1);
    chain.push(CommandLog.link(chain.at(-1)!, line));
    start = nl + 1;
  }
  let badLines = 0;
  if (problem)
    for (let at = ends.at(-1)!; at < bytes.length;) {
      const nl = bytes.indexOf(10, at);
      if (nl < 0) break;
      badLines += 1;
      at = nl + 1;
    }
  if (quick > 0 && chain[quick] !== trusted!.chain) return scanLog(bytes, id, label);
  return { entries, ends, chain, problem, badLines, unchecked: quick };
}

/** A line's entry as plain JSON (its bytes are proven by a chain), or null when it is not one. */
function readJsonLine(line: string, expectedSeq: number): LogEntry | null {
  try {
    const raw = JSON.parse(line) as { seq?: unknown } | null;
    return raw !== null && typeof raw === 'object' && raw.seq === expectedSeq ? (raw as LogEntry) : null;
  } catch {
    return null;
  }
}

/**
 * The schema check of entries read as JSON only: each is replaced by its validated form, a few
 * thousand per turn of the event loop so the GM's first view is not kept waiting. Resolves to
 * why one fails, or null.
 */
export async function checkEntries(entries: LogEntry[], count: number, label: string): Promise<string | null> {
  const PER_TURN = 2000;
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % PER_TURN === 0) await new Promise((r) => setImmediate(r));
    const parsed = LogEntrySchema.safeParse(entries[i]);
    if (!parsed.success) return describeSchemaError(`${label} line ${i + 1}`, parsed.error);
    entries[i] = parsed.data;
  }
  return null;
}

/** The entry a line holds, or why it cannot be read. */
function readLine(line: string, lineNo: number, expectedSeq: number, label: string): LogEntry | string {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (e) {
    return `${label} could not be read: line ${lineNo} is not valid JSON (${(e as Error).message}).`;
  }
  const parsed = LogEntrySchema.safeParse(raw);
  if (!parsed.success) return describeSchemaError(`${label} line ${lineNo}`, parsed.error);
  if (parsed.data.seq !== expectedSeq) return `${label} could not be read: line ${lineNo} is entry ${parsed.data.seq}, expected ${expectedSeq}.`;
  return parsed.data;
}

/**
 * The command log of one encounter: `encounters/<id>.log.jsonl`, one JSON entry per line
 * (docs/design-notes.md "Persistence: the command log"). Appending a command writes one line
 * durably: the cost does not depend on how long the log is. Undo cuts lines off the end.
 *
 * A last line without its newline is a write the crash interrupted (it was never acknowledged):
 * it is dropped and cut off before the next append. Any other line that does not parse or
 * validate makes the whole log `corrupt-file`, and the file is left as it is.
 *
 * Each entry extends a SHA-256 hash chain over the lines, so a snapshot can prove it was taken
 * of exactly this log's first `seq` entries.
 */
export class CommandLog {
  #entries: LogEntry[];
  /** Byte offset where entry i ends (ends[0] = 0: the empty log). */
  #ends: number[];
  #chain: string[];
  #handle: FileHandle | null = null;
  /** Bytes of an interrupted last write still on disk, cut off before the next change. */
  #tornBytes: number;
  /** The schema check of entries a snapshot's chain let the opening skip; the file is not changed before it passes. */
  #checked: Promise<string | null> = Promise.resolve(null);
  /** `#checked` has passed. */
  #verified = false;

  private constructor(
    readonly path: string,
    readonly id: string,
    entries: LogEntry[],
    ends: number[],
    chain: string[],
    tornBytes: number,
    private readonly hooks: LogHooks,
  ) {
    this.#entries = entries;
    this.#ends = ends;
    this.#chain = chain;
    this.#tornBytes = tornBytes;
  }

  /**
   * The file is opened for synchronised writes where the platform has them: a write returns once
   * its data is on the disk, as write + fdatasync would, in one request that is on its way the
   * moment `append` is called, so the session builds the views meanwhile.
   */
  static readonly #DSYNC: number = constants.O_DSYNC ?? 0;

  static chainSeed(id: string): string {
    return createHash('sha256').update(`pillars-log:${id}`).digest('hex');
  }

  static link(previous: string, line: string): string {
    // One-shot hashing of the same bytes as update(previous).update(line): no hash object per line.
    return hash('sha256', previous + line, 'hex');
  }

  /** Reads and validates the log; a missing file is an empty log. `label` names it for the GM. */
  static async open(path: string, id: string, label: string, hooks: LogHooks = {}, trusted?: TrustedPrefix): Promise<CommandLog> {
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new CommandLog(path, id, [], [0], [CommandLog.chainSeed(id)], 0, hooks);
      throw e;
    }
    const scan = scanLog(bytes, id, label, trusted);
    if (scan.problem) throw new AppError('corrupt-file', scan.problem);
    const log = new CommandLog(path, id, scan.entries, scan.ends, scan.chain, bytes.length - scan.ends.at(-1)!, hooks);
    if (scan.unchecked > 0) log.#checked = checkEntries(log.#entries, scan.unchecked, label);
    return log;
  }

  /** Writes a whole log durably in one go (new, duplicated, migrated or imported encounters); `root` as `writeFileDurable`'s. */
  static async write(path: string, entries: readonly LogEntry[], root?: string): Promise<void> {
    await writeFileDurable(path, entries.map((e) => JSON.stringify(e) + '\n').join(''), root);
  }

  get entries(): readonly LogEntry[] {
    return this.#entries;
  }

  get length(): number {
    return this.#entries.length;
  }

  /** The hash chain after the first `seq` entries (0: the empty log). */
  chainAt(seq: number): string {
    const h = this.#chain[seq];
    if (h === undefined) throw new RangeError(`the log has no entry ${seq}`);
    return h;
  }

  /** Bytes of an interrupted write found when the log was opened (0 when it closed cleanly). */
  get tornBytes(): number {
    return this.#tornBytes;
  }

  /** Resolves once every entry passed its schema check; refuses (`corrupt-file`) when one did not. */
  async checked(): Promise<void> {
    const problem = await this.#checked;
    if (problem) throw new AppError('corrupt-file', problem);
  }

  /** The open handle when nothing is to be done before writing (checked, no torn bytes), else null. */
  #ready(): FileHandle | null {
    return this.#verified && this.#tornBytes === 0 ? this.#handle : null;
  }

  private async handle(): Promise<FileHandle> {
    await this.checked();
    this.#verified = true;
    if (!this.#handle) {
      await this.hooks.beforeWrite?.();
      let created = false;
      try {
        this.#handle = await open(this.path, constants.O_RDWR | CommandLog.#DSYNC | NO_FOLLOW);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        this.#handle = await open(this.path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | CommandLog.#DSYNC | NO_FOLLOW);
        created = true;
      }
      if (created) await fsyncDir(dirname(this.path));
    }
    if (this.#tornBytes > 0) {
      // Never acknowledged; the opener kept a copy (a log cut short by damage looks the same).
      await this.#handle.truncate(this.#ends.at(-1)!);
      await this.#handle.sync();
      this.#tornBytes = 0;
    }
    return this.#handle;
  }

  /**
   * Appends one entry durably; it must be the next in sequence. Once the log has been written to,
   * the write is issued before this returns its promise.
   */
  async append(entry: LogEntry): Promise<void> {
    if (entry.seq !== this.#entries.length + 1) throw new RangeError(`entry ${entry.seq} does not follow ${this.#entries.length}`);
    const line = JSON.stringify(entry);
    const bytes = Buffer.from(line + '\n', 'utf8');
    const handle = this.#ready() ?? (await this.handle());
    const at = this.#ends.at(-1)!;
    try {
      let written = 0;
      while (written < bytes.length) {
        written += (await handle.write(bytes, written, bytes.length - written, at + written)).bytesWritten;
      }
      if (CommandLog.#DSYNC === 0) await handle.datasync();
    } catch (e) {
      // Leave no half line behind: the entry was not logged.
      await handle.truncate(at).catch(() => undefined);
      throw e;
    }
    this.#entries.push(entry);
    this.#ends.push(at + bytes.length);
    this.#chain.push(CommandLog.link(this.#chain.at(-1)!, line));
  }

  /** Cuts the log back to its first `length` entries, durably. Returns the entries cut off. */
  async truncate(length: number): Promise<LogEntry[]> {
    if (length < 0 || length > this.#entries.length) throw new RangeError(`cannot cut the log to ${length} entries`);
    if (length === this.#entries.length) return [];
    await this.checked();
    await this.hooks.beforeCut?.(length);
    const handle = await this.handle();
    await handle.truncate(this.#ends[length]!);
    await handle.sync();
    const removed = this.#entries.splice(length);
    this.#ends.splice(length + 1);
    this.#chain.splice(length + 1);
    return removed;
  }

  async close(): Promise<void> {
    const h = this.#handle;
    this.#handle = null;
    await h?.close();
  }
}
