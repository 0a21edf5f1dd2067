import { hexKey } from '../../shared/hex';
import type { GmFigure, GmView, PlayerView, PublicFigure } from '../../shared/views';
import { itemsOf, turnStateOf, type EncounterState } from '../engine/encounter/schema';
import { engagementField, isEngagedAt } from '../engine/encounter/engagement';
import { movementLeft } from '../engine/encounter/movement/reachable';
import { retreatHexes } from '../engine/encounter/retreatHexes';
import { figureById, figureHexes } from '../engine/encounter/state';
import { phaseStatus } from '../engine/encounter/turn';
import { initiativeScoreOf } from '../engine/encounter/initiative';
import { ENCOUNTER_CATALOGUE, encounterMagicOf, magicContext, snapshotOf } from '../engine/encounter/magicBridge';
import { renewalPending } from '../engine/encounter/renewPhase';
import { gmMagicView, hiddenFromPlayers, stripSecrets } from '../engine/magic';
import { DEFAULT_RULES, type Rules } from '../engine/rules';
import { asRuleSet } from '../engine/options/rulesFor';
import { attackPreview } from '../engine/encounter/attack';
import { firstStrikeRefusal, opportunityPreview } from '../engine/encounter/resolveAttack';
import { playerIdsFor, type PlayerIdOf } from './playerIds';
import { playerMapImage } from './playerMapImage';

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
  // Issue 8: the encounter's own rules say what initiative rolls (RULINGS T2, O1, O2, O4).
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
        magic: magicTracker(state),
      },
      items: itemsOf(state).map((i) => ({ id: i.id, kind: i.kind, itemId: i.itemId, position: { q: i.position.q, r: i.position.r } })),
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
  readonly view: GmFigure;
}

/**
 * Each figure's GM view, reused (the same object) while the figure and what else it shows are
 * unchanged: the engine keeps untouched figures as they were, so a command that moves one figure
 * builds one figure's view, and the push sends only that one (issue 18 §3, §5). Movement left
 * depends on the figures around, so it is worked out for every figure each time.
 */
const built = new WeakMap<FigureState, BuiltFigure>();

const leftBuilt = new WeakMap<FigureState, { readonly rules: Rules; readonly engaged: boolean; readonly left: MovementLeft }>();

/**
 * `movementLeft`, reused per figure object (issue 18 §5): besides the figure and the rules, it
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
    const was = built.get(f);
    if (
      was &&
      was.spells === state.spells &&
      was.rules === rules &&
      was.moved === moved &&
      was.acted === acted &&
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
        .map((s) => ({ spellId: s.spellId, name: s.name, targetId: s.targetId, renewalCost: s.renewalCost, ...spellPlace(s.spellId, s.at) })),
      equipment: { ...f.equipment, weaponIds: [...f.equipment.weaponIds] },
      conditions: [...f.conditions],
      ...(f.flyingMa !== undefined ? { flyingMa: f.flyingMa } : {}),
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
    built.set(f, { spells: state.spells, rules, moved, acted, movementLeft: left, view });
    return view;
  });
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

/**
 * Illusions stay off the player view: seeing through one is the players' own act (001 §Action
 * Options i, s). Besides the spells the magic engine names illusions (`hiddenFromPlayers`), 001's
 * Control list says Minor Illusion includes Blur and Illusion includes Transparency, so the
 * spells of those names are illusions too, whatever their school (001 §Spell Lists).
 */
const ILLUSION_NAMES: ReadonlySet<string> = new Set(
  ENCOUNTER_CATALOGUE.spells.flatMap((s) => (hiddenFromPlayers(s.id) && s.note !== null ? [s.note.replace(/^includes\s+/i, '').toLowerCase()] : [])),
);

function isIllusion(spellId: string): boolean {
  if (hiddenFromPlayers(spellId)) return true;
  const spell = ENCOUNTER_CATALOGUE.byId.get(spellId);
  return spell !== undefined && ILLUSION_NAMES.has(spell.name.toLowerCase());
}

