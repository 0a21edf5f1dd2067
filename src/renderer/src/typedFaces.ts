/**
 * The one reading of dice faces the GM types (RULINGS G3), used by every dice field of the GM
 * page: whole numbers separated by spaces, commas, slashes, semicolons or plus signs, all read
 * alike ("3 4 5", "3,4,5", "3/4/5", "3+4+5"). The faces are one run in the order the command
 * rolls (main takes each roll's faces from it in turn), so all the dice a player rolled for a
 * push can be typed at once. Whether a face fits its die is main's to say.
 */
export type TypedFaces = { readonly ok: true; readonly faces: readonly number[] } | { readonly ok: false; readonly problem: string };

const SEPARATORS = /[\s,/;|+]+/;

export function parseTypedFaces(text: string): TypedFaces {
  const parts = text.split(SEPARATORS).filter((p) => p.length > 0);
  if (parts.length === 0) return { ok: false, problem: 'Type the faces rolled, e.g. "3 4 5".' };
  const bad = parts.find((p) => !/^\d{1,3}$/.test(p) || Number(p) < 1);
  if (bad !== undefined) return { ok: false, problem: `"${bad}" is not a face: type whole numbers of 1 or more, e.g. "3 4 5".` };
  return { ok: true, faces: parts.map(Number) };
}

/** The faces a command did not take (`used` of `faces`, in order), in words, or null when it took them all. */
export function leftOverFaces(faces: readonly number[], used: number): string | null {
  const rest = faces.slice(used);
  if (rest.length === 0) return null;
  return `Not used: ${rest.join(' ')} — the command rolled only the first ${used} of the ${faces.length} faces typed.`;
}

/** A main refusal that means more faces are needed: which roll, and its dice (from the engine's dice/faceStream.ts). */
export function missingRoll(message: string): { label: string; notation: string } | null {
  const m = /needs \d+ more (?:die|dice) for (.+) \(([^)]+)\): all \d+ entered (?:faces? ha(?:s|ve)|rolls have) been used/.exec(message);
  return m ? { label: m[1]!, notation: m[2]! } : null;
}
