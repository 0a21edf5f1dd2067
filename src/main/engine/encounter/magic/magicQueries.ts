/**
 * The magic panels' queries on an encounter (DESIGN §One picture: queries are pure). All of them
 * are GM-only: they carry mana, Debt and spell internals (RULINGS C8).
 */
import { AppError } from '../../../../shared/errors';
import {
  castPreview,
  counterTarget,
  interventionTarget,
  manaView,
  renewalQueue,
  runawayOf,
  runawayView,
  spellById,
  type CastPreview,
  type RunawayView,
} from '../../magic';
import type { Explained } from '../../explain';
import type { Rules } from '../../rules';
import { spellHitInput, spellTargetRefusal, type CastingOption } from './castSpell';
import { engagementState } from '../movement/engagement';
import { casterOfFigure, catalogueOf, ENCOUNTER_CATALOGUE, isCaster, magicContext, snapshotOf, encounterMagicOf } from './magicBridge';
import { optionRefusal } from '../turn/options';
import { castingCounterRefusal, counterCandidates, counterRefusalFor, INTERVENTION_RULE, interventionLeftOut, interventionRefusal } from './magicEligibility';
import type { StateActiveSpell } from './magicSchema';
import type { EncounterState } from '../schema';
import { canAct, figureById } from '../state';

function spellInfo(s: StateActiveSpell) {
  return {
    id: s.id,
    spellId: s.spellId,
    name: s.name,
    variant: s.variant,
    targetId: s.targetId,
    ...(s.at ? { at: { q: s.at.q, r: s.at.r } } : {}),
    level: s.level,
    renewalCost: s.renewalCost,
    turnsActive: s.turnsActive,
  };
}

/** Each caster's pool, mana and Debt, continuing spells, runaway and known spells (RULINGS C8, S4). */
export function encounterManaView(state: EncounterState, figureId?: string) {
  const snapshot = snapshotOf(state);
  const figures = state.figures.filter((f) => isCaster(f) && (figureId === undefined || f.id === figureId));
  if (figureId !== undefined && figures.length === 0) {
    const f = figureById(state, figureId);
    throw new AppError('rule', `${f.name} has no mana pool and knows no spells.`);
  }
  return {
    turn: state.turn,
    casters: figures.map((f) => {
      const v = manaView(snapshot, f.id);
      return {
        casterId: v.casterId,
        name: v.name,
        pool: v.pool,
        current: v.current,
        debt: v.debt,
        conscious: canAct(f),
        activeSpells: state.spells.filter((s) => s.casterId === f.id).map(spellInfo),
        runaway: v.runaway === null ? null : { ...v.runaway },
        known: Object.entries(f.mastery)
          .flatMap(([id, mastery]) => {
            const s = ENCOUNTER_CATALOGUE.byId.get(id);
            return s === undefined
              ? []
              : [
                  {
                    spellId: s.id,
                    name: s.name,
                    school: s.school,
                    level: s.level,
                    mastery,
                    continuing: s.continuing,
                    mustHit: s.mustHit,
                    castingAttribute: f.castingAttributes?.[s.id] ?? s.castingAttribute,
                    variants: [...s.variants],
                    openVariants: s.openVariants,
                  },
                ];
          })
          .sort((a, b) => a.level - b.level || a.name.localeCompare(b.name)),
        source: v.source,
      };
    }),
  };
}

/** Phase 2's queue with the running mana after each choice (RULINGS T3, S2, S4). */
export function encounterRenewalQueue(state: EncounterState) {
  const q = renewalQueue(snapshotOf(state));
  return {
    turn: q.turn,
    current: q.current,
    entries: q.entries.map((e) => {
      const f = figureById(state, e.casterId);
      let mana = f.mana?.current ?? 0;
      let debt = f.mana?.debt ?? 0;
      const manaNow = mana;
      const debtNow = debt;
      return {
        casterId: e.casterId,
        name: e.name,
        score: e.score,
        manaNow,
        debtNow,
        spells: e.spells.map((s) => {
          const stateSpell = state.spells.find((x) => x.id === s.spell.id);
          let manaAfter = mana;
          let debtAfter = debt;
          if (s.status === 'pending') {
            const from = Math.min(mana, s.spell.renewalCost);
            manaAfter = mana - from;
            debtAfter = debt + s.spell.renewalCost - from;
            mana = manaAfter;
            debt = debtAfter;
          }
          return {
            spell:
              stateSpell !== undefined
                ? spellInfo(stateSpell)
                : {
                    id: s.spell.id,
                    spellId: s.spell.spellId,
                    name: s.spell.name,
                    variant: s.spell.variant,
                    targetId: s.spell.targetId,
                    level: s.spell.level,
                    renewalCost: s.spell.renewalCost,
                    turnsActive: s.spell.turnsActive,
                  },
            status: s.status,
            fromMana: s.fromMana,
            wouldBorrow: s.wouldBorrow,
            manaAfter,
            debtAfter,
          };
        }),
      };
    }),
  };
}

/** Every runaway, and which mages could intervene, each with its target (RULINGS S6, S7). */
export function encounterRunawayView(state: EncounterState, rules: Rules) {
  const snapshot = snapshotOf(state);
  const views: readonly RunawayView[] = runawayView(snapshot, magicContext(state, rules));
  return views.map((v) => {
    const r = runawayOf(snapshot.magic, v.casterId);
    const helpers: { mageId: string; name: string; target: Explained }[] = [];
    if (r !== null) {
      for (const mage of snapshot.casters) {
        if (interventionRefusal(state, rules, figureById(state, mage.id), v.casterId) !== null) continue;
        helpers.push({ mageId: mage.id, name: mage.name, target: interventionTarget(mage, r) });
      }
    }
    return { ...v, body: { ...v.body }, helpers, leftOut: interventionLeftOut(state, rules, v.casterId), interventionRule: INTERVENTION_RULE };
  });
}

