/**
 * Prior experience (001 §Prior Experience) as a pure, step-by-step state machine:
 *
 *   let state = startPriorExperience(character);            // age 16 (RULINGS C7)
 *   ({ state, steps } = advanceYear(state, { track: 'Army' }, dice));
 *
 * One call is one attempted year: entry roll (when entering a track), craft type (Crafts),
 * survival roll, skill roll(s), aging (RULINGS C7), reward. Every roll is in the returned steps
 * (RULINGS G3). A failed survival roll is death and ends prior experience. Percentile dice are
 * rolled as `1d100`.
 */
import { attributeModifier } from '../characters/attributes';
import type { Dice, Roll } from '../dice/types';
import type { BreakdownLine } from '../explain';
import { line } from '../explain';
import { BackgroundError, step } from './background';
import type { Step } from './background';
import {
  AGING_TABLE,
  CRAFT_TYPES,
  CRAFT_TYPE_DICE,
  STANDINGS,
  STARTING_AGE,
  SURVIVAL_DICE,
  SURVIVAL_MODIFIERS,
  SURVIVAL_TARGETS,
  TRACKS,
  TRACK_INFO,
} from './priorExperienceTables';
import type { Standing, TrackName } from './priorExperienceTables';
import type { WealthLevel } from './tables';
import { SOCIAL_CLASSES, WEALTH_LEVELS } from './tables';
import { checkCount, modifierLines, rollEntry, rollReward, rollSkills, signed, sumLines, type Draft } from './priorExperienceRolls';
import type { Eligibility, PriorExperienceCharacter, PriorExperienceState, YearChoice, YearResult } from './priorExperienceTypes';

export type * from './priorExperienceTypes';

// ---------------------------------------------------------------------------------------------

/**
 * Standing for the Merchant entry roll ("10+ (poor), 8+ (working), 6+ (above working)", 001
 * §Skill Tracks), read from wealth: Subsistence is poor, Moderate working, Merchant and Rich
 * above working. The caller may override it in `startPriorExperience`.
 */
export function standingFromWealth(wealth: WealthLevel): Standing {
  switch (wealth) {
    case 'Subsistence':
      return 'poor';
    case 'Moderate':
      return 'working';
    case 'Merchant':
    case 'Rich':
      return 'aboveWorking';
  }
}

export function startPriorExperience(character: PriorExperienceCharacter): PriorExperienceState {
  if (!SOCIAL_CLASSES.includes(character.socialClass)) {
    throw new BackgroundError(`Prior experience: unknown social class ${String(character.socialClass)}`);
  }
  if (!WEALTH_LEVELS.includes(character.wealth)) {
    throw new BackgroundError(`Prior experience: unknown wealth level ${String(character.wealth)}`);
  }
  if (character.standing !== undefined && !STANDINGS.includes(character.standing)) {
    throw new BackgroundError(`Prior experience: unknown standing ${String(character.standing)}`);
  }
  const a = character.attributes;
  return {
    status: 'alive',
    age: STARTING_AGE, // 001 §Prior Experience; RULINGS C7
    years: 0,
    attributes: { STR: a.STR, DEX: a.DEX, INT: a.INT, WIS: a.WIS, CON: a.CON, CHR: a.CHR },
    socialClass: character.socialClass,
    wealth: character.wealth,
    standing: character.standing ?? standingFromWealth(character.wealth),
    skills: { ...(character.skills ?? {}) },
    talents: 0,
    rank: 0,
    track: null,
    craftType: null,
    coins: 0,
    agingApplied: [],
    barredThisYear: [],
    death: null,
  };
}

/** Whether the character may choose `track` for the next year (no dice: a roll may still fail). */
export function canEnter(state: PriorExperienceState, track: TrackName): Eligibility {
  if (state.status === 'dead') return { ok: false, reason: 'the character is dead' };
  if (!TRACKS.includes(track)) return { ok: false, reason: `unknown track ${String(track)}` };
  if (state.barredThisYear.includes(track)) {
    return { ok: false, reason: `the entry roll for ${track} failed this year` };
  }
  if (state.track === track) return { ok: true }; // staying in a track needs no new entry
  const entry = TRACK_INFO[track].entry;
  switch (entry.kind) {
    case 'promotedOrRich':
      return state.rank > 0 || state.wealth === 'Rich' ? { ok: true } : { ok: false, reason: 'Officer: must be promoted or Rich (001 §Skill Tracks)' };
    case 'roll':
      if (entry.needsBonusIn.length > 0 && !entry.needsBonusIn.some((k) => attributeModifier(state.attributes[k]) > 0)) {
        return {
          ok: false,
          reason: `${track}: needs a bonus in ${entry.needsBonusIn.join(', ')} (001 §Skill Tracks)`,
        };
      }
      return { ok: true };
    case 'open':
    case 'merchantClassOrRoll':
      return { ok: true };
  }
}

/** The tracks `canEnter` allows now, in table order. */
export function eligibleTracks(state: PriorExperienceState): TrackName[] {
  return TRACKS.filter((t) => canEnter(state, t).ok);
}

