import type { z } from 'zod';
import { CHANNELS, isChannelName, type ChannelArgs, type ChannelName, type ChannelSchemas, type Envelope, type Role } from '../../shared/contract';
import { isAppError } from '../../shared/errors';

/** Handlers for a group of channels: each gets validated arguments and returns its result. */
export type HandlersFor<T extends Record<string, ChannelSchemas>> = {
  [C in keyof T]: (args: z.output<T[C]['args']>, role: Role, seat: string | null) => Promise<z.output<T[C]['result']>> | z.output<T[C]['result']>;
};

/** One handler per channel; the contract says which roles may call it and what goes in and out. */
export type Handlers = HandlersFor<typeof CHANNELS> & { [C in ChannelName]: unknown };

export interface Dispatcher {
  /** `seat`: which seat calls, for the seat role (its channels answer for that seat alone). */
  dispatch(role: Role, channel: unknown, args: unknown, seat?: string | null): Promise<Envelope<unknown>>;
}

function failure(code: 'unknown-channel' | 'forbidden' | 'invalid-args' | 'internal', message: string): Envelope<never> {
  return { ok: false, error: { code, message } };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(arguments)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The one place where a call from any host meets the handlers: the channel must exist, the
 * caller's role must be allowed, the arguments must match the schema. Nothing throws out.
 */
export function createDispatcher(handlers: Handlers, log: (message: string) => void = () => {}): Dispatcher {
  return {
    async dispatch(role, channel, rawArgs, seat = null) {
      if (!isChannelName(channel)) {
        return failure('unknown-channel', `There is no channel named ${JSON.stringify(String(channel)).slice(0, 80)}.`);
      }
      const def = CHANNELS[channel];
      if (!(def.roles as readonly Role[]).includes(role)) {
        return failure('forbidden', `A ${role} window may not call ${channel}.`);
      }
      // Only absent arguments mean "none": `null` is a malformed payload like any other.
      const parsed = def.args.safeParse(rawArgs === undefined ? {} : rawArgs);
      if (!parsed.success) {
        return failure('invalid-args', `The request to ${channel} was malformed: ${describeIssues(parsed.error)}.`);
      }
      try {
        const handler = handlers[channel] as (args: unknown, role: Role, seat: string | null) => unknown;
        const value = await handler(parsed.data as ChannelArgs<typeof channel>, role, role === 'seat' ? seat : null);
        return { ok: true, value };
      } catch (e) {
        if (isAppError(e)) return { ok: false, error: { code: e.code, message: e.message } };
        log(`handler ${channel} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        return failure('internal', `Something went wrong in ${channel}. Details are in the console log.`);
      }
    },
  };
}
