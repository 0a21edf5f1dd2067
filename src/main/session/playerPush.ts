import type { PlayerView, PlayerViewDelta, PlayerViewPush } from '../../shared/views';
import { viewDelta } from '../../shared/viewOrder';
import type { EncounterState } from '../engine/encounter/schema';
import type { Rules } from '../engine/rules';
import { pushEncoder } from './pushEncoder';
import { playerView } from './playerView';

/**
 * What the hosts push to player windows: the change from the view pushed before, as for the GM
 * (gmPush.ts, issue 18 §3). A delta names only figures the page was already sent, by the ids it
 * was sent, so it tells the players nothing the whole view would not.
 */
export function playerPushEncoder(): (view: PlayerView) => PlayerViewPush {
  return pushEncoder<PlayerView, PlayerViewDelta>(viewDelta);
}

type Shown = PlayerView['encounter'];

/**
 * `fresh` as it is to be published after `last`: null when the players would see nothing new
 * (issue 13 §5), else `fresh` with the figures that read the same as before kept as `last`'s
 * objects, so the push sends them as ids. The view builder reuses the map and the figures the
 * command did not touch (playerView.ts), so only the others are compared by their JSON.
 */
export function changedForPlayers(last: Shown | null, fresh: Shown): Shown | null {
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

/** The player view of `state` to publish after `last`: `last` itself, unchanged, when players would see nothing new. */
export function nextPlayerView(
  last: PlayerView | null,
  state: EncounterState,
  revision: number,
  session: string,
  said: readonly string[],
  rules: Rules,
): { view: PlayerView; changed: boolean } {
  const fresh = playerView(state, revision, session, said, rules);
  const shown = changedForPlayers(last?.encounter ?? null, fresh.encounter);
  if (last && shown === null) return { view: last, changed: false };
  return { view: shown === null || shown === fresh.encounter ? fresh : { ...fresh, encounter: shown }, changed: true };
}
