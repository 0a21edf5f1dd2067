/**
 * Hand-to-hand combat (001 §Special Combat Situations: Hand-to-Hand Combat; RULINGS H1, H2):
 * who may start it, the defender's 1d6 (004 §Hand-to-Hand Combat, where 001 is silent: RULINGS
 * G1, H1), bare-handed damage by STR (001's table), the HTH weapon bonuses (004, G1), and the
 * DEX rolls made in HTH (option u draw dagger, option v disengage).
 * The +4 to both figures' adjDEX is the `hth` row of `adjustedDex`.
 */
import type { Dice, DiceSpec, Roll } from '../dice/types';
import { diceSpec } from '../dice/parse';
import { line } from '../explain';
import type { Explained } from '../explain';
import { dexRoll } from './dexRoll';
import type { DexRollInput, DexRollResult } from './dexRoll';
import { checkWhole } from './check';

const HTH_SOURCE = '001 §Hand-to-Hand Combat; RULINGS H1';

// ---------------------------------------------------------------------------------------------
// Starting HTH: 001's list of conditions, any one of which is enough

export type HthStartCondition = 'back-to-wall' | 'enemy-down' | 'lower-movement-modifier' | 'from-rear' | 'enemy-agrees';

/** 001 §Hand-to-Hand Combat: the list, as written. */
export const HTH_START_CONDITIONS: readonly { readonly id: HthStartCondition; readonly text: string }[] = [
  { id: 'back-to-wall', text: 'Enemy has back to wall' },
  { id: 'enemy-down', text: 'Enemy is down, prone, or kneeling' },
  { id: 'lower-movement-modifier', text: 'Enemy has lower movement modifier' },
  { id: 'from-rear', text: 'Attacker comes from rear' },
  { id: 'enemy-agrees', text: 'Enemy agrees' },
];

export interface HthStartInput {
  readonly enemyBackToWall?: boolean;
  readonly enemyDownProneOrKneeling?: boolean;
  /** Movement modifiers (001 §Movement, RULINGS M1) of both figures. */
  readonly attackerMovementModifier: number;
  readonly enemyMovementModifier: number;
  /** The attacker enters from the enemy's rear hex. */
  readonly fromRear?: boolean;
  readonly enemyAgrees?: boolean;
}

export interface HthStartCheck {
  readonly allowed: boolean;
  readonly reasons: readonly { readonly id: HthStartCondition; readonly text: string; readonly met: boolean; readonly detail: string }[];
  readonly source: string;
}

/** Whether a figure may move into an enemy's hex to start HTH: any one condition of 001's list (RULINGS H1, M7). */
export function canStartHth(input: HthStartInput): HthStartCheck {
  checkWhole(input.attackerMovementModifier, "Attacker's movement modifier");
  checkWhole(input.enemyMovementModifier, "Enemy's movement modifier");
  const lower = input.enemyMovementModifier < input.attackerMovementModifier;
  const met: Record<HthStartCondition, [boolean, string]> = {
    'back-to-wall': [input.enemyBackToWall === true, input.enemyBackToWall ? 'its back is to a wall' : 'its back is not to a wall'],
    'enemy-down': [input.enemyDownProneOrKneeling === true, input.enemyDownProneOrKneeling ? 'it is down, prone or kneeling' : 'it is standing'],
    'lower-movement-modifier': [
      lower,
      `movement modifier ${input.enemyMovementModifier} ${lower ? '<' : '≥'} the attacker's ${input.attackerMovementModifier}`,
    ],
    'from-rear': [input.fromRear === true, input.fromRear ? 'the attacker comes from its rear' : 'the attacker does not come from its rear'],
    'enemy-agrees': [input.enemyAgrees === true, input.enemyAgrees ? 'it agrees' : 'it does not agree'],
  };
  const reasons = HTH_START_CONDITIONS.map((c) => ({ id: c.id, text: c.text, met: met[c.id][0], detail: met[c.id][1] }));
  return { allowed: reasons.some((r) => r.met), reasons, source: HTH_SOURCE };
}

// ---------------------------------------------------------------------------------------------
// The defender's 1d6 (004 §Hand-to-Hand Combat, Defense Against HTH Attack)

export type HthDefenceResult = 'fights-bare-handed' | 'readies-dagger' | 'attacker-backs-off' | 'defender-hits';

export interface HthDefenceRow {
  readonly result: HthDefenceResult;
  readonly faces: readonly number[];
  /** The defender drops its ready weapon and/or shield (a ready dagger is kept). */
  readonly defenderDropsWeapon: boolean;
  /** The defender may ready a dagger if it carries one. */
  readonly defenderMayReadyDagger: boolean;
  /** Both figures fall to the ground and HTH begins. */
  readonly hthBegins: boolean;
  /** The attacker goes back to the hex it entered from (5) or retreats one hex (6). */
  readonly attackerRetreats: boolean;
  /** The defender hits the attacker automatically (6). */
  readonly defenderHitsAttacker: boolean;
  readonly summary: string;
}

