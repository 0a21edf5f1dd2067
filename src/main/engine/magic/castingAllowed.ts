import { masteryBenefits } from './catalogue';

/**
 * Where a figure may cast (001 §Action Options h, r and the HTH cast; §Spell Mastery): the
 * checks the cast step and the cast preview share, each listed with its rule, passed or not.
 */
/**
 * h and r are 001's cast options; HTH casting has no letter in 001, so it is `hth-cast` (the
 * encounter's name for it, src/main/engine/encounter/magic/castSpell.ts).
 */
export type CastOptionLetter = 'h' | 'r' | 'hth-cast';

export interface CastingAllowedContext {
  readonly engagement: 'disengaged' | 'engaged' | 'hth';
  /** Hexes moved this turn, when known. */
  readonly hexesMoved?: number;
  /** Both hands free (HTH casting). */
  readonly handsFree?: boolean;
  /** Mastery of the spell to be cast; 2+ needs no gestures (001 §Spell Mastery). */
  readonly mastery?: number;
  readonly conscious?: boolean;
  readonly inRunaway?: boolean;
}

export interface Reason {
  readonly ok: boolean;
  readonly text: string;
  readonly source: string;
}

export interface CastingAllowed {
  readonly allowed: boolean;
  readonly reasons: readonly Reason[];
}

/**
 * Whether a figure may cast with this action option (001 §Action Options: h disengaged with a
 * slow walk of up to 2 hexes (RULINGS M2), r engaged with a shift, and in HTH only with free
 * hands or a spell needing no gestures). Every check is listed, passed or not.
 */
export function castingAllowed(option: string, context: CastingAllowedContext): CastingAllowed {
  const reasons: Reason[] = [];
  const add = (ok: boolean, text: string, source: string): void => {
    reasons.push({ ok, text, source });
  };
  if (option === 'h') {
    add(context.engagement === 'disengaged', 'option h is for disengaged figures', '001 §Action Options, Disengaged Figures');
    if (context.hexesMoved !== undefined) {
      add(context.hexesMoved <= 2, `casting allows a slow walk of up to 2 hexes (moved ${context.hexesMoved})`, '001 §Movement; RULINGS M2');
    }
  } else if (option === 'r') {
    add(context.engagement === 'engaged', 'option r is for engaged figures', '001 §Action Options, Engaged Figures');
    if (context.hexesMoved !== undefined) {
      add(context.hexesMoved <= 1, `an engaged caster may shift 1 hex or stand still (moved ${context.hexesMoved})`, '001 §Action Options, Engaged Figures');
    }
  } else if (option === 'hth-cast') {
    add(context.engagement === 'hth', 'HTH casting is for figures in hand-to-hand combat', '001 §Action Options, Hand-to-Hand Combat');
    const noGestures = context.mastery !== undefined && masteryBenefits(Math.max(0, Math.min(5, context.mastery))).noGestures;
    add(
      context.handsFree === true || noGestures,
      noGestures
        ? 'no gestures needed at mastery 2+'
        : context.handsFree === true
          ? 'hands are free'
          : 'hands must be free, or the spell known at mastery 2+ (no gestures)',
      '001 §Action Options, Hand-to-Hand Combat; 001 §Spell Mastery',
    );
  } else {
    add(false, `option ${option} is not a casting option (h, r, or hth-cast in HTH)`, '001 §Action Options');
  }
  if (context.conscious === false) add(false, 'an unconscious figure cannot cast', '001 §Fatigue Points; RULINGS C4');
  if (context.inRunaway === true) add(false, 'a caster in runaway fights for control and cannot cast', '001 §Runaway; RULINGS S6');
  return { allowed: reasons.every((r) => r.ok), reasons };
}
