import type { FigureSheetInput } from '../../../shared/commands';
import { FigureSheetInputSchema } from '../../../shared/commands';
import type { FIGURE_CHANNELS, FigureCatalogue, FigureSheet, RosterItem } from '../../../shared/channels/figure';
import { AppError } from '../../../shared/errors';
import {
  ATTRIBUTE_NAMES,
  explainAttributeModifier,
  injuryBand,
  injuryPenalty,
  POINT_BUY_MAX,
  POINT_BUY_MIN,
  POINT_BUY_TOTAL,
  validatePointBuy,
} from '../../engine/characters';
import { ARMOR, SHIELDS, WEAPONS, armorById, meetsMinimumStrength, shieldById, weaponById } from '../../engine/equipment';
import { figureMovement } from '../../engine/encounter/movement/reachable';
import { checkFigureSheet } from '../../engine/encounter/roster';
import { sheetPreview } from '../../engine/encounter/sheetPreview';
import { creationDiceOf } from '../../engine/encounter/creationRoll';
import type { EncounterState, FigureState } from '../../engine/encounter/schema';
import { baseAdjDex, carriedLbs, figureById, sideName } from '../../engine/encounter/state';
import { explainSum, line, type Explained } from '../../engine/explain';
import { PILLARS_BAND_TEXT, pillarsStartingBody, pillarsStartingFatigue } from '../../engine/options/pillars';
import type { StatBlock, StatFigure } from '../../engine/options/types';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../../engine/rules';
import { DEFAULT_CATALOGUE, masteryBenefits, SCHOOLS } from '../../engine/magic/catalogue';
import type { RosterEntry } from '../../store/schema';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';

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
  const ap = rules.movement.hazards?.actionPoints({ attacks: f.attacks }) ?? null;
  const allowance = rules.movement.allowance({
    attributes: f.attributes,
    carriedLbs: carriedLbs(f),
    armorId: f.equipment.armorId,
    // RULINGS O1 (004 §Fatigue): fatigue spent is what the pool has lost (as the move check reads it).
    fatigueSpent: Math.max(0, f.fatigue.starting - f.fatigue.current),
    momentum: f.momentum,
    ...(ap === null ? {} : { actionPoints: ap }),
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

export function figureCatalogue(manaPoolDice: string): FigureCatalogue {
  return {
    weapons: WEAPONS.filter((w) => w.use !== 'ammunition').map((w) => ({
      id: w.id,
      name: w.name,
      category: w.category,
      damage: w.damage.text,
      minStr: w.minStr,
      hands: w.hands,
      use: w.use,
    })),
    armor: ARMOR.map((a) => ({ id: a.id, name: a.name, stops: a.stops, dex: a.dex })),
    shields: SHIELDS.map((s) => ({ id: s.id, name: s.name, stops: s.stops, dex: s.dex })),
    spells: DEFAULT_CATALOGUE.spells.map((s) => ({
      id: s.id,
      name: s.name,
      school: s.school,
      level: s.level,
      castingAttribute: s.castingAttribute,
      continuing: s.continuing,
    })),
    pointBuy: { total: POINT_BUY_TOTAL, min: POINT_BUY_MIN, max: POINT_BUY_MAX },
    manaPoolDice,
  };
}

/** A figure as a roster sheet: typed attributes and its kept creation 2d6, ready for `addFigure` (RULINGS C3). */
export function sheetOfFigure(f: FigureState): FigureSheetInput {
  return {
    name: f.name,
    sideId: f.sideId,
    kind: f.kind,
    size: f.size,
    attributes: { method: 'set', values: { ...f.attributes } },
    ...(creationDiceOf(f) ? { fatigueDice: creationDiceOf(f)! } : {}),
    mana: f.mana ? { method: 'set', pool: f.mana.pool } : null,
    equipment: {
      weaponIds: [...f.equipment.weaponIds],
      readyWeaponId: f.equipment.readyWeaponId,
      armorId: f.equipment.armorId,
      shieldId: f.equipment.shieldId,
      packLbs: f.equipment.packLbs,
    },
    mastery: { ...(f.mastery ?? {}) },
    ...(f.castingAttributes ? { castingAttributes: { ...f.castingAttributes } } : {}),
    hidden: f.hidden,
    gmNotes: f.gmNotes,
    ...(f.art ? { art: f.art } : {}),
  };
}

function rosterItems(entries: readonly RosterEntry[]): RosterItem[] {
  return entries.map((e) => {
    const parsed = FigureSheetInputSchema.safeParse(e.sheet);
    return {
      id: e.id,
      name: e.name,
      kind: e.kind,
      sheet: parsed.success ? parsed.data : null,
      problem: parsed.success
        ? null
        : `This entry cannot be placed: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
    };
  });
}

function rosterId(entries: readonly RosterEntry[], name: string, kind: string): string {
  const base = `${kind === 'character' ? 'pc' : 'npc'}-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'figure'
  }`;
  const taken = new Set(entries.map((e) => e.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The figure sheet, the new-figure check and the campaign roster. */
export function figureHandlers(core: () => ConsoleCore): HandlersFor<typeof FIGURE_CHANNELS> {
  const state = () => core().session.currentState;
  return {
    figureSheet: ({ figureId }) => figureSheetOf(state(), figureId, core().session.rules),
    checkFigureSheet: ({ figure }) => ({
      problems: checkFigureSheet(state(), figure),
      pointBuy:
        figure.attributes.method === 'pointBuy'
          ? (({ total, remaining }) => ({ total, remaining }))(validatePointBuy(figure.attributes.values)) // RULINGS C2
          : null,
      preview: sheetPreview(figure, asRuleSet(core().session.rules)),
    }),
    figureCatalogue: () => figureCatalogue(core().session.rules.manaPoolDice),
    listRoster: () => rosterItems(core().folder.campaign.roster),
    saveToRoster: async ({ figureId, kind }) => {
      const figure = figureById(state(), figureId);
      const sheet = sheetOfFigure(figure);
      const next = await core().folder.updateCampaign((c) => {
        const same = c.roster.find((e) => e.name === figure.name && e.kind === kind);
        const entry: RosterEntry = { id: same?.id ?? rosterId(c.roster, figure.name, kind), name: figure.name, kind, sheet: sheet as Record<string, unknown> };
        if (!same && c.roster.length >= 1000) throw new AppError('conflict', 'The roster is full (1,000 entries).');
        return { ...c, roster: same ? c.roster.map((e) => (e.id === same.id ? entry : e)) : [...c.roster, entry] };
      });
      return rosterItems(next.roster);
    },
    removeFromRoster: async ({ id }) => {
      if (!core().folder.campaign.roster.some((e) => e.id === id)) throw new AppError('not-found', `There is no roster entry "${id}".`);
      const next = await core().folder.updateCampaign((c) => ({ ...c, roster: c.roster.filter((e) => e.id !== id) }));
      return rosterItems(next.roster);
    },
  };
}
