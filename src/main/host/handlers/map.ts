import type { MAP_CHANNELS } from '../../../shared/contract/channels/map';
import { measureRange } from '../../engine/map/ruler';
import type { HandlersFor } from '../dispatch';

/** The ruler's numbers come from the engine's range rules (RULINGS A2, engine/map/ruler.ts), never from the page. */
export function mapHandlers(): HandlersFor<typeof MAP_CHANNELS> {
  return { measureRange: ({ from, to }) => measureRange(from, to) };
}
