/**
 * The behaviour half of the one `Rules` value (DESIGN §The engine; RULINGS O1–O4): what the
 * turn, movement and attack code ask the rules for, as strategy objects. `rulesFor(settings)`
 * (./rulesFor) builds them from the campaign's stored, JSON-safe settings (`RulesSchema`); the
 * Pillars behaviour (./pillars) is the default and delegates to the existing engine code.
 *
 * Rule code calls these; it never looks at which option produced them.
 */
import type { Attributes } from '../characters/attributes';
import type { AttackOutcome } from '../combat/attackRoll';
import type { Dice, Roll } from '../dice/types';
import type { BreakdownLine, Explained } from '../explain';
import type { Catalogue } from '../magic/catalogue';
import type { Rules } from '../../../shared/contract/rulesSettings';
import type { HeavyBlowEffect, HeavyBlowEvent } from './classic/combat';
import type { CleanupEvent, CleanupFigure, DroppedThisTurn } from './perCharacterInitiative/cleanup';
import type { MovementGroup, MoverRef } from './classic/turn';
import type { Declaration } from './declaredIntent/declarations';
import type { OptionSettings } from './settings';

export type { MovementGroup, MoverRef } from './classic/turn';

export interface PhaseInfo {
  readonly id: string;
  readonly name: string;
  readonly source: string;
}

/** One figure as the initiative rules see it. */
export interface InitiativeFigure extends MoverRef {
  /** Unadjusted DEX (declared intent's default initiative score). */
  readonly dex: number;
  /** Declared intent: the figure's declaration (none = it declared nothing: no modifiers). */
  readonly declaration?: Declaration;
  /** Declared intent: the initiative score the GM set for the declared weapon. */
  readonly initiativeScore?: number;
}

export interface InitiativeInput {
  /** Sides in the encounter's listing order. */
  readonly sides: readonly string[];
  /** Figures that can act, in listing order. */
  readonly figures: readonly InitiativeFigure[];
}

export interface InitiativeResult {
  /** Whether the roll orders sides or figures. */
  readonly by: 'side' | 'figure';
  /** Highest first (ties already settled). */
  readonly order: readonly string[];
  /** Each participant's score, explained. */
  readonly scores: readonly { readonly id: string; readonly value: Explained<number> }[];
  /** Every roll made, in order. */
  readonly rolls: readonly Roll[];
  /** The winner chooses to move first or second (side initiative). */
  readonly winnerChooses: boolean;
  readonly source: string;
}

export interface InitiativeRules {
  readonly id: 'pillars' | 'classic' | 'perCharacter' | 'declaredIntent';
  readonly name: string;
  readonly source: string;
  /** What is rolled, in words for the tracker ("1d6 per side"). */
  readonly rollText: string;
  /** Whether sides or single figures roll (RULINGS T2; O2 and O4 roll per figure). */
  readonly by: 'side' | 'figure';
  /** The turn's phases, in order. */
  readonly phases: readonly PhaseInfo[];
  /** Whether a figure may yield its movement to go later. */
  readonly canYield: boolean;
  roll(input: InitiativeInput, dice: Dice): InitiativeResult;
  /** The order after the winner's choice (unchanged when nobody chooses). */
  settle(result: InitiativeResult, moveFirst: boolean): string[];
  /** Who moves in which movement phase, in order. `order` is `settle`'s answer. */
  movementGroups(order: readonly string[], figures: readonly MoverRef[], yielded: readonly string[]): MovementGroup[];
  /** The tidy-up of a `cleanup` phase, when the turn has one (RULINGS O2). */
  cleanup?(figures: readonly CleanupFigure[], dropped: readonly DroppedThisTurn[]): CleanupEvent[];
}

/** A figure as the movement rules see it. */
export interface MoverInput {
  readonly attributes: Attributes;
  /** Everything carried, lbs (omitted = not tracked). */
  readonly carriedLbs?: number;
  readonly armorId?: string | null;
  /** Classic: fatigue spent out of ST. */
  readonly fatigueSpent?: number;
  /** Stride: action points for movement (default 5, a humanoid's). */
  readonly actionPoints?: number;
  /** Stride: momentum carried into the turn. */
  readonly momentum?: number;
  readonly runningProficiency?: boolean;
}

