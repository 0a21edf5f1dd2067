/**
 * The Pillars behaviour of the `Rules` seam: what the console does with every option off
 * (001; RULINGS T1–T5, M1–M4, A3, H4, A8). Each strategy delegates to the engine code that already
 * does it; nothing here re-states a rule.
 */
import { explainAttributeModifier, injuryBand, injuryPenalty, type InjuryBand } from '../characters';
import { bodyFromFatigue } from '../characters/pools';
import { attackOutcome } from '../combat/attackRoll';
import { rollToMissFriend } from '../combat/missileHazards';
import { armorById, shieldById } from '../equipment';
import { explainSum, line, type BreakdownLine, type Explained } from '../explain';
import { movementProfile } from '../movementProfile';
import { HEAVY_BLOWS_OFF } from './heavyBlows';
import { rollSideInitiative, sideMoveOrder } from './classic/turn';
import { sidesThenAdjDex } from './order';
import type {
  CriticalRules,
  InitiativeRules,
  MovementRules,
  PhaseInfo,
  RuleBehaviour,
  StatBlock,
  StatFigure,
  StatLine,
  StatPool,
  StatRules,
  Wounds,
} from './types';
import { NO_HAZARDS } from './types';
import { PILLARS_PHASES as TURN_PHASES, phaseName } from '../../../shared/phases';

/** Where each of Pillars' phases is ruled (RULINGS T1). */
const PILLARS_PHASE_SOURCES: Readonly<Record<(typeof TURN_PHASES)[number]['id'], string>> = {
  initiative: '001 §Turn Sequence; RULINGS T1, T2',
  renewSpells: '001 §Turn Sequence; RULINGS T1, T3',
  initialMovement: '001 §Turn Sequence; RULINGS T1, T4',
  finalMovement: '001 §Turn Sequence; RULINGS T1, T4',
  actions: '001 §Turn Sequence; RULINGS T1, T5',
  forcedRetreat: '001 §Turn Sequence; RULINGS T1, H3',
};

/** RULINGS T1 — shared/phases.ts's six, in order, with their names (`phaseName`) and sources. */
export const PILLARS_PHASES: readonly PhaseInfo[] = TURN_PHASES.map((p) => ({ id: p.id, name: phaseName(p.id), source: PILLARS_PHASE_SOURCES[p.id] }));

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
    // RULINGS T2, G4: the same roll as encounter/turn/turn.ts rollInitiative.
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
  // RULINGS M1, M4 work the gaits out from attributes, load and armour: this allowance reads no
  // pool and no momentum.
  readsPoolsAndMomentum: false,
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

/** What each injury band of a pool means (001 §Injury Thresholds & Death; RULINGS C4). */
export const PILLARS_BAND_TEXT: Readonly<Record<InjuryBand, string>> = {
  none: 'above half: no penalty',
  half: 'at or below half: −1 to all rolls',
  low: '1 to 5: −2 to all rolls',
  down: '0 or less',
};

/** Starting Fatigue explained from the attributes and the kept creation 2d6 (001 §Derived Pools, RULINGS C3). */
export function pillarsStartingFatigue(
  f: Pick<StatFigure, 'attributes' | 'fatigue'> & { readonly fatigueDice?: readonly number[] | null | undefined },
): Explained<number> {
  const a = f.attributes;
  const higher = a.DEX >= a.STR ? 'DEX' : 'STR';
  const lines: BreakdownLine[] = [
    line(`CON ${a.CON}`, a.CON, '001 §Derived Pools'),
    line(`WIS ${a.WIS}`, a.WIS, '001 §Derived Pools'),
    line(`INT ${a.INT}`, a.INT, '001 §Derived Pools'),
    line(`${higher} ${a[higher]} (higher of DEX and STR)`, a[higher], '001 §Derived Pools'),
  ];
  const base = lines.reduce((s, l) => s + l.value, 0);
  const [d1, d2] = f.fatigueDice ?? [];
  if (d1 !== undefined && d2 !== undefined) lines.push(line(`2d6 at creation [${d1}, ${d2}]`, d1 + d2, 'RULINGS C3'));
  else lines.push(line('Creation 2d6 and adjustments (not recorded)', f.fatigue.starting - base, 'RULINGS C3'));
  return explainSum(lines);
}

