import type { PlayerView, PublicFigure } from '../../../shared/contract/views';
import { playerFigures } from '../map/fromViews';
import type { MapFigureModel } from '../map/mapModel';

/**
 * The projector's figure models, made again only for the figures a push changed, as on the GM
 * page (gm/mapFigures.ts): a player view delta keeps the objects of unchanged figures, so their
 * models (and the map's tokens) are kept too. Side colours are in every model: when they change,
 * all are made again.
 */
export function playerFigureModels(): (view: PlayerView) => MapFigureModel[] {
  let made = new WeakMap<PublicFigure, MapFigureModel>();
  let ringed = new WeakMap<MapFigureModel, MapFigureModel>();
  let madeFor: string | null = null;
  return (view) => {
    const { sides, figures } = view.encounter;
    const sideColours = sides.map((s) => `${s.id}:${s.color}`).join();
    if (madeFor !== sideColours) {
      made = new WeakMap();
      ringed = new WeakMap();
      madeFor = sideColours;
    }
    const fresh = figures.filter((f) => !made.has(f));
    if (fresh.length > 0) {
      const models = playerFigures({ ...view, encounter: { ...view.encounter, figures: fresh } });
      const byId = new Map(models.map((m) => [m.id, m]));
      for (const f of fresh) made.set(f, byId.get(f.id)!);
    }
    // A rider is drawn on top of its mount (as playerFigures orders them); the first figure acting is ringed.
    const acting = view.encounter.acting[0] ?? null;
    return [...figures.filter((f) => !f.ridingId), ...figures.filter((f) => f.ridingId)].map((f) => {
      const model = made.get(f)!;
      if (f.id !== acting) return model;
      let shown = ringed.get(model);
      if (!shown) ringed.set(model, (shown = { ...model, acting: true }));
      return shown;
    });
  };
}
