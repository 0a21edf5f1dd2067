import { spellPlace } from './spellPlace';
import { partySightView } from './sightView';
import type { GmFigure, GmView } from '../../shared/contract/views';
import { itemsOf, turnStateOf, type EncounterState } from '../engine/encounter/schema';
import { engagementField, engagementState, isEngagedAt, type EngagementState } from '../engine/encounter/movement/engagement';
import { tokenConditions } from '../engine/encounter/figures/tokenConditions';
import { isIllusion } from '../projection/sight';
import { movementLeft } from '../engine/encounter/movement/reachable';
import { retreatHexes } from '../engine/encounter/turn/retreatHexes';
import { figureById, figureHexes } from '../engine/encounter/state';
import { phaseStatus } from '../engine/encounter/turn/turn';
import { initiativeScoreOf } from '../engine/encounter/turn/initiative';
import { encounterMagicOf } from '../engine/encounter/magic/magicBridge';
import { renewalPending } from '../engine/encounter/turn/renewPhase';
import { DEFAULT_RULES, type Rules } from '../engine/rules';
import { asRuleSet } from '../engine/options/rulesFor';
import { attackPreview } from '../engine/encounter/actions/attack';
import { firstStrikeRefusal, opportunityPreview } from '../engine/encounter/actions/resolveAttack';

export interface HistoryInfo {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly logLength: number;
  readonly notice?: string;
}

export function gmView(
  campaign: { id: string; name: string },
  state: EncounterState,
  history: HistoryInfo,
  revision: number,
  rules: Rules = DEFAULT_RULES,
  session = '',
): GmView {
  const ts = turnStateOf(state);
  const status = phaseStatus(state, rules);
  // The encounter's own rules say what initiative rolls (RULINGS T2, O1, O2, O4).
  const rollText = asRuleSet(rules).initiative.rollText;
  const waitingFor = state.phase === 'initiative' && ts.initiative === null ? `Roll initiative (${rollText}).` : status.waitingFor;
  return {
    campaign: { id: campaign.id, name: campaign.name },
    encounter: {
      id: state.id,
      name: state.name,
      map: state.map,
      sides: state.sides,
      figures: gmFigures(state, rules),
      turn: state.turn,
      phase: state.phase,
      tracker: {
        order: [...status.order],
        due: [...status.due],
        pending: [...status.pending],
        waitingFor,
        initiative: ts.initiative
          ? {
              rolls: ts.initiative.rolls.map((r) => ({ ...r })),
              order: [...(ts.initiative.chosen ? ts.initiative.order : ts.initiative.rollOrder)],
              chosen: ts.initiative.chosen,
            }
          : null,
        moveOrder: [...ts.moveOrder],
        actionOrder: [...ts.actionOrder],
        retreatOffers: ts.retreatOffers.map((o) => ({
          figureId: o.figureId,
          targetIds: [...o.targetIds],
          hexes: o.targetIds.map((id) => ({ targetId: id, free: retreatHexes(state, figureById(state, o.figureId), figureById(state, id)) })),
        })),
        ...strikeOffersOf(state, rules),
        // RULINGS H9: the GM's pick of where a rider whose mount fell lies.
        ...(state.fallenRiders
          ? {
              fallenRiders: state.fallenRiders.map((x) => ({ riderId: x.riderId, mountId: x.mountId, at: { ...x.at }, hexes: x.hexes.map((h) => ({ ...h })) })),
            }
          : {}),
        magic: magicTracker(state),
      },
      items: itemsOf(state).map((i) => ({ id: i.id, kind: i.kind, itemId: i.itemId, position: { q: i.position.q, r: i.position.r } })),
      sight: partySightView(state),
      ...(state.drawings ? { drawings: state.drawings } : {}),
    },
    history,
    session,
    revision,
  };
}

type FigureState = EncounterState['figures'][number];
type MovementLeft = GmView['encounter']['figures'][number]['movementLeft'];

