/**
 * Missile spells (001 §Spell Lists: the must-hit elemental spells) as the tactics see them: the
 * chance to cast and hit from the engine's own casting preview, paid from the caster's own mana;
 * no push and no borrowing, which would risk a runaway (RULINGS S3, S4; the console's choice).
 */
import { catalogueOf } from '../encounter/magic/magicBridge';
import { encounterCastPreview } from '../encounter/magic/magicQueries';
import type { EncounterState, FigureState } from '../encounter/schema';
import type { RuleSet } from '../rules';
import { chanceAtMost, isCasterFigure, percent, targetScore } from './appraise';
import type { Scored } from './types';

const SPELL_HIT_HITS = 3.5;

interface SpellShot {
  readonly spellId: string;
  readonly name: string;
  readonly variant: string | undefined;
  readonly chance: number;
  readonly cost: number;
  readonly manaNow: number;
}

function spellShots(state: EncounterState, rules: RuleSet, f: FigureState, t: FigureState): SpellShot[] {
  if (!isCasterFigure(f)) return [];
  const catalogue = catalogueOf(rules);
  const out: SpellShot[] = [];
  for (const spellId of Object.keys(f.mastery).sort()) {
    const spell = catalogue.byId.get(spellId);
    if (spell === undefined || !spell.mustHit || spell.school !== 'elemental') continue;
    const p = encounterCastPreview(state, rules, f.id, spellId, 0, t.id);
    if (p.borrow !== null || p.hit === null) continue;
    if (p.problems.some((problem) => !problem.includes('Actions phase'))) continue;
    const chance = chanceAtMost(3, p.casting.value) * chanceAtMost(p.hit.dice, p.hit.target.value);
    if (chance > 0) out.push({ spellId, name: spell.name, variant: spell.variants[0], chance, cost: p.cost.value, manaNow: p.manaNow });
  }
  return out;
}

/** The best chance any missile spell of the caster has against `t` from where it stands. */
export function bestSpellChance(state: EncounterState, rules: RuleSet, f: FigureState, t: FigureState): number {
  return Math.max(0, ...spellShots(state, rules, f, t).map((s) => s.chance));
}

export function spellChoices(state: EncounterState, rules: RuleSet, f: FigureState, foes: readonly FigureState[]): Scored[] {
  return foes.flatMap((t) =>
    spellShots(state, rules, f, t).map((s) => ({
      command: {
        type: 'castSpell' as const,
        figureId: f.id,
        spellId: s.spellId,
        targetId: t.id,
        push: 0,
        ...(s.variant !== undefined ? { variant: s.variant } : {}),
      },
      reason: `${f.name} casts ${s.name} at ${t.name}: ${percent(s.chance)} to cast and hit, ${s.cost} mana of ${s.manaNow}.`,
      // The engine rolls only whether a spell hits; its effect is the GM's (RULINGS S1). The
      // console's choice: a hit counts as a 1d6 blow that armour does not stop, and as mana spent
      // does not come back in the fight, a little more than a blow of the same worth.
      score: s.chance * SPELL_HIT_HITS * (1.1 + targetScore(f, t) * 0.3),
      chance: s.chance,
    })),
  );
}
