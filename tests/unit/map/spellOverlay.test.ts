/**
 * The spell marker's label (src/renderer/src/map/spellOverlay.ts): the whole name when hexes are
 * large enough on screen, a short form when small, none when tiny. The drawing itself is checked
 * in Chromium (tests/e2e/hexSpell.spec.ts): Konva needs a canvas.
 */
import { describe, expect, it, vi } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list (see projection.test.ts): imported by a
// computed path; Konva is replaced, the label needs none of it.
vi.mock('konva', () => ({ default: { Shape: class {} } }));
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'spellOverlay'].join('/');
const { markerLabel } = (await import(/* @vite-ignore */ modulePath)) as { markerLabel: (name: string, hexPx: number) => string | null };

describe('markerLabel', () => {
  it('whole names at 26 px a hex and more; short names are never shortened', () => {
    expect(markerLabel('Shield Wall', 26)).toBe('Shield Wall');
    expect(markerLabel('Light', 9)).toBe('Light');
    expect(markerLabel('Web/Joining', 40)).toBe('Web/Joining');
  });

  it('initials for several words, four letters for one long word, from 9 to 26 px', () => {
    expect(markerLabel('Shield Wall', 25)).toBe('SW');
    expect(markerLabel('Web/Joining', 14)).toBe('WJ');
    expect(markerLabel('Major Protection from Element', 9)).toBe('MPFE');
    expect(markerLabel('Transparency', 12)).toBe('Tran.');
  });

  it('no label under 9 px a hex', () => {
    expect(markerLabel('Light', 8.9)).toBeNull();
  });
});
