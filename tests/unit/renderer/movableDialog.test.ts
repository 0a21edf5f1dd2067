import { describe, expect, it } from 'vitest';

interface Placement {
  left: number;
  top: number;
}
// Renderer code is outside tsconfig.node.json's file list (see latestAnswer.test.ts): imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'gm', 'movableDialog'].join('/');
const { clampPlacement } = (await import(/* @vite-ignore */ modulePath)) as {
  clampPlacement: (want: Placement, size: { width: number; height: number }, area: { width: number; height: number }) => Placement;
};

const dialog = { width: 400, height: 500 };
const pane = { width: 1000, height: 700 };

describe('a dragged dialog stays where the GM can grab it again', () => {
  it('goes where it is dragged inside the map pane', () => {
    expect(clampPlacement({ left: 120.4, top: 80.6 }, dialog, pane)).toEqual({ left: 120, top: 81 });
  });
  it('never leaves the pane to the left or the top', () => {
    expect(clampPlacement({ left: -300, top: -40 }, dialog, pane)).toEqual({ left: 0, top: 0 });
  });
  it('keeps its whole width in at the right and its grab strip in at the bottom', () => {
    expect(clampPlacement({ left: 900, top: 2000 }, dialog, pane)).toEqual({ left: 600, top: 652 });
  });
  it('sits at the left edge when the pane is narrower than the dialog', () => {
    expect(clampPlacement({ left: 50, top: 10 }, dialog, { width: 300, height: 700 })).toEqual({ left: 0, top: 10 });
  });
});
