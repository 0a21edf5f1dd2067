/** The Classic rule set's strategies for the `Rules` seam (RULINGS O1; 004). */
import { HEAVY_BLOWS_ON } from '../heavyBlows';
import type { CriticalRules, InitiativeRules, MovementRules, RuleBehaviour, StatRules } from '../types';
import { classicAttackOutcome, classicRollToMiss } from './combat';
import { classicMovement, isClassicExhausted } from './movement';
import { classicFatigueOf, classicHitsOf, classicStatBlock, classicWounds } from './sheet';
import { CLASSIC_ATTRIBUTES, CLASSIC_CRITICALS, CLASSIC_PHASES } from './tables';
import { classicMovementGroups, rollSideInitiative, sideMoveOrder } from './turn';
import { NO_HAZARDS } from '../types';

export const CLASSIC_INITIATIVE: InitiativeRules = {
  id: 'classic',
  name: 'Side initiative, first and second movement (Classic)',
  source: '004 §Turn Sequence; RULINGS O1',
  rollText: '1 die per side',
  by: 'side',
  phases: CLASSIC_PHASES,
  canYield: false,
  roll(input, dice) {
    const r = rollSideInitiative(input.sides, dice);
    return {
      by: 'side',
      order: r.rollOrder,
      scores: r.rolls.map((x) => ({
        id: x.sideId,
        value: { value: x.total, breakdown: [{ label: '1 die', value: x.total, source: '004 §Turn Sequence (1)' }] },
      })),
      rolls: r.allRolls,
      winnerChooses: input.sides.length > 1,
      source: '004 §Turn Sequence; RULINGS O1, G4',
    };
  },
  settle: (result, moveFirst) => sideMoveOrder(result.order, moveFirst),
  movementGroups: (order, figures) => classicMovementGroups(order, figures),
};

export const CLASSIC_MOVEMENT: MovementRules = {
  id: 'classic',
  name: 'MA from DX (Classic)',
  source: '004 §Base Movement Allowance, §Encumbrance, §Movement Speeds; RULINGS O1',
  // RULINGS O3 is off: no crashes, collisions, opportunity attacks or AP.
  hazards: NO_HAZARDS,
  allowance(m) {
    const mv = classicMovement({
      st: m.attributes.STR,
      dx: m.attributes.DEX,
      ...(m.carriedLbs === undefined ? {} : { carriedLbs: m.carriedLbs }),
      armorId: m.armorId ?? null,
      fatigueSpent: m.fatigueSpent ?? 0,
    });
    return mv.gaits.map((g) => ({
      mode: g.gait,
      name: g.name,
      hexes: g.hexes,
      allowed: g.allowed,
      reason: g.forbiddenBy,
      fatiguePerTurn: g.fatiguePerTurn,
      source: g.source,
    }));
  },
};

export const CLASSIC_CRITICAL_RULES: CriticalRules = {
  id: 'classic',
  name: 'Automatic results (Classic)',
  source: '004 §Rolling to Hit; RULINGS O1',
  table: CLASSIC_CRITICALS.map((r) => ({ dice: r.dice, from: r.from, to: r.to, result: r.resultText })),
  read(roll, adjDex) {
    const o = classicAttackOutcome(roll, adjDex);
    return { ...o, toBody: false, bleeding: false };
  },
  rollToMiss(dice, adjDex, label) {
    const r = classicRollToMiss(dice, adjDex, label);
    return { ...r, toBody: false, bleeding: false };
  },
};

export const CLASSIC_STATS: StatRules = {
  id: 'classic',
  name: 'ST / DX / IQ / WIS (Classic)',
  source: '004 §Attributes; RULINGS O1',
  attributes: CLASSIC_ATTRIBUTES.map((a) => ({ id: a.id, name: a.name, keptAs: a.keptAs })),
  pools: ['ST (hit points)', 'ST (fatigue)'],
  // 004 gives no way of making a figure: the GM types ST, DX, IQ and WIS (decision; the 65-point
  // buy of RULINGS C2 counts CON and CHR, which Classic does not have).
  creationMethods: ['set'],
  creationNote: 'ST is both the hit points and the fatigue pool; MA is DX − 2, at least 4 (004 §Attributes, §Base Movement Allowance).',
  countsExhaustion: true,
  exhausted: (st, fatigueSpent) => isClassicExhausted(st, fatigueSpent),
  statBlock: (f) => classicStatBlock(f, CLASSIC_STATS),
  // RULINGS O1 (004 §Injury Effects): hits take ST away; they are kept on the stored Body, apart
  // from the fatigue spent (the stored Fatigue's loss), so exhaustion and wounds each count.
  losses: (blow) => ({ fatigue: 0, body: blow.hits }),
  wounds: (f) => classicWounds(f),
  // 004 has no survival saves: ST 0 is death (004 §Injury Effects).
  survivalSaves: false,
  poolSummary: (f) => {
    const left = f.attributes.STR - classicHitsOf(f);
    const spent = classicFatigueOf(f);
    return {
      text: spent > 0 ? `ST ${left}/${f.attributes.STR} · F${spent}` : `ST ${left}/${f.attributes.STR}`,
      title: `ST ${left} left of ${f.attributes.STR} after hits; ${spent} fatigue spent of ${f.attributes.STR} (004 §Attributes, §Fatigue; RULINGS O1)`,
    };
  },
};

/** What the Classic option supplies to the seam (heavy blows belong to it, RULINGS A8, O1). */
export const CLASSIC_BEHAVIOUR: Partial<RuleBehaviour> = {
  initiative: CLASSIC_INITIATIVE,
  movement: CLASSIC_MOVEMENT,
  criticals: CLASSIC_CRITICAL_RULES,
  stats: CLASSIC_STATS,
  heavyBlowRules: HEAVY_BLOWS_ON,
};
