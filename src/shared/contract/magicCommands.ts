import { z } from 'zod';
import { HexSchema, IdSchema } from './schemas';
import { figureCommand } from './commandShape';

/** The magic commands of `CommandSchema` (001 §Magic; RULINGS S1–S8): casting, and magic outside the action. */
export const CastSpellCommandSchema = figureCommand('castSpell', {
  spellId: z.string().min(1).max(64),
  targetId: IdSchema.optional(),
  targetHex: HexSchema.optional(),
  push: z.number().int().min(0).max(20).optional(),
  /** The effect chosen for a spell with variants (an element, a Force effect …). */
  variant: z.string().min(1).max(80).optional(),
  /** The GM agrees to borrow the shortfall as Debt when mana is short (RULINGS S4). */
  borrow: z.boolean().optional(),
  /** The countered casting this escalates, the turn after (RULINGS S8). */
  escalationOf: z.string().min(1).max(64).optional(),
  /**
   * A mage who counters this casting as it is cast, committing mana (RULINGS S8): the contest is
   * rolled once the casting would take effect, and a defender who wins stops it.
   */
  counter: z
    .object({ figureId: IdSchema, mana: z.number().int().min(1).max(100) })
    .strict()
    .optional(),
});

// --- Magic outside the action (001 §Magic; RULINGS S1–S8) -------------------------------------------

/** Phase 2: pay a continuing spell's renewal cost from mana (RULINGS S2, T3). */
export const RenewSpellCommandSchema = figureCommand('renewSpell', { activeId: IdSchema });
/** Phase 2: renew, borrowing the shortfall as Debt with its control roll (RULINGS S4). */
export const BorrowToRenewCommandSchema = figureCommand('borrowToRenew', { activeId: IdSchema });
/** Phase 2: let a continuing spell go; it ends before movement (RULINGS S2). */
export const LetSpellLapseCommandSchema = figureCommand('letSpellLapse', { activeId: IdSchema });
/** The caster's anchor roll for this turn (RULINGS S6). */
export const AnchorRollCommandSchema = figureCommand('anchorRoll', {});
/** Another mage (the figure) tries to end a caster's runaway (RULINGS S7). */
export const InterveneCommandSchema = figureCommand('intervene', { casterId: IdSchema });
/** The figure counters a casting of this turn, committing mana (RULINGS S8). */
export const CounterspellCommandSchema = figureCommand('counterspell', {
  castingId: z.string().min(1).max(64),
  mana: z.number().int().min(1).max(100),
});
/** The GM's ruling on a casting's special effect, as text (RULINGS S1). */
export const SpellRulingCommandSchema = z
  .object({ type: z.literal('spellRuling'), castingId: z.string().min(1).max(64), text: z.string().min(1).max(2000) })
  .strict();
