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
import type { Attributes } from '../characters/attributes';
import type { Dice, Roll } from '../dice/types';
import type { BreakdownLine } from '../explain';
import { line } from '../explain';
import { BackgroundError, step } from './background';
import type { Step } from './background';
import {
  AGING_TABLE,
  CRAFT_TYPES,
  CRAFT_TYPE_DICE,
  MAX_SKILL_REDIRECTS,
  SKILLS_TABLE,
  SKILL_DICE,
  STANDINGS,
  STARTING_AGE,
  SURVIVAL_DICE,
  SURVIVAL_MODIFIERS,
  SURVIVAL_TARGETS,
  TRACKS,
  TRACK_INFO,
} from './priorExperienceTables';
import type { CoreAttributeKey, CraftType, Standing, TrackName } from './priorExperienceTables';
import type { SocialClass, WealthLevel } from './tables';
import { SOCIAL_CLASSES, WEALTH_LEVELS } from './tables';

/** A skill held: its level and the points gathered toward the next one (001 §Prior Experience Skills Table). */
export interface SkillProgress {
  readonly level: number;
  readonly towardNext: number;
}

export interface PriorExperienceCharacter {
  readonly attributes: Attributes;
  readonly socialClass: SocialClass;
  readonly wealth: WealthLevel;
  /** Standing for the Merchant entry roll; default from wealth (see `standingFromWealth`). */
  readonly standing?: Standing;
  /** Skills already held (e.g. from location), by name. */
  readonly skills?: Readonly<Record<string, SkillProgress>>;
}

export interface PriorExperienceState {
  readonly status: 'alive' | 'dead';
  readonly age: number;
  /** Years of prior experience completed. */
  readonly years: number;
  readonly attributes: Attributes;
  readonly socialClass: SocialClass;
  readonly wealth: WealthLevel;
  readonly standing: Standing;
  readonly skills: Readonly<Record<string, SkillProgress>>;
  /** Talents won and not yet picked with the GM. */
  readonly talents: number;
  /** Promotions gained ("Field Promotion", "Promotion"). */
  readonly rank: number;
  /** Track of the last completed year (null before the first). */
  readonly track: TrackName | null;
  readonly craftType: CraftType | null;
  /** MU earned from track rewards. */
  readonly coins: number;
  /** Ages of the Aging table whose column has been applied (RULINGS C7: once each). */
  readonly agingApplied: readonly number[];
  /** Tracks whose entry roll failed this year (cleared when a year is served). */
  readonly barredThisYear: readonly TrackName[];
  readonly death: { readonly age: number; readonly track: TrackName } | null;
}

export interface YearChoice {
  readonly track: TrackName;
  /** Crafts only, when entering the track: choose the craft type or roll 1d6 (default roll). */
  readonly craftType?: CraftType | 'roll';
  /** Worker and Crafts reward: how many skills/levels were used this year (default 0). */
  readonly skillLevelsUsed?: number;
  /** Rangers, Random (and Merchant, which lists no reward): the GM's amount in MU (default 0). */
  readonly gmReward?: number;
}

export type YearOutcome = 'served' | 'entryFailed' | 'died';

export interface YearResult {
  readonly state: PriorExperienceState;
  readonly steps: readonly Step[];
  readonly outcome: YearOutcome;
}

export type Eligibility = { readonly ok: true } | { readonly ok: false; readonly reason: string };

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
      return state.rank > 0 || state.wealth === 'Rich'
        ? { ok: true }
        : { ok: false, reason: 'Officer: must be promoted or Rich (001 §Skill Tracks)' };
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

// ---------------------------------------------------------------------------------------------

interface Draft {
  attributes: Record<CoreAttributeKey, number>;
  skills: Record<string, SkillProgress>;
  talents: number;
  rank: number;
}

function modifierLines(attributes: Attributes, keys: readonly CoreAttributeKey[], source: string): BreakdownLine[] {
  return keys.map((k) => line(`${k} ${attributes[k]} modifier`, attributeModifier(attributes[k]), source));
}

function sumLines(lines: readonly BreakdownLine[]): number {
  return lines.reduce((s, l) => s + l.value, 0);
}

function signed(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

function checkCount(value: number | undefined, name: string): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || value < 0) {
    throw new BackgroundError(`Prior experience: ${name} must be a whole number ≥ 0 (got ${value})`);
  }
  return value;
}

/** Entry for a track being entered. Returns the steps and whether the character got in. */
function rollEntry(
  state: PriorExperienceState,
  track: TrackName,
  dice: Dice,
): { readonly entered: boolean; readonly steps: Step[] } {
  const entry = TRACK_INFO[track].entry;
  const source = '001 §Skill Tracks';
  switch (entry.kind) {
    case 'open':
      return { entered: true, steps: [step(`Enters ${track} (any character)`, [], source)] };
    case 'promotedOrRich':
      return {
        entered: true,
        steps: [step(`Enters ${track} (${state.rank > 0 ? 'promoted' : 'Rich'})`, [], source)],
      };
    case 'merchantClassOrRoll': {
      if (state.socialClass === 'Merchant') {
        return { entered: true, steps: [step(`Enters ${track} (merchant class)`, [], source)] };
      }
      const target = entry.targets[state.standing];
      const roll = dice.roll(entry.expression, `prior experience: ${track} entry`);
      const entered = roll.total >= target;
      return {
        entered,
        steps: [
          step(
            `${track} entry ${entry.expression} = ${roll.total}, needs ${target}+ (${state.standing}): ${entered ? 'enters' : 'fails'}`,
            [roll],
            source,
          ),
        ],
      };
    }
    case 'roll': {
      const roll = dice.roll(entry.expression, `prior experience: ${track} entry`);
      const breakdown = [
        line(entry.expression, roll.total, source),
        ...modifierLines(state.attributes, entry.modifiers, source),
      ];
      const total = sumLines(breakdown);
      const entered = total >= entry.target;
      return {
        entered,
        steps: [
          step(
            `${track} entry ${entry.expression} = ${roll.total}${entry.modifiers.length > 0 ? `, total ${total}` : ''}, needs ${entry.target}+: ${entered ? 'enters' : 'fails'}`,
            [roll],
            source,
            breakdown,
          ),
        ],
      };
    }
  }
}

