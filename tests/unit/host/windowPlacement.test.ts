/** Where the player window goes: fullscreen on an external display, else beside the GM. */
import { describe, expect, it } from 'vitest';
import { placePlayerWindow, shouldAutoOpenPlayer, type DisplayInfo } from '../../../src/main/host/electron/windowPlacement';

const laptop: DisplayInfo = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 25, width: 1920, height: 1055 },
  label: 'Built-in',
};
const projector: DisplayInfo = {
  id: 2,
  bounds: { x: 1920, y: 0, width: 1280, height: 720 },
  workArea: { x: 1920, y: 0, width: 1280, height: 720 },
  label: 'Projector',
};
const tv: DisplayInfo = {
  id: 3,
  bounds: { x: -3840, y: 0, width: 3840, height: 2160 },
  workArea: { x: -3840, y: 0, width: 3840, height: 2160 },
  label: 'TV',
};

describe('placePlayerWindow', () => {
  it('with one display: a normal window on the primary, inside its work area, not fullscreen', () => {
    const p = placePlayerWindow([laptop], 1, null);
    expect(p.fullscreen).toBe(false);
    expect(p.displayId).toBe(1);
    const { x, y, width, height } = p.bounds;
    expect(width).toBe(Math.round(1920 * 0.6));
    expect(height).toBe(Math.round(1055 * 0.6));
    expect(x).toBeGreaterThanOrEqual(laptop.workArea.x);
    expect(y).toBeGreaterThanOrEqual(laptop.workArea.y);
    expect(x + width).toBeLessThanOrEqual(laptop.workArea.x + laptop.workArea.width);
    expect(y + height).toBeLessThanOrEqual(laptop.workArea.y + laptop.workArea.height);
  });

  it('with two displays: fullscreen on the external one, with its bounds', () => {
    expect(placePlayerWindow([laptop, projector], 1, null)).toEqual({ displayId: 2, bounds: projector.bounds, fullscreen: true });
    // The primary need not be listed first.
    expect(placePlayerWindow([projector, laptop], 1, null)).toEqual({ displayId: 2, bounds: projector.bounds, fullscreen: true });
  });

  it('honours the display the GM chose while it is connected', () => {
    expect(placePlayerWindow([laptop, projector, tv], 1, 3)).toEqual({ displayId: 3, bounds: tv.bounds, fullscreen: true });
    expect(placePlayerWindow([laptop, projector, tv], 1, 2)).toEqual({ displayId: 2, bounds: projector.bounds, fullscreen: true });
  });

  it('ignores a chosen display that is gone', () => {
    expect(placePlayerWindow([laptop, projector], 1, 3)).toEqual({ displayId: 2, bounds: projector.bounds, fullscreen: true });
    const alone = placePlayerWindow([laptop], 1, 3);
    expect(alone.fullscreen).toBe(false);
    expect(alone.displayId).toBe(1);
  });

  it('never puts the player window fullscreen over the GM, even if the GM chose the primary', () => {
    const p = placePlayerWindow([laptop, projector], 1, 1);
    expect(p).toEqual({ displayId: 2, bounds: projector.bounds, fullscreen: true });
    const single = placePlayerWindow([laptop], 1, 1);
    expect(single.fullscreen).toBe(false);
  });

  it('with no displays reported: a default normal window', () => {
    const p = placePlayerWindow([], 7, null);
    expect(p.fullscreen).toBe(false);
    expect(p.displayId).toBe(7);
    expect(p.bounds.width).toBeGreaterThan(0);
    expect(p.bounds.height).toBeGreaterThan(0);
  });
});

describe('shouldAutoOpenPlayer', () => {
  it('opens the player window by itself only when there is a second display', () => {
    expect(shouldAutoOpenPlayer([])).toBe(false);
    expect(shouldAutoOpenPlayer([laptop])).toBe(false);
    expect(shouldAutoOpenPlayer([laptop, projector])).toBe(true);
    expect(shouldAutoOpenPlayer([laptop, projector, tv])).toBe(true);
  });
});
