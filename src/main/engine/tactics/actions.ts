/**
 * What a figure does in the Actions phase (001 §Action Options), as candidates best first. The
 * engine decides what is legal (`legalOptions`, the attack and casting previews); these
 * heuristics only rank what it allows (the console's choice).
 */
import type { Command } from '../../../shared/contract/commands';
import type { OptionLetter } from '../../../shared/contract/schemas';
import { hexDistance, hexKey, hexNeighbor, type Hex } from '../../../shared/hex';
import { attackPreview } from '../encounter/actions/attack';
import { engagementState } from '../encounter/movement/engagement';
import { enemiesInFront, optionRefusal } from '../encounter/turn/options';
import type { EncounterState, FigureState } from '../encounter/schema';
import { readyWeapon } from '../encounter/state';
import type { RuleSet } from '../rules';
import { breaking, chanceAtMost, foesOf, hurt, isCasterFigure, nearest, percent, targetScore } from './appraise';
import { previewWorth } from './blows';
import { rearmCandidates } from './rearm';
import { surelyRefused } from './refusals';
import { spellChoices } from './spells';
import type { Candidate, Scored, TacticsSettings } from './types';
import { effectiveMap } from '../map/effectiveMap';

/** `exhaustive`: ask the engine for every preview, without the cheap refusals first (the same candidates, slower; for the tests). */
export function actionCandidates(state: EncounterState, rules: RuleSet, f: FigureState, settings: TacticsSettings, exhaustive = false): Candidate[] {
  const open = openOptions(state, rules, f);
  const foes = foesOf(state, f);
  const out: Candidate[] = [];
  const fleeing = breaking(f, settings);

  if (f.hthWith.length > 0) {
    if (fleeing && open.has('v'))
      out.push(
        ...stepsAway(state, f, foes).map((to) => ({
          command: { type: 'hthDisengage', figureId: f.id, to } as Command,
          reason: `${f.name} tries to break out of hand-to-hand: badly hurt (${percent(hurt(f))} of Body lost).`,
        })),
      );
    if (open.has('t')) {
      const target = [...f.hthWith]
        .map((id) => state.figures.find((o) => o.id === id))
        .filter((o): o is FigureState => o !== undefined)
        .sort((a, b) => hurt(b) - hurt(a))[0];
      if (target)
        out.push({ command: { type: 'hthAttack', figureId: f.id, targetId: target.id }, reason: `${f.name} strikes ${target.name} in hand-to-hand.` });
    }
    if (open.has('u')) out.push({ command: { type: 'drawDagger', figureId: f.id }, reason: `${f.name} tries to draw a dagger in hand-to-hand.` });
    return [...out, pass(f, 'nothing better in hand-to-hand')];
  }

  if ((f.posture === 'prone' || f.posture === 'knockedDown' || f.posture === 'kneeling') && (open.has('g') || open.has('p'))) {
    out.push({ command: { type: 'standUp', figureId: f.id }, reason: `${f.name} gets back on its feet.` });
  }

  const engagedFoes = enemiesInFront(state, f);
  if (fleeing && open.has('n')) {
    out.push(
      ...stepsAway(state, f, foes).map((to) => ({
        command: { type: 'disengage', figureId: f.id, to } as Command,
        reason: `${f.name} disengages: badly hurt (${percent(hurt(f))} of Body lost), past its side's morale.`,
      })),
    );
  }

  const strikes = attackChoices(state, rules, f, foes, open, exhaustive);
  // Only a caster has spell choices: the options are not asked of anyone else.
  const spells = (exhaustive || isCasterFigure(f)) && (open.has('h') || open.has('r') || open.has('hth-cast')) ? spellChoices(state, rules, f, foes) : [];
  const ranked = [...strikes, ...spells].sort((a, b) => b.score - a.score);
  const best = ranked[0];

  const weapon = readyWeapon(f);
  if (weapon?.use === 'missile' && engagedFoes.length > 0 && open.has('m')) {
    for (const w of f.equipment.weaponIds.filter((id) => id !== weapon.id))
      out.push({
        command: { type: 'changeWeapon', figureId: f.id, weaponId: w },
        reason: `${f.name} is engaged: it puts away its ${weapon.name} for a weapon to fight with.`,
      });
  }
  // Outmatched in melee: defending makes every melee attacker roll 4 dice (001 §Defending; RULINGS A6).
  if (open.has('k') && engagedFoes.length > 0 && (fleeing || outmatched(state, rules, f, engagedFoes, best?.chance ?? 0, exhaustive))) {
    out.push({
      command: { type: 'defend', figureId: f.id },
      reason: `${f.name} defends: ${best === undefined ? 'no blow it can land' : `its best blow has ${percent(best.chance)} to hit`} against ${engagedFoes.map((e) => e.name).join(', ')}.`,
    });
  }
  out.push(...rearmCandidates(state, rules, f, foes, engagedFoes, open));
  out.push(...ranked);
  if (open.has('c') && engagedFoes.length === 0 && ranked.length === 0 && foes.some((o) => readyWeapon(o)?.use === 'missile')) {
    out.push({ command: { type: 'dodge', figureId: f.id }, reason: `${f.name} dodges: nothing to strike, and the enemy has missiles (RULINGS A6).` });
  }
  if (f.conditions.includes('bleeding'))
    out.push({ command: { type: 'bindWound', figureId: f.id, targetId: f.id }, reason: `${f.name} binds its own bleeding wound (RULINGS A5).` });
  out.push(pass(f, ranked.length === 0 ? 'nothing in reach' : 'no better choice'));
  return out;
}

