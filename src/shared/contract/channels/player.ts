import { PlayerViewSchema } from '../views';
import { channel, NoArgs } from './define';

/** The player window's frame; the GM page reads the very same one for its mirror of the TV. */
export const PLAYER_CHANNELS = {
  getPlayerView: channel({
    args: NoArgs,
    result: PlayerViewSchema,
    summary: 'What the players may see of the open encounter (the GM page and the seats’ phones mirror it).',
  }),
} as const;
