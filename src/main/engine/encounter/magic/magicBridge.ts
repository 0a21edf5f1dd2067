/**
 * The bridge between the encounter and the magic engine (src/main/engine/magic; 001 §Magic;
 * RULINGS C8, S1–S9). The magic engine works on its own small types (`Caster`, `MagicState`);
 * this module builds them from an encounter state and writes a step's result back, so the
 * encounter keeps one copy of everything (see magicSchema.ts):
 * - a figure is a caster when it has a mana pool or knows a spell (a figure with spells and no
 *   pool has a pool of 0: it can only borrow, RULINGS S4);
 * - conscious = the figure can act (posture neither unconscious nor dead); dead = posture dead;
 * - what a step changes on a caster (mana, Body, consciousness, death) goes back to the figure,
 *   with the posture change logged like any other (001 §Fatigue Points; RULINGS C4, C5).
 */
import { DEFAULT_CATALOGUE, EMPTY_MAGIC_STATE } from '../../magic';
import type { ActiveSpell, Caster, Catalogue, MagicContext, MagicSnapshot, MagicState, MagicStepResult } from '../../magic';
import { asRuleSet, type Rules, type RuleSet } from '../../rules';
import { EMPTY_ENCOUNTER_MAGIC, type EncounterMagic, type StateActiveSpell } from './magicSchema';
import type { EncounterState, FigureState } from '../schema';
import { canAct } from '../state';
import { setPosture, settlePosture } from '../figures/posture';
import type { Tx } from '../tx';
import { effectHexes } from '../../map/effectArea';
import { rollEffect } from './effectRoll';

/**
 * 001's catalogue with its RULINGS S9 defaults: what the spells are (ids, names, schools, levels),
 * which edits never change. What a spell costs and rolls comes from the encounter's rules
 * (`catalogueOf`: the catalogue with the campaign's spell edits, kept with the encounter's rules).
 */
export const ENCOUNTER_CATALOGUE: Catalogue = DEFAULT_CATALOGUE;

/** The catalogue the encounter casts from: its rules' (RULINGS S9; spell edits stored with the rules). */
export function catalogueOf(rules: Rules | RuleSet): Catalogue {
  return asRuleSet(rules).catalogue;
}

export function encounterMagicOf(state: EncounterState): EncounterMagic {
  return state.magic ?? EMPTY_ENCOUNTER_MAGIC;
}

function toActive(s: StateActiveSpell): ActiveSpell {
  return {
    id: s.id,
    // A spell in effect before the encounter began has no casting: its own id stands in for one
    // (no casting record carries it, so it cannot be countered, RULINGS S8: one try per casting).
    castingId: s.castingId ?? s.id,
    spellId: s.spellId,
    name: s.name,
    variant: s.variant,
    casterId: s.casterId,
    targetId: s.targetId,
    at: s.at === undefined ? null : { q: s.at.q, r: s.at.r },
    level: s.level,
    renewalCost: s.renewalCost,
    turnsActive: s.turnsActive,
    castTurn: s.castTurn,
  };
}

/** The magic engine's state, assembled from the encounter (no copy is kept). */
export function magicOf(state: EncounterState): MagicState {
  const m = encounterMagicOf(state);
  if (state.spells.length === 0 && m === EMPTY_ENCOUNTER_MAGIC) return EMPTY_MAGIC_STATE;
  return { seq: m.seq, runaways: m.runaways, castings: m.castings, renewal: m.renewal, active: state.spells.map(toActive) };
}

export function isCaster(f: FigureState): boolean {
  return f.mana !== null || Object.keys(f.mastery).length > 0;
}

export function casterOfFigure(f: FigureState): Caster {
  return {
    id: f.id,
    name: f.name,
    attributes: { INT: f.attributes.INT, WIS: f.attributes.WIS, DEX: f.attributes.DEX, CON: f.attributes.CON },
    fatigue: f.fatigue,
    body: f.body,
    posture: f.posture,
    conscious: canAct(f),
    dead: f.posture === 'dead',
    mana: f.mana ?? { pool: 0, current: 0, debt: 0 },
    mastery: f.mastery,
    ...(f.castingAttributes ? { castingAttributes: f.castingAttributes } : {}),
  };
}

/** Every caster of the encounter, and the magic state: what a magic step reads. */
export function snapshotOf(state: EncounterState): MagicSnapshot {
  return { magic: magicOf(state), casters: state.figures.filter(isCaster).map(casterOfFigure) };
}

export function magicContext(state: EncounterState, rules: Rules | RuleSet): MagicContext {
  return { rules, catalogue: catalogueOf(rules), turn: state.turn };
}