const DEFENCE_SOURCE = '004 §Hand-to-Hand Combat (Defense Against HTH Attack); RULINGS G1, H1';

/** 004's table, one row per result, in our words. */
export const HTH_DEFENCE_TABLE: readonly HthDefenceRow[] = [
  {
    result: 'fights-bare-handed',
    faces: [1, 2],
    defenderDropsWeapon: true,
    defenderMayReadyDagger: false,
    hthBegins: true,
    attackerRetreats: false,
    defenderHitsAttacker: false,
    summary: 'The defender lets go of its ready weapon and shield (a dagger stays in hand) and fights bare-handed; both go down into HTH.',
  },
  {
    result: 'readies-dagger',
    faces: [3, 4],
    defenderDropsWeapon: true,
    defenderMayReadyDagger: true,
    hthBegins: true,
    attackerRetreats: false,
    defenderHitsAttacker: false,
    summary: 'The defender lets go of its ready weapon and shield but gets a carried dagger out; both go down into HTH.',
  },
  {
    result: 'attacker-backs-off',
    faces: [5],
    defenderDropsWeapon: false,
    defenderMayReadyDagger: false,
    hthBegins: false,
    attackerRetreats: true,
    defenderHitsAttacker: false,
    summary: 'The defender keeps its weapon; the attacker goes back to the hex it came from. No HTH.',
  },
  {
    result: 'defender-hits',
    faces: [6],
    defenderDropsWeapon: false,
    defenderMayReadyDagger: false,
    hthBegins: false,
    attackerRetreats: true,
    defenderHitsAttacker: true,
    summary: 'The defender keeps its weapon and hits the attacker automatically; the attacker falls back one hex. No HTH.',
  },
];

export interface HthDefenceInput {
  /** The attacker came in from the defender's rear. */
  readonly attackerFromRear?: boolean;
  /** The defender holds no ready weapon. */
  readonly defenderUnarmed?: boolean;
}

export interface HthDefence {
  readonly row: HthDefenceRow;
  /** Every 1d6 rolled, re-rolls of an ignored 6 included. */
  readonly rolls: readonly Roll[];
  readonly reason: string;
  readonly source: string;
}

/** Not a rule: a guard so that dice that always show 6 cannot loop forever. */
export const MAX_HTH_DEFENCE_REROLLS = 100;

/**
 * The defender's 1d6 against an HTH attempt (004 §Hand-to-Hand Combat; RULINGS H1). A 6 is
 * ignored and rolled again when the attacker came from the rear or the defender is unarmed.
 * The automatic hit on a 6 is an ordinary hit with the defender's ready weapon: damage to
 * Fatigue only (001 §Fatigue Points), through the attacker's protection (RULINGS A4).
 */
export function hthDefence(dice: Dice, input: HthDefenceInput = {}): HthDefence {
  const ignoreSix = input.attackerFromRear === true || input.defenderUnarmed === true;
  const rolls: Roll[] = [];
  for (let i = 0; i <= MAX_HTH_DEFENCE_REROLLS; i++) {
    const roll = dice.roll('1d6', i === 0 ? 'HTH defence' : `HTH defence (6 ignored, re-roll ${i})`);
    rolls.push(roll);
    if (roll.total === 6 && ignoreSix) continue;
    const row = HTH_DEFENCE_TABLE.find((r) => r.faces.includes(roll.total));
    if (row === undefined) throw new RangeError(`HTH defence roll must be 1 to 6 (got ${roll.total}).`);
    const why = ignoreSix ? ` (${input.attackerFromRear ? 'the attacker came from the rear' : 'the defender is unarmed'}: a 6 is rolled again)` : '';
    return { row, rolls, reason: `Rolled ${roll.total}${why}: ${row.summary}`, source: DEFENCE_SOURCE };
  }
  throw new RangeError(`HTH defence: still rolling 6 after ${MAX_HTH_DEFENCE_REROLLS} re-rolls.`);
}

// ---------------------------------------------------------------------------------------------
// Bare-handed damage by STR (001 §Hand-to-Hand Combat)

export interface BareHandedRow {
  readonly strText: string;
  /** Lowest STR of the row; null for "8 or less". */
  readonly minStr: number | null;
  readonly maxStr: number;
  readonly damageText: string;
  readonly dice: DiceSpec;
}

function bh(strText: string, minStr: number | null, maxStr: number, damageText: string, count: number, modifier: number): BareHandedRow {
  return { strText, minStr, maxStr, damageText, dice: diceSpec(count, 6, modifier) };
}

/** 001 §Hand-to-Hand Combat, Bare-Handed Damage by STR, transcribed (both column pairs, low to high). */
export const BARE_HANDED_DAMAGE: readonly BareHandedRow[] = [
  bh('8 or less', null, 8, '1d6−4', 1, -4),
  bh('9–10', 9, 10, '1d6−3', 1, -3),
  bh('11–12', 11, 12, '1d6−2', 1, -2),
  bh('13–14', 13, 14, '1d6−1', 1, -1),
  bh('15–16', 15, 16, '1d6', 1, 0),
  bh('17–20', 17, 20, '1d6+1', 1, 1),
  bh('21–24', 21, 24, '1d6+2', 1, 2),
  bh('25–30', 25, 30, '1d6+3', 1, 3),
  bh('31–40', 31, 40, '2d6+1', 2, 1),
  bh('41–50', 41, 50, '3d6+1', 3, 1),
];

