import type { PlayerDisplay } from '../../../shared/contract/channels/display';

const MAX_PX = 16384;
const px = (cssPx: number, dpr: number): number => Math.min(MAX_PX, Math.max(1, Math.round(cssPx * dpr)));

/** The display's screen and the map's area, in device pixels (what the projector's outline and scale need). */
export function measureDisplay(map: HTMLElement): PlayerDisplay {
  const dpr = window.devicePixelRatio || 1;
  return {
    screen: { widthPx: px(window.screen.width, dpr), heightPx: px(window.screen.height, dpr) },
    map: { widthPx: px(map.clientWidth, dpr), heightPx: px(map.clientHeight, dpr) },
  };
}

/**
 * Reports the player display's size now and after each resize (settled for `settleMs`), so the
 * GM's outline of the projector matches what this window really shows. Returns a stop function.
 */
export function watchDisplaySize(map: HTMLElement, report: (display: PlayerDisplay) => void, settleMs = 250): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => report(measureDisplay(map)), settleMs);
  };
  report(measureDisplay(map));
  const observer = new ResizeObserver(settle);
  observer.observe(map);
  window.addEventListener('resize', settle);
  return () => {
    clearTimeout(timer);
    observer.disconnect();
    window.removeEventListener('resize', settle);
  };
}
