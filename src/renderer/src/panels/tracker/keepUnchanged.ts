import type { TurnRules } from '../../../../shared/contract/channels/rules';

/**
 * The new answer, keeping the objects of what did not change: most commands change
 * no rule and one figure's stride at most, so the rows and tokens that read the others see the
 * same objects and are not updated.
 */
export function keepUnchanged(held: TurnRules | null, fresh: TurnRules): TurnRules {
  if (!held) return fresh;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const heldStrides = new Map(held.strides.map((s) => [s.figureId, s]));
  let changed = held.strides.length !== fresh.strides.length;
  const strides = fresh.strides.map((s, i) => {
    const old = heldStrides.get(s.figureId);
    if (!old || !same(old, s)) {
      changed = true;
      return s;
    }
    if (held.strides[i] !== old) changed = true; // the same strides in another order
    return old;
  });
  const { strides: _held, ...heldRest } = held;
  const { strides: _fresh, ...freshRest } = fresh;
  if (!changed && same(heldRest, freshRest)) return held;
  return { ...fresh, strides };
}
