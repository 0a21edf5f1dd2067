/**
 * A map image decoded at the size it is drawn: first small enough for the zoom that
 * fits the map on screen, and at its kept size only once a closer zoom would stretch the small
 * one. Both decodes run off the main thread (`createImageBitmap` of the fetched file).
 */
export class MapPicture {
  private sharp: CanvasImageSource | null = null;
  private sharpening: Promise<void> | null = null;

  /**
   * @param first the picture decoded for the fitted zoom, `firstWidth` pixels wide
   * @param decodeKept decodes the picture at its kept size (mapImage.ts), or null when `first` is it
   */
  constructor(
    private readonly first: CanvasImageSource,
    private readonly firstWidth: number,
    private decodeKept: (() => Promise<CanvasImageSource>) | null,
  ) {}

  /**
   * The picture to draw where it spans `widthPx` device pixels across, and, while a sharper one
   * that span needs is being decoded, a promise of it (drawn again when it settles).
   */
  at(widthPx: number): { image: CanvasImageSource; sharper: Promise<void> | null } {
    if (widthPx <= this.firstWidth * MAX_STRETCH) return { image: this.first, sharper: null };
    if (this.sharp) return { image: this.sharp, sharper: null };
    const decode = this.decodeKept;
    if (!decode) return { image: this.first, sharper: null };
    this.sharpening ??= decode().then(
      (image) => void (this.sharp = image),
      // The kept size could not be decoded (out of memory): the first picture stays, stretched.
      () => void (this.decodeKept = null),
    );
    return { image: this.first, sharper: this.sharpening };
  }
}

/**
 * The console's choice: a picture may be drawn up to 1 % larger than it was decoded (tile edges
 * and rounding) before the sharper one is wanted.
 */
const MAX_STRETCH = 1.01;

/**
 * The size to decode a `width` × `height` picture at for the fitted zoom on a `screen` (CSS
 * pixels, `pixelRatio` device pixels each), or null when that is (nearly) its own size. At the
 * fitted zoom the whole map, the picture with it, fits the map's pane, and map tiles are painted
 * at up to √2 times the zoom (tiledPainter.ts levels): the picture is never drawn larger than
 * √2 × the screen there.
 */
export function fittedSize(
  width: number,
  height: number,
  screen: { readonly width: number; readonly height: number },
  pixelRatio: number,
): { width: number; height: number } | null {
  const k = Math.min((Math.SQRT2 * screen.width * pixelRatio) / width, (Math.SQRT2 * screen.height * pixelRatio) / height);
  // Less than a third fewer pixels is not worth a second decode when zooming in.
  if (!(k > 0) || k * k > 2 / 3) return null;
  return { width: Math.max(1, Math.ceil(width * k)), height: Math.max(1, Math.ceil(height * k)) };
}
