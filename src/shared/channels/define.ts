import { z } from 'zod';

/** Who may call a channel: the GM's window, or a player display. */
export type Role = 'gm' | 'player';
export const ROLES: readonly Role[] = ['gm', 'player'];

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