/** What a figure's GM view was built from, beside the figure itself. */
interface BuiltFigure {
  readonly spells: EncounterState['spells'];
  readonly rules: Rules;
  readonly moved: boolean;
  readonly acted: boolean;
  readonly movementLeft: MovementLeft;
  readonly engagement: EngagementState;
  readonly view: GmFigure;
}

/**
 * Each figure's GM view, reused (the same object) while the figure and what else it shows are
 * unchanged: the engine keeps untouched figures as they were, so a command that moves one figure
 * builds one figure's view, and the push sends only that one. Movement left
 * depends on the figures around, so it is worked out for every figure each time.
 */
const built = new WeakMap<FigureState, BuiltFigure>();

const leftBuilt = new WeakMap<FigureState, { readonly rules: Rules; readonly engaged: boolean; readonly left: MovementLeft }>();

/**
 * `movementLeft`, reused per figure object: besides the figure and the rules, it
 * reads the other figures only through whether they engage this one where it stands, so that is
 * all that is worked out again for a figure the command did not touch.
 */
function movementLeftOf(state: EncounterState, f: FigureState, rules: Rules): MovementLeft {
  if (f.turn.mode !== null) return movementLeft(state, f, rules);
  const engaged = isEngagedAt(engagementField(state, f), f.size, figureHexes(f));
  const was = leftBuilt.get(f);
  if (was && was.rules === rules && was.engaged === engaged) return was.left;
  const left = movementLeft(state, f, rules);
  leftBuilt.set(f, { rules, engaged, left });
  return left;
}

function gmFigures(state: EncounterState, rules: Rules): GmFigure[] {
  const ts = turnStateOf(state);
  const moveDone = new Set(ts.moveDone);
  const actionDone = new Set(ts.actionDone);
  const stats = asRuleSet(rules).stats;
  return state.figures.map((f) => {
    const moved = moveDone.has(f.id);
    const acted = actionDone.has(f.id);
    const left = movementLeftOf(state, f, rules);
    const engagement = engagementState(state, f);
    const was = built.get(f);
    if (
      was &&
      was.spells === state.spells &&
      was.rules === rules &&
      was.moved === moved &&
      was.acted === acted &&
      was.engagement === engagement &&
      was.movementLeft.hexes === left.hexes &&
      was.movementLeft.how === left.how
    ) {
      return was.view;
    }
    const view: GmFigure = {
      id: f.id,
      name: f.name,
      sideId: f.sideId,
      position: f.position,
      facing: f.facing,
      size: f.size,
      posture: f.posture,
      attributes: f.attributes,
      fatigue: f.fatigue,
      body: f.body,
      pools: stats.poolSummary(f),
      hidden: f.hidden,
      gmNotes: f.gmNotes,
      ...(f.art ? { art: f.art } : {}),
      mana: f.mana,
      spells: state.spells
        .filter((s) => s.casterId === f.id)
        .map((s) => ({
          spellId: s.spellId,
          name: s.name,
          targetId: s.targetId,
          renewalCost: s.renewalCost,
          ...spellPlace(s.spellId, s.at),
          ...(s.effect ? { effect: { kind: s.effect.kind, hexes: s.effect.hexes.map((h) => ({ q: h.q, r: h.r })) } } : {}),
        })),
      equipment: { ...f.equipment, weaponIds: [...f.equipment.weaponIds] },
      conditions: [...f.conditions],
      tokenConditions: [...tokenConditions(state, f, { stats }), ...spellsOn(state, f.id)],
      ...(f.flyingMa !== undefined ? { flyingMa: f.flyingMa } : {}),
      ...(f.flyingFatigue !== undefined ? { flyingFatigue: f.flyingFatigue } : {}),
      ...(f.conditions.includes('flying') ? { flying: true as const } : {}),
      ...(f.ridingId !== undefined ? { ridingId: f.ridingId } : {}),
      ...(f.rideScore !== undefined ? { rideScore: f.rideScore } : {}),
      hthWith: [...f.hthWith],
      turn: {
        mode: f.turn.mode,
        spent: f.turn.spent,
        yielded: f.turn.yielded,
        option: f.turn.option,
        defence: f.turn.defence,
        moved,
        acted,
      },
      movementLeft: left,
      initiativeScore: initiativeScoreOf(f),
    };
    built.set(f, { spells: state.spells, rules, moved, acted, movementLeft: left, engagement, view });
    return view;
  });
}

