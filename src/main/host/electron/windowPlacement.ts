/** Pure placement of the two windows over the displays Electron reports. */
export interface DisplayInfo {
  readonly id: number;
  readonly bounds: { x: number; y: number; width: number; height: number };
  readonly workArea: { x: number; y: number; width: number; height: number };
  readonly label?: string;
}

export interface PlayerPlacement {
  readonly displayId: number;
  readonly bounds: { x: number; y: number; width: number; height: number };
  /** Fullscreen and frameless on an external display; a normal window beside the GM otherwise. */
  readonly fullscreen: boolean;
}

/**
 * Chooses where the player window goes: the display the GM chose if it is still connected,
 * else the first display that is not the primary one, else a normal window on the primary.
 */
export function placePlayerWindow(displays: readonly DisplayInfo[], primaryId: number, preferredId: number | null): PlayerPlacement {
  const external = displays.filter((d) => d.id !== primaryId);
  const chosen = (preferredId !== null ? external.find((d) => d.id === preferredId) : undefined) ?? external[0] ?? null;
  if (chosen) return { displayId: chosen.id, bounds: chosen.bounds, fullscreen: true };
  const primary = displays.find((d) => d.id === primaryId) ?? displays[0];
  if (!primary) return { displayId: primaryId, bounds: { x: 0, y: 0, width: 1280, height: 720 }, fullscreen: false };
  const { x, y, width, height } = primary.workArea;
  const w = Math.round(width * 0.6);
  const h = Math.round(height * 0.6);
  return {
    displayId: primary.id,
    bounds: { x: x + width - w - 24, y: y + Math.round((height - h) / 2), width: w, height: h },
    fullscreen: false,
  };
}

/** Whether a player window should open by itself: only when there is a second display. */
export function shouldAutoOpenPlayer(displays: readonly DisplayInfo[]): boolean {
  return displays.length > 1;
}
