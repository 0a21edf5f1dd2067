import type { GmView, GmViewDelta, GmViewPush } from '../../shared/contract/views';
import { viewDelta } from '../../shared/viewOrder';
import { pushEncoder } from './pushEncoder';

/**
 * What the hosts push to GM windows: the change from the view pushed before when
 * there is one of the same opening, else the whole view. A window that holds another revision
 * (it just loaded, or missed a push) fetches the whole view instead of applying the change.
 */
export function gmPushEncoder(): (view: GmView) => GmViewPush {
  return pushEncoder<GmView, GmViewDelta>(viewDelta);
}
