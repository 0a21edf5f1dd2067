/**
 * The Classic character sheet (RULINGS O1; 004 §Attributes and the sections it draws on): ST, DX,
 * IQ and WIS; ST as hit points and as the fatigue pool; MA and the gaits; adjDX; heavy-blow
 * thresholds; what the figure's state is.
 *
 * Decisions where 004 is silent:
 * - Hits and fatigue are kept apart against the one ST: hits taken give the ST left (004 §Injury
 *   Effects), fatigue spent is measured against ST (004 §Fatigue: exhausted when it equals ST).
 * - A figure is kept in the encounter with Pillars attributes; its Classic values are read from
 *   STR, DEX, INT and WIS (CLASSIC_ATTRIBUTES.keptAs).
 *
 * The stat block of a stored figure (`classicStatBlock`, the seam's `statBlock` under O1) reads
 * the two losses the encounter keeps apart: under O1 a blow's hits come off the stored Body
 * (CLASSIC_STATS.losses: Body is the hit record, Classic has no Body of its own) and the fatigue of
 * running comes off the stored Fatigue (RULINGS M3, O1). ST left = ST − hits (004 §Injury
 * Effects); exhausted once the fatigue spent reaches ST (004 §Fatigue). The stored pools' own
 * sizes play no part.
 */
import type { Attributes } from '../../characters/attributes';
import { explainSum, line, type Explained } from '../../explain';
import type { StatBlock, StatFigure, StatLine, StatPool, Wounds } from '../types';
import { classicAdjustedDx, classicInjury, heavyBlowBand, heavyBlowEffect, type ClassicCondition } from './combat';
import { classicMovement, type ClassicMovement } from './movement';
import { CLASSIC_ATTRIBUTES, CLASSIC_EXHAUSTION, CLASSIC_INJURY, HEAVY_BLOW_DX_PENALTY, HEAVY_BLOW_SOURCE, type HeavyBlowBand } from './tables';

export interface ClassicStats {
  readonly ST: number;
  readonly DX: number;
  readonly IQ: number;
  readonly WIS: number;
}

/** The Classic reading of a figure's attributes (CLASSIC_ATTRIBUTES.keptAs). */
export function classicStatsOf(attributes: Pick<Attributes, 'STR' | 'DEX' | 'INT' | 'WIS'>): ClassicStats {
  return { ST: attributes.STR, DX: attributes.DEX, IQ: attributes.INT, WIS: attributes.WIS };
}

export interface ClassicCharacter {
  readonly name: string;
  readonly stats: ClassicStats;
  readonly hitsTaken: number;
  readonly fatigueSpent: number;
  readonly carriedLbs?: number;
  readonly armorId?: string | null;
  readonly shieldId?: string | null;
  readonly hitsLastTurn?: number;
}

export interface ClassicSheet {
  readonly name: string;
  readonly stats: ClassicStats;
  /** ST as hit points: starting and left. */
  readonly hitPoints: { readonly starting: number; readonly left: number };
  /** ST as the fatigue pool: its size and what has been spent. */
  readonly fatigue: { readonly pool: number; readonly spent: number; readonly exhausted: boolean };
  readonly condition: ClassicCondition;
  readonly adjDx: Explained<number>;
  readonly movement: ClassicMovement;
  readonly heavyBlows: HeavyBlowBand;
  readonly source: string;
}

export function classicSheet(c: ClassicCharacter): ClassicSheet {
  for (const [k, v] of Object.entries(c.stats)) {
    if (!Number.isInteger(v) || v < 1) throw new RangeError(`${k} must be a whole number of 1 or more (got ${v}).`);
  }
  const injury = classicInjury(c.stats.ST, c.hitsTaken);
  const movement = classicMovement({
    st: c.stats.ST,
    dx: c.stats.DX,
    fatigueSpent: c.fatigueSpent,
    ...(c.carriedLbs === undefined ? {} : { carriedLbs: c.carriedLbs }),
    armorId: c.armorId ?? null,
  });
  return {
    name: c.name,
    stats: c.stats,
    hitPoints: { starting: c.stats.ST, left: injury.stLeft },
    fatigue: { pool: c.stats.ST, spent: c.fatigueSpent, exhausted: movement.exhausted },
    condition: injury.condition,
    adjDx: classicAdjustedDx({
      dx: c.stats.DX,
      st: c.stats.ST,
      hitsTaken: c.hitsTaken,
      armorId: c.armorId ?? null,
      shieldId: c.shieldId ?? null,
      exhausted: movement.exhausted,
      hitsLastTurn: c.hitsLastTurn ?? 0,
    }),
    movement,
    heavyBlows: heavyBlowBand(c.stats.ST),
    source: '004 §Attributes; RULINGS O1',
  };
}

