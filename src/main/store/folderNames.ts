import { readdir } from 'node:fs/promises';

/**
 * Folder and file names from names the GM types (item: a name of 120 characters of 3 bytes each
 * is 360 bytes). File systems limit one name to 255 bytes (ext4, APFS, NTFS counts UTF-16 units,
 * which UTF-8 bytes bound), whatever the characters; the display name stays whole in the JSON,
 * and the folder's name is derived from it, cut by bytes at the end of a character.
 */
export const MAX_NAME_BYTES = 255;
/** A derived folder name leaves room for " (999)" and a bin's "-<date and time>" stamp. */
export const FOLDER_NAME_BYTES = MAX_NAME_BYTES - 40;

const encoder = new TextEncoder();
export const byteLength = (text: string): number => encoder.encode(text).length;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** `text` cut to at most `maxBytes` of UTF-8, never inside a character (nor a letter and its accents). */
export function cutToBytes(text: string, maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = byteLength(segment);
    if (bytes + size > maxBytes) break;
    out += segment;
    bytes += size;
  }
  return out;
}

/**
 * A folder name for a display name: separators, characters Windows refuses and control
 * characters become "-"; no dot, space or "-" at either end (no hidden folder, nothing Windows
 * trims); at most `FOLDER_NAME_BYTES` bytes.
 */
export function folderNameFor(displayName: string, fallback = 'Campaign'): string {
  const cleaned = displayName
    .normalize('NFC')
    .replace(/[/\\:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/^[.\s-]+/, '');
  const cut = cutToBytes(cleaned, FOLDER_NAME_BYTES).replace(/[.\s-]+$/, '');
  return cut || fallback;
}

/** `base`, or "base (2)", "base (3)"… whichever no entry of `taken` has, compared as case-insensitive file systems do. */
export function freeName(base: string, taken: Iterable<string>): string {
  const fold = (s: string) => s.normalize('NFC').toLowerCase();
  const used = new Set([...taken].map(fold));
  let name = base;
  for (let n = 2; used.has(fold(name)); n++) name = `${base} (${n})`;
  return name;
}

/** A free folder name under `home` for a display name. */
export async function freeFolderName(home: string, displayName: string, fallback?: string): Promise<string> {
  let taken: string[] = [];
  try {
    taken = await readdir(home);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  return freeName(folderNameFor(displayName, fallback), taken);
}

/**
 * `name` and `suffix` (" (2)", " (imported)") within `maxLength` UTF-16 units, the schemas' limit
 * on a display name: the name is cut, at the end of a character, not the suffix.
 */
export function numberedName(name: string, suffix: string, maxLength = 120): string {
  const room = maxLength - suffix.length;
  let cut = '';
  for (const { segment } of graphemes.segment(name)) {
    if (cut.length + segment.length > room) break;
    cut += segment;
  }
  return `${cut.trimEnd()}${suffix}`;
}
