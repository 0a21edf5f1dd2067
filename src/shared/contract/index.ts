import { z } from 'zod';
import { CHANNEL_ROLES, contractNames, EVENT_ROLES, type ChannelName, type EventName } from '../channelAccess';
import type { ChannelSchemas, Role } from './channels/define';
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
 * adding a channel means its schemas in `channels/<group>.ts`, its callers in `channelAccess.ts`
 * and a handler, nothing else.
 */

export { ROLES, type PageRole, type Role } from './channels/define';

export type { ChannelSchemas } from './channels/define';

/** Joins each name's schemas to its roles; a name in one table and not the other does not type-check. */
function joinRoles<T extends Record<string, readonly Role[]>, S extends Record<keyof T, object>>(
  roles: T,
  defs: S & { [K in Exclude<keyof S, keyof T>]: never },
): { [K in keyof T]: S[K] & { readonly roles: T[K] } } {
  return Object.fromEntries(Object.keys(roles).map((name) => [name, { ...defs[name], roles: roles[name] }])) as {
    [K in keyof T]: S[K] & { readonly roles: T[K] };
  };
}

/** Every channel, once. Each group's schemas live in their own file under `channels/`. */
export const CHANNELS = joinRoles(CHANNEL_ROLES, {
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
} as const satisfies Record<ChannelName, ChannelSchemas>);

/** Pushes from main to windows of the roles `EVENT_ROLES` names. */
export const EVENTS = joinRoles(EVENT_ROLES, {
  gmView: { payload: GmViewPushSchema },
  playerView: { payload: PlayerViewPushSchema },
  projector: { payload: ProjectorSchema },
  tableProjector: { payload: ProjectorSchema },
  importProgress: { payload: ImportProgressSchema },
  transferProgress: { payload: TransferProgressSchema },
  autopilot: { payload: AutopilotStatusSchema },
  simulation: { payload: SimulationStatusSchema },
  /** Sent to one seat's sockets only (the web host's `pushToSeat`), never to every seat. */
  seatView: { payload: SeatViewSchema, toOneSeat: true },
  seatRolls: { payload: SeatRollsSchema },
} as const satisfies Record<EventName, { payload: z.ZodType; toOneSeat?: true }>);

export type Channels = typeof CHANNELS;
export type { ChannelName, EventName };
export { ipcChannel, ipcEvent } from '../channelAccess';

export type ChannelArgs<C extends ChannelName> = z.input<Channels[C]['args']>;
export type ChannelResult<C extends ChannelName> = z.output<Channels[C]['result']>;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]['payload']>;

type AllowedFor<T extends Record<string, { roles: readonly Role[] }>, R extends Role> = {
  [K in keyof T]: R extends T[K]['roles'][number] ? K : never;
}[keyof T];

export type ChannelsFor<R extends Role> = AllowedFor<Channels, R>;
export type EventsFor<R extends Role> = AllowedFor<typeof EVENTS, R>;

export const channelNamesFor = (role: Role): ChannelName[] => [...contractNames(role).channels];

export const eventNamesFor = (role: Role): EventName[] => [...contractNames(role).events];

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
