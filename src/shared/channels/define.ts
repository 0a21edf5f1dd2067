import { z } from 'zod';

/** Who may call a channel: the GM's window, a player display, or a player's seat (one phone, its own figures). */
export type Role = 'gm' | 'player' | 'seat';
export const ROLES: readonly Role[] = ['gm', 'player', 'seat'];
/** The roles with one page and one token each; a seat's token is its own (services/seats). */
export type PageRole = Exclude<Role, 'seat'>;

export interface ChannelDef<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly roles: readonly Role[];
  readonly args: A;
  readonly result: R;
  readonly summary: string;
}

export function channel<A extends z.ZodType, R extends z.ZodType>(def: ChannelDef<A, R>): ChannelDef<A, R> {
  return def;
}

export const NoArgs = z.object({}).strict();
