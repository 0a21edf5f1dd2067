/** Where the map says a figure stands on the page, and how far its hex reaches from there. */
export interface FigureSpot {
  x: number;
  y: number;
  radius: number;
}

/** What the attack dialog needs of the GM's map to stay off the target. */
export interface TargetMap {
  figureClientPoint(id: string): FigureSpot | null;
  pan(dx: number, dy: number): void;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const MARGIN = 10;

export function covers(box: Box, spot: FigureSpot): boolean {
  return spot.x + spot.radius > box.left && spot.x - spot.radius < box.right && spot.y + spot.radius > box.top && spot.y - spot.radius < box.bottom;
}

/**
 * The dialog never covers the figure it attacks (the console's choice: the GM looks at the target
 * while rolling). It moves to the side of its area away from the target; when the target is still
 * under it there (the middle of a narrow map), the map pans the target clear of it.
 */
export function keepTargetInView(dialog: HTMLElement, map: TargetMap, targetId: string): void {
  const spot = map.figureClientPoint(targetId);
  const area = dialog.offsetParent?.getBoundingClientRect();
  if (!spot || !area) return;
  let box = dialog.getBoundingClientRect();
  if (!covers(box, spot)) return;
  const left = spot.x > area.left + area.width / 2 ? MARGIN : Math.max(MARGIN, area.width - box.width - MARGIN);
  dialog.style.left = `${Math.round(left)}px`;
  dialog.style.right = 'auto';
  box = dialog.getBoundingClientRect();
  if (!covers(box, spot)) return;
  const onRight = box.left - area.left > area.right - box.right;
  const dx = onRight ? box.left - MARGIN - (spot.x + spot.radius) : box.right + MARGIN - (spot.x - spot.radius);
  map.pan(dx, 0);
}