export interface MoveAllowance {
  /** A gait (`run`, `walk-slow`, …) or a stride (`stride-4`). */
  readonly mode: string;
  readonly name: string;
  readonly hexes: Explained<number>;
  readonly allowed: boolean;
  readonly reason: string | null;
  readonly fatiguePerTurn: number;
  readonly source: string;
}

export interface MovementRules {
  readonly id: 'pillars' | 'classic' | 'stride';
  readonly name: string;
  readonly source: string;
  /** Every way of moving, fastest first, with its distance explained and whether it is open. */
  allowance(m: MoverInput): readonly MoveAllowance[];
  /**
   * False when `allowance` never reads the mover's spent fatigue or momentum (Pillars), so a
   * figure whose pools change keeps its allowances; absent = it may read them.
   */
  readonly readsPoolsAndMomentum?: boolean;
  /** What going fast brings (RULINGS O3): absent = nothing (`NO_HAZARDS`, Pillars and Classic). */
  readonly hazards?: MovementHazards;
}

/** A hazard's roll and damage to one figure. */
export interface HazardHit {
  readonly figureId: string;
  readonly roll: Roll;
  readonly damage: number;
}

/** The defender's weapon as an opportunity attack reads it (002 §Attacks of Opportunity). */
export type OpportunityWeapon = 'loaded-missile' | 'throwable-in-hand' | 'none';

/**
 * The movement hazards of a rule set (RULINGS O3; 002 §Sprinting, §Charging, §Attacks of
 * Opportunity, §Assigning Movement). Every method answers "nothing" under rules without them.
 */
export interface MovementHazards {
  /** The figure's action points for the turn; null = the rules count none (attacks are free). */
  actionPoints(f: { readonly attacks?: number | undefined }): number | null;
  /** AP one attack spends (0 when AP are not counted). */
  readonly attackCost: number;
  /** A mover that cannot stop before a wall at `stride`: the crash roll, or null (no such hazard). */
  crash(dice: Dice, figureId: string, stride: number, label: string): (HazardHit & { readonly dice: string; readonly source: string }) | null;
  /** A mover running into a figure: damage to both, or null. */
  collision(dice: Dice, moverId: string, struckId: string): { readonly hits: readonly HazardHit[]; readonly source: string } | null;
  /**
   * Whether a mover engaging a defender gives it a shot first, and at what range; null = never.
   * `mover.attacks` set = a monster (its AP are its attacks): the rules read its pace from `stride`.
   */
  opportunity(input: {
    readonly stride: number;
    readonly engages: boolean;
    readonly defenderWeapon: OpportunityWeapon;
    readonly startDistance: number;
    readonly mover?: { readonly attacks?: number | undefined };
  }): {
    readonly allowed: boolean;
    readonly reason: string;
    readonly rangeHexes: number | null;
    readonly bonus: BreakdownLine | null;
    readonly source: string;
  } | null;
  /** The adjDEX lines of a pass-by charge at `stride`, or null (too slow, or no such rule). */
  passBy(stride: number): { readonly attacker: BreakdownLine; readonly defender: BreakdownLine } | null;
  /**
   * Who strikes first when `attackerId` makes a pass-by charge at `stride` on `defenderId`: the
   * roll and its winner, or null (too slow, or no such rule: the attacker simply strikes).
   */
  passByOrder(dice: Dice, attackerId: string, defenderId: string, stride: number): PassByOrder | null;
}

/** The roll-off of a pass-by charge (RULINGS O3, G4; 002 §Charging). */
export interface PassByOrder {
  /** Who strikes first: the attacker's or the defender's id. */
  readonly first: string;
  /** Each 1d6 of the roll-off (re-rolls included), with whose it was. */
  readonly rolls: readonly { readonly figureId: string; readonly roll: Roll }[];
  readonly reason: string;
  readonly source: string;
}

/** The hazards of rules that have none (Pillars, Classic): nothing happens, nothing is counted. */
export const NO_HAZARDS: MovementHazards = {
  actionPoints: () => null,
  attackCost: 0,
  crash: () => null,
  collision: () => null,
  opportunity: () => null,
  passBy: () => null,
  passByOrder: () => null,
};

