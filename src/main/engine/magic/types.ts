import type { Hex } from '../../../shared/hex';
import type { PoolLevel } from '../characters/pools';
import type { Roll } from '../dice/types';
import type { Explained } from '../explain';
import type { Rules } from '../rules';
import type { Catalogue } from './catalogue';

/**
 * The magic library's own small types. The encounter model maps its figures onto
 * `Caster`s and writes back what a step changed (mana, pools, conscious, dead); everything
 * else magic needs lives in `MagicState`.
 */

/** RULINGS C8, S4: the secret pool, the mana left now and the Debt owed. GM-only. */
export interface ManaState {
  readonly pool: number;
  readonly current: number;
  readonly debt: number;
}

export interface CasterAttributes {
  readonly INT: number;
  readonly WIS: number;
  readonly DEX: number;
  readonly CON: number;
}

export interface Caster {
  readonly id: string;
  readonly name: string;
  readonly attributes: CasterAttributes;
  readonly fatigue: PoolLevel;
  readonly body: PoolLevel;
  readonly posture?: string;
  readonly conscious: boolean;
  readonly dead: boolean;
  readonly mana: ManaState;
  /** Spell id → mastery 1–5 (001 §Spell Mastery). A spell not listed is not known. */
  readonly mastery: Readonly<Record<string, number>>;
  /** Spell id → the attribute this caster casts it with, where the GM chose other than the catalogue. */
  readonly castingAttributes?: Readonly<Record<string, 'INT' | 'WIS'>>;
}

/** A continuing spell in effect (001 §Renewing Spells, RULINGS S2). */
export interface ActiveSpell {
  readonly id: string;
  readonly castingId: string;
  readonly spellId: string;
  readonly name: string;
  readonly variant: string | null;
  readonly casterId: string;
  readonly targetId: string | null;
  /**
   * The hex the spell was aimed at when it was cast at no figure (a Light, a Barrier on the
   * ground: 001 §Facing "Spells: your hex, adjacent hexes, or any hex in front"); null when it
   * is on a figure (`targetId`) or on no place at all.
   */
  readonly at: Hex | null;
  readonly level: number;
  readonly renewalCost: number;
  /** Renewals so far: 0 in the turn it was cast. */
  readonly turnsActive: number;
  readonly castTurn: number;
}

export type RunawayCause = 'push' | 'borrow' | 'intervention';

/** A caster's runaway (001 §Runaway, RULINGS S6). GM-only. */
export interface RunawayState {
  readonly casterId: string;
  readonly spellId: string;
  readonly spellName: string;
  readonly level: number;
  readonly push: number;
  readonly cause: RunawayCause;
  readonly startedTurn: number;
  /** End-of-turn drains so far; the turn in progress is turn `turnsElapsed + 1` of the runaway. */
  readonly turnsElapsed: number;
  /** The turn of the last anchor roll (one a turn), or null. */
  readonly lastAnchorTurn: number | null;
}

/** Natural 3–4 and 17–18 on a casting roll (RULINGS S1). */
export interface SpecialEffect {
  readonly natural: number;
  readonly kind: 'low' | 'high';
  /** What the GM ruled, as free text; null until the GM writes it. */
  readonly gmRuling: string | null;
}

export type CastingOutcome =
  /** Cast and (if it must hit) hit: in effect. */
  | 'succeeded'
  /** The casting roll failed. */
  | 'failed'
  /** Cast, but the adjDEX roll missed. */
  | 'missed'
  /** A failed push control roll short of Runaway: mana and spell lost (RULINGS S3). */
  | 'lost'
  /** A control roll started Runaway (RULINGS S3, S4). */
  | 'runaway';

export interface CounterAttempt {
  readonly defenderId: string;
  readonly committed: number;
  readonly casterMargin: number;
  readonly defenderMargin: number;
  readonly winner: 'caster' | 'defender';
  readonly turn: number;
}

/** One casting, kept for counterspells (one try per casting, RULINGS S8) and escalation. */
export interface CastingRecord {
  readonly id: string;
  readonly casterId: string;
  readonly spellId: string;
  readonly variant: string | null;
  readonly targetId: string | null;
  /** The hex aimed at when no figure was (001 §Facing); absent otherwise. */
  readonly at?: Hex;
  readonly turn: number;
  readonly level: number;
  readonly cost: number;
  readonly push: number;
  readonly outcome: CastingOutcome;
  readonly special: SpecialEffect | null;
  readonly escalationOf: string | null;
  readonly counter: CounterAttempt | null;
}

/** Phase 2 in progress (RULINGS S2, T3): the order, and each continuing spell's decision. */
export interface RenewalPhase {
  readonly turn: number;
  /** Casters with continuing spells, DEX+INT+WIS high to low, ties by roll-off (RULINGS G4). */
  readonly order: readonly string[];
  readonly decided: Readonly<Record<string, 'renewed' | 'lapsed'>>;
}