function gainSkill(draft: Draft, name: string): string {
  const held = draft.skills[name];
  if (held === undefined) {
    draft.skills[name] = { level: 1, towardNext: 0 };
    return `gains ${name}`;
  }
  const next = { level: held.level, towardNext: held.towardNext + 1 };
  draft.skills[name] = next;
  return `${name} again: +1 toward the next level (${next.towardNext})`;
}

/** One year's skill roll on `track`'s column, following "roll on another column" cells. */
function rollSkills(draft: Draft, track: TrackName, dice: Dice): Step[] {
  const steps: Step[] = [];
  const source = '001 §Prior Experience Skills Table';
  let column: TrackName = track;
  for (let hop = 0; hop <= MAX_SKILL_REDIRECTS; hop++) {
    const roll = dice.roll(SKILL_DICE, `prior experience: ${column} skill`);
    const cell = SKILLS_TABLE[column][roll.total - 1];
    if (cell === undefined) {
      throw new BackgroundError(`Skills table: ${SKILL_DICE} gave ${roll.total}, outside 1–12`);
    }
    const head = `${column} skill ${SKILL_DICE} = ${roll.total}: ${cell.text}`;
    const effect = cell.effect;
    switch (effect.kind) {
      case 'skills': {
        const what = effect.skills.map((s) => gainSkill(draft, s)).join('; ');
        steps.push(step(`${head} — ${what}`, [roll], source));
        return steps;
      }
      case 'attribute': {
        const before = draft.attributes[effect.attribute];
        draft.attributes[effect.attribute] = before + effect.delta;
        steps.push(
          step(
            `${head} — ${effect.attribute} ${before} → ${before + effect.delta}`,
            [roll],
            source,
            [line(effect.attribute, effect.delta, source)],
          ),
        );
        return steps;
      }
      case 'promotion':
        draft.rank += 1;
        steps.push(step(`${head} — rank ${draft.rank}`, [roll], source));
        return steps;
      case 'talent':
        draft.talents += 1;
        steps.push(step(`${head} — one talent to pick with the GM`, [roll], source));
        return steps;
      case 'rollOn':
        steps.push(step(`${head} — roll on the ${effect.track} column`, [roll], source));
        column = effect.track;
        break;
    }
  }
  throw new BackgroundError(`Skills table: more than ${MAX_SKILL_REDIRECTS} rolls on other columns in one year`);
}

function rollReward(
  rank: number,
  choice: YearChoice,
  dice: Dice,
): { readonly coins: number; readonly step: Step } {
  const info = TRACK_INFO[choice.track];
  const reward = info.reward;
  const source = '001 §Skill Tracks';
  const track = choice.track;
  switch (reward.kind) {
    case 'basePlusPercentile': {
      const roll = dice.roll('1d100', `prior experience: ${track} reward`);
      const breakdown = [
        line('base', reward.base, source),
        line(`percentile dice × ${reward.percentileMultiplier}`, roll.total * reward.percentileMultiplier, source),
      ];
      const coins = sumLines(breakdown);
      return { coins, step: step(`${track} reward ${reward.base} + ${roll.total} = ${coins} MU`, [roll], source, breakdown) };
    }
    case 'rankPlusPercentile': {
      // An officer holds at least rank 1, also one who entered by being Rich.
      const effectiveRank = Math.max(rank, 1);
      const roll = dice.roll('1d100', `prior experience: ${track} reward`);
      const breakdown = [
        line(`rank ${effectiveRank} × ${reward.perRank}`, effectiveRank * reward.perRank, source),
        line(`percentile dice ${roll.total} × ${reward.percentileMultiplier}`, roll.total * reward.percentileMultiplier, source),
      ];
      const coins = sumLines(breakdown);
      return { coins, step: step(`${track} reward ${coins} MU`, [roll], source, breakdown) };
    }
    case 'perSkillLevelUsed': {
      const used = checkCount(choice.skillLevelsUsed, 'skillLevelsUsed');
      const breakdown = [
        line('base', reward.base, source),
        line(`${used} skill/level used × ${reward.perLevel}`, used * reward.perLevel, source),
      ];
      const coins = sumLines(breakdown);
      return { coins, step: step(`${track} reward ${coins} MU`, [], source, breakdown) };
    }
    case 'gm':
    case 'unlisted': {
      const coins = checkCount(choice.gmReward, 'gmReward');
      const why = reward.kind === 'gm' ? 'varies (see GM)' : 'none listed in 001, GM decides';
      return {
        coins,
        step: step(`${track} reward ${coins} MU (${why})`, [], source, [line('GM', coins, source)]),
      };
    }
  }
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
      step(
        `Survival ${SURVIVAL_DICE} = ${roll.total}, total ${total} vs higher than ${target}: ${survived ? 'survives' : 'dies'}`,
        rolls,
        source,
        breakdown,
      ),
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
