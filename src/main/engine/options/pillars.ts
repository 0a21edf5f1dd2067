/**
 * The Pillars behaviour of the `Rules` seam: what the console does with every option off
 * (001; RULINGS T1–T5, M1–M4, A3, H4, A8). Each strategy delegates to the engine code that already
 * does it; nothing here re-states a rule.
 */
import { attackOutcome } from '../combat/attackRoll';
import { rollToMissFriend } from '../combat/missileHazards';
import { movementProfile } from '../movement';
import { HEAVY_BLOWS_OFF } from './heavyBlows';
import { rollSideInitiative, sideMoveOrder } from './classic/turn';
import { sidesThenAdjDex, type MoverRef } from './order';
import type { CriticalRules, InitiativeRules, MovementRules, PhaseInfo, RuleBehaviour, StatRules } from './types';
import { NO_HAZARDS } from './types';

/** RULINGS T1 — the ids are the encounter's `phase` values (src/main/engine/encounter/turn.ts PHASES). */
export const PILLARS_PHASES: readonly PhaseInfo[] = [
  { id: 'initiative', name: 'Initiative', source: '001 §Turn Sequence; RULINGS T1, T2' },
  { id: 'renewSpells', name: 'Renew Spells', source: '001 §Turn Sequence; RULINGS T1, T3' },
  { id: 'initialMovement', name: 'Initial Movement', source: '001 §Turn Sequence; RULINGS T1, T4' },
  { id: 'finalMovement', name: 'Final Movement', source: '001 §Turn Sequence; RULINGS T1, T4' },
  { id: 'actions', name: 'Actions', source: '001 §Turn Sequence; RULINGS T1, T5' },
  { id: 'forcedRetreat', name: 'Forced Retreat', source: '001 §Turn Sequence; RULINGS T1, H3' },
];

export { sidesThenAdjDex } from './order';

export const PILLARS_INITIATIVE: InitiativeRules = {
  id: 'pillars',
  name: 'Side initiative (Pillars)',
  source: '001 §Turn Sequence; RULINGS T1–T4',
  rollText: '1d6 per side',
  by: 'side',
  phases: PILLARS_PHASES,
  canYield: true,
  roll(input, dice) {
    // RULINGS T2, G4: the same roll as encounter/turn.ts rollInitiative.
    const r = rollSideInitiative(input.sides, dice);
    return {
      by: 'side',
      order: r.rollOrder,
      scores: r.rolls.map((x) => ({ id: x.sideId, value: { value: x.total, breakdown: [{ label: '1d6', value: x.total, source: 'RULINGS T2' }] } })),
      rolls: r.allRolls,
      winnerChooses: input.sides.length > 1,
      source: '001 §Turn Sequence; RULINGS T2, G4',
    };
  },
  settle: (result, moveFirst) => sideMoveOrder(result.order, moveFirst),
  movementGroups(order, figures, yielded) {
    const all = sidesThenAdjDex(order, figures);
    return [
      { phase: 'initialMovement', ids: all.filter((id) => !yielded.includes(id)), source: 'RULINGS T4' },
      { phase: 'finalMovement', ids: all.filter((id) => yielded.includes(id)), source: 'RULINGS T4 (yield)' },
    ];
  },
};

export const PILLARS_MOVEMENT: MovementRules = {
  id: 'pillars',
  name: 'Gaits (Pillars)',
  source: '001 §Movement; RULINGS M1–M4',
  // RULINGS O3 is off: no crashes, collisions, opportunity attacks or AP.
  hazards: NO_HAZARDS,
  allowance(m) {
    const profile = movementProfile({
      attributes: m.attributes,
      ...(m.carriedLbs === undefined ? {} : { carriedLbs: m.carriedLbs }),
      armor: m.armorId ?? null,
    });
    return profile.gaits.map((g) => ({
      mode: g.gait,
      name: g.name,
      hexes: g.hexes,
      allowed: g.allowed,
      reason: g.forbiddenBy === null ? null : `${g.forbiddenBy.label} (RULINGS M4)`,
      fatiguePerTurn: g.fatigue.perTurnInCombat,
      source: g.fatigue.source,
    }));
  },
};

export const PILLARS_CRITICALS: CriticalRules = {
  id: 'pillars',
  name: 'Automatic results (Pillars)',
  source: '001 §Attack Rolls; RULINGS A3',
  // RULINGS A3, as the settings screen lists it; `read` is combat/attackRoll.ts attackOutcome.
  table: [
    { dice: 3, from: 3, to: 3, result: 'Triple damage to Fatigue and Body' },
    { dice: 3, from: 4, to: 4, result: 'Double damage to Fatigue and Body, and bleeding' },
    { dice: 3, from: 5, to: 5, result: 'Automatic hit, Fatigue only' },
    { dice: 3, from: 16, to: 16, result: 'Miss' },
    { dice: 3, from: 17, to: 17, result: 'Miss, drop weapon' },
    { dice: 3, from: 18, to: 18, result: 'Miss, break weapon' },
    { dice: 4, from: 4, to: 5, result: 'Hit' },
    { dice: 4, from: 20, to: 20, result: 'Miss', rollText: '20+' },
    { dice: 4, from: 21, to: 22, result: 'Miss, drop weapon' },
    { dice: 4, from: 23, to: 24, result: 'Miss, break weapon' },
  ],
  read: (roll, adjDex) => attackOutcome(roll, adjDex),
  rollToMiss(dice, adjDex, label) {
    const r = rollToMissFriend(dice, adjDex, label);
    return { roll: r.roll, missed: r.missed, multiplier: r.multiplier, toBody: r.toBody, bleeding: r.bleeding, reason: r.reason, source: r.source };
  },
};

export const PILLARS_STATS: StatRules = {
  id: 'pillars',
  name: 'Pillars attributes',
  source: '001 §Characters; RULINGS C1–C4',
  attributes: [
    { id: 'STR', name: 'Strength', keptAs: 'STR' },
    { id: 'DEX', name: 'Dexterity', keptAs: 'DEX' },
    { id: 'INT', name: 'Intelligence', keptAs: 'INT' },
    { id: 'WIS', name: 'Wisdom', keptAs: 'WIS' },
    { id: 'CON', name: 'Constitution', keptAs: 'CON' },
    { id: 'CHR', name: 'Charisma', keptAs: 'CHR' },
  ],
  pools: ['Fatigue', 'Body', 'Mana'],
  // 001 has no exhaustion: Fatigue at 0 is unconscious (RULINGS C4).
  countsExhaustion: false,
  exhausted: () => false,
};

export const PILLARS_BEHAVIOUR: RuleBehaviour = {
  initiative: PILLARS_INITIATIVE,
  movement: PILLARS_MOVEMENT,
  criticals: PILLARS_CRITICALS,
  heavyBlowRules: HEAVY_BLOWS_OFF,
  stats: PILLARS_STATS,
};
