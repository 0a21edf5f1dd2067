import { z } from 'zod';

export { ROLES, type PageRole, type Role } from '../../channelAccess';

/** A channel's schemas and what it does; who may call it is written in `channelAccess.ts`. */
export interface ChannelSchemas<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly args: A;
  readonly result: R;
  readonly summary: string;
}

export function channel<A extends z.ZodType, R extends z.ZodType>(def: ChannelSchemas<A, R>): ChannelSchemas<A, R> {
  return def;
}

export const NoArgs = z.object({}).strict();
