/**
 * The one seam between the encounter and the magic engine (001 §Magic; RULINGS S1–S9).
 *
 * The `castSpell` command is validated by the encounter (phase, turn order, option h / r / the
 * HTH cast, movement so far) and then handed here with the transaction. The magic engine owns
 * everything after that: the spell catalogue, cost and mastery (S1), the casting roll, push and
 * control (S3), borrowing (S4), runaway (S6), must-hit rolls (S1, through `attackPreview`'s
 * 'missile-spell' kind) and the spell's effect on the state. It changes `tx.state`, emits its
 * events with `tx.emit`, rolls with `tx.roll`, and throws `AppError` to refuse.
 *
 * The encounter marks the caster as having acted after this returns.
 */
import { AppError } from '../../../shared/errors';
import type { CommandOf } from '../../../shared/commands';
import type { Tx } from './tx';

/** Which casting option the caster is taking (001 §Action Options h, r, and HTH "Cast spell"). */
export type CastingOption = 'h' | 'r' | 'hth-cast';

export type CastSpellResolver = (tx: Tx, command: CommandOf<'castSpell'>, option: CastingOption) => void;

/** The magic engine's entry point. Until it is wired in, a cast is refused with a reason. */
export const resolveCastSpell: CastSpellResolver = (tx, command) => {
  const caster = tx.fig(command.figureId);
  throw new AppError(
    'rule',
    `${caster.name} may cast now, but spell casting is not connected to the magic engine yet: resolve "${command.spellId}" at the table.`,
  );
};