// ---------------------------------------------------------------------------------------------
// The stat block of a stored figure (the `statBlock` of CLASSIC_STATS)

/** Hits the stored figure has taken: under Classic they come off its Body, kept as the hit record (see the header). */
export function classicHitsOf(f: Pick<StatFigure, 'body'>): number {
  return Math.max(0, f.body.starting - f.body.current);
}

/** Fatigue the stored figure has spent (running, 004 §Fatigue): its Fatigue pool's loss. */
export function classicFatigueOf(f: Pick<StatFigure, 'fatigue'>): number {
  return Math.max(0, f.fatigue.starting - f.fatigue.current);
}

/** 004 §Injury Effects under RULINGS O1: ST less the hits taken; 3 or less costs 3 DX, 1 is unconscious, 0 or less dead. */
export function classicWounds(f: Pick<StatFigure, 'attributes' | 'body'>): Wounds {
  const injury = classicInjury(f.attributes.STR, classicHitsOf(f));
  const lines = injury.dxPenalty !== 0 && injury.condition !== 'dead' ? [line(`ST ${injury.stLeft} (3 or less)`, injury.dxPenalty, injury.source)] : [];
  return { penalty: explainSum(lines), condition: injury.condition, source: injury.source };
}

const signedText = (v: number): string => (v < 0 ? `−${-v}` : v > 0 ? `+${v}` : '0');

const CONDITION_TEXT: Readonly<Record<ClassicCondition, string>> = {
  fighting: 'Fighting',
  unconscious: `Unconscious (ST down to ${CLASSIC_INJURY.unconsciousAt})`,
  dead: `Dead (ST down to ${CLASSIC_INJURY.deadAtMost} or less)`,
};

function hitPointsPool(sheet: ClassicSheet): StatPool {
  const st = sheet.stats.ST;
  const left = sheet.hitPoints.left;
  const low = left <= CLASSIC_INJURY.lowStAtMost;
  return {
    id: 'st-hits',
    name: 'ST (hit points)',
    starting: explainSum([line(`ST ${st}`, st, '004 §Attributes (ST: hit points)')]),
    current: left,
    valueText: `${left}/${st}`,
    band: sheet.condition !== 'fighting' ? 'down' : low ? 'low' : 'none',
    bandText:
      sheet.condition === 'dead'
        ? `${CLASSIC_INJURY.deadAtMost} or less: dead`
        : sheet.condition === 'unconscious'
          ? `${CLASSIC_INJURY.unconsciousAt}: unconscious`
          : low
            ? `${CLASSIC_INJURY.lowStAtMost} or less: ${signedText(CLASSIC_INJURY.lowStDxPenalty)} DX for the rest of the combat`
            : `above ${CLASSIC_INJURY.lowStAtMost}: no penalty`,
    marks:
      st > CLASSIC_INJURY.lowStAtMost
        ? [
            {
              at: CLASSIC_INJURY.lowStAtMost,
              label: `ST ${CLASSIC_INJURY.lowStAtMost} or less: ${signedText(CLASSIC_INJURY.lowStDxPenalty)} DX (004 §Injury Effects)`,
            },
          ]
        : [],
    source: '004 §Attributes, §Injury Effects; RULINGS O1',
  };
}

function fatiguePool(sheet: ClassicSheet): StatPool {
  const { pool, spent, exhausted } = sheet.fatigue;
  return {
    id: 'st-fatigue',
    name: 'ST (fatigue)',
    starting: explainSum([line(`ST ${pool}`, pool, '004 §Fatigue (Fatigue Pool = ST)')]),
    current: pool - spent,
    valueText: `${spent} spent of ${pool}`,
    band: exhausted ? 'low' : 'none',
    bandText: exhausted
      ? `exhausted: ${signedText(CLASSIC_EXHAUSTION.dxPenalty)} DX, half MA, cannot run; must rest`
      : `${pool - spent} to spend before exhaustion`,
    marks: [],
    source: CLASSIC_EXHAUSTION.source,
  };
}