/** Starting Body: ⌈⅔ × starting Fatigue⌉ explained, or the stored value when it was set otherwise (RULINGS C3). */
export function pillarsStartingBody(f: Pick<StatFigure, 'fatigue' | 'body'>): Explained<number> {
  const derived = bodyFromFatigue(f.fatigue.starting);
  return derived.value === f.body.starting ? derived : explainSum([line('Body as stored', f.body.starting, 'RULINGS C3')]);
}

function pillarsPool(id: string, name: string, starting: Explained<number>, pool: StatFigure['fatigue']): StatPool {
  const band = injuryBand(pool);
  return {
    id,
    name,
    starting,
    current: pool.current,
    valueText: `${pool.current}/${starting.value}`,
    band,
    bandText: PILLARS_BAND_TEXT[band],
    marks: [{ at: starting.value / 2, label: 'Half: the −1 band starts here (RULINGS C4)' }],
    source: '001 §Derived Pools, §Injury Thresholds & Death; RULINGS C3, C4',
  };
}

const signedText = (v: number): string => (v < 0 ? `−${-v}` : v > 0 ? `+${v}` : '0');

/** The load line of 001 §Encumbrance (RULINGS M1, M4), with or without the pack. */
function pillarsLoad(f: StatFigure, withoutPack: boolean): StatLine {
  const lbs = withoutPack ? Math.round((f.carriedLbs - f.packLbs) * 10) / 10 : f.carriedLbs;
  const p = movementProfile({ attributes: f.attributes, carriedLbs: lbs, armor: f.armorId });
  const enc = p.encumbrance;
  const band = enc === null ? 'Unencumbered' : enc.band.name;
  const penalty = enc?.penalty.value ?? 0;
  const restriction = enc === null || enc.band.restrictionText === '—' ? '' : ` · ${enc.band.restrictionText}`;
  return withoutPack
    ? {
        id: 'pack',
        group: 'movement',
        label: `Without the pack (${f.packLbs} lbs)`,
        text: `${lbs} lbs · ${band} · movement modifier ${signedText(p.modifier.value)}${restriction}`,
        value: p.modifier,
        source: '001 §Encumbrance; RULINGS M4 (dropping a pack is free)',
      }
    : {
        id: 'load',
        group: 'movement',
        label: 'Load',
        text: `${lbs} lbs · ${band}${penalty !== 0 ? ` (${signedText(penalty)})` : ''}${restriction}`,
        value: enc?.penalty ?? null,
        source: '001 §Encumbrance; RULINGS M1, M4',
      };
}

/**
 * The Pillars stat block (001 §Characters; RULINGS C1–C4, A1, M1): the six attributes with their
 * modifiers, Fatigue and Body with their injury bands, the injury penalty and the adjDEX every
 * roll starts from (the same lines as the encounter's `baseAdjDex`).
 */
