import type { Hex } from '../../../shared/hex';
import type { Roll } from '../dice/types';
import type { MagicEvent } from '../magic';
import type { HeavyBlowEvent } from '../options/classic/combat';
import type { CleanupEvent } from '../options/perCharacterInitiative/cleanup';

/** What happened when a command was applied; the log keeps these with every roll. */
export type EncounterEvent =
  | { readonly type: 'figureMoved'; readonly figureId: string; readonly from: Hex; readonly to: Hex; readonly source: string }
  | {
      readonly type: 'figureTurned';
      readonly figureId: string;
      readonly from: number;
      readonly to: number;
      readonly source: string;
    }
  | MapEditEvent
  | TurnEvent
  | MovementEvent
  | ActionEvent
  | FigureEditEvent
  | MapImageEvent
  | OptionEvent
  | PoolsChangedEvent
  | SideEvent
  /** Casting, renewal, runaway, counterspell (001 §Magic; RULINGS S1–S8): the magic engine's own events. */
  | MagicEvent;

type Src = { readonly source: string };

/** Turn sequence (RULINGS T1–T5, G4). */
export type TurnEvent =
  | ({ readonly type: 'initiativeRolled'; readonly rolls: readonly { sideId: string; total: number }[]; readonly rollOrder: readonly string[] } & Src)
  | ({ readonly type: 'initiativeChosen'; readonly sideId: string; readonly moveFirst: boolean; readonly order: readonly string[] } & Src)
  | ({ readonly type: 'phaseChanged'; readonly turn: number; readonly from: string; readonly to: string } & Src)
  | ({
      readonly type: 'orderSet';
      readonly phase: string;
      readonly order: readonly string[];
      readonly scores: readonly { figureId: string; value: number }[];
    } & Src)
  /** The GM acted out of turn: `due` were the ones the rules expected. */
  | ({ readonly type: 'override'; readonly command: string; readonly figureId: string | null; readonly due: readonly string[]; readonly reason: string } & Src)
  | ({ readonly type: 'turnEnded'; readonly turn: number } & Src)
  /** RULINGS O4: a figure's declaration before movement. */
  | ({ readonly type: 'declared'; readonly figureId: string; readonly action: string; readonly movement: string; readonly targetIds: readonly string[] } & Src)
  /** RULINGS O4 (amended): the GM typed a figure's initiative score; null = back to its DEX modifier. */
  | ({ readonly type: 'initiativeScoreSet'; readonly figureId: string; readonly score: number | null } & Src);

/** What the rule options add (RULINGS O1–O3, A8): heavy blows, the cleanup phase, strides. */
export type OptionEvent =
  | HeavyBlowEvent
  | CleanupEvent
  | ({
      readonly type: 'strideMoved';
      readonly figureId: string;
      readonly strides: readonly number[];
      readonly apSpent: number;
      readonly endStride: number;
      readonly momentumNext: number;
    } & Src)
  | ({ readonly type: 'tumbled'; readonly figureId: string; readonly damage: number; readonly fatigueAfter: number } & Src)
  | ({ readonly type: 'momentumCarried'; readonly figureId: string; readonly momentum: number } & Src)
  /** RULINGS O3 (002 §Attacks of Opportunity): the defender may shoot first; the GM resolves it with `opportunityAttack`. */
  | ({
      readonly type: 'opportunityOffered';
      readonly figureId: string;
      readonly moverId: string;
      readonly weaponId: string;
      readonly rangeHexes: number;
      readonly at: Hex;
      readonly reason: string;
      /** 002 §Assigning Movement: the shot's line from the mover's pace (an ambling monster: +1); absent = none. */
      readonly bonus?: { readonly label: string; readonly value: number; readonly source: string };
    } & Src)
  /** RULINGS O3, G4 (002 §Charging): the pass-by charge's roll-off; `firstId` strikes first. */
  | ({
      readonly type: 'passByRolled';
      readonly attackerId: string;
      readonly defenderId: string;
      readonly rolls: readonly { figureId: string; total: number }[];
      readonly firstId: string;
      readonly reason: string;
    } & Src)
  /** RULINGS O3 (002 §Charging): the defender won and may strike first; the GM resolves it with `firstStrike` or `waiveFirstStrike`. */
  | ({
      readonly type: 'firstStrikeOffered';
      readonly figureId: string;
      readonly attackerId: string;
      readonly weaponId: string | null;
      readonly reason: string;
    } & Src)
  /** RULINGS O3 (002 §Charging): the defender let its first strike go. */
  | ({ readonly type: 'firstStrikeWaived'; readonly figureId: string; readonly attackerId: string } & Src)
  /** RULINGS O3 (002 §Charging): the charger's waiting blow was not struck (down, tumbled, or no longer possible). */
  | ({ readonly type: 'chargeBlowLost'; readonly figureId: string; readonly targetId: string; readonly reason: string } & Src)
  /** RULINGS O3 (002 §Sprinting): a tumble mid-path stopped the figure short, at `at`, having used `apSpent` AP and `spent` hexes. */
  | ({
      readonly type: 'strideCutShort';
      readonly figureId: string;
      readonly ap: number;
      readonly at: Hex;
      readonly spent: number;
      readonly apSpent: number;
      readonly reason: string;
    } & Src)
  /** RULINGS O3 (002 §Sprinting): a mover that could not stop ran into a wall (or the map's edge). */
  | ({
      readonly type: 'crashed';
      readonly figureId: string;
      readonly stride: number;
      readonly dice: string;
      readonly damage: number;
      readonly fatigueAfter: number;
      readonly into: Hex;
    } & Src)
  /** RULINGS O3 (002 §Charging): a mover ran into a figure: damage to both. */
  | ({
      readonly type: 'collided';
      readonly figureId: string;
      readonly struckId: string;
      readonly damage: readonly { figureId: string; damage: number; fatigueAfter: number }[];
    } & Src)
  /** RULINGS O3 (002 §Assigning Movement): AP spent on an attack. */
  | ({ readonly type: 'actionPointsSpent'; readonly figureId: string; readonly ap: number; readonly apLeft: number; readonly on: string } & Src);

