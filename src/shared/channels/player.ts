import { PlayerViewSchema } from '../views';
import { channel, NoArgs } from './define';

/** The only channels a player window may call. */
export const PLAYER_CHANNELS = {
  getPlayerView: channel({
    roles: ['player'],
    args: NoArgs,
    result: PlayerViewSchema,
    summary: 'What the players may see of the open encounter.',
  }),
} as const;
