import { access } from 'node:fs/promises';
import { JSONFile } from 'lowdb/node';
import { Low } from 'lowdb';
import type { z } from 'zod';
import { AppError } from '../../shared/errors';

/**
 * Reads one JSON document with lowdb and validates it. A file that cannot be parsed or fails
 * validation raises `corrupt-file` naming the file and the reason, and is never written back.
 */
export async function readDocument<S extends z.ZodType>(path: string, schema: S, label: string): Promise<z.output<S>> {
  try {
    await access(path);
  } catch {
    throw new AppError('not-found', `${label} does not exist.`);
  }
  const db = new Low<unknown>(new JSONFile<unknown>(path), null);
  try {
    await db.read();
  } catch (e) {
    const reason = e instanceof SyntaxError ? `it is not valid JSON (${e.message})` : String(e);
    throw new AppError('corrupt-file', `${label} could not be read: ${reason}.`);
  }
  // lowdb reads a file holding `null` as "no data": the file is there, so it is broken.
  if (db.data === null) throw new AppError('corrupt-file', `${label} could not be read: it holds no document.`);
  const parsed = schema.safeParse(db.data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length ? ` at ${first.path.join('.')}` : '';
    throw new AppError('corrupt-file', `${label} is not a valid file${where}: ${first?.message ?? 'unknown problem'}.`);
  }
  return parsed.data;
}

/** Writes one document atomically (lowdb writes a temp file and renames it over the old one). */
export async function writeDocument<T>(path: string, data: T): Promise<void> {
  const db = new Low<T>(new JSONFile<T>(path), data);
  await db.write();
}