export function pillarsStatBlock(f: StatFigure): StatBlock {
  const fatigueStart = pillarsStartingFatigue(f);
  const injury = injuryPenalty({ fatigue: f.fatigue, body: f.body });
  const adj: BreakdownLine[] = [line(`DEX ${f.attributes.DEX}`, f.attributes.DEX, '001 §Attack Rolls; RULINGS A1')];
  const armor = f.armorId ? armorById(f.armorId) : undefined;
  if (armor && armor.dex !== 0) adj.push(line(armor.name, armor.dex, '001 §DEX Adjustments (Armor and Shield); RULINGS A1'));
  const shield = f.readyShieldId ? shieldById(f.readyShieldId) : undefined;
  if (shield && shield.dex !== 0) adj.push(line(shield.name, shield.dex, '001 §DEX Adjustments (Armor and Shield); RULINGS A1'));
  if (injury.penalty !== 0) adj.push(line('Injury', injury.penalty, '001 §Injury Thresholds & Death; RULINGS C4'));
  const profile = movementProfile({ attributes: f.attributes, carriedLbs: f.carriedLbs, armor: f.armorId });
  const tags: string[] = [];
  if (injury.unconscious) tags.push('unconscious');
  if (injury.semiConscious) tags.push('semi-conscious: the GM limits its actions');
  return {
    model: { id: PILLARS_STATS.id, name: PILLARS_STATS.name, caption: 'Pillars (001)', source: PILLARS_STATS.source },
    attributes: PILLARS_STATS.attributes.map((a) => ({
      id: a.id,
      name: a.name,
      keptAs: a.keptAs,
      value: f.attributes[a.keptAs],
      modifier: explainAttributeModifier(f.attributes[a.keptAs], a.keptAs),
      note: null,
      source: '001 §Determining Core Attributes; RULINGS C1',
    })),
    pools: [pillarsPool('fatigue', 'Fatigue', fatigueStart, f.fatigue), pillarsPool('body', 'Body', pillarsStartingBody(f), f.body)],
    adjDexLabel: 'adjDEX',
    adjDex: explainSum(adj),
    condition: {
      label: 'Injury penalty',
      text: signedText(injury.penalty),
      tone: injury.unconscious || injury.semiConscious ? 'down' : injury.penalty !== 0 ? 'warn' : 'ok',
      value: injury.explained,
      tags,
      source: '001 §Injury Thresholds & Death; RULINGS C4',
    },
    movement: { label: 'modifier', text: signedText(profile.modifier.value), value: profile.modifier, source: '001 §Movement; RULINGS M1' },
    lines: [pillarsLoad(f, false), ...(f.packLbs > 0 ? [pillarsLoad(f, true)] : [])],
  };
}

/**
 * Pillars' wounds by the Fatigue pool read, with the Body pool read beside it: they read nothing
 * else, pools are replaced, never changed, and a hit asks them of the same pools several times
 * (settling posture, adjDEX, the next attack's situation).
 */
const woundsByFatigue = new WeakMap<StatFigure['fatigue'], { readonly body: StatFigure['body']; readonly wounds: Wounds }>();

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
  // 001 §Determining Core Attributes: 3d6 in order (rolled, or faces typed), or the 65-point buy (RULINGS C2).
  creationMethods: ['pointBuy', 'roll', 'entered'],
  creationNote: 'Fatigue is CON + WIS + INT + the higher of DEX and STR + 2d6, rolled once now (RULINGS C3).',
  // 001 has no exhaustion: Fatigue at 0 is unconscious (RULINGS C4).
  countsExhaustion: false,
  exhausted: () => false,
  statBlock: (f) => pillarsStatBlock(f),
  // RULINGS A3: hits come off Fatigue; the criticals that say so take them off Body too.
  losses: (blow) => ({ fatigue: blow.fatigue, body: blow.body }),
  wounds: (f) => {
    const known = woundsByFatigue.get(f.fatigue);
    if (known !== undefined && known.body === f.body) return known.wounds;
    // RULINGS C4: the worse pool's band costs DEX; Fatigue at 0 or less is unconscious. Death comes
    // from the survival saves (RULINGS C5), not from the pools alone.
    const injury = injuryPenalty({ fatigue: f.fatigue, body: f.body });
    const wounds: Wounds = {
      penalty: injury.explained,
      condition: f.fatigue.current <= 0 ? 'unconscious' : 'fighting',
      source: '001 §Fatigue Points; RULINGS C4',
    };
    woundsByFatigue.set(f.fatigue, { body: f.body, wounds });
    return wounds;
  },
  survivalSaves: true,
  poolSummary: (f) => ({
    text: `${f.fatigue.current}/${f.body.current}`,
    title: `Fatigue ${f.fatigue.current}/${f.fatigue.starting} · Body ${f.body.current}/${f.body.starting}`,
  }),
};

export const PILLARS_BEHAVIOUR: RuleBehaviour = {
  initiative: PILLARS_INITIATIVE,
  movement: PILLARS_MOVEMENT,
  criticals: PILLARS_CRITICALS,
  heavyBlowRules: HEAVY_BLOWS_OFF,
  stats: PILLARS_STATS,
};
