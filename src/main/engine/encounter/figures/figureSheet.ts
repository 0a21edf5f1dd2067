/**
 * The figure sheet: everything the GM's sheet shows of a placed figure, composed from the rules
 * (RULINGS C1–C4, C8, M1–M4, A1, A4) by the encounter's rule set (its stat block and movement,
 * RULINGS O1, O3). A query: the host only binds it to its channel.
 */
import type { FigureSheet } from '../../../../shared/contract/channels/figure';
import { ATTRIBUTE_NAMES, explainAttributeModifier, injuryBand, injuryPenalty } from '../../characters';
import { armorById, meetsMinimumStrength, shieldById, weaponById } from '../../equipment';
import { explainSum, line, type Explained } from '../../explain';
import { DEFAULT_CATALOGUE, masteryBenefits, SCHOOLS } from '../../magic/catalogue';
import { PILLARS_BAND_TEXT, pillarsStartingBody, pillarsStartingFatigue } from '../../options/pillars';
import type { StatBlock, StatFigure } from '../../options/types';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../../rules';
import { sheetAllowanceOf } from '../movement/sheetAllowance';
import { figureMovement } from '../movement/reachable';
import type { EncounterState, FigureState } from '../schema';
import { baseAdjDex, carriedLbs, figureById, sideName } from '../state';

const plain = (e: Explained): { value: number; breakdown: { label: string; value: number; source: string }[] } => ({
  value: e.value,
  breakdown: e.breakdown.map((l) => ({ label: l.label, value: l.value, source: l.source })),
});

/** The stored figure as the rules' stat block reads it (StatRules.statBlock). */
export function statFigureOf(f: FigureState): StatFigure {
  return {
    name: f.name,
    attributes: { ...f.attributes },
    fatigue: { starting: f.fatigue.starting, current: f.fatigue.current },
    body: { starting: f.body.starting, current: f.body.current },
    fatigueDice: f.fatigueDice ? [...f.fatigueDice] : null,
    carriedLbs: carriedLbs(f),
    packLbs: f.equipment.packLbs,
    armorId: f.equipment.armorId,
    readyShieldId: f.equipment.shieldId && f.equipment.shieldReady ? f.equipment.shieldId : null,
    hitsLastTurn: f.hitsLastTurn,
  };
}

/** A stat block as the channel sends it: plain, mutable copies (the schema's shape). */
function plainBlock(b: StatBlock): FigureSheet['stats'] {
  const maybe = (e: Explained | null) => (e === null ? null : plain(e));
  return {
    model: { ...b.model },
    attributes: b.attributes.map((a) => ({
      id: a.id,
      name: a.name,
      keptAs: a.keptAs,
      value: a.value,
      modifier: maybe(a.modifier),
      note: a.note,
      source: a.source,
    })),
    pools: b.pools.map((p) => ({
      id: p.id,
      name: p.name,
      starting: plain(p.starting),
      current: p.current,
      valueText: p.valueText,
      band: p.band,
      bandText: p.bandText,
      marks: p.marks.map((m) => ({ at: m.at, label: m.label })),
      source: p.source,
    })),
    adjDexLabel: b.adjDexLabel,
    adjDex: plain(b.adjDex),
    condition: {
      label: b.condition.label,
      text: b.condition.text,
      tone: b.condition.tone,
      value: maybe(b.condition.value),
      tags: [...b.condition.tags],
      source: b.condition.source,
    },
    movement: { label: b.movement.label, text: b.movement.text, value: plain(b.movement.value), source: b.movement.source },
    lines: b.lines.map((l) => ({ id: l.id, group: l.group, label: l.label, text: l.text, value: maybe(l.value), source: l.source })),
  };
}

/**
 * The ways the figure may move by the encounter's rules' movement allowance (RULINGS M1–M4; O1
 * MA from DX; O3 strides over the figure's own AP, 002 §Assigning Movement), fastest first.
 */
function sheetGaits(f: FigureState, rules: RuleSet): FigureSheet['movement']['gaits'] {
  const allowance = sheetAllowanceOf(rules, {
    attributes: f.attributes,
    carriedLbs: carriedLbs(f),
    armorId: f.equipment.armorId,
    // RULINGS O1 (004 §Fatigue): fatigue spent is what the pool has lost (as the move check reads it).
    fatigueSpent: Math.max(0, f.fatigue.starting - f.fatigue.current),
    momentum: f.momentum,
    attacks: f.attacks,
  });
  return allowance.map((a) => ({
    gait: a.mode,
    name: a.name,
    hexes: plain(a.hexes),
    allowed: a.allowed,
    forbiddenBy: a.allowed ? null : (a.reason ?? 'Not open'),
    fatigue: a.fatiguePerTurn > 0 ? `${a.fatiguePerTurn} per turn` : 'None',
  }));
}

/**
 * Everything the figure sheet shows, from the engine (RULINGS C1–C4, C8, M1–M4, A1, A4), its
 * movement by the encounter's rules (default Pillars; RULINGS O1, O3).
 */
