import type { GmView, PlayerView } from '../../../shared/contract/views';
import type { MapCondition, MapFigureModel, MapTerrainModel } from './mapModel';
import type { EffectArea } from './effectOverlay';
import type { SpellMarker } from './spellOverlay';
import type { DrawingModel } from './drawingOverlay';

const colorOf = (sides: readonly { id: string; color: string }[], sideId: string) => sides.find((s) => s.id === sideId)?.color ?? '#888888';

const MOUNTED: MapCondition = { label: 'Mounted', kind: 'rule' };

export function gmTerrain(view: GmView): MapTerrainModel {
  const { map, sight } = view.encounter;
  if (sight === null) return { ...map, veiled: new Set(map.hidden), veilStyle: 'gm' };
  return { ...map, veiled: new Set(map.hidden), veilStyle: 'gm', dimmed: new Set(sight.dimmed), unexplored: new Set(sight.unexplored) };
}

export function gmFigures(view: GmView): MapFigureModel[] {
  const fog = new Set(view.encounter.map.hidden);
  return ridersLast(
    view.encounter.figures.map((f) => ({
      ...f,
      fogged: fog.has(`${f.position.q},${f.position.r}`),
      color: colorOf(view.encounter.sides, f.sideId),
      conditions: [
        ...f.tokenConditions.map((c) => ({
          label: c.turnsLeft !== undefined ? `${c.label} ${c.turnsLeft}` : c.label,
          kind: c.kind,
          ...(c.seen ? {} : { gmOnly: true }),
        })),
        ...(f.ridingId ? [MOUNTED] : []),
      ],
    })),
  );
}

/** A rider is drawn, and picked by the pointer, on top of its mount. */
function ridersLast(figures: MapFigureModel[]): MapFigureModel[] {
  return [...figures.filter((f) => !f.ridingId), ...figures.filter((f) => f.ridingId)];
}

export function playerTerrain(view: PlayerView): MapTerrainModel {
  const { map } = view.encounter;
  const { dimmed, ...shown } = map;
  return { ...shown, veiled: new Set(map.fogged), veilStyle: 'player', ...(dimmed.length > 0 ? { dimmed: new Set(dimmed) } : {}) };
}

export function playerFigures(view: PlayerView): MapFigureModel[] {
  // Main's frame holds only the states the table sees (a flier in the air, RULINGS H6, among them);
  // who rides whom is seen by everyone at the table too.
  const tags = (f: PlayerView['encounter']['figures'][number]): MapCondition[] => [...(f.shownConditions ?? []), ...(f.ridingId ? [MOUNTED] : [])];
  return ridersLast(
    view.encounter.figures.map((f) => ({
      ...f,
      hidden: false,
      color: colorOf(view.encounter.sides, f.sideId),
      ...(tags(f).length > 0 ? { conditions: tags(f) } : {}),
    })),
  );
}

/** Continuing spells cast at bare hexes, every one (the GM sees all): each caster's list in the GM view. */
export function gmSpells(view: GmView): SpellMarker[] {
  return view.encounter.figures.flatMap((f) =>
    f.spells.flatMap((s, i) => (s.at ? [{ id: `${f.id}:${i}:${s.spellId}`, name: s.name, school: s.school ?? null, at: s.at }] : [])),
  );
}

/** The hex spells the players may see: main's player view already left out the rest. */
export function playerSpells(view: PlayerView): SpellMarker[] {
  return view.encounter.magic.active.flatMap((s) => (s.at ? [{ id: s.id, name: s.name, school: s.school ?? null, at: s.at }] : []));
}

/** What continuing spells do to the map, every one (the GM sees all): from each caster's list in the GM view. */
export function gmEffects(view: GmView): EffectArea[] {
  return view.encounter.figures.flatMap((f) =>
    f.spells.flatMap((s, i) => (s.effect ? [{ id: `${f.id}:${i}:${s.spellId}`, kind: s.effect.kind, hexes: s.effect.hexes }] : [])),
  );
}

/** The spell effects the players may see, of each only the hexes out of the fog: main's player view already cut them. */
export function playerEffects(view: PlayerView): EffectArea[] {
  return view.encounter.magic.active.flatMap((s) => (s.effect ? [{ id: s.id, kind: s.effect.kind, hexes: s.effect.hexes }] : []));
}

/** The GM's drawings, each with its id and whether the players see it. */
export function gmDrawings(view: GmView): DrawingModel[] {
  return (view.encounter.drawings ?? []).map((d) =>
    d.kind === 'line'
      ? { id: d.id, kind: 'line', points: d.points, colour: d.colour, gmOnly: !d.shown }
      : { id: d.id, kind: 'text', at: d.at, text: d.text, colour: d.colour, gmOnly: !d.shown },
  );
}

/** The drawings shown to the players (no ids: the player projection sends none). */
export function playerDrawings(view: PlayerView): DrawingModel[] {
  return (view.encounter.drawings ?? []).map((d) =>
    d.kind === 'line'
      ? { id: null, kind: 'line', points: d.points, colour: d.colour, gmOnly: false }
      : { id: null, kind: 'text', at: d.at, text: d.text, colour: d.colour, gmOnly: false },
  );
}