/** An attack roll read by a rule set's automatic results: Pillars' outcome, its critical named by the rule set. */
export type AttackReading = Omit<AttackOutcome, 'critical'> & { readonly critical: string | null };

export interface MissReading {
  readonly roll: Roll;
  readonly missed: boolean;
  readonly multiplier: 0 | 1 | 2 | 3;
  readonly toBody: boolean;
  readonly bleeding: boolean;
  readonly reason: string;
  readonly source: string;
}

export interface CriticalRow {
  readonly dice: 3 | 4;
  readonly from: number;
  readonly to: number;
  readonly result: string;
  /** How the roll reads when `from`–`to` says it badly (e.g. "20+"). */
  readonly rollText?: string;
}

export interface CriticalRules {
  readonly id: 'pillars' | 'classic';
  readonly name: string;
  readonly source: string;
  /** The automatic results as the settings screen shows them. */
  readonly table: readonly CriticalRow[];
  read(roll: Roll, adjDex: number): AttackReading;
  rollToMiss(dice: Dice, adjDex: number, label?: string): MissReading;
}

export interface HeavyBlowRules {
  readonly enabled: boolean;
  readonly source: string;
  /** What this turn's hits do; null when heavy blows are off. */
  effect(hitsThisTurn: number, strength: number): HeavyBlowEffect | null;
  /** Thresholds crossed as hits went from `before` to `after` this turn. */
  step(figureId: string, strength: number, before: number, after: number, hasActed: boolean): HeavyBlowEvent[];
}

/** How a new figure's attributes may be made (RULINGS C2, C3; O1). */
export type CreationMethod = 'pointBuy' | 'roll' | 'entered' | 'set';

/**
 * A figure as the stat block reads it: the stored figure's fields, nothing rule-specific
 * (the encounter keeps one figure shape whatever the rules; RULINGS O1).
 */
export interface StatFigure {
  readonly name: string;
  readonly attributes: Attributes;
  readonly fatigue: { readonly starting: number; readonly current: number };
  readonly body: { readonly starting: number; readonly current: number };
  /** The creation 2d6 kept with the figure (RULINGS C3); null on figures from before it was kept. */
  readonly fatigueDice: readonly number[] | null;
  /** Everything carried, lbs, pack included. */
  readonly carriedLbs: number;
  /** The pack's weight, lbs (dropping it is free at the start of movement: RULINGS M4; 004 §Encumbrance). */
  readonly packLbs: number;
  readonly armorId: string | null;
  /** The shield, when it is ready (its DEX column counts only then). */
  readonly readyShieldId: string | null;
  /** Physical hits taken last turn (heavy blows, RULINGS A8). */
  readonly hitsLastTurn: number;
}

/** One attribute on the sheet. */
export interface StatAttribute {
  readonly id: string;
  readonly name: string;
  readonly keptAs: keyof Attributes;
  readonly value: number;
  /** The modifier the value gives (Pillars, RULINGS C1); null when the rules give none. */
  readonly modifier: Explained<number> | null;
  /** What the attribute governs, in words; null when there is nothing to add. */
  readonly note: string | null;
  readonly source: string;
}

/** A pool's state as a tone the sheet colours: none = fine, half/low = penalised, down = out. */
export type PoolBand = 'none' | 'half' | 'low' | 'down';

/** One pool on the sheet: how big it started, what is left, and what that means. */
export interface StatPool {
  readonly id: string;
  readonly name: string;
  readonly starting: Explained<number>;
  /** What is left of the pool. */
  readonly current: number;
  /** The pool's numbers in words for the bar ("7/10", "3 spent of 10"). */
  readonly valueText: string;
  readonly band: PoolBand;
  readonly bandText: string;
  /** Values of the pool where the bar is marked, with what the mark means. */
  readonly marks: readonly { readonly at: number; readonly label: string }[];
  readonly source: string;
}

/** A line of the stat block beyond attributes and pools (load, heavy blows, a dropped pack). */
export interface StatLine {
  readonly id: string;
  /** Where the sheet puts it: under the movement table, or with adjDEX. */
  readonly group: 'movement' | 'combat';
  readonly label: string;
  readonly text: string;
  readonly value: Explained<number> | null;
  readonly source: string;
}