export interface MagicState {
  /** Counter for ids; ids are `cast-N` and `spell-N`. */
  readonly seq: number;
  readonly active: readonly ActiveSpell[];
  readonly runaways: readonly RunawayState[];
  readonly castings: readonly CastingRecord[];
  readonly renewal: RenewalPhase | null;
}

export const EMPTY_MAGIC_STATE: MagicState = { seq: 0, active: [], runaways: [], castings: [], renewal: null };

/** What a step reads and returns: the magic state and the casters it touches. */
export interface MagicSnapshot {
  readonly magic: MagicState;
  readonly casters: readonly Caster[];
}

/** The campaign and the moment: rules settings, catalogue with edits, the turn number. */
export interface MagicContext {
  readonly rules: Rules;
  readonly catalogue: Catalogue;
  readonly turn: number;
}

export type ControlKind = 'push' | 'borrow';

/** What happened; each event cites the rule that made it. GM-only unless `stripSecrets` says so. */
export type MagicEvent =
  | {
      readonly type: 'manaSpent';
      readonly casterId: string;
      readonly amount: number;
      /** How the amount was made (level, mastery, push; renewal cost; committed mana). */
      readonly cost: Explained;
      readonly fromMana: number;
      readonly borrowed: number;
      readonly reason: string;
      readonly source: string;
    }
  | {
      readonly type: 'controlRoll';
      readonly casterId: string;
      readonly kind: ControlKind;
      readonly target: Explained;
      readonly roll: number;
      readonly result: 'controlled' | 'lost' | 'runaway';
      readonly source: string;
    }
  | {
      readonly type: 'castingRoll';
      readonly casterId: string;
      readonly spellId: string;
      readonly target: Explained;
      readonly roll: number;
      readonly success: boolean;
      readonly special: SpecialEffect | null;
      readonly source: string;
    }
  | {
      readonly type: 'hitRoll';
      readonly casterId: string;
      readonly spellId: string;
      readonly target: Explained;
      readonly dice: number;
      readonly roll: number;
      readonly hit: boolean;
      readonly automatic: 'hit' | 'miss' | null;
      readonly source: string;
    }
  | {
      readonly type: 'spellCast';
      readonly castingId: string;
      readonly casterId: string;
      readonly spellId: string;
      readonly targetId: string | null;
      /** The hex aimed at when no figure was (001 §Facing); absent otherwise. */
      readonly at?: Hex;
      readonly outcome: CastingOutcome;
      readonly source: string;
    }
  | { readonly type: 'spellActive'; readonly spell: ActiveSpell; readonly source: string }
  | { readonly type: 'spellRenewed'; readonly activeId: string; readonly casterId: string; readonly cost: number; readonly source: string }
  | {
      readonly type: 'spellEnded';
      readonly activeId: string;
      readonly casterId: string;
      readonly reason: 'lapsed' | 'not renewed' | 'caster unconscious' | 'caster dead' | 'countered' | 'runaway';
      readonly source: string;
    }
  | { readonly type: 'renewalOrder'; readonly order: readonly { casterId: string; score: Explained }[]; readonly source: string }
  | { readonly type: 'runawayStarted'; readonly runaway: RunawayState; readonly source: string }
  | {
      readonly type: 'runawayDrain';
      readonly casterId: string;
      readonly drain: Explained;
      readonly fromMana: number;
      readonly fromBody: number;
      readonly source: string;
    }
  | {
      readonly type: 'runawayEnded';
      readonly casterId: string;
      readonly reason: 'anchored' | 'intervention' | 'death';
      readonly source: string;
    }
  | {
      readonly type: 'anchorRoll' | 'interventionRoll';
      readonly casterId: string;
      readonly rollerId: string;
      readonly target: Explained;
      readonly roll: number;
      readonly success: boolean;
      readonly source: string;
    }
  | { readonly type: 'casterUnconscious'; readonly casterId: string; readonly source: string }
  | {
      readonly type: 'survivalSave';
      readonly casterId: string;
      readonly target: Explained;
      readonly roll: number;
      readonly survived: boolean;
      readonly source: string;
    }
  | { readonly type: 'casterDied'; readonly casterId: string; readonly source: string }
  | {
      readonly type: 'counterspell';
      readonly castingId: string;
      readonly casterId: string;
      readonly defenderId: string;
      readonly casterTarget: Explained;
      readonly casterRoll: number;
      readonly casterMargin: number;
      readonly defenderTarget: Explained;
      readonly defenderRoll: number;
      readonly defenderMargin: number;
      readonly winner: 'caster' | 'defender';
      readonly source: string;
    }
  | { readonly type: 'gmRuling'; readonly castingId: string; readonly text: string; readonly source: string }
  | {
      readonly type: 'manaRegained';
      readonly casterId: string;
      readonly regained: number;
      readonly debtPaid: number;
      readonly source: string;
    };

export interface MagicStepResult {
  readonly next: MagicSnapshot;
  readonly events: readonly MagicEvent[];
  readonly rolls: readonly Roll[];
}
