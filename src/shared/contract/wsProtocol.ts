import { z } from 'zod';
import type { Envelope } from '.';

/** Messages over the web host's WebSocket: a call with an id, its reply, and pushes. */
export const WsCallSchema = z.object({ id: z.number().int().min(0), channel: z.string(), args: z.unknown() }).strict();

export type WsCall = z.infer<typeof WsCallSchema>;
export type WsReply = { id: number | null; result: Envelope<unknown> };
export type WsPush = { event: string; payload: unknown };
