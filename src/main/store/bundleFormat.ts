import { z } from 'zod';
import { AppError } from '../../shared/errors';
import { IdSchema } from '../../shared/contract/schemas';
import { ASSET_NAME } from './assets';

/**
 * The export file (docs/architecture.md §Persistence, "The export file"): a zip archive laid out
 * as a campaign folder — `pillars-bundle.json` (what it holds), `campaign.json` (campaign
 * exports), `encounters/<id>.json` and `encounters/<id>.log.jsonl`, `assets/<sha256>.<ext>` —
 * every entry stored as it is (no compression: the images are compressed already, and the
 * archive's size is then known before a byte is written). Version 1 was one JSON document with
 * the images in base64 (legacyBundle.ts still reads it).
 */
export const BUNDLE_FORMAT = 'pillars-gm-console-bundle';
export const BUNDLE_VERSION = 2;
export const MANIFEST_ENTRY = 'pillars-bundle.json';

/**
 * The largest export file, the same on both sides: an export that would be larger is refused
 * before it starts, and an import of a larger file (or one whose entries unpack to more) is
 * refused as its bytes arrive. Streamed, an export or import holds only a few buffers in memory
 * whatever its size; this bounds the disk an import takes while it is checked (twice the file).
 */
export const MAX_BUNDLE_BYTES = 1024 * 1024 * 1024;
/** Version 1 files were capped at this on import; they are read whole, so the cap stays. */
export const MAX_LEGACY_BUNDLE_BYTES = 256 * 1024 * 1024;
/** A JSON document inside an export (campaign.json, an encounter's file, the manifest). */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
export const MAX_BUNDLE_ENCOUNTERS = 10_000;
export const MAX_BUNDLE_ASSETS = 10_000;

export const ManifestSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    bundleVersion: z.literal(BUNDLE_VERSION),
    kind: z.enum(['campaign', 'encounter']),
    exportedAt: z.string().max(64),
    /** The campaign's or the encounter's name as the GM knows it. */
    name: z.string().max(200),
    encounters: z.array(IdSchema).max(MAX_BUNDLE_ENCOUNTERS),
    assets: z.array(z.string().regex(ASSET_NAME)).max(MAX_BUNDLE_ASSETS),
  })
  .strict();
export type Manifest = z.infer<typeof ManifestSchema>;
export type BundleKind = Manifest['kind'];

/** What an entry's name says it is; null for a name no export has. */
export type EntryRole = { role: 'manifest' } | { role: 'campaign' } | { role: 'encounter' | 'log'; id: string } | { role: 'asset'; name: string };

export function entryRole(name: string): EntryRole | null {
  if (name === MANIFEST_ENTRY) return { role: 'manifest' };
  if (name === 'campaign.json') return { role: 'campaign' };
  const encounter = /^encounters\/([A-Za-z0-9_-]{1,64})\.(json|log\.jsonl)$/.exec(name);
  if (encounter) return { role: encounter[2] === 'json' ? 'encounter' : 'log', id: encounter[1]! };
  const asset = /^assets\/([^/]+)$/.exec(name);
  if (asset && ASSET_NAME.test(asset[1]!)) return { role: 'asset', name: asset[1]! };
  return null;
}

/** Files an archiver adds on its own (macOS's resource forks, Finder's folder settings): skipped, not refused. */
export const isArchiverLitter = (name: string): boolean => name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name) || name.endsWith('/');

export type BundleFormat = 'zip' | 'json';

/**
 * What a file is, from its first bytes: a zip archive (a local file header, `PK\3\4`) or a
 * version 1 export (JSON: `{` after an optional byte-order mark and white space). Anything else
 * is refused before the rest of it is read.
 */
export function sniffBundle(head: Uint8Array, label = 'The file'): BundleFormat {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  let i = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  if (i < head.length && head[i] === 0x7b) return 'json';
  throw new AppError(
    'invalid-args',
    `${label} is not a console export: an export is a .zip archive (or, from an earlier version, a .json file), and its first bytes are neither. Nothing was imported.`,
  );
}

/** Bytes to read before `sniffBundle` can decide (a byte-order mark and some white space before a `{`). */
export const SNIFF_BYTES = 64;

/**
 * The asset names a JSON text refers to: every string value that is exactly an asset's name
 * (`"<sha256>.<ext>"`, quotes included), wherever it is — a map image, token art, a handout, a
 * roster sheet, a command or an event of the log. A name inside a longer text is not a reference.
 */
const ASSET_REFERENCE = /"([0-9a-f]{64}\.(?:png|jpg|webp))"/g;
export function assetReferences(text: string, into = new Set<string>()): Set<string> {
  for (const m of text.matchAll(ASSET_REFERENCE)) into.add(m[1]!);
  return into;
}

/** The longest text `assetReferences` matches: chunks scanned apart overlap by this much. */
export const ASSET_REFERENCE_BYTES = 64 + '.webp'.length + 2;

export function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/** What an import made: the campaign folder written, or the encounters added to the open campaign. */
export interface ImportResult {
  readonly kind: BundleKind;
  /** The campaign folder written (campaign bundles) or imported into (encounter bundles). */
  readonly dir: string;
  readonly name: string;
  /** Encounters as imported: their ids and names after any renaming. */
  readonly encounters: { from: string; id: string; name: string }[];
  readonly renamed: boolean;
}

/** A step of a long transfer, for the GM's progress bar. */
export interface TransferStep {
  /** What is being done, in words ("Checking the images"). */
  readonly step: string;
  readonly done: number;
  readonly total: number | null;
}
export type OnStep = (step: TransferStep) => void;