/** Movement (RULINGS M1–M7). */
export type MovementEvent =
  | ({
      readonly type: 'moved';
      readonly figureId: string;
      readonly mode: string;
      readonly path: readonly Hex[];
      readonly cost: number;
      readonly facing: number;
      readonly engaged: boolean;
    } & Src)
  | ({ readonly type: 'yielded'; readonly figureId: string } & Src)
  | ({ readonly type: 'fatigueSpent'; readonly figureId: string; readonly amount: number; readonly fatigue: number } & Src)
  | ({ readonly type: 'itemDropped'; readonly figureId: string; readonly itemId: string; readonly kind: string; readonly what: string; readonly at: Hex } & Src)
  | ({ readonly type: 'itemPickedUp'; readonly figureId: string; readonly itemId: string; readonly what: string } & Src)
  | ({ readonly type: 'pushed'; readonly figureId: string; readonly targetId: string; readonly from: Hex; readonly to: Hex; readonly advanced: boolean } & Src)
  /** RULINGS H8: a figure in the way had no free hex to be pushed into; the pusher stopped at `at`, before it. */
  | ({ readonly type: 'pushStopped'; readonly figureId: string; readonly targetId: string; readonly at: Hex; readonly reason: string } & Src);

/** Actions and their consequences (001 §Action Options, §Attack Rolls; RULINGS A1–A7, H1–H4, C5). */
export type ActionEvent =
  | ({ readonly type: 'optionTaken'; readonly figureId: string; readonly option: string } & Src)
  /** RULINGS H7: the second of two attacks could no longer be made (its target fell, its weapon was lost). */
  | ({ readonly type: 'attackLost'; readonly figureId: string; readonly targetId: string; readonly reason: string } & Src)
  | ({
      readonly type: 'attackRolled';
      readonly attackerId: string;
      readonly targetId: string;
      readonly weaponId: string | null;
      readonly kind: string;
      readonly adjDex: number;
      readonly breakdown: readonly { label: string; value: number; source: string }[];
      readonly dice: number;
      readonly roll: number;
      readonly hit: boolean;
      readonly result: string;
    } & Src)
  | ({
      readonly type: 'damageDealt';
      readonly attackerId: string;
      readonly targetId: string;
      readonly rolled: number;
      readonly multiplier: number;
      readonly protection: number;
      readonly taken: number;
      readonly body: boolean;
      readonly fatigueAfter: number;
      readonly bodyAfter: number;
    } & Src)
  | ({ readonly type: 'postureChanged'; readonly figureId: string; readonly from: string; readonly to: string } & Src)
  | ({ readonly type: 'weaponReadied'; readonly figureId: string; readonly weaponId: string | null; readonly shieldReady: boolean } & Src)
  | ({ readonly type: 'weaponBroken'; readonly figureId: string; readonly weaponId: string } & Src)
  | ({ readonly type: 'defenceDeclared'; readonly figureId: string; readonly defence: 'dodge' | 'defend' } & Src)
  | ({ readonly type: 'conditionChanged'; readonly figureId: string; readonly condition: string; readonly on: boolean } & Src)
  | ({ readonly type: 'hthChanged'; readonly figureIds: readonly string[]; readonly inHth: boolean } & Src)
  | ({
      readonly type: 'check';
      readonly figureId: string;
      readonly purpose: string;
      readonly target: number;
      readonly roll: number;
      readonly success: boolean;
    } & Src)
  | ({ readonly type: 'hthDefence'; readonly attackerId: string; readonly targetId: string; readonly roll: number; readonly result: string } & Src)
  | ({ readonly type: 'bled'; readonly figureId: string; readonly amount: number; readonly bodyAfter: number } & Src)
  | ({ readonly type: 'passed'; readonly figureId: string } & Src)
  | ({ readonly type: 'missileRedirected'; readonly attackerId: string; readonly intendedId: string; readonly hitId: string; readonly reason: string } & Src);

