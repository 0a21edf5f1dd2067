/**
 * What must hold of magic after every command (001 §Magic; RULINGS C8, S1–S8):
 * - mana never below 0 (a shortfall is Debt, RULINGS S4) and never above the pool; Debt ≥ 0;
 * - known spells exist in the catalogue, with mastery 1–5;
 * - every continuing spell belongs to a caster, and once phase 2 is over it was cast or renewed
 *   this turn — any other has ended (RULINGS S2);
 * - the renewal phase is in progress only in phase 2 of this turn, with casters that exist;
 * - runaways: one per caster, a real caster with a mana pool, started no later than now, one
 *   end-of-turn drain per turn since it started, an anchor roll no later than now (RULINGS S6);
 * - castings name real casters and no future turn; ids stay below the counter;
 * - a continuing spell is on a figure or at a hex on the map, not both.
 */
import { isOnMap } from '../../../../shared/mapGrid';
import { ENCOUNTER_CATALOGUE, encounterMagicOf } from './magicBridge';
import type { EncounterState } from '../schema';

const AFTER_RENEWAL = new Set(['initialMovement', 'finalMovement', 'actions', 'forcedRetreat']);

function idNumber(id: string, prefix: string): number | null {
  const m = new RegExp(`^${prefix}-(\\d+)$`).exec(id);
  return m ? Number(m[1]) : null;
}

export function magicInvariants(state: EncounterState): string[] {
  const out: string[] = [];
  const byId = new Map(state.figures.map((f) => [f.id, f] as const));
  const magic = encounterMagicOf(state);
  for (const f of state.figures) {
    if (f.mana !== null) {
      if (f.mana.current < 0) out.push(`${f.id} has mana ${f.mana.current} below 0: a shortfall is Debt (RULINGS S4).`);
      if (f.mana.debt < 0) out.push(`${f.id} has Debt ${f.mana.debt} below 0.`);
      if (f.mana.current > f.mana.pool) out.push(`${f.id} has mana ${f.mana.current} above its pool ${f.mana.pool}.`);
    }
    for (const [spellId, m] of Object.entries(f.mastery)) {
      if (!ENCOUNTER_CATALOGUE.byId.has(spellId)) out.push(`${f.id} knows ${spellId}, which is not in the catalogue.`);
      if (!Number.isInteger(m) || m < 1 || m > 5) out.push(`${f.id} has mastery ${m} in ${spellId}.`);
    }
  }
  const spellIds = new Set<string>();
  for (const s of state.spells) {
    if (spellIds.has(s.id)) out.push(`Continuing spell ${s.id} appears twice.`);
    spellIds.add(s.id);
    // 001 §Facing: a spell goes to a figure or to a hex, not both; a hex on the map.
    if (s.at !== undefined && s.targetId !== null) out.push(`Continuing spell ${s.id} has both a target figure and a hex.`);
    if (s.at !== undefined && !isOnMap(state.map, s.at)) out.push(`Continuing spell ${s.id} is at a hex off the map.`);
    const caster = byId.get(s.casterId);
    if (caster === undefined) out.push(`${s.name} (${s.id}) belongs to unknown caster ${s.casterId}.`);
    if (s.targetId !== null && !byId.has(s.targetId)) out.push(`${s.name} (${s.id}) is on unknown figure ${s.targetId}.`);
    if (s.castTurn > state.turn) out.push(`${s.name} (${s.id}) was cast in a future turn.`);
    if (AFTER_RENEWAL.has(state.phase) && s.castTurn !== state.turn && s.renewedTurn !== state.turn) {
      out.push(`${s.name} (${s.id}) was neither cast nor renewed in turn ${state.turn} but is still in effect after Renew Spells (RULINGS S2).`);
    }
    if (state.phase === 'initiative' && s.castTurn < state.turn - 1 && (s.renewedTurn ?? 0) < state.turn - 1) {
      out.push(`${s.name} (${s.id}) went unrenewed last turn but is still in effect (RULINGS S2).`);
    }
    const n = idNumber(s.id, 'spell');
    if (n !== null && n > magic.seq) out.push(`Continuing spell ${s.id} is above the id counter ${magic.seq}.`);
  }
  const renewal = magic.renewal;
  if (renewal !== null) {
    if (state.phase !== 'renewSpells' || renewal.turn !== state.turn)
      out.push(`A renewal phase of turn ${renewal.turn} is open in ${state.phase} of turn ${state.turn}.`);
    for (const id of renewal.order) if (!byId.has(id)) out.push(`The renewal order names unknown figure ${id}.`);
    for (const id of Object.keys(renewal.decided)) {
      if (renewal.decided[id] === 'renewed' && !spellIds.has(id)) out.push(`Spell ${id} was renewed but is no longer in effect.`);
      if (renewal.decided[id] === 'lapsed' && spellIds.has(id)) out.push(`Spell ${id} lapsed but is still in effect.`);
    }
  } else if (state.phase === 'renewSpells' && state.spells.some((s) => s.castTurn < state.turn && s.renewedTurn !== state.turn)) {
    out.push('Continuing spells wait in Renew Spells with no renewal phase open (RULINGS S2, T3).');
  }
  const inRunaway = new Set<string>();
  for (const r of magic.runaways) {
    if (inRunaway.has(r.casterId)) out.push(`${r.casterId} is in two runaways.`);
    inRunaway.add(r.casterId);
    const caster = byId.get(r.casterId);
    if (caster === undefined) out.push(`A runaway names unknown caster ${r.casterId}.`);
    if (r.startedTurn > state.turn) out.push(`${r.casterId}'s runaway starts in a future turn.`);
    // RULINGS T1 (amended): under O2 the turn's drain comes before Cleanup, so in Cleanup this turn's drain is done.
    const drains = state.turn - r.startedTurn + (state.phase === 'cleanup' ? 1 : 0);
    if (r.turnsElapsed !== drains) {
      out.push(`${r.casterId}'s runaway has drained ${r.turnsElapsed} times, but ${drains} end-of-turn drains have come since it began (RULINGS S6, T1).`);
    }
    if (r.lastAnchorTurn !== null && (r.lastAnchorTurn > state.turn || r.lastAnchorTurn < r.startedTurn))
      out.push(`${r.casterId}'s last anchor roll is outside its runaway.`);
  }
  const castingIds = new Set<string>();
  for (const c of magic.castings) {
    if (castingIds.has(c.id)) out.push(`Casting ${c.id} appears twice.`);
    castingIds.add(c.id);
    if (!byId.has(c.casterId)) out.push(`Casting ${c.id} names unknown caster ${c.casterId}.`);
    if (c.turn > state.turn) out.push(`Casting ${c.id} is in a future turn.`);
    const n = idNumber(c.id, 'cast');
    if (n !== null && n > magic.seq) out.push(`Casting ${c.id} is above the id counter ${magic.seq}.`);
  }
  return out;
}
