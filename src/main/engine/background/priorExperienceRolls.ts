/**
 * The dice of one prior-experience year (001 §Skill Tracks, §Prior Experience Skills Table): the
 * entry roll, the skill rolls with their redirects, and the track's reward.
 */
import { attributeModifier } from '../characters/attributes';
import type { Attributes } from '../characters/attributes';
import type { Dice } from '../dice/types';
import type { BreakdownLine } from '../explain';
import { line } from '../explain';
import { BackgroundError, step } from './background';
import type { Step } from './background';
import { MAX_SKILL_REDIRECTS, SKILLS_TABLE, SKILL_DICE, TRACK_INFO } from './priorExperienceTables';
import type { CoreAttributeKey, TrackName } from './priorExperienceTables';
import type { PriorExperienceState, SkillProgress, YearChoice } from './priorExperienceTypes';

export interface Draft {
  attributes: Record<CoreAttributeKey, number>;
  skills: Record<string, SkillProgress>;
  talents: number;
  rank: number;
}

export function modifierLines(attributes: Attributes, keys: readonly CoreAttributeKey[], source: string): BreakdownLine[] {
  return keys.map((k) => line(`${k} ${attributes[k]} modifier`, attributeModifier(attributes[k]), source));
}

export function sumLines(lines: readonly BreakdownLine[]): number {
  return lines.reduce((s, l) => s + l.value, 0);
}

export function signed(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

export function checkCount(value: number | undefined, name: string): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value) || value < 0) {
    throw new BackgroundError(`Prior experience: ${name} must be a whole number ≥ 0 (got ${value})`);
  }
  return value;
}

/** Entry for a track being entered. Returns the steps and whether the character got in. */
export function rollEntry(state: PriorExperienceState, track: TrackName, dice: Dice): { readonly entered: boolean; readonly steps: Step[] } {
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
          step(`${track} entry ${entry.expression} = ${roll.total}, needs ${target}+ (${state.standing}): ${entered ? 'enters' : 'fails'}`, [roll], source),
        ],
      };
    }
    case 'roll': {
      const roll = dice.roll(entry.expression, `prior experience: ${track} entry`);
      const breakdown = [line(entry.expression, roll.total, source), ...modifierLines(state.attributes, entry.modifiers, source)];
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
export function rollSkills(draft: Draft, track: TrackName, dice: Dice): Step[] {
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
        steps.push(step(`${head} — ${effect.attribute} ${before} → ${before + effect.delta}`, [roll], source, [line(effect.attribute, effect.delta, source)]));
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

export function rollReward(rank: number, choice: YearChoice, dice: Dice): { readonly coins: number; readonly step: Step } {
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
      const breakdown = [line('base', reward.base, source), line(`${used} skill/level used × ${reward.perLevel}`, used * reward.perLevel, source)];
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
