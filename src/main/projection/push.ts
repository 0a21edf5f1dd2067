import type { PlayerView, PlayerViewPush } from '../../shared/contract/views';
import { viewDelta } from '../../shared/viewOrder';

/**
 * What the hosts push to player pages: each frame as the change from the frame this encoder sent
 * before (shared/viewOrder.ts), or whole where there is none. A delta names only figures the page
 * was already sent, by the ids it was sent, so it tells the players nothing the whole frame would not.
 */
export function playerPushEncoder(): (frame: PlayerView) => PlayerViewPush {
  let last: PlayerView | null = null;
  return (frame) => {
    const change = viewDelta(last, frame);
    last = frame;
    return change ?? frame;
  };
}

type Shown = PlayerView['encounter'];

/**
 * `fresh` as it is to be published after `last`: null when the audience would see nothing new,
 * else `fresh` with the figures and map that read the same as before kept as `last`'s objects, so
 * the push sends them as ids. The frame builder reuses the map and the figures a command did not
 * touch (projection/frame.ts), so only the others are compared by their JSON.
 */
export function changedFrame(last: Shown | null, fresh: Shown): Shown | null {
  if (last === null) return fresh;
  const before = new Map(last.figures.map((f) => [f.id, f]));
  let same = last.figures.length === fresh.figures.length && (fresh.map === last.map || JSON.stringify(fresh.map) === JSON.stringify(last.map));
  const figures = fresh.figures.map((f, i) => {
    const was = before.get(f.id);
    const kept = was === undefined || was === f || JSON.stringify(was) !== JSON.stringify(f) ? f : was;
    if (kept !== last.figures[i]) same = false;
    return kept;
  });
  const { map: _map, figures: _figures, ...rest } = fresh;
  const { map: _lastMap, figures: _lastFigures, ...lastRest } = last;
  if (same && JSON.stringify(rest) === JSON.stringify(lastRest)) return null;
  return { ...fresh, figures, map: fresh.map !== last.map && JSON.stringify(fresh.map) === JSON.stringify(last.map) ? last.map : fresh.map };
}