/** The casting option a figure's state gives it now (001 §Action Options h, r, HTH). */
export function castingOptionOf(state: EncounterState, figureId: string): CastingOption {
  const es = engagementState(state, figureById(state, figureId));
  return es === 'hth' ? 'hth-cast' : es === 'engaged' ? 'r' : 'h';
}

/**
 * A counter declared with a casting (RULINGS S8): the mages who could make it, and for the one
 * declared, both contest targets (INT + mana in the contest), or why it cannot be made.
 */
function counterPreview(state: EncounterState, casterId: string, cost: number, push: number, counter: { figureId: string; mana: number } | undefined) {
  const defenders = state.figures
    .filter((f) => isCaster(f) && counterRefusalFor(state, f, casterId) === null)
    .map((f) => ({ figureId: f.id, name: f.name, mana: f.mana?.current ?? 0 }));
  if (counter === undefined) return { defenders, counter: null, problems: [] };
  const f = figureById(state, counter.figureId);
  const refusal = counterRefusalFor(state, f, casterId);
  if (refusal !== null) return { defenders, counter: null, problems: [`${f.name} ${refusal}.`] };
  if (counter.mana > (f.mana?.current ?? 0))
    return { defenders, counter: null, problems: [`${f.name} has ${f.mana?.current ?? 0} mana and cannot commit ${counter.mana}.`] };
  const caster = casterOfFigure(figureById(state, casterId));
  return {
    defenders,
    counter: {
      defenderId: f.id,
      caster: counterTarget(caster, cost + push, `casting mana (cost ${cost} + push ${push})`),
      defender: counterTarget(casterOfFigure(f), counter.mana, 'committed mana'),
    },
    problems: [],
  };
}

/** A casting before any die (RULINGS S1, S3, S4, S8): cost, control, casting, hit and a declared counter's targets. */
export function encounterCastPreview(
  state: EncounterState,
  rules: Rules,
  casterId: string,
  spellId: string,
  push: number,
  targetId?: string,
  counter?: { figureId: string; mana: number },
) {
  const caster = figureById(state, casterId);
  const spell = spellById(catalogueOf(rules), spellId);
  const target = targetId === undefined ? null : figureById(state, targetId);
  const option = castingOptionOf(state, casterId);
  const hit = spell.mustHit && target !== null ? spellHitInput(state, caster, target, spell, rules) : undefined;
  const es = option === 'hth-cast' ? 'hth' : option === 'r' ? 'engaged' : 'disengaged';
  const p: CastPreview = castPreview(snapshotOf(state), magicContext(state, rules), casterId, spellId, push, targetId ?? null, {
    ...(hit !== undefined ? { hit } : {}),
    option,
    context: {
      engagement: es,
      hexesMoved: caster.turn.spent,
      handsFree: caster.equipment.readyWeaponId === null && !(caster.equipment.shieldId !== null && caster.equipment.shieldReady),
      mastery: caster.mastery[spell.id] ?? 0,
      conscious: canAct(caster),
      inRunaway: runawayOf(snapshotOf(state).magic, casterId) !== null,
    },
  });
  const problems = [...p.problems];
  if (state.phase !== 'actions') problems.push(`Spells are cast in the Actions phase (001 §Action Options h, r).`);
  else {
    const refusal = optionRefusal(state, caster, option, undefined, rules);
    if (refusal !== null) problems.push(refusal);
  }
  if (target !== null) {
    const r = spellTargetRefusal(caster, target.position);
    if (r !== null) problems.push(r);
  }
  const countering = counterPreview(state, casterId, p.cost.value - push, push, counter);
  problems.push(...countering.problems);
  return {
    casterId: p.casterId,
    spellId: p.spellId,
    spellName: p.spellName,
    mastery: p.mastery,
    targetId: p.targetId,
    push: p.push,
    mustHit: spell.mustHit,
    continuing: spell.continuing,
    variants: [...spell.variants],
    openVariants: spell.openVariants,
    cost: p.cost,
    manaNow: p.manaNow,
    manaAfter: p.manaAfter,
    borrow: p.borrow === null ? null : { ...p.borrow },
    pushControl: p.pushControl === null ? null : { ...p.pushControl },
    casting: p.casting,
    hit: p.hit === null ? null : { ...p.hit },
    option,
    defenders: countering.defenders,
    counter: countering.counter,
    problems: [...new Set(problems)],
  };
}

/** Castings of this turn and the last, newest first, with what a counter could do (RULINGS S8). */
export function encounterCastings(state: EncounterState) {
  const magic = encounterMagicOf(state);
  const name = (id: string): string => state.figures.find((f) => f.id === id)?.name ?? id;
  return magic.castings
    .filter((c) => c.turn >= state.turn - 1)
    .slice()
    .reverse()
    .map((c) => ({
      id: c.id,
      casterId: c.casterId,
      casterName: name(c.casterId),
      spellId: c.spellId,
      spellName: ENCOUNTER_CATALOGUE.byId.get(c.spellId)?.name ?? c.spellId,
      variant: c.variant,
      targetId: c.targetId,
      turn: c.turn,
      cost: c.cost,
      push: c.push,
      outcome: c.outcome,
      special: c.special === null ? null : { ...c.special },
      escalationOf: c.escalationOf,
      counter: c.counter === null ? null : { ...c.counter },
      counterable: castingCounterRefusal(state, c) === null,
      notCounterable: castingCounterRefusal(state, c),
      ...(castingCounterRefusal(state, c) === null ? counterCandidates(state, c) : { defenders: [], leftOut: [] }),
    }));
}
