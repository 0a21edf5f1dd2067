/**
 * Disengaging from engagement, option n (001 §Disengaging; RULINGS H2): the figure shifts or
 * stands during movement and, when its action comes, moves one hex instead of attacking. Enemies
 * with a higher adjDEX act before it and strike as usual; slower ones, acting after it has gone,
 * may still strike, at a penalty equal to the difference in adjDEX.
 */
import { line } from '../explain';
import type { BreakdownLine } from '../explain';
import { checkWhole } from './check';

export interface DisengageFigure {
  readonly id: string;
  readonly adjDex: number;
}

export interface DisengageStrike {
  readonly enemy: string;
  /** Every enemy it was engaged with may strike (001: faster ones freely, slower ones at a penalty). */
  readonly mayStrike: true;
  /** `before`: acts first and strikes as usual; `after`: strikes after the move; `tied`: see `reason`. */
  readonly timing: 'before' | 'after' | 'tied';
  /** 0 or negative: added to that enemy's adjDEX for this strike. */
  readonly penalty: number;
  /** The line to add to the enemy's adjDEX breakdown; null when there is no penalty. */
  readonly line: BreakdownLine | null;
  readonly reason: string;
  readonly source: string;
}

const SOURCE = '001 §Disengaging (From Engaged, option n); RULINGS H2';

/**
 * Who may strike a disengaging figure and at what penalty. Equal adjDEX: action order between
 * them comes from a G4 roll-off (RULINGS T5); either way the difference is 0, so the enemy strikes
 * with no penalty whether it acts before or after.
 */
export function disengageStrikes(disengaging: DisengageFigure, enemies: readonly DisengageFigure[]): DisengageStrike[] {
  checkWhole(disengaging.adjDex, `adjDEX of ${disengaging.id}`);
  return enemies.map((e) => {
    checkWhole(e.adjDex, `adjDEX of ${e.id}`);
    if (e.adjDex > disengaging.adjDex) {
      return {
        enemy: e.id,
        mayStrike: true,
        timing: 'before',
        penalty: 0,
        line: null,
        source: SOURCE,
        reason: `${e.id} (adjDEX ${e.adjDex}) is faster than ${disengaging.id} (adjDEX ${disengaging.adjDex}): it strikes as usual.`,
      } as const;
    }
    if (e.adjDex === disengaging.adjDex) {
      return {
        enemy: e.id,
        mayStrike: true,
        timing: 'tied',
        penalty: 0,
        line: null,
        source: `${SOURCE}; RULINGS G4, T5`,
        reason: `${e.id} and ${disengaging.id} share adjDEX ${e.adjDex}: the roll-off sets who acts first; the difference is 0, so no penalty.`,
      } as const;
    }
    const penalty = e.adjDex - disengaging.adjDex;
    return {
      enemy: e.id,
      mayStrike: true,
      timing: 'after',
      penalty,
      source: SOURCE,
      line: line(`${disengaging.id} disengaged first (adjDEX ${disengaging.adjDex} vs ${e.adjDex})`, penalty, SOURCE),
      reason: `${e.id} (adjDEX ${e.adjDex}) is slower than ${disengaging.id} (adjDEX ${disengaging.adjDex}): it may strike at ${penalty}.`,
    } as const;
  });
}