/**
 * Its best blow is poor and a foe in front that has yet to act this turn hits it clearly more
 * often than it hits back (a foe that has acted cannot strike it again this turn).
 */
function outmatched(state: EncounterState, rules: RuleSet, f: FigureState, foes: readonly FigureState[], mine: number, exhaustive: boolean): boolean {
  if (mine >= 0.3) return false;
  const acted = new Set(state.turnState?.actionDone ?? []);
  return foes.some((o) => {
    if (acted.has(o.id) || (!exhaustive && surelyRefused(o, f, readyWeapon(o)))) return false;
    const theirs = attackPreview(state, o.id, f.id, readyWeapon(o)?.id ?? null, {}, { rules });
    return theirs.allowed && chanceAtMost(theirs.dice.count, theirs.adjDex.value) >= mine + 0.15;
  });
}

function pass(f: FigureState, why: string): Candidate {
  return { command: { type: 'pass', figureId: f.id }, reason: `${f.name} passes: ${why}.` };
}

/** Free neighbouring hexes, the ones farthest from the nearest foe first. */
export function stepsAway(state: EncounterState, f: FigureState, foes: readonly FigureState[]): Hex[] {
  const taken = new Set(state.figures.filter((o) => o.id !== f.id && o.posture !== 'dead').map((o) => hexKey(o.position)));
  const hexes = [0, 1, 2, 3, 4, 5].map((d) => hexNeighbor(f.position, d)).filter((h) => !taken.has(hexKey(h)) && !effectiveMap(state).isWall(h));
  return hexes.sort((a, b) => (nearest(b, foes)?.distance ?? 0) - (nearest(a, foes)?.distance ?? 0));
}

interface OpenOptions {
  has(option: OptionLetter): boolean;
}

/**
 * Which options the engine leaves open to the figure, asked one letter at a time and remembered:
 * the same answers as `legalOptions` (an option is open when `optionRefusal` has nothing against
 * it), without working out the letters these heuristics never look at.
 */
function openOptions(state: EncounterState, rules: RuleSet, f: FigureState): OpenOptions {
  const es = engagementState(state, f);
  const known = new Map<OptionLetter, boolean>();
  return {
    has(option) {
      let open = known.get(option);
      if (open === undefined) {
        open = optionRefusal(state, f, option, es, rules) === null;
        known.set(option, open);
      }
      return open;
    },
  };
}

function attackChoices(state: EncounterState, rules: RuleSet, f: FigureState, foes: readonly FigureState[], open: OpenOptions, exhaustive: boolean): Scored[] {
  const melee = open.has('b') || open.has('j');
  const missile = open.has('f') || open.has('l');
  if (!melee && !missile) return [];
  const weapon = readyWeapon(f);
  const out: Scored[] = [];
  for (const t of foes) {
    if (!missile && hexDistance(f.position, t.position) > 2) continue;
    if (!exhaustive && surelyRefused(f, t, weapon)) continue;
    const preview = attackPreview(state, f.id, t.id, weapon?.id ?? null, {}, { rules });
    if (!preview.allowed) continue;
    if (preview.kind === 'missile' ? !missile : !melee) continue;
    const worth = previewWorth(rules, f, weapon, preview);
    if (worth.chance <= 0 || worth.hits <= 0) continue;
    // Blows are weighed by the hits they put through armour (001 §Protection), the target's worth on top.
    const score = worth.hits * (1 + targetScore(f, t) * 0.3);
    const hurtWord = hurt(t) >= 0.3 ? `, ${t.name} is hurt` : '';
    const how = preview.kind === 'missile' ? 'shoots at' : 'strikes';
    const stops = preview.protection.value > 0 ? ` past ${preview.protection.value} stopped` : '';
    out.push({
      command: { type: 'attack', figureId: f.id, targetId: t.id, weaponId: weapon?.id ?? null },
      reason: `${f.name} ${how} ${t.name} with ${weapon?.name ?? 'bare hands'}: ${percent(worth.chance)} to hit (adjDEX ${preview.adjDex.value} on ${preview.dice.count} dice), about ${worth.hits.toFixed(1)} hits${stops}${hurtWord}.`,
      score,
      chance: worth.chance,
    });
  }
  return out;
}
