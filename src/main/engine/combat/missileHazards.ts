/**
 * Missiles and what stands in their way (RULINGS H4, from 004 where 001 is silent, G1):
 * rolling to miss a friendly figure in the path (004 §Rolling to Hit: Roll to Miss) and a prone
 * or kneeling target behind a body (004 §Crawling and Prone).
 */
import type { Dice, Roll } from '../dice/types';
import { checkWhole } from './check';

const MISS_SOURCE = '004 §Rolling to Hit (Roll to Miss); RULINGS H4, G1';

export interface FriendInPath {
  readonly roll: Roll;
  /** The missile passes the friend and flies on. */
  readonly missed: boolean;
  /** The friend is hit instead. */
  readonly hitsFriend: boolean;
  /** 0 when missed; 1, 2 or 3 on the friend. */
  readonly multiplier: 0 | 1 | 2 | 3;
  readonly toBody: boolean;
  readonly bleeding: boolean;
  readonly reason: string;
  readonly source: string;
}

/**
 * The firer rolls 3d6 for each friendly figure the missile passes: at or under the firer's
 * adjDEX the missile misses it and flies on; 14 hits the friend whatever adjDEX, 15–16 for
 * double, 17–18 for triple damage; any other roll over adjDEX hits it for ordinary damage.
 *
 * Decisions: the adjDEX is the one of the shot itself. 004 has no Fatigue/Body split; its double
 * and triple hits are treated as 001's rolls of 4 and 3 (RULINGS A3: double with bleeding, triple,
 * both to Fatigue and Body), and every other hit on the friend as an ordinary hit (Fatigue only).
 */
export function rollToMissFriend(dice: Dice, adjDex: number, label = 'roll to miss a friend in the path'): FriendInPath {
  checkWhole(adjDex, 'adjDEX');
  const roll = dice.roll('3d6', label);
  const t = roll.total;
  const base = { roll, source: MISS_SOURCE };
  if (t >= 17)
    return {
      ...base,
      missed: false,
      hitsFriend: true,
      multiplier: 3,
      toBody: true,
      bleeding: false,
      reason: `Rolled ${t}: the friend takes a triple-damage hit.`,
    };
  if (t >= 15)
    return {
      ...base,
      missed: false,
      hitsFriend: true,
      multiplier: 2,
      toBody: true,
      bleeding: true,
      reason: `Rolled ${t}: the friend takes a double-damage hit.`,
    };
  if (t === 14)
    return {
      ...base,
      missed: false,
      hitsFriend: true,
      multiplier: 1,
      toBody: false,
      bleeding: false,
      reason: 'Rolled 14: the friend is hit whatever the adjDEX.',
    };
  if (t <= adjDex)
    return {
      ...base,
      missed: true,
      hitsFriend: false,
      multiplier: 0,
      toBody: false,
      bleeding: false,
      reason: `Rolled ${t} ≤ adjDEX ${adjDex}: the missile passes the friend.`,
    };
  return {
    ...base,
    missed: false,
    hitsFriend: true,
    multiplier: 1,
    toBody: false,
    bleeding: false,
    reason: `Rolled ${t} > adjDEX ${adjDex}: the friend is hit.`,
  };
}

export type CoverPosture = 'prone' | 'kneeling';

/** 004 §Crawling and Prone: the faces on which the body takes the missile. */
export const BODY_COVER_FACES: Readonly<Record<CoverPosture, number>> = { prone: 3, kneeling: 4 };

export interface BodyCover {
  readonly roll: Roll;
  /** The missile strikes the body, not the target. */
  readonly hitsBody: boolean;
  readonly reason: string;
  readonly source: string;
}

/**
 * A missile that hits a target lying prone (or kneeling) behind a body: 1d6, and on 1–3 (prone)
 * or 1–4 (kneeling) it strikes the body instead (004 §Crawling and Prone). RULINGS H5: the caller
 * rolls this only after the attack roll has hit.
 */
export function proneBehindBody(dice: Dice, posture: CoverPosture, label = 'missile at a target behind a body'): BodyCover {
  const upTo = BODY_COVER_FACES[posture];
  const roll = dice.roll('1d6', label);
  const hitsBody = roll.total <= upTo;
  return {
    roll,
    hitsBody,
    reason: `Rolled ${roll.total} (${posture}: 1–${upTo} strikes the body): ${hitsBody ? 'the body takes it' : 'the target is hit'}.`,
    source: '004 §Crawling and Prone; RULINGS H5, G1',
  };
}