export interface BareHandedDamage {
  readonly dice: DiceSpec;
  readonly row: BareHandedRow;
  /** STR above 50: the table ends there, so its last row is used and the GM is told. */
  readonly beyondTable: boolean;
  readonly reason: string;
  readonly source: string;
}

/** Bare-handed damage for a STR (001 §Hand-to-Hand Combat; RULINGS H1). */
export function bareHandedDamage(STR: number): BareHandedDamage {
  checkWhole(STR, 'STR');
  const last = BARE_HANDED_DAMAGE[BARE_HANDED_DAMAGE.length - 1];
  if (last === undefined) throw new Error('Bare-handed damage table is empty');
  const row = BARE_HANDED_DAMAGE.find((r) => STR <= r.maxStr) ?? last;
  const beyondTable = STR > last.maxStr;
  const reason = beyondTable
    ? `STR ${STR} is past the table's last row (${last.strText}): ${row.damageText}, the GM may judge more.`
    : `STR ${STR} (${row.strText}): ${row.damageText}.`;
  return { dice: row.dice, row, beyondTable, reason, source: '001 §Hand-to-Hand Combat (Bare-Handed Damage by STR); RULINGS H1' };
}

// ---------------------------------------------------------------------------------------------
// What a figure strikes with in HTH (004 §Hand-to-Hand Combat, Weapon bonuses in HTH; RULINGS G1)

export type HthWeapon = 'bare-hands' | 'dagger' | 'cestus' | 'club-one-hand' | 'club-two-hands';

const BONUS_SOURCE = '004 §Hand-to-Hand Combat (Weapon bonuses in HTH); RULINGS G1';

/** 004's bonuses in HTH, in hits added to the damage. 001 names none; G1 lets 004 fill the gap. */
export const HTH_WEAPON_BONUS: Readonly<Record<HthWeapon, number>> = {
  'bare-hands': 0,
  dagger: 3,
  cestus: 3,
  'club-one-hand': 3,
  'club-two-hands': 4,
};

export interface HthDamage {
  readonly dice: DiceSpec;
  /** Hits added to the roll (pass as `bonus` to `resolveDamage`). */
  readonly bonus: Explained;
  readonly reason: string;
  readonly source: string;
}

/**
 * The damage of an HTH blow: bare hands and the cestus (001's Cestus row: "By STR") use the
 * bare-handed table; the dagger its own dice (001 §Knives and Swords, 1d6−1); a club its dice as
 * the GM set them (001's Club row: "Varies"). Then 004's bonus.
 */
export function hthDamage(input: { readonly STR: number; readonly weapon: HthWeapon; readonly clubDice?: DiceSpec }): HthDamage {
  const { weapon } = input;
  let dice: DiceSpec;
  let reason: string;
  let source: string;
  if (weapon === 'bare-hands' || weapon === 'cestus') {
    const b = bareHandedDamage(input.STR);
    dice = b.dice;
    reason = b.reason;
    source = b.source;
  } else if (weapon === 'dagger') {
    dice = diceSpec(1, 6, -1);
    reason = 'Dagger: 1d6−1.';
    source = '001 §Knives and Swords';
  } else {
    if (input.clubDice === undefined) throw new RangeError("A club's damage varies: the GM must set its dice.");
    dice = input.clubDice;
    reason = `Club: ${dice.notation} as the GM set it.`;
    source = '001 §Axes/Hammers/Maces (Club: Varies)';
  }
  const bonus = HTH_WEAPON_BONUS[weapon];
  return {
    dice,
    bonus: { value: bonus, breakdown: bonus === 0 ? [] : [line(`${weapon} in HTH`, bonus, BONUS_SOURCE)] },
    reason,
    source,
  };
}

// ---------------------------------------------------------------------------------------------
// DEX rolls in HTH

/** Option v: 4d6 ≤ DEX; on success the figure stands and moves to an adjacent empty hex (001 §Disengaging; RULINGS H2). */
export function hthDisengage(dice: Dice, input: DexRollInput): DexRollResult & { readonly source: string } {
  return { ...dexRoll(dice, 4, input, 'HTH disengage (4d6 ≤ DEX)'), source: '001 §Disengaging (From HTH, option v); RULINGS H2' };
}

/** Option u: 3d6 ≤ DEX to ready a dagger in HTH (001 §Action Options, Hand-to-Hand Combat). */
export function drawDagger(dice: Dice, input: DexRollInput): DexRollResult & { readonly source: string } {
  return { ...dexRoll(dice, 3, input, 'draw dagger (3d6 ≤ DEX)'), source: '001 §Action Options (Hand-to-Hand Combat, option u)' };
}
