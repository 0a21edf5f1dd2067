/**
 * A map image decoded at the size it is drawn (src/renderer/src/map/mapPicture.ts):
 * small enough for the fitted zoom first, at its kept size only when a closer zoom needs it.
 */
import { describe, expect, it } from 'vitest';

type Image = { readonly name: string };
type Drawn = { image: Image; sharper: Promise<void> | null };
// Renderer code, outside tsconfig.node.json's file list: imported by a computed path (see projection.test.ts).
type PictureModule = {
  MapPicture: new (first: Image, firstWidth: number, decodeKept: (() => Promise<Image>) | null) => { at(widthPx: number): Drawn };
  fittedSize: (width: number, height: number, screen: { width: number; height: number }, pixelRatio: number) => { width: number; height: number } | null;
};
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'mapPicture'].join('/');
const { MapPicture, fittedSize } = (await import(/* @vite-ignore */ modulePath)) as PictureModule;

const screen = { width: 1366, height: 768 };

describe('the size a map image is first decoded at', () => {
  it('is what the fitted zoom can draw: at most √2 × the screen, as the finest tile level is', () => {
    const size = fittedSize(4096, 4096, screen, 1)!;
    expect(size).toEqual({ width: 1087, height: 1087 });
    expect(size.height).toBeGreaterThanOrEqual(Math.SQRT2 * screen.height);
    // A wide picture is limited by the screen's width, a tall one by its height.
    expect(fittedSize(8000, 2000, screen, 1)).toEqual({ width: 1932, height: 483 });
    expect(fittedSize(2000, 8000, screen, 1)).toEqual({ width: 272, height: 1087 });
  });

  it('grows with the pixel density', () => {
    expect(fittedSize(8192, 8192, screen, 2)).toEqual({ width: 2173, height: 2173 });
  });

  it('is the picture’s own when that is (nearly) no larger', () => {
    expect(fittedSize(1024, 1024, screen, 1)).toBeNull();
    expect(fittedSize(1300, 1300, screen, 1)).toBeNull();
    expect(fittedSize(3000, 3000, screen, 3)).toBeNull();
  });
});

describe('a map picture', () => {
  const first = { name: 'fitted' };
  const kept = { name: 'kept' };

  it('draws the first decode wherever it is drawn no larger than it is, and decodes nothing more', () => {
    let decodes = 0;
    const picture = new MapPicture(first, 1087, async () => (decodes++, kept));
    for (const width of [300, 1000, 1087, 1090]) expect(picture.at(width)).toEqual({ image: first, sharper: null });
    expect(decodes).toBe(0);
  });

  it('decodes the kept size once a closer zoom would stretch the first, drawing the first until then', async () => {
    let decodes = 0;
    const picture = new MapPicture(first, 1087, async () => (decodes++, kept));
    const a = picture.at(2000);
    const b = picture.at(3000);
    expect(a.image).toBe(first);
    expect(a.sharper).not.toBeNull();
    expect(b.sharper).toBe(a.sharper);
    await a.sharper;
    expect(decodes).toBe(1);
    expect(picture.at(3000)).toEqual({ image: kept, sharper: null });
    // Zoomed out again, the smaller picture is drawn.
    expect(picture.at(800)).toEqual({ image: first, sharper: null });
  });

  it('keeps drawing the first, stretched, when the kept size cannot be decoded', async () => {
    const picture = new MapPicture(first, 1087, () => Promise.reject(new Error('out of memory')));
    const { sharper } = picture.at(4000);
    await sharper;
    expect(picture.at(4000)).toEqual({ image: first, sharper: null });
  });

  it('has nothing sharper to decode when the first decode was the kept size', () => {
    const picture = new MapPicture(kept, 4096, null);
    expect(picture.at(9000)).toEqual({ image: kept, sharper: null });
  });
});