export type MapEditEvent =
  | { readonly type: 'terrainPainted'; readonly hexes: readonly Hex[]; readonly terrain: string; readonly source: string }
  | { readonly type: 'hexesHidden'; readonly hexes: readonly Hex[]; readonly hidden: boolean; readonly source: string }
  | { readonly type: 'figureHidden'; readonly figureId: string; readonly hidden: boolean; readonly source: string }
  | { readonly type: 'partySight'; readonly sideId: string | null; readonly range: number; readonly source: string }
  | { readonly type: 'figureRevealed'; readonly figureId: string; readonly revealed: boolean; readonly source: string }
  | { readonly type: 'mapDrawn'; readonly drawingId: string; readonly erased: boolean; readonly shown: boolean; readonly source: string };

export interface ApplyResult<S> {
  readonly state: S;
  readonly events: readonly EncounterEvent[];
  readonly rolls: readonly Roll[];
}

/** What the figure commands tell the log. */
export type FigureEditEvent =
  | {
      readonly type: 'figureAdded';
      readonly figureId: string;
      readonly name: string;
      readonly sideId: string;
      readonly at: Hex;
      readonly method: 'roll' | 'pointBuy' | 'set';
      readonly fatigue: number;
      readonly body: number;
      readonly source: string;
    }
  | { readonly type: 'figureUpdated'; readonly figureId: string; readonly changed: readonly string[]; readonly source: string }
  | { readonly type: 'figureRemoved'; readonly figureId: string; readonly name: string; readonly source: string };

/** The map image under the grid (DESIGN §Rendering layer 1). */
export type MapImageEvent =
  | { readonly type: 'mapImageSet'; readonly asset: string | null; readonly source: string }
  | { readonly type: 'mapCalibrated'; readonly x: number; readonly y: number; readonly scale: number; readonly source: string }
  | { readonly type: 'mapResized'; readonly cols: number; readonly rows: number; readonly fitted: boolean; readonly source: string };

/** What a manual change did to one figure's pools. */
export interface PoolsChangedEvent {
  readonly type: 'poolsChanged';
  readonly figureId: string;
  readonly how: 'damage' | 'heal' | 'set';
  /** What the GM said caused it ("fall", "fire"…), or null. */
  readonly cause: string | null;
  /** The GM chose to tell the players the cause; absent (older logs) or false: it is the GM's alone. */
  readonly causeTold?: boolean;
  /** Hits the armour and shield stopped (damage "with armour" only). */
  readonly stopped: number;
  readonly fatigueBefore: number;
  readonly fatigueAfter: number;
  readonly bodyBefore: number;
  readonly bodyAfter: number;
  readonly source: string;
}

/** The GM's sides (RULINGS T2; sides.ts). */
export type SideEvent =
  | { readonly type: 'sideAdded'; readonly sideId: string; readonly name: string; readonly color: string; readonly source: string }
  | {
      readonly type: 'sideChanged';
      readonly sideId: string;
      readonly from: { readonly name: string; readonly color: string };
      readonly to: { readonly name: string; readonly color: string };
      readonly source: string;
    };
