/**
 * Setting an encounter up: its rule options changed at its start, and a new
 * encounter that starts with the figures of another (a side copied from an encounter of the
 * campaign, characters picked from the roster).
 */
import { randomInt } from 'node:crypto';
import type { FigureSheetInput } from '../../../shared/contract/commands';
import { FigureSheetInputSchema } from '../../../shared/contract/commands';
import { AppError, isAppError } from '../../../shared/errors';
import type { MapShape } from '../../../shared/mapGrid';
import type { GmView } from '../../../shared/contract/views';
import { createSeededDice } from '../../engine/dice/seeded';
import { canPlace } from '../../engine/encounter/figures/roster';
import type { EncounterState, FigureState } from '../../engine/encounter/schema';
import { initialUnderRules, rulesChangeRefusal } from '../../engine/encounter/turn/startRules';
import type { Rules } from '../../engine/rules';
import { engineApply, replay } from '../../session/replay';
import type { EncounterSummary } from '../../store/campaignFolder';
import { blankEncounter } from '../../store/newCampaign';
import { sheetOfFigure } from '../../engine/encounter/figures/figureAsSheet';
import type { CampaignLibrary } from './campaignLibrary';

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The open encounter's rules, and why they can no longer change (null while they can). */
export function encounterRulesState(library: CampaignLibrary): { encounterId: string; name: string; rules: Rules; locked: string | null } {
  const session = library.session;
  const state = session.currentState;
  return {
    encounterId: state.id,
    name: state.name,
    rules: session.rules,
    locked: rulesChangeRefusal(
      state,
      session.entries.map((e) => e.command),
    ),
  };
}

/**
 * New rules for the open encounter at its start: the file takes them, its starting phase becomes
 * their first, and the setting-up already logged is replayed under them (refused, with nothing
 * changed, when it cannot be). The encounter is opened again, its views going on counting.
 */
export async function setEncounterRules(library: CampaignLibrary, rules: Rules): Promise<GmView> {
  const session = library.session;
  const refusal = rulesChangeRefusal(
    session.currentState,
    session.entries.map((e) => e.command),
  );
  if (refusal) throw new AppError('conflict', refusal);
  const file = session.encounterFile;
  let next;
  try {
    next = { ...file, rules, initial: initialUnderRules(file.initial, rules) };
    replay(next, session.entries);
  } catch (e) {
    if (isAppError(e) && e.code !== 'rule') throw e;
    throw new AppError('rule', `Under these rules the table set up so far cannot be set up again (${messageOf(e)}); nothing was changed.`);
  }
  await library.folder.writeEncounterFile(next);
  await library.folder.deleteSnapshot(file.id);
  return library.openEncounter(file.id, true);
}

/** An encounter's state as its log leaves it: the open one's, or another's read from disk. */
async function stateOf(library: CampaignLibrary, id: string): Promise<EncounterState> {
  const open = library.session;
  if (open.encounterId === id) return open.currentState;
  const stored = await library.folder.readEncounter(id);
  try {
    return replay(stored.file, stored.log.entries).state;
  } finally {
    await stored.log.close();
  }
}

export interface EncounterSide {
  sideId: string;
  name: string;
  color: string;
  figures: string[];
}

/** The sides of an encounter of the open campaign, with the names of their figures still standing (not dead). */
export async function encounterSides(library: CampaignLibrary, id: string): Promise<EncounterSide[]> {
  const state = await stateOf(library, id);
  return state.sides.map((s) => ({
    sideId: s.id,
    name: s.name,
    color: s.color,
    figures: state.figures.filter((f) => f.sideId === s.id && f.posture !== 'dead').map((f) => f.name),
  }));
}

export interface StartingFigures {
  copy?: { encounterId: string; sideIds: string[] };
  rosterIds?: string[];
}

interface Placed {
  sheet: FigureSheetInput;
  at?: FigureState['position'];
  facing?: number;
}

/**
 * A new encounter that starts with figures: the sides copied keep their names and
 * colours and their figures (the dead stay behind) their places when the new map has room, each
 * as its sheet (attributes, kept creation 2d6, mana pool, equipment, spells: RULINGS C3, C8).
 * The console's choice: a figure starts the new encounter fresh, its pools full, as a roster
 * character does; roster characters join their own side when the encounter has it, else the
 * first side (characters) or the second (NPC templates).
 */
export async function createEncounterWith(
  library: CampaignLibrary,
  name: string,
  map: MapShape | undefined,
  figures: StartingFigures,
): Promise<EncounterSummary> {
  const folder = library.folder;
  const placed: Placed[] = [];
  let copiedSides: EncounterState['sides'] = [];
  if (figures.copy) {
    const source = await stateOf(library, figures.copy.encounterId);
    const wanted = new Set(figures.copy.sideIds);
    const missing = figures.copy.sideIds.filter((id) => !source.sides.some((s) => s.id === id));
    if (missing.length > 0) throw new AppError('not-found', `The encounter “${source.name}” has no side “${missing.join('”, “')}”.`);
    copiedSides = source.sides.filter((s) => wanted.has(s.id));
    for (const f of source.figures)
      if (wanted.has(f.sideId) && f.posture !== 'dead') placed.push({ sheet: sheetOfFigure(f), at: f.position, facing: f.facing });
  }
  for (const rosterId of figures.rosterIds ?? []) {
    const entry = folder.campaign.roster.find((e) => e.id === rosterId);
    if (!entry) throw new AppError('not-found', `There is no roster entry “${rosterId}”.`);
    const parsed = FigureSheetInputSchema.safeParse(entry.sheet);
    if (!parsed.success)
      throw new AppError('invalid-args', `The roster entry “${entry.name}” cannot be placed: ${parsed.error.issues[0]?.message ?? 'its sheet is damaged'}.`);
    placed.push({ sheet: parsed.data });
  }
  const rules = folder.rules;
  const seed = randomInt(2 ** 31);
  let initial: EncounterState;
  try {
    initial = startingState(blankEncounter('new', name, rules, map), copiedSides, placed, seed, rules);
  } catch (e) {
    throw new AppError('rule', `The figures could not be placed in the new encounter: ${messageOf(e)}`);
  }
  return folder.createEncounter(name, seed, (id, encounterName) => ({ ...initial, id, name: encounterName }), [], rules);
}

function startingState(blank: EncounterState, sides: EncounterState['sides'], placed: readonly Placed[], seed: number, rules: Rules): EncounterState {
  let state: EncounterState = {
    ...blank,
    sides: [...blank.sides.map((s) => sides.find((c) => c.id === s.id) ?? s), ...sides.filter((c) => !blank.sides.some((s) => s.id === c.id))],
  };
  // A sheet without its creation 2d6 (an old figure) rolls it here, once (RULINGS C3), with dice of its own.
  const dice = createSeededDice(seed ^ 0x5e7_0f16);
  for (const p of placed) {
    const sideId = state.sides.some((s) => s.id === p.sheet.sideId)
      ? p.sheet.sideId
      : (state.sides[p.sheet.kind === 'character' ? 0 : 1]?.id ?? state.sides[0]!.id);
    const sheet = { ...p.sheet, sideId };
    const facing = p.facing ?? 0;
    const fits = p.at && canPlace(state, p.at, facing, sheet.size ?? 1) === null;
    const command = { type: 'addFigure' as const, figure: sheet, facing, ...(fits ? { position: p.at } : {}) };
    state = engineApply(state, command, dice, rules).state;
  }
  return state;
}
