/**
 * Where the pieces of the players' map image lie (the `tiles` of a player frame's image,
 * shared/contract/mapImage.ts): piece `i`, row by row, shows the picture's `size` × `size` square at
 * (c·size, r·size) in its own pixels and `overlap` more to the right and below, cut at its edge.
 * Main cuts and masks the pieces by it (projection/mapImage.ts); the page places them by it.
 */
export function pieceCrop(
  i: number,
  picture: { readonly width: number; readonly height: number },
  size: number,
  overlap: number,
): { x0: number; y0: number; x1: number; y1: number } {
  const cols = Math.ceil(picture.width / size);
  const x0 = (i % cols) * size;
  const y0 = Math.floor(i / cols) * size;
  return { x0, y0, x1: Math.min(picture.width, x0 + size + overlap), y1: Math.min(picture.height, y0 + size + overlap) };
}