/** The figure's stat block as the rules read it (the sheet follows the seam, never an option's name). */
export interface StatBlock {
  readonly model: { readonly id: StatRules['id']; readonly name: string; readonly caption: string; readonly source: string };
  readonly attributes: readonly StatAttribute[];
  readonly pools: readonly StatPool[];
  /** What the rules call it ("adjDEX", "adjDX"). */
  readonly adjDexLabel: string;
  readonly adjDex: Explained<number>;
  /** The figure's state by the rules: a penalty (Pillars, C4) or a condition (Classic, 004 §Injury Effects). */
  readonly condition: {
    readonly label: string;
    readonly text: string;
    readonly tone: 'ok' | 'warn' | 'down';
    readonly value: Explained<number> | null;
    readonly tags: readonly string[];
    readonly source: string;
  };
  /** What the movement heading shows: the M1 modifier (Pillars) or the MA (Classic). */
  readonly movement: { readonly label: string; readonly text: string; readonly value: Explained<number>; readonly source: string };
  /** The load, then anything else the rules add (a dropped pack, heavy-blow thresholds). */
  readonly lines: readonly StatLine[];
}

export interface StatRules {
  readonly id: 'pillars' | 'classic';
  readonly name: string;
  readonly source: string;
  /** The attributes on the sheet, and where each is kept on a figure. */
  readonly attributes: readonly { readonly id: string; readonly name: string; readonly keptAs: keyof Attributes }[];
  /** The pools the sheet shows. */
  readonly pools: readonly string[];
  /** The ways a new figure's attributes may be made, first the one a form offers first. */
  readonly creationMethods: readonly CreationMethod[];
  /** What making a figure under these rules derives, in words for the new-figure form. */
  readonly creationNote: string;
  /** Whether exhaustion counts (004 §Fatigue: −2 DX, half MA; RULINGS O1). */
  readonly countsExhaustion: boolean;
  /** Whether a figure that has spent `fatigueSpent` of its fatigue is exhausted. */
  exhausted(st: number, fatigueSpent: number): boolean;
  /** The figure's stat block, every number explained and JSON-safe. */
  statBlock(f: StatFigure): StatBlock;
  /**
   * Which stored pools a blow's hits come off (RULINGS A3; O1): `hits` got through protection,
   * `fatigue` and `body` are what Pillars' damage rules take (Body only on the criticals that say so).
   */
  losses(blow: { readonly hits: number; readonly fatigue: number; readonly body: number }): { readonly fatigue: number; readonly body: number };
  /** What the figure's losses mean: the DEX they cost and whether they put it down (RULINGS C4; O1). */
  wounds(f: Pick<StatFigure, 'attributes' | 'fatigue' | 'body'>): Wounds;
  /** Whether badly hurt figures make survival saves at the end of each turn (RULINGS C5). */
  readonly survivalSaves: boolean;
  /** The pools in a few characters, for the tracker's rows. */
  poolSummary(f: Pick<StatFigure, 'attributes' | 'fatigue' | 'body'>): { readonly text: string; readonly title: string };
}

/** What a figure's losses mean under a stat model (RULINGS C4; O1: 004 §Injury Effects). */
export interface Wounds {
  /** The DEX lines the losses cost (an empty breakdown when none). */
  readonly penalty: Explained<number>;
  /** Whether the losses alone leave it fighting, unconscious or dead. */
  readonly condition: 'fighting' | 'unconscious' | 'dead';
  readonly source: string;
}

export interface RuleBehaviour {
  readonly initiative: InitiativeRules;
  readonly movement: MovementRules;
  readonly criticals: CriticalRules;
  readonly heavyBlowRules: HeavyBlowRules;
  readonly stats: StatRules;
}

/**
 * The whole `Rules` value: the stored settings (every `Rules` field, so code that reads
 * `rules.bleedingPerTurn` keeps working) plus the behaviour. Store `settingsOf(ruleSet)`, not this.
 */
export interface RuleSet extends Rules, RuleBehaviour {
  readonly optionSettings: OptionSettings;
  /** The spell catalogue with the stored `spellEdits` applied (RULINGS S9). */
  readonly catalogue: Catalogue;
  /** What the combination of options means, in words (e.g. which initiative won). */
  readonly notes: readonly string[];
}