export function figureSheetOf(state: EncounterState, figureId: string, rules: Rules | RuleSet = DEFAULT_RULES): FigureSheet {
  const f = figureById(state, figureId);
  const injury = injuryPenalty({ fatigue: f.fatigue, body: f.body });
  const profile = figureMovement(f);
  const enc = profile.encumbrance;
  const armor = f.equipment.armorId ? armorById(f.equipment.armorId) : undefined;
  const shield = f.equipment.shieldId ? shieldById(f.equipment.shieldId) : undefined;
  const protectionLines = [];
  if (armor) protectionLines.push(line(armor.name, armor.stops, '001 §Armor and Shields; RULINGS A4'));
  if (shield && f.equipment.shieldReady) protectionLines.push(line(shield.name, shield.stops, '001 §Armor and Shields; RULINGS A4'));
  if (protectionLines.length === 0) protectionLines.push(line('Nothing worn', 0, 'RULINGS A4'));
  const ruleSet = asRuleSet(rules);
  return {
    id: f.id,
    name: f.name,
    kind: f.kind,
    sideId: f.sideId,
    sideName: sideName(state, f.sideId),
    hidden: f.hidden,
    gmNotes: f.gmNotes,
    posture: f.posture,
    size: f.size,
    position: { q: f.position.q, r: f.position.r },
    attributes: ATTRIBUTE_NAMES.map((name) => ({ name, value: f.attributes[name], modifier: plain(explainAttributeModifier(f.attributes[name], name)) })),
    fatigue: {
      starting: plain(pillarsStartingFatigue(f)),
      current: f.fatigue.current,
      band: injuryBand(f.fatigue),
      bandText: PILLARS_BAND_TEXT[injuryBand(f.fatigue)],
    },
    body: { starting: plain(pillarsStartingBody(f)), current: f.body.current, band: injuryBand(f.body), bandText: PILLARS_BAND_TEXT[injuryBand(f.body)] },
    injury: { penalty: plain(injury.explained), unconscious: injury.unconscious, semiConscious: injury.semiConscious, worsePool: injury.worsePool },
    fatigueDice: f.fatigueDice ? [...f.fatigueDice] : null,
    adjDex: plain(baseAdjDex(f)),
    movement: {
      modifier: plain(profile.modifier),
      restriction: profile.restriction.decidedBy ? `${profile.restriction.decidedBy.label} (${profile.restriction.decidedBy.source})` : 'none',
      gaits: sheetGaits(f, ruleSet),
    },
    encumbrance: enc
      ? {
          level: enc.level,
          name: enc.band.name,
          carriedLbs: enc.carriedLbs,
          maxLbs: enc.maxLbs,
          penalty: enc.penalty.value,
          restriction: enc.band.restrictionText,
        }
      : { level: 'unencumbered', name: 'Unencumbered', carriedLbs: carriedLbs(f), maxLbs: null, penalty: 0, restriction: '—' },
    weapons: f.equipment.weaponIds.flatMap((id) => {
      const w = weaponById(id);
      if (!w) return [];
      const check = meetsMinimumStrength(w, f.attributes.STR);
      return [
        {
          id,
          name: w.name,
          damage: w.damage.text,
          ready: f.equipment.readyWeaponId === id,
          hands: w.hands,
          use: w.use,
          weightLbs: w.weight.lbs,
          strength: { ok: check.ok, reason: check.reason },
          notes: w.notes,
        },
      ];
    }),
    armor: armor
      ? { id: armor.id, name: armor.name, stops: armor.stops, dex: armor.dex, restriction: armor.restrictionText, weightLbs: armor.weightLbs }
      : null,
    shield: shield
      ? { id: shield.id, name: shield.name, stops: shield.stops, dex: shield.dex, ready: f.equipment.shieldReady, weightLbs: shield.weightLbs }
      : null,
    protection: plain(explainSum(protectionLines)),
    mana: f.mana ? { pool: f.mana.pool, current: f.mana.current, debt: f.mana.debt } : null,
    spells: Object.entries(f.mastery ?? {})
      .flatMap(([id, level]) => {
        const spell = DEFAULT_CATALOGUE.byId.get(id);
        if (!spell) return [];
        const b = masteryBenefits(level);
        const benefits = [
          ...(b.noGestures ? ['no gestures'] : []),
          ...(b.noIncantation ? ['no incantation'] : []),
          ...(b.reducedCost ? ['reduced cost (RULINGS S1)'] : []),
          ...b.unlockedSkills.map((s) => `may learn ${s}`),
        ];
        return [
          {
            id,
            name: spell.name,
            school: SCHOOLS.find((s) => s.id === spell.school)?.name ?? spell.school,
            level: spell.level,
            mastery: level,
            benefits,
            castingAttribute: f.castingAttributes?.[id] ?? spell.castingAttribute,
            chosen: f.castingAttributes?.[id] !== undefined,
          },
        ];
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
    conditions: [...f.conditions],
    packLbs: f.equipment.packLbs,
    // The stat block comes from the rules' seam (RULINGS O1), never from a branch here.
    stats: plainBlock(ruleSet.stats.statBlock(statFigureOf(f))),
  };
}