/** A hex spell's place and school for its map marker (001 §Facing); nothing for any other spell. */
function spellPlace(spellId: string, at: { q: number; r: number } | undefined): { at?: { q: number; r: number }; school?: string } {
  if (at === undefined) return {};
  const school = ENCOUNTER_CATALOGUE.byId.get(spellId)?.school;
  return { at: { q: at.q, r: at.r }, ...(school !== undefined ? { school } : {}) };
}

/**
 * What players see of magic (RULINGS C8; DESIGN §Secrets never cross to the player): the magic
 * engine's `stripSecrets` (no mana, Debt, costs, levels, pushes, castings, rulings; illusions
 * hidden), then nothing about a figure the players cannot see.
 */
function playerMagic(state: EncounterState, visible: ReadonlySet<string>, idOf: PlayerIdOf): PlayerView['encounter']['magic'] {
  const open = stripSecrets(gmMagicView(snapshotOf(state), magicContext(state, DEFAULT_RULES)));
  const spellIdOf = new Map(state.spells.map((s) => [s.id, s.spellId] as const));
  // A spell on a hex under the GM's fog shows nothing, like a figure there (DESIGN §Secrets).
  const fogged = new Set(state.map.hidden);
  return {
    active: open.active
      .filter((a) => !isIllusion(spellIdOf.get(a.id) ?? ''))
      .filter((a) => visible.has(a.casterId) && (a.targetId === null || visible.has(a.targetId)))
      .filter((a) => a.at === undefined || !fogged.has(hexKey(a.at)))
      .map((a) => ({
        id: idOf('spell', a.id),
        name: a.name,
        variant: a.variant,
        casterId: idOf('figure', a.casterId),
        targetId: a.targetId === null ? null : idOf('figure', a.targetId),
        ...spellPlace(spellIdOf.get(a.id) ?? '', a.at),
      })),
    inRunaway: open.inRunaway.filter((id) => visible.has(id)).map((id) => idOf('figure', id)),
  };
}

/**
 * The player trust boundary (DESIGN §One picture): the only function that decides what a
 * player window sees. It copies named public fields onto fresh objects, so a secret added to
 * the state later stays out until someone names it here. Every id it sends is the players' own
 * (`playerIds.ts`): no name, no count.
 */
export function playerView(state: EncounterState, revision: number, session = '', latest: readonly string[] = [], rules: Rules = DEFAULT_RULES): PlayerView {
  const idOf = playerIdsFor(state.id);
  const visible = inPlayersSight(state);
  return {
    encounter: {
      name: state.name,
      map: playerMap(state.map),
      sides: state.sides.map((s) => ({ id: s.id, name: s.name, color: s.color })),
      figures: state.figures.filter((f) => visible.has(f.id)).map((f) => publicFigure(f, visible, idOf)),
      turn: state.turn,
      phase: state.phase,
      ...turnAsPlayersSee(state, visible, idOf, rules),
      magic: playerMagic(state, visible, idOf),
      // Sentences made by playersLatest.ts, which keeps only what the table saw.
      ...(latest.length > 0 ? { latest: [...latest] } : {}),
    },
    session,
    revision,
  };
}

/**
 * The players' map and figures are reused (the same object) while the state's map or figure is
 * (issue 18 §5): the engine keeps what a command did not touch, so a push builds, compares and
 * sends only what changed (playerPush.ts).
 */
const mapsShown = new WeakMap<EncounterState['map'], PlayerView['encounter']['map']>();
const figuresShown = new WeakMap<FigureState, { readonly idOf: PlayerIdOf; readonly mountSeen: boolean; readonly view: PublicFigure }>();

function playerMap(map: EncounterState['map']): PlayerView['encounter']['map'] {
  const known = mapsShown.get(map);
  if (known) return known;
  const fogged = new Set(map.hidden);
  const terrain: Record<string, PlayerView['encounter']['map']['terrain'][string]> = {};
  for (const [key, kind] of Object.entries(map.terrain)) {
    if (!fogged.has(key)) terrain[key] = kind;
  }
  const shown = {
    cols: map.cols,
    rows: map.rows,
    orientation: map.orientation,
    terrain,
    fogged: [...fogged],
    // The players' copy with fogged hexes painted out, never the GM's image (playerMapImage.ts).
    ...(map.image ? { image: playerMapImage(map)! } : {}),
  };
  mapsShown.set(map, shown);
  return shown;
}

