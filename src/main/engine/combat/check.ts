/** Input guard shared by the combat modules (not a rule; not exported from the engine). */
export function checkWhole(value: number, what: string, min = Number.NEGATIVE_INFINITY): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${what} must be a whole number${min === Number.NEGATIVE_INFINITY ? '' : ` ${min} or more`} (got ${value}).`);
  }
}
