import { z } from 'zod';
import { AssetNameSchema } from './schemas';

/**
 * A map image under the grid: an asset of the campaign (`assets/<sha256>.<ext>`,
 * served at `/campaign-assets/<asset>`), `width` × `height` pixels, placed in world units (1 = a
 * hex's size, the unit of the display `Frame`) with its top-left corner at (`x`, `y`) and `scale`
 * world units per image pixel. A player view names the players' own copy, fogged hexes painted
 * out in main.
 */
export const MapImageSchema = z
  .object({
    asset: AssetNameSchema,
    width: z.number().int().min(1).max(32768),
    height: z.number().int().min(1).max(32768),
    x: z.number().min(-1e5).max(1e5),
    y: z.number().min(-1e5).max(1e5),
    scale: z.number().min(1e-5).max(100),
  })
  .strict();

/**
 * The players' copy of a map image in square pieces (projection/mapImage.ts): piece (c, r) shows
 * the picture's `size` × `size` square at (c·size, r·size) in its own pixels, and `overlap` more
 * to the right and below (cut at the picture's edge), which the next pieces cover; `names` row by
 * row, ⌈width / size⌉ a row. A piece's name changes only when fog over it does, so a page fetches
 * again only the pieces a step of the fog changed. `asset` still names the whole copy.
 */
export const MapImageTilesSchema = z
  .object({
    size: z.number().int().min(64).max(8192),
    overlap: z.number().int().min(0).max(64),
    names: z.array(AssetNameSchema).max(4096),
  })
  .strict();

export const PlayerMapImageSchema = MapImageSchema.extend({ tiles: MapImageTilesSchema.optional() }).strict();

export type MapImage = z.infer<typeof MapImageSchema>;
export type PlayerMapImage = z.infer<typeof PlayerMapImageSchema>;
export type MapImageTiles = z.infer<typeof MapImageTilesSchema>;
