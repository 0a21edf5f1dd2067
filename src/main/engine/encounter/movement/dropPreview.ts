/**
 * What a figure's drop would do, before the GM lets go: the path the engine takes,
 * its length in hexes, the gait and its allowance, and the Fatigue it costs. It is the very
 * command the drop sends (`move`, `fly`, `takeOff` or the GM's `moveFigure`), applied to a copy of
 * the state with throwaway dice and never kept, so the preview cannot disagree with the drop.
 */
import type { Command } from '../../../../shared/contract/commands';
import { AppError } from '../../../../shared/errors';
import type { Hex } from '../../../../shared/hex';
import { createSeededDice } from '../../dice/seeded';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import { apply } from '../apply';
import type { EncounterState } from '../schema';
import { figureById } from '../state';
import type { MoveMode } from '../../../../shared/contract/schemas';
import { figureAllowance } from './reachable';
import { gaitCovering } from './turnGait';
import { moverFor } from './mounts';

export type DropCommand = Extract<Command, { type: 'move' | 'moveFigure' | 'fly' | 'takeOff' }>;

export interface DropPreview {
  readonly ok: boolean;
  /** Why the drop would be refused (the engine's own words), when it would. */
  readonly reason: string | null;
  /** The hexes walked, start first; the start alone when refused. */
  readonly path: Hex[];
  /** Movement spent (broken ground counts its cost, RULINGS M7). */
  readonly cost: number;
  readonly mode: string | null;
  /** The gait or stride as the rules name it, with its allowance: "Walk (10 hexes)". */
  readonly gait: string;
  /** Fatigue the move costs (RULINGS M3), 0 when none. */
  readonly fatigue: number;
  readonly source: string;
}

const OTHER_MODES: Readonly<Record<string, string>> = { shift: 'Shift (1 hex)', crawl: 'Crawl (2 hexes)', 'stand-still': 'Stand still' };

/** The gait the turn counts (RULINGS T5 amended: the slowest that covers the movement spent), as the rules name it. */
function gaitName(state: EncounterState, rules: RuleSet, figureId: string, mode: string, spent: number): string {
  if (OTHER_MODES[mode]) return OTHER_MODES[mode]!;
  const ways = figureAllowance(figureById(state, figureId), rules);
  const counted = gaitCovering(ways, mode as MoveMode, spent);
  const a = ways.find((g) => g.mode === counted);
  return a ? `${a.name} (${a.hexes.value} ${a.hexes.value === 1 ? 'hex' : 'hexes'})` : mode;
}

export function previewDrop(state: EncounterState, command: DropCommand, rules: Rules | RuleSet = DEFAULT_RULES): DropPreview {
  const rs = asRuleSet(rules);
  const from = figureById(state, command.figureId).position;
  let events;
  try {
    events = apply(state, command, createSeededDice(1), rs).events;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { ok: false, reason: e.message, path: [from], cost: 0, mode: null, gait: '', fatigue: 0, source: '' };
  }
  // RULINGS H9: a rider's drag is its mount's move, on the mount's gaits, and the mount pays the Fatigue.
  const mover = command.type === 'move' ? moverFor(state, command.figureId).id : command.figureId;
  const fatigue = events.reduce((sum, e) => sum + (e.type === 'fatigueSpent' && e.figureId === mover ? e.amount : 0), 0);
  for (const e of events) {
    if (e.type === 'moved' && e.figureId === mover) {
      return {
        ok: true,
        reason: null,
        path: [...e.path],
        cost: e.cost,
        mode: e.mode,
        gait: gaitName(state, rs, mover, e.mode, e.cost),
        fatigue,
        source: e.source,
      };
    }
    if (e.type === 'figureMoved' && e.figureId === command.figureId) {
      return { ok: true, reason: null, path: [e.from, e.to], cost: 1, mode: null, gait: 'GM placement (one step)', fatigue: 0, source: e.source };
    }
  }
  return { ok: true, reason: null, path: [from], cost: 0, mode: null, gait: '', fatigue, source: '' };
}
