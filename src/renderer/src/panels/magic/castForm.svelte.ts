import type { LogEntryView } from '../../../../shared/contract/channels/log';
import type { Hex } from '../../../../shared/hex';

/** The target control's value for a bare hex (001 §Facing): '' is none, anything else a figure's id. */
export const HEX = '@hex';

/**
 * What the GM has filled in on the cast form: it lives outside the form, so
 * switching the right column's tab and back finds caster, spell, push, target, counter and the
 * last result as they were. It belongs to one opening of one encounter (the view's `session` key):
 * a view of another encounter starts a blank form.
 */
export interface CastFormState {
  session: string | null;
  casterId: string | null;
  spellId: string | null;
  push: number;
  targetId: string | null;
  /** The target control: '' none, a figure's id, or the bare-hex marker. */
  choice: string;
  targetHex: Hex | null;
  hexText: string;
  variant: string | null;
  borrow: boolean;
  /** A mage countering as the spell is cast ('' none) and the mana D committed (RULINGS S8). */
  counterId: string;
  counterMana: number;
  result: LogEntryView | null;
  ruling: string;
}

function blank(session: string | null): CastFormState {
  return {
    session,
    casterId: null,
    spellId: null,
    push: 0,
    targetId: null,
    choice: '',
    targetHex: null,
    hexText: '',
    variant: null,
    borrow: false,
    counterId: '',
    counterMana: 1,
    result: null,
    ruling: '',
  };
}

export const castForm = $state<CastFormState>(blank(null));

/** The form of the encounter the view belongs to; a form of another one is emptied first. */
export function castFormFor(session: string | null): CastFormState {
  if (castForm.session !== session) Object.assign(castForm, blank(session));
  return castForm;
}
