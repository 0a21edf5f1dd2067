/**
 * What a token shows of its figure's state: the rules' states the engine knows (posture,
 * engagement, hand-to-hand, the defence taken this turn, bleeding, flight, invisibility, the
 * injury its losses cost) and the GM's own conditions (figureMarks.ts). Each says whether the
 * players could see it at the table (the console's choice, below); the spells on a figure are added
 * by the GM's view and, for the players, by the projection, which knows which spells they see.
 */
import type { TokenCondition } from '../../../../shared/contract/views';
import type { RuleSet } from '../../options/types';
import { engagedByCount, engagers } from '../movement/engagement';
import type { EncounterState, FigureState } from '../schema';

const POSTURE_LABEL: Partial<Record<FigureState['posture'], string>> = {
  kneeling: 'Kneeling',
  prone: 'Prone',
  knockedDown: 'Knocked down',
  unconscious: 'Unconscious',
  dead: 'Dead',
};

const rule = (label: string, seen: boolean): TokenCondition => ({ label, kind: 'rule', seen });

/** Who is looking: the GM (everything) or an audience that sees only some figures. */
export interface ConditionsFor {
  /** The stat model, for the injury line; absent = no injury line (the players never see it). */
  readonly stats?: RuleSet['stats'];
  /** Whether the audience sees a figure; absent = the GM, who sees all. */
  readonly sees?: (figureId: string) => boolean;
}

/**
 * The console's choice of what the table sees: posture, engagement and hand-to-hand with figures
 * it can see, bleeding and flight are in plain view; a declared dodge or defence (the players' line
 * does not say them either), invisibility and the injury penalty (a number from the pools) are the
 * GM's. A GM condition is seen when the GM said so, never with its turns.
 */
export function tokenConditions(state: EncounterState, f: FigureState, viewer: ConditionsFor = {}): TokenCondition[] {
  const sees = viewer.sees ?? (() => true);
  const list: TokenCondition[] = [];
  const posture = POSTURE_LABEL[f.posture];
  if (posture) list.push(rule(posture, true));
  const alive = f.posture !== 'dead';
  if (alive) {
    if (f.hthWith.some(sees)) list.push(rule('In HTH', true));
    else if (f.hthWith.length === 0 && engagedBySeen(state, f, sees)) list.push(rule('Engaged', true));
    if (f.turn.defence === 'dodge') list.push(rule('Dodging', false));
    if (f.turn.defence === 'defend') list.push(rule('Defending', false));
  }
  if (f.conditions.includes('bleeding') && alive) list.push(rule('Bleeding', true));
  if (f.conditions.includes('flying')) list.push(rule('Flying', true));
  if (f.conditions.includes('invisible')) list.push(rule('Invisible', false));
  const penalty = alive && viewer.stats ? viewer.stats.wounds(f).penalty.value : 0;
  if (penalty !== 0) list.push(rule(`Hurt ${penalty < 0 ? `−${-penalty}` : `+${penalty}`}`, false));
  for (const m of f.marks ?? []) {
    list.push({ label: m.label, kind: 'mark', seen: m.shown, markId: m.id, ...(m.turnsLeft !== null ? { turnsLeft: m.turnsLeft } : {}) });
  }
  return list;
}

/** Engaged (RULINGS T5) by figures the audience sees: an unseen foe beside a figure is not told by its token. */
function engagedBySeen(state: EncounterState, f: FigureState, sees: (figureId: string) => boolean): boolean {
  const by = engagers(state, f);
  if (by.length === 0) return false;
  const seen = by.filter((e) => sees(e.id));
  return seen.length === by.length || engagedByCount(f.size, seen);
}