/** The continuing spells on a figure; the players see one unless it is an illusion (when they see the figure and its caster). */
function spellsOn(state: EncounterState, figureId: string): GmFigure['tokenConditions'] {
  return state.spells.filter((s) => s.targetId === figureId).map((s) => ({ label: s.name, kind: 'spell', seen: !isIllusion(s.spellId) }));
}

/**
 * RULINGS O3 (002 §Attacks of Opportunity, §Charging): the strikes waiting on the GM, each with
 * its attack explained (opportunityPreview, attackPreview). Nothing is computed when none wait.
 */
function strikeOffersOf(state: EncounterState, rules: Rules): Pick<GmView['encounter']['tracker'], 'strikeOffers'> {
  const ts = turnStateOf(state);
  const opportunities = ts.opportunities ?? [];
  const firsts = ts.firstStrikes ?? [];
  if (opportunities.length === 0 && firsts.length === 0) return {};
  const ids = new Set(state.figures.map((f) => f.id));
  const name = (id: string): string => state.figures.find((f) => f.id === id)?.name ?? id;
  const out: NonNullable<GmView['encounter']['tracker']['strikeOffers']> = [];
  const line = (l: { label: string; value: number; source: string }) => ({ label: l.label, value: l.value, source: l.source });
  for (const o of opportunities) {
    if (!ids.has(o.defenderId) || !ids.has(o.moverId)) continue;
    const p = opportunityPreview(state, o.defenderId, o.moverId, rules);
    if (p === null) continue;
    const note = `${name(o.moverId)} came on at speed: ${name(o.defenderId)} may shoot first, at ${o.rangeHexes} hex${o.rangeHexes === 1 ? '' : 'es'} (002 §Attacks of Opportunity).`;
    out.push({
      kind: 'opportunity',
      defenderId: o.defenderId,
      moverId: o.moverId,
      weaponId: o.weaponId,
      adjDex: p.adjDex.value,
      breakdown: p.adjDex.breakdown.map(line),
      dice: p.dice.count,
      allowed: p.allowed,
      note: p.allowed ? note : `${note} ${p.reason ?? ''}`.trim(),
    });
  }
  for (const o of firsts) {
    if (!ids.has(o.defenderId) || !ids.has(o.attackerId)) continue;
    const p = attackPreview(state, o.defenderId, o.attackerId, o.weaponId, {}, { rules });
    const refusal = firstStrikeRefusal(state, o.defenderId, o.attackerId, rules);
    const note = `${name(o.defenderId)} won the pass-by roll-off: it strikes ${name(o.attackerId)} first; ${name(o.attackerId)}'s blow follows (002 §Charging).`;
    out.push({
      kind: 'firstStrike',
      defenderId: o.defenderId,
      moverId: o.attackerId,
      weaponId: o.weaponId,
      adjDex: p.adjDex.value,
      breakdown: p.adjDex.breakdown.map(line),
      dice: p.dice.count,
      allowed: refusal === null,
      note: refusal === null ? note : `${note} ${refusal}`,
    });
  }
  return { strikeOffers: out };
}

/** RULINGS T3, S2, S6: enough for the tracker to show that renewals are due and runaways go on. */
function magicTracker(state: EncounterState): GmView['encounter']['tracker']['magic'] {
  const renewal = encounterMagicOf(state).renewal;
  const pending = renewalPending(state);
  const renewalsPending = renewal === null ? 0 : state.spells.filter((s) => pending.includes(s.casterId) && renewal.decided[s.id] === undefined).length;
  return {
    activeSpells: state.spells.length,
    renewalsPending,
    runaways: encounterMagicOf(state).runaways.map((r) => r.casterId),
  };
}