/** 004 §Encumbrance: the load line, or what dropping the pack leaves. */
function loadLine(m: ClassicMovement, id: 'load' | 'pack', packLbs: number): StatLine {
  const enc = m.encumbrance;
  const band = enc?.band;
  const mod = band?.maModifier ?? 0;
  const restriction = band === undefined || band.restrictionText === '—' ? '' : ` · ${band.restrictionText}`;
  const lbs = enc?.carriedLbs ?? 0;
  const run = m.gaits.find((g) => g.gait === 'run');
  return id === 'load'
    ? {
        id,
        group: 'movement',
        label: 'Load',
        text: `${lbs} lbs · ${band?.name ?? 'Unencumbered'}${mod !== 0 ? ` (MA ${signedText(mod)})` : ''}${restriction}`,
        value: enc?.modifier ?? null,
        source: '004 §Encumbrance; RULINGS O1',
      }
    : {
        id,
        group: 'movement',
        label: `Without the pack (${packLbs} lbs)`,
        text: `${lbs} lbs · ${band?.name ?? 'Unencumbered'} · MA ${m.ma.value}${run?.allowed === true ? ', may run' : ', cannot run'}`,
        value: m.ma,
        source: '004 §Encumbrance (Dropping a Pack); RULINGS O1, M4',
      };
}

/**
 * The Classic stat block (RULINGS O1; 004): ST, DX, IQ and WIS; ST as hit points and as the
 * fatigue pool; adjDX; the condition; MA; the load, what dropping the pack leaves, and the
 * heavy-blow thresholds of the figure's ST (RULINGS A8).
 */
export function classicStatBlock(f: StatFigure, model: { readonly name: string; readonly source: string }): StatBlock {
  const hits = classicHitsOf(f);
  const spent = classicFatigueOf(f);
  const sheet = classicSheet({
    name: f.name,
    stats: classicStatsOf(f.attributes),
    hitsTaken: hits,
    fatigueSpent: spent,
    carriedLbs: f.carriedLbs,
    armorId: f.armorId,
    shieldId: f.readyShieldId,
    hitsLastTurn: f.hitsLastTurn,
  });
  const st = sheet.stats.ST;
  const tags: string[] = [];
  if (sheet.fatigue.exhausted) tags.push('exhausted');
  if (sheet.condition === 'fighting' && sheet.hitPoints.left <= CLASSIC_INJURY.lowStAtMost)
    tags.push(`ST ${sheet.hitPoints.left}: ${signedText(CLASSIC_INJURY.lowStDxPenalty)} DX`);
  if (heavyBlowEffect(f.hitsLastTurn, st).dxPenaltyNextTurn !== null) tags.push(`${f.hitsLastTurn} hits last turn: ${signedText(HEAVY_BLOW_DX_PENALTY)} DX`);
  const band = sheet.heavyBlows;
  const lines: StatLine[] = [loadLine(sheet.movement, 'load', f.packLbs)];
  if (f.packLbs > 0) {
    const dropped = classicMovement({
      st,
      dx: sheet.stats.DX,
      carriedLbs: Math.round((f.carriedLbs - f.packLbs) * 10) / 10,
      armorId: f.armorId,
      fatigueSpent: spent,
    });
    lines.push(loadLine(dropped, 'pack', f.packLbs));
  }
  lines.push({
    id: 'heavy-blows',
    group: 'combat',
    label: `Heavy blows (${band.text})`,
    text: `${band.dxPenaltyAt}+ hits in a turn: ${signedText(HEAVY_BLOW_DX_PENALTY)} DX next turn · ${band.fallDownAt}+: falls down`,
    value: null,
    source: HEAVY_BLOW_SOURCE,
  });
  return {
    model: { id: 'classic', name: model.name, caption: 'Classic (004)', source: model.source },
    attributes: CLASSIC_ATTRIBUTES.map((a) => ({
      id: a.id,
      name: a.name,
      keptAs: a.keptAs,
      value: f.attributes[a.keptAs],
      modifier: null,
      note: a.governs,
      source: a.source,
    })),
    pools: [hitPointsPool(sheet), fatiguePool(sheet)],
    adjDexLabel: 'adjDX',
    adjDex: sheet.adjDx,
    condition: {
      label: 'Condition',
      text: CONDITION_TEXT[sheet.condition],
      tone: sheet.condition !== 'fighting' ? 'down' : tags.length > 0 ? 'warn' : 'ok',
      value: null,
      tags,
      source: '004 §Injury Effects, §Fatigue; RULINGS O1, A8',
    },
    movement: { label: 'MA', text: String(sheet.movement.ma.value), value: sheet.movement.ma, source: '004 §Base Movement Allowance, §Encumbrance, §Fatigue' },
    lines,
  };
}
