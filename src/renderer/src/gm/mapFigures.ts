import type { GmFigure, GmView } from '../../../shared/contract/views';
import { gmFigures } from '../map/fromViews';
import type { MapFigureModel } from '../map/mapModel';

/**
 * The GM map's figure models, made again only for the figures a push changed: a
 * view delta keeps the objects of unchanged figures, so their models (and the map's tokens) are
 * kept too. Fog and side colours are in every model: when they change, all are made again.
 */
export function gmFigureModels(): (view: GmView, strideOf: (figureId: string) => number | null) => MapFigureModel[] {
  let made = new WeakMap<GmFigure, MapFigureModel>();
  let withStride = new WeakMap<MapFigureModel, MapFigureModel>();
  let madeFor: { map: unknown; sides: string } | null = null;
  return (view, strideOf) => {
    const { map, sides, figures } = view.encounter;
    const sideColours = sides.map((s) => `${s.id}:${s.color}`).join();
    if (madeFor?.map !== map || madeFor.sides !== sideColours) {
      made = new WeakMap();
      withStride = new WeakMap();
      madeFor = { map, sides: sideColours };
    }
    const fresh = figures.filter((f) => !made.has(f));
    if (fresh.length > 0) {
      const models = gmFigures({ ...view, encounter: { ...view.encounter, figures: fresh } });
      const byId = new Map(models.map((m) => [m.id, m]));
      for (const f of fresh) made.set(f, byId.get(f.id)!);
    }
    // A rider is drawn, and picked by the pointer, on top of its mount (as gmFigures orders them).
    const ordered = [...figures.filter((f) => !f.ridingId), ...figures.filter((f) => f.ridingId)];
    // The figure due is ringed on the map (the tracker's first due, as the players' map rings it).
    const acting = view.encounter.tracker.due[0] ?? null;
    return ordered.map((f) => {
      const model = made.get(f)!;
      const stride = strideOf(f.id);
      const isActing = f.id === acting;
      let shown = withStride.get(model);
      if (!shown || shown.stride !== stride || (shown.acting ?? false) !== isActing) withStride.set(model, (shown = { ...model, stride, acting: isActing }));
      return shown;
    });
  };
}