function publicFigure(f: FigureState, visible: ReadonlySet<string>, idOf: PlayerIdOf): PublicFigure {
  // Everyone at the table sees who rides whom; a mount out of sight is not named.
  const mountSeen = f.ridingId !== undefined && visible.has(f.ridingId);
  const was = figuresShown.get(f);
  if (was && was.idOf === idOf && was.mountSeen === mountSeen) return was.view;
  const view: PublicFigure = {
    id: idOf('figure', f.id),
    name: f.name,
    sideId: f.sideId,
    position: { q: f.position.q, r: f.position.r },
    facing: f.facing,
    size: f.size,
    posture: f.posture,
    ...(f.conditions.includes('flying') ? { flying: true as const } : {}),
    ...(mountSeen ? { ridingId: idOf('figure', f.ridingId!) } : {}),
    // Only figures the players see carry art; the asset route serves exactly these (host/assetAccess.ts).
    ...(f.art ? { art: f.art } : {}),
  };
  figuresShown.set(f, { idOf, mountSeen, view });
  return view;
}

/** The figures the players see: neither hidden nor standing under fog. */
export function inPlayersSight(state: EncounterState): Set<string> {
  const fogged = new Set(state.map.hidden);
  return new Set(state.figures.filter((f) => !f.hidden && !fogged.has(hexKey(f.position))).map((f) => f.id));
}

/**
 * Whose move it is as the players could know it (issue 13 §5): what the tracker would say if the
 * figures they cannot see were not in the encounter. A hidden figure's turn neither blanks the
 * "to act" slot nor holds it on the figure that went before, so the projector cannot time it.
 */
function turnAsPlayersSee(
  state: EncounterState,
  visible: ReadonlySet<string>,
  idOf: PlayerIdOf,
  rules: Rules,
): Pick<PlayerView['encounter'], 'acting' | 'order' | 'pending'> {
  const status = phaseStatusAsPlayersSee(state, visible, rules);
  // The phase's order is of sides in Initiative (side ids are public), of figures otherwise.
  const sides = new Set(state.sides.map((s) => s.id));
  const shown = (ids: readonly string[]) => ids.flatMap((id) => (sides.has(id) ? [id] : visible.has(id) ? [idOf('figure', id)] : []));
  return { acting: status.due.filter((id) => visible.has(id)).map((id) => idOf('figure', id)), order: shown(status.order), pending: shown(status.pending) };
}

/**
 * The phase as the players could know it (issue 13 §5, issue 15 §3): what the tracker would say
 * if the figures they cannot see were not in the encounter. A hidden figure's turn neither blanks
 * the "to act" slot, nor leaves a gap in the projector's turn order, nor holds it on the figure
 * that went before, so the projector cannot time it.
 */
function phaseStatusAsPlayersSee(state: EncounterState, visible: ReadonlySet<string>, rules: Rules): ReturnType<typeof phaseStatus> {
  if (state.figures.every((f) => visible.has(f.id))) return phaseStatus(state, rules);
  const ts = turnStateOf(state);
  const seen = (id: string) => visible.has(id);
  const withoutUnseen: EncounterState = {
    ...state,
    figures: state.figures.filter((f) => seen(f.id)),
    ...(state.turnState
      ? {
          turnState: {
            ...ts,
            // A strike offer between figures the players cannot see does not exist for them.
            ...(ts.firstStrikes ? { firstStrikes: ts.firstStrikes.filter((o) => seen(o.defenderId) && seen(o.attackerId)) } : {}),
            ...(ts.opportunities ? { opportunities: ts.opportunities.filter((o) => seen(o.defenderId) && seen(o.moverId)) } : {}),
          },
        }
      : {}),
  };
  return phaseStatus(withoutUnseen, rules);
}
