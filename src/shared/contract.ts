import { z } from 'zod';
import type { ChannelDef, Role } from './channels/define';
import { CAMPAIGN_CHANNELS, ImportProgressSchema, TransferProgressSchema } from './channels/campaign';
import { ENCOUNTER_CHANNELS } from './channels/encounter';
import { PLAYER_CHANNELS } from './channels/player';
import { MAP_CHANNELS } from './channels/map';
import { DISPLAY_CHANNELS, ProjectorSchema } from './channels/display';
import { LOG_CHANNELS } from './channels/log';
import { HANDOUT_CHANNELS } from './channels/handouts';
import { FIGURE_CHANNELS } from './channels/figure';
import { MAGIC_CHANNELS } from './channels/magic';
import { RULES_CHANNELS } from './channels/rules';
import { SPECIAL_ACTION_CHANNELS } from './channels/specialActions';
import { TACTICS_CHANNELS } from './channels/tactics';
import { PLACING_CHANNELS } from './channels/placing';
import { SEAT_DICE_CHANNELS, SeatRollsSchema } from './channels/seatDice';
import { SEAT_CHANNELS, SeatViewSchema } from './channels/seats';
import { AutopilotStatusSchema, SimulationStatusSchema } from './tacticsViews';
import { GmViewPushSchema, PlayerViewPushSchema } from './views';

/**
 * The one list of every channel between the renderer and main (DESIGN §The contract).
 * The preload clients, the ipcMain binding and the WebSocket binding are all derived from it:
 * adding a channel means adding it here and giving it a handler, nothing else.
 */

export { ROLES, type PageRole, type Role } from './channels/define';

export type { ChannelDef } from './channels/define';

/** Every channel, once. Each group lives in its own file under `channels/`. */
export const CHANNELS = {
  ...ENCOUNTER_CHANNELS,
  ...CAMPAIGN_CHANNELS,
  ...PLAYER_CHANNELS,
  ...MAP_CHANNELS,
  ...DISPLAY_CHANNELS,
  ...HANDOUT_CHANNELS,
  ...MAGIC_CHANNELS,
  ...FIGURE_CHANNELS,
  ...LOG_CHANNELS,
  ...RULES_CHANNELS,
  ...SPECIAL_ACTION_CHANNELS,
  ...TACTICS_CHANNELS,
  ...PLACING_CHANNELS,
  ...SEAT_CHANNELS,
  ...SEAT_DICE_CHANNELS,
} as const satisfies Record<string, ChannelDef>;

/** Pushes from main to windows of the given roles. */
export const EVENTS = {
  gmView: { roles: ['gm'], payload: GmViewPushSchema },
  /** The table's frame: to the player display, to the GM page for its mirror of the TV, and to the seats' phones for theirs. */
  playerView: { roles: ['player', 'gm', 'seat'], payload: PlayerViewPushSchema },
  projector: { roles: ['gm', 'player'], payload: ProjectorSchema },
  /** The projector's state as the player display gets it, for the GM's mirror and the seats' phones. */
  tableProjector: { roles: ['gm', 'seat'], payload: ProjectorSchema },
  importProgress: { roles: ['gm'], payload: ImportProgressSchema },
  transferProgress: { roles: ['gm'], payload: TransferProgressSchema },
  autopilot: { roles: ['gm'], payload: AutopilotStatusSchema },
  simulation: { roles: ['gm'], payload: SimulationStatusSchema },
  /** Sent to one seat's sockets only (the web host's `pushToSeat`), never to every seat. */
  seatView: { roles: ['seat'], payload: SeatViewSchema, toOneSeat: true },
  /** The rolls the GM's page waits on from seats, and the faces sent for them. */
  seatRolls: { roles: ['gm'], payload: SeatRollsSchema },
} as const satisfies Record<string, { roles: readonly Role[]; payload: z.ZodType; toOneSeat?: true }>;

export type Channels = typeof CHANNELS;
export type ChannelName = keyof Channels;
export type EventName = keyof typeof EVENTS;

export type ChannelArgs<C extends ChannelName> = z.input<Channels[C]['args']>;
export type ChannelResult<C extends ChannelName> = z.output<Channels[C]['result']>;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]['payload']>;

type AllowedFor<T extends Record<string, { roles: readonly Role[] }>, R extends Role> = {
  [K in keyof T]: R extends T[K]['roles'][number] ? K : never;
}[keyof T];

export type ChannelsFor<R extends Role> = AllowedFor<Channels, R>;
export type EventsFor<R extends Role> = AllowedFor<typeof EVENTS, R>;

export function channelNamesFor(role: Role): ChannelName[] {
  return (Object.keys(CHANNELS) as ChannelName[]).filter((name) => (CHANNELS[name].roles as readonly Role[]).includes(role));
}

export function eventNamesFor(role: Role): EventName[] {
  return (Object.keys(EVENTS) as EventName[]).filter((name) => (EVENTS[name].roles as readonly Role[]).includes(role));
}

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(CHANNELS, name);
}

/* ---- The envelope: nothing throws across the bridge. ---- */

/** `rate-limited`: a page sent more messages than a page needs (the web host's limit per player socket); nothing was done. */
export const ERROR_CODES = [
  'unknown-channel',
  'forbidden',
  'invalid-args',
  'not-found',
  'rule',
  'conflict',
  'io',
  'corrupt-file',
  'internal',
  'rate-limited',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppErrorShape {
  readonly code: ErrorCode;
  /** Written for the GM. */
  readonly message: string;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

export const EnvelopeErrorSchema = z.object({ ok: z.literal(false), error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }) }).strict();

/** A typed client of the contract for one role: one named method per allowed channel. */
export type ClientApi<R extends Role> = {
  [C in ChannelsFor<R>]: (args: ChannelArgs<C>) => Promise<Envelope<ChannelResult<C>>>;
} & {
  /** Listen to a push; returns a function that stops listening. */
  on<E extends EventsFor<R>>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** The IPC channel name of a contract channel, and of a push. */
export const ipcChannel = (name: ChannelName): string => `pillars:${name}`;
export const ipcEvent = (name: EventName): string => `pillars:event:${name}`;