function validateChoice(state: PriorExperienceState, choice: YearChoice): void {
  if (state.status === 'dead') {
    throw new BackgroundError('Prior experience: the character is dead');
  }
  const ok = canEnter(state, choice.track);
  if (!ok.ok) throw new BackgroundError(`Prior experience: cannot take ${String(choice.track)}: ${ok.reason}`);
  const reward = TRACK_INFO[choice.track].reward.kind;
  if (choice.skillLevelsUsed !== undefined && reward !== 'perSkillLevelUsed') {
    throw new BackgroundError(`Prior experience: skillLevelsUsed applies to Worker and Crafts only`);
  }
  if (choice.gmReward !== undefined && reward !== 'gm' && reward !== 'unlisted') {
    throw new BackgroundError(`Prior experience: gmReward applies to Rangers, Random and Merchant only`);
  }
  checkCount(choice.skillLevelsUsed, 'skillLevelsUsed');
  checkCount(choice.gmReward, 'gmReward');
  if (choice.craftType !== undefined) {
    if (choice.track !== 'Crafts') {
      throw new BackgroundError('Prior experience: craftType applies to the Crafts track only');
    }
    if (choice.craftType !== 'roll' && !CRAFT_TYPES.some((c) => c.name === choice.craftType)) {
      throw new BackgroundError(`Prior experience: unknown craft type ${String(choice.craftType)}`);
    }
    if (state.track === 'Crafts' && choice.craftType !== state.craftType) {
      throw new BackgroundError('Prior experience: the craft type is set when entering Crafts');
    }
  }
}

/**
 * One year of prior experience on `choice.track`. Throws `BackgroundError` for a choice the rules
 * do not allow (see `canEnter`); an entry roll that fails costs no year but bars the track until
 * a year is served (outcome `entryFailed`); a failed survival roll is death (outcome `died`).
 */
export function advanceYear(state: PriorExperienceState, choice: YearChoice, dice: Dice): YearResult {
  validateChoice(state, choice);
  const track = choice.track;
  const steps: Step[] = [];
  const entering = state.track !== track;

  // Entry — 001 §Skill Tracks
  if (entering) {
    const entry = rollEntry(state, track, dice);
    steps.push(...entry.steps);
    if (!entry.entered) {
      return {
        state: { ...state, barredThisYear: [...state.barredThisYear, track] },
        steps,
        outcome: 'entryFailed',
      };
    }
  } else {
    steps.push(step(`Stays in ${track}`, [], '001 §Skill Tracks'));
  }

  // Craft type — 001 §Skill Tracks (Crafts): roll 1d6 or choose, when entering
  let craftType = state.craftType;
  if (track === 'Crafts' && entering) {
    if (choice.craftType === undefined || choice.craftType === 'roll') {
      const roll = dice.roll(CRAFT_TYPE_DICE, 'prior experience: craft type');
      const row = CRAFT_TYPES.find((c) => c.roll === roll.total);
      if (row === undefined) throw new BackgroundError(`Craft type: ${CRAFT_TYPE_DICE} gave ${roll.total}`);
      craftType = row.name;
      steps.push(step(`Craft type ${CRAFT_TYPE_DICE} = ${roll.total}: ${row.name}`, [roll], '001 §Skill Tracks'));
    } else {
      craftType = choice.craftType;
      steps.push(step(`Craft type chosen: ${craftType}`, [], '001 §Skill Tracks'));
    }
  }

  // Survival — 001 §Survivability: 3d6 + STR, DEX, INT, WIS modifiers must beat the target
  {
    const source = '001 §Survivability';
    const targetSpec = SURVIVAL_TARGETS[track];
    const rolls: Roll[] = [];
    let target: number;
    if (targetSpec.kind === 'fixed') {
      target = targetSpec.target;
    } else {
      const t = dice.roll(targetSpec.expression, `prior experience: ${track} survival target`);
      rolls.push(t);
      target = t.total;
    }
    const roll = dice.roll(SURVIVAL_DICE, `prior experience: ${track} survival`);
    rolls.push(roll);
    const breakdown = [line(SURVIVAL_DICE, roll.total, source), ...modifierLines(state.attributes, SURVIVAL_MODIFIERS, source)];
    const total = sumLines(breakdown);
    const survived = total > target;
    steps.push(
      step(`Survival ${SURVIVAL_DICE} = ${roll.total}, total ${total} vs higher than ${target}: ${survived ? 'survives' : 'dies'}`, rolls, source, breakdown),
    );
    if (!survived) {
      return {
        state: { ...state, craftType, status: 'dead', death: { age: state.age, track } },
        steps,
        outcome: 'died',
      };
    }
  }

  // Skills — 001 §Prior Experience Skills Table
  const draft: Draft = {
    attributes: { ...state.attributes },
    skills: { ...state.skills },
    talents: state.talents,
    rank: state.rank,
  };
  steps.push(...rollSkills(draft, track, dice));

  // Aging — 001 §Aging; RULINGS C7: reaching an age in the Age row applies its column once
  const age = state.age + 1;
  const agingApplied = [...state.agingApplied];
  const column = AGING_TABLE.find((c) => c.age === age);
  if (column !== undefined && !agingApplied.includes(column.age)) {
    agingApplied.push(column.age);
    const breakdown: BreakdownLine[] = [];
    for (const [k, delta] of Object.entries(column.changes) as [keyof typeof column.changes, number][]) {
      draft.attributes[k] += delta;
      if (delta !== 0) breakdown.push(line(k, delta, '001 §Aging; RULINGS C7'));
    }
    const list = breakdown.length === 0 ? 'no changes' : breakdown.map((b) => `${b.label} ${signed(b.value)}`).join(', ');
    steps.push(step(`Reaches ${age} (term ${column.term}): ${list}`, [], '001 §Aging; RULINGS C7', breakdown));
  } else {
    steps.push(step(`Age ${age}`, [], '001 §Aging; RULINGS C7'));
  }

  // Reward — 001 §Skill Tracks
  const reward = rollReward(draft.rank, choice, dice);
  steps.push(reward.step);

  return {
    state: {
      ...state,
      age,
      years: state.years + 1,
      attributes: draft.attributes,
      skills: draft.skills,
      talents: draft.talents,
      rank: draft.rank,
      track,
      craftType,
      coins: state.coins + reward.coins,
      agingApplied,
      barredThisYear: [],
    },
    steps,
    outcome: 'served',
  };
}