/**
 * A spell that comes into effect at a hex takes its map effect there, when the campaign's spell
 * table gives it one; the hexes are fixed when it is cast (engine/map/effectArea.ts).
 */
function placedEffect(state: EncounterState, a: ActiveSpell, catalogue: Catalogue): StateActiveSpell['effect'] {
  const effect = catalogue.byId.get(a.spellId)?.effect ?? null;
  if (effect === null || a.at === null) return undefined;
  const caster = state.figures.find((f) => f.id === a.casterId);
  const hexes = effectHexes(state, effect, a.at, caster?.position ?? a.at).slice(0, 300);
  return hexes.length === 0 ? undefined : { kind: effect.kind, hexes, shown: effect.shown };
}

/** Writes the magic engine's state back: continuing spells into `spells`, the rest into `magic`. */
function storeMagic(state: EncounterState, magic: MagicState, renewedIds: ReadonlySet<string>, catalogue: Catalogue): EncounterState {
  const before = new Map(state.spells.map((s) => [s.id, s] as const));
  const spells: StateActiveSpell[] = magic.active.map((a) => {
    const old = before.get(a.id);
    const effect = old ? old.effect : placedEffect(state, a, catalogue);
    return {
      id: a.id,
      castingId: a.castingId,
      spellId: a.spellId,
      name: a.name,
      variant: a.variant,
      casterId: a.casterId,
      targetId: a.targetId,
      // Written only when there is a hex, so a state without hex spells is what it always was.
      ...(a.at !== null ? { at: { q: a.at.q, r: a.at.r } } : {}),
      ...(effect !== undefined ? { effect } : {}),
      level: a.level,
      renewalCost: a.renewalCost,
      turnsActive: a.turnsActive,
      castTurn: a.castTurn,
      renewedTurn: renewedIds.has(a.id) ? state.turn : (old?.renewedTurn ?? null),
    };
  });
  const renewal = magic.renewal === null ? null : { turn: magic.renewal.turn, order: [...magic.renewal.order], decided: { ...magic.renewal.decided } };
  const rest: EncounterMagic = { seq: magic.seq, runaways: [...magic.runaways], castings: [...magic.castings], renewal };
  return { ...state, spells, magic: rest };
}

/**
 * Applies a magic step to the transaction: the magic state, the casters' mana, Body and
 * consciousness, every event (each cites its rule) and every roll.
 */
export function commitMagic(tx: Tx, result: MagicStepResult): void {
  tx.rolls.push(...result.rolls);
  const renewed = new Set(result.events.flatMap((e) => (e.type === 'spellRenewed' ? [e.activeId] : [])));
  const catalogue = catalogueOf(tx.rules);
  const before = new Set(tx.state.spells.map((s) => s.id));
  tx.state = storeMagic(tx.state, result.next.magic, renewed, catalogue);
  tx.emit?.(...result.events);
  for (const c of result.next.casters) {
    const f = tx.state.figures.find((x) => x.id === c.id);
    if (f === undefined) continue;
    const was = casterOfFigure(f);
    const manaChanged =
      f.mana === null
        ? c.mana.pool !== 0 || c.mana.current !== 0 || c.mana.debt !== 0
        : c.mana.pool !== f.mana.pool || c.mana.current !== f.mana.current || c.mana.debt !== f.mana.debt;
    const bodyChanged = c.body.current !== f.body.current;
    if (manaChanged || bodyChanged) {
      tx.update(f.id, (x) => ({
        ...x,
        mana: manaChanged ? { pool: c.mana.pool, current: c.mana.current, debt: c.mana.debt } : x.mana,
        body: bodyChanged ? { ...x.body, current: c.body.current } : x.body,
      }));
    }
    if (c.dead && !was.dead) setPosture(tx, f.id, 'dead', '001 §Runaway; RULINGS S6, C5');
    else if (!c.conscious && was.conscious) setPosture(tx, f.id, 'unconscious', '001 §Runaway; RULINGS S6');
    else settlePosture(tx, f.id);
  }
  // A spell that has just come into effect with a roll on its area (effectRoll.ts).
  for (const spell of tx.state.spells) {
    const effect = catalogue.byId.get(spell.spellId)?.effect ?? null;
    if (!before.has(spell.id) && effect?.roll !== undefined) rollEffect(tx, spell, effect);
  }
}

/** Runs a magic step on the transaction's state and commits it. */
export function runMagic(tx: Tx, step: (snapshot: MagicSnapshot, ctx: MagicContext) => MagicStepResult): void {
  commitMagic(tx, step(snapshotOf(tx.state), magicContext(tx.state, tx.rules)));
}
