import type { PublicDrawing } from '../../shared/contract/mapDrawings';
import type { PlayerView, PublicFigure } from '../../shared/contract/views';
import type { EncounterState } from '../engine/encounter/schema';
import { DEFAULT_RULES, type Rules } from '../engine/rules';
import { TABLE, type Audience } from './audience';
import { playerIdsFor, type PlayerIdOf } from './ids';
import { magicFrame } from './magicFrame';
import { maskedMapImage } from './mapImage';
import { sightOf, type Sight } from './sight';
import { turnFrame } from './turnFrame';
import { tokenConditions } from '../engine/encounter/figures/tokenConditions';

type FigureState = EncounterState['figures'][number];

/** The encounter as an audience sees it, before the screen (blackout, the line) is laid over it. */
export type EncounterFrame = Omit<PlayerView['encounter'], 'latest'>;

/**
 * The encounter part of a frame (DESIGN §The player projection). It copies named public fields
 * onto fresh objects, so a secret added to the state later stays out until someone names it here.
 * Every id it sends is the audience's own (projection/ids.ts): no name, no count.
 */
export function encounterFrame(state: EncounterState, audience: Audience, rules: Rules): EncounterFrame {
  const idOf = playerIdsFor(state.id);
  const sight = sightOf(state, audience);
  const magic = magicFrame(state, sight, idOf);
  const spellsOn = spellsByTarget(magic.active);
  return {
    name: state.name,
    map: mapFrame(state, sight),
    sides: state.sides.filter((s) => sight.sides.has(s.id)).map((s) => ({ id: idOf('side', s.id), name: s.name, color: s.color })),
    figures: state.figures.filter((f) => sight.figures.has(f.id)).map((f) => figureFrame(state, f, sight, idOf, spellsOn)),
    turn: state.turn,
    phase: state.phase,
    ...turnFrame(state, sight, idOf, rules),
    magic,
    ...drawingsFrame(state),
  };
}

const drawingsShown = new WeakMap<NonNullable<EncounterState['drawings']>, PublicDrawing[]>();

/** The GM's drawings shown to the players, copied field by field; none of the GM's own, and no ids. */
function drawingsFrame(state: EncounterState): { drawings?: PublicDrawing[] } {
  if (!state.drawings) return {};
  let shown = drawingsShown.get(state.drawings);
  if (!shown) {
    shown = state.drawings
      .filter((d) => d.shown)
      .map((d): PublicDrawing =>
        d.kind === 'line'
          ? { kind: 'line', points: d.points.map((p) => ({ x: p.x, y: p.y })), colour: d.colour }
          : { kind: 'text', at: { x: d.at.x, y: d.at.y }, text: d.text, colour: d.colour },
      );
    drawingsShown.set(state.drawings, shown);
  }
  return shown.length > 0 ? { drawings: shown } : {};
}

/** One state's frame outside any projection's sequence (no line, lit, revision 0): for checks and measurements. */
export function frameOf(state: EncounterState, audience: Audience = TABLE, rules: Rules = DEFAULT_RULES): PlayerView {
  return { encounter: encounterFrame(state, audience, rules), session: '', revision: 0 };
}

/**
 * The map and figures of a frame are reused (the same object) while the state's map or figure is:
 * the engine keeps what a command did not touch, so a push builds, compares and sends only what
 * changed (projection/tableProjection.ts).
 */
const mapsShown = new WeakMap<EncounterState['map'], PlayerView['encounter']['map']>();
const figuresShown = new WeakMap<
  FigureState,
  { readonly idOf: PlayerIdOf; readonly mountSeen: boolean; readonly conditionsKey: string; readonly view: PublicFigure }
>();

type ShownCondition = NonNullable<PublicFigure['shownConditions']>[number];

/** The spells the audience sees on each figure, by the audience's id of the figure. */
function spellsByTarget(active: EncounterFrame['magic']['active']): ReadonlyMap<string, readonly ShownCondition[]> {
  const on = new Map<string, ShownCondition[]>();
  for (const a of active) if (a.targetId !== null) on.set(a.targetId, [...(on.get(a.targetId) ?? []), { label: a.name, kind: 'spell' }]);
  return on;
}

function mapFrame(state: EncounterState, sight: Sight): PlayerView['encounter']['map'] {
  const map = state.map;
  const known = mapsShown.get(map);
  if (known && sameKeys(known.fogged, sight.fogged) && sameKeys(known.dimmed, sight.dimmed)) return known;
  const terrain: Record<string, PlayerView['encounter']['map']['terrain'][string]> = {};
  for (const [key, kind] of Object.entries(map.terrain)) {
    if (!sight.fogged.has(key)) terrain[key] = kind;
  }
  const image = maskedMapImage(state);
  const shown = {
    cols: map.cols,
    rows: map.rows,
    orientation: map.orientation,
    terrain,
    fogged: [...sight.fogged],
    dimmed: [...sight.dimmed],
    // The players' copy with fogged hexes painted out, never the GM's image (projection/mapImage.ts).
    ...(image ? { image: image.shown } : {}),
  };
  mapsShown.set(map, shown);
  return shown;
}

function sameKeys(shown: readonly string[], now: ReadonlySet<string>): boolean {
  return shown.length === now.size && shown.every((k) => now.has(k));
}

function figureFrame(
  state: EncounterState,
  f: FigureState,
  sight: Sight,
  idOf: PlayerIdOf,
  spellsOn: ReadonlyMap<string, readonly ShownCondition[]>,
): PublicFigure {
  // Everyone at the table sees who rides whom; a mount out of sight is not named.
  const mountSeen = f.ridingId !== undefined && sight.figures.has(f.ridingId);
  // Only what the table could see on the token: no number, no GM-only condition, no hidden spell.
  const conditions: ShownCondition[] = [
    ...tokenConditions(state, f, { sees: (id) => sight.figures.has(id) }).flatMap((c) => (c.seen ? [{ label: c.label, kind: c.kind }] : [])),
    ...(spellsOn.get(idOf('figure', f.id)) ?? []),
  ];
  const conditionsKey = conditions.map((c) => `${c.kind}:${c.label}`).join('|');
  const was = figuresShown.get(f);
  if (was && was.idOf === idOf && was.mountSeen === mountSeen && was.conditionsKey === conditionsKey) return was.view;
  const view: PublicFigure = {
    id: idOf('figure', f.id),
    name: f.name,
    sideId: idOf('side', f.sideId),
    position: { q: f.position.q, r: f.position.r },
    facing: f.facing,
    size: f.size,
    posture: f.posture,
    ...(f.conditions.includes('flying') ? { flying: true as const } : {}),
    ...(mountSeen ? { ridingId: idOf('figure', f.ridingId!) } : {}),
    // Only figures the audience sees carry art; the asset route serves exactly these (projection/assets.ts).
    ...(f.art ? { art: f.art } : {}),
    ...(conditions.length > 0 ? { shownConditions: conditions } : {}),
  };
  figuresShown.set(f, { idOf, mountSeen, conditionsKey, view });
  return view;
}
