import { access } from 'node:fs/promises';
import { JSONFile } from 'lowdb/node';
import { Low } from 'lowdb';
import type { z } from 'zod';
import { AppError } from '../../shared/errors';
import { DurableJSONFile } from './durable';
import { migrate, type Extracted, type FileKind, type MigrationContext } from './migrations';

/** The first problem zod found, as a sentence for the GM. */
export function describeSchemaError(label: string, error: z.ZodError): string {
  const first = error.issues[0];
  const where = first && first.path.length ? ` at ${first.path.join('.')}` : '';
  return `${label} is not a valid file${where}: ${first?.message ?? 'unknown problem'}.`;
}

async function readRaw(path: string, label: string): Promise<unknown> {
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
  return db.data;
}

/**
 * Reads one JSON document with lowdb and validates it. A file that cannot be parsed or fails
 * validation raises `corrupt-file` naming the file and the reason, and is never written back.
 */
export async function readDocument<S extends z.ZodType>(path: string, schema: S, label: string): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readRaw(path, label));
  if (!parsed.success) throw new AppError('corrupt-file', describeSchemaError(label, parsed.error));
  return parsed.data;
}

export interface VersionedDocument<T> {
  readonly data: T;
  /** The version on disk; lower than the current one when the file was migrated in memory. */
  readonly fromVersion: number;
  readonly extracted: Extracted;
}

/** Validates an already parsed document of a versioned kind, migrating it first. */
export function parseVersioned<S extends z.ZodType>(
  kind: FileKind,
  raw: unknown,
  schema: S,
  label: string,
  context: MigrationContext = {},
): VersionedDocument<z.output<S>> {
  const migrated = migrate(kind, raw, label, context);
  const parsed = schema.safeParse(migrated.data);
  if (!parsed.success) throw new AppError('corrupt-file', describeSchemaError(label, parsed.error));
  return { data: parsed.data, fromVersion: migrated.from, extracted: migrated.extracted };
}

/** Reads a versioned document: parse, migrate (migrations.ts), validate. Never writes. */
export async function readVersionedDocument<S extends z.ZodType>(
  kind: FileKind,
  path: string,
  schema: S,
  label: string,
  context: MigrationContext = {},
): Promise<VersionedDocument<z.output<S>>> {
  return parseVersioned(kind, await readRaw(path, label), schema, label, context);
}

/**
 * Writes one document atomically and durably (temp file, fsync, rename, fsync of the folder);
 * with `root`, refused if any part of the path below it is a symbolic link (linkGuard.ts).
 */
export async function writeDocument<T>(path: string, data: T, root?: string): Promise<void> {
  const db = new Low<T>(new DurableJSONFile<T>(path, root), data);
  await db.write();
}
