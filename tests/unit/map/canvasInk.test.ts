/**
 * Whether a layer's draw painted anything (src/renderer/src/map/canvasInk.ts): a
 * blank overlay canvas is hidden from the compositor. The watch must see every painting call,
 * ignore clearing, and leave each call doing what it did.
 */
import { describe, expect, it } from 'vitest';

type CanvasInk = { readonly inked: boolean; reset(): void };
// Renderer code, outside tsconfig.node.json's file list: imported by a computed path (see projection.test.ts).
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'canvasInk'].join('/');
const { watchInk } = (await import(/* @vite-ignore */ modulePath)) as { watchInk: (ctx: unknown) => CanvasInk };

const PAINTING = ['fill', 'stroke', 'fillRect', 'strokeRect', 'fillText', 'strokeText', 'drawImage', 'putImageData'];

/** A context that records the calls it receives (no canvas in vitest's node environment). */
class RecordingContext {
  calls: string[] = [];
  constructor() {
    for (const name of [...PAINTING, 'clearRect', 'beginPath', 'rect', 'save', 'restore']) {
      (this as unknown as Record<string, unknown>)[name] = function (this: RecordingContext, ...args: unknown[]) {
        this.calls.push(`${name}(${args.join(',')})`);
        return name;
      };
    }
  }
}

describe('the ink on a layer canvas', () => {
  it('is none after clearing and building a path, and some after any painting call', () => {
    for (const name of PAINTING) {
      const ctx = new RecordingContext();
      const call = (method: string, ...args: unknown[]) =>
        ((ctx as unknown as Record<string, (...a: unknown[]) => unknown>)[method] as (...a: unknown[]) => unknown)(...args);
      const ink = watchInk(ctx);
      call('clearRect', 0, 0, 10, 10);
      call('beginPath');
      call('rect', 1, 1, 2, 2);
      expect(ink.inked).toBe(false);
      expect(call(name, 1, 2)).toBe(name);
      expect(ink.inked, name).toBe(true);
      expect(ctx.calls.at(-1)).toBe(`${name}(1,2)`);
      ink.reset();
      expect(ink.inked).toBe(false);
    }
  });
});
