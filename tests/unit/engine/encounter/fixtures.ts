/**
 * Builders for encounter tests: figures and maps from a few fields, and a runner that applies a
 * command with scripted dice and checks the invariants after it.
 */
import { expect } from 'vitest';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import { EncounterStateSchema, FigureStateSchema, turnStateOf, type EncounterState, type FigureState } from '../../../../src/main/engine/encounter/schema';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import type { ApplyResult } from '../../../../src/main/engine/encounter/events';
import type { Command } from '../../../../src/shared/contract/commands';
import { AppError } from '../../../../src/shared/errors';
import type { Rules, RuleSet } from '../../../../src/main/engine/rules';

type FigureInput = Partial<Omit<FigureState, 'equipment' | 'attributes'>> & {
  equipment?: Partial<FigureState['equipment']>;
  attributes?: Partial<FigureState['attributes']>;
};

export function fig(id: string, sideId: string, q: number, r: number, extra: FigureInput = {}): FigureState {
  const { equipment, attributes, ...rest } = extra;
  return FigureStateSchema.parse({
    id,
    name: id[0]!.toUpperCase() + id.slice(1),
    sideId,
    position: { q, r },
    facing: 0,
    size: 1,
    posture: 'standing',
    hidden: false,
    gmNotes: '',
    attributes: { STR: 10, DEX: 10, INT: 10, WIS: 10, CON: 10, CHR: 10, ...attributes },
    fatigue: { starting: 50, current: 50 },
    body: { starting: 34, current: 34 },
    mana: null,
    equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null, ...equipment },
    ...rest,
  });
}

export function encounter(
  figures: FigureState[],
  opts: { cols?: number; rows?: number; terrain?: Record<string, string>; phase?: EncounterState['phase']; sides?: string[] } = {},
): EncounterState {
  const sides = opts.sides ?? ['a', 'b'];
  return EncounterStateSchema.parse({
    id: 'test',
    name: 'Test',
    map: { cols: opts.cols ?? 20, rows: opts.rows ?? 20, orientation: 'flat', terrain: opts.terrain ?? {}, hidden: [] },
    sides: sides.map((id, i) => ({ id, name: `Side ${id.toUpperCase()}`, color: i === 0 ? '#2f6fd6' : '#c23b3b' })),
    figures,
    spells: [],
    turn: 1,
    phase: opts.phase ?? 'initiative',
  });
}

/** Applies a command with exactly these entered faces (all must be used) and checks the invariants. */
export function step(state: EncounterState, command: Command, faces: number[][] = [], rules?: Rules | RuleSet): ApplyResult<EncounterState> {
  const dice = createEnteredDice(faces);
  const result = apply(state, command, dice, rules);
  expect(dice.remaining(), `unused entered dice for ${command.type}`).toBe(0);
  expect(checkInvariants(result.state), `invariants after ${command.type}`).toEqual([]);
  return result;
}

export function refusal(state: EncounterState, command: Command, faces: number[][] = []): string {
  try {
    apply(state, command, createEnteredDice(faces));
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).message;
  }
  throw new Error(`expected ${command.type} to be refused`);
}

export function figOf(state: EncounterState, id: string): FigureState {
  const f = state.figures.find((x) => x.id === id);
  if (!f) throw new Error(`no figure ${id}`);
  return f;
}

/** Puts the figures in the movement order (for tests that start in a movement phase). */
export function withMoveOrder(state: EncounterState, ids: string[]): EncounterState {
  return { ...state, turnState: { ...turnStateOf(state), moveOrder: ids } };
}

/** Puts the figures in the action order. */
export function withActionOrder(state: EncounterState, ids: string[]): EncounterState {
  return { ...state, turnState: { ...turnStateOf(state), actionOrder: ids } };
}

/** A continuing spell in effect (RULINGS S2), cast at level 1 in `castTurn`; `at` for one on a hex. */
export function activeSpell(
  id: string,
  spellId: string,
  name: string,
  caster: { casterId: string; targetId: string | null; at?: { q: number; r: number } },
  cost: { renewalCost: number; castTurn: number } = { renewalCost: 1, castTurn: 0 },
) {
  return {
    id,
    spellId,
    name,
    variant: null,
    casterId: caster.casterId,
    targetId: caster.targetId,
    ...(caster.at ? { at: caster.at } : {}),
    level: 1,
    renewalCost: cost.renewalCost,
    turnsActive: 1,
    castTurn: cost.castTurn,
    renewedTurn: null,
  };
}
