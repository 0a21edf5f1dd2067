/**
 * How many of a log's `length` entries "back to the start of the turn" keeps: those before the
 * current turn's first command. At the very start of a turn (nothing done in it yet) it goes back
 * to the start of the turn of the last command, so pressing it again keeps stepping back.
 */
export function turnStartOf(length: number, currentTurn: number, turnOf: (index: number) => number): number {
  let k = length;
  while (k > 0 && turnOf(k - 1) >= currentTurn) k--;
  if (k < length) return k;
  const previous = turnOf(length - 1);
  while (k > 0 && turnOf(k - 1) >= previous) k--;
  return k;
}
