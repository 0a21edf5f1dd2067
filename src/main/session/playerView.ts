import { hexKey } from '../../shared/hex';
import type { PlayerView, PublicFigure } from '../../shared/views';
import { turnStateOf, type EncounterState } from '../engine/encounter/schema';
import { phaseStatus } from '../engine/encounter/turn';
import { ENCOUNTER_CATALOGUE, magicContext, snapshotOf } from '../engine/encounter/magicBridge';
import { gmMagicView, hiddenFromPlayers, stripSecrets } from '../engine/magic';
import { DEFAULT_RULES, type Rules } from '../engine/rules';
import { playerIdsFor, type PlayerIdOf } from './playerIds';
import { playerMapImage } from './playerMapImage';
import { spellPlace } from './spellPlace';

type FigureState = EncounterState['figures'][number];

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
