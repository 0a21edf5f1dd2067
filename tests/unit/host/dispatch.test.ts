/**
 * The dispatcher: the one place a call from any host meets the handlers. Nothing throws out;
 * every refusal has its exact code and a message that says why.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Handlers } from '../../../src/main/host/dispatch';
import { Core } from '../../../src/main/host/core';
import { AppError } from '../../../src/shared/errors';
import { CHANNELS, ROLES, type ChannelName, type Envelope } from '../../../src/shared/contract';
import { contractNames } from '../../../src/shared/channelAccess';
import type { GmView, PlayerView } from '../../../src/shared/contract/views';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

const fakeGm = { fake: 'gm' } as unknown as GmView;
const fakePlayer = { fake: 'player' } as unknown as PlayerView;

function fakeHandlers(overrides: Partial<Handlers> = {}): Handlers & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    getGmView: () => (calls.push('getGmView'), fakeGm),
    sendCommand: (args) => (calls.push(`sendCommand:${JSON.stringify(args)}`), fakeGm),
    undo: () => (calls.push('undo'), fakeGm),
    redo: () => (calls.push('redo'), fakeGm),
    getPlayerView: () => (calls.push('getPlayerView'), fakePlayer),
    ...overrides,
  } as Handlers & { calls: string[] }; // only the channels these tests call
}

function errorOf(result: Envelope<unknown>): { code: string; message: string } {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result.error;
}

describe('createDispatcher', () => {
  it('refuses an unknown channel with unknown-channel, naming it', async () => {
    const handlers = fakeHandlers();
    const d = createDispatcher(handlers);
    const err = errorOf(await d.dispatch('gm', 'deleteEverything', {}));
    expect(err.code).toBe('unknown-channel');
    expect(err.message).toContain('deleteEverything');
    for (const name of ['__proto__', 'constructor', 'toString', 42, null, undefined]) {
      expect(errorOf(await d.dispatch('gm', name, {})).code).toBe('unknown-channel');
    }
    expect(handlers.calls).toEqual([]);
  });

  it('keeps the echoed channel name short', async () => {
    const err = errorOf(await createDispatcher(fakeHandlers()).dispatch('gm', 'x'.repeat(10_000), {}));
    expect(err.code).toBe('unknown-channel');
    expect(err.message.length).toBeLessThan(200);
  });

  it.each(['getGmView', 'sendCommand', 'undo', 'redo'])('refuses GM-only %s from a player with forbidden', async (channel) => {
    const handlers = fakeHandlers();
    const err = errorOf(await createDispatcher(handlers).dispatch('player', channel, {}));
    expect(err).toEqual({ code: 'forbidden', message: `A player window may not call ${channel}.` });
    expect(handlers.calls).toEqual([]);
  });

  it("refuses getTableProjector from the player role (the GM's mirror reads it; a player page has its own)", async () => {
    const err = errorOf(await createDispatcher(fakeHandlers()).dispatch('player', 'getTableProjector', {}));
    expect(err.code).toBe('forbidden');
  });

  it('checks the role before the arguments (a player learns nothing about GM argument shapes)', async () => {
    const err = errorOf(await createDispatcher(fakeHandlers()).dispatch('player', 'sendCommand', 'garbage'));
    expect(err.code).toBe('forbidden');
  });

  it.each([
    ['a wrong type deep inside', { command: { type: 'moveFigure', figureId: 'bram', to: { q: 'ten', r: 5 } } }, 'command.to.q'],
    ['a facing out of range', { command: { type: 'turnFigure', figureId: 'bram', facing: 9 } }, 'command.facing'],
    ['an extra key on the command', { command: { type: 'turnFigure', figureId: 'bram', facing: 1, hp: 99 } }, 'command'],
    ['an extra key on the arguments', { command: { type: 'turnFigure', figureId: 'bram', facing: 1 }, admin: true }, '(arguments)'],
    ['a missing command', {}, 'command'],
    ['an unknown command type', { command: { type: 'killFigure', figureId: 'bram' } }, 'command.type'],
    ['a bad figure id', { command: { type: 'turnFigure', figureId: 'a b', facing: 1 } }, 'command.figureId'],
  ])('refuses %s with invalid-args naming the path', async (_what, args, path) => {
    const handlers = fakeHandlers();
    const err = errorOf(await createDispatcher(handlers).dispatch('gm', 'sendCommand', args));
    expect(err.code).toBe('invalid-args');
    expect(err.message).toContain('The request to sendCommand was malformed');
    expect(err.message).toContain(`${path}:`);
    expect(handlers.calls).toEqual([]);
  });

  it.each([
    ['a string', 'hello'],
    ['a number', 7],
    ['an array', []],
    ['true', true],
  ])('refuses %s as arguments with invalid-args', async (_what, args) => {
    const handlers = fakeHandlers();
    const err = errorOf(await createDispatcher(handlers).dispatch('gm', 'getGmView', args));
    expect(err.code).toBe('invalid-args');
    expect(err.message).toContain('(arguments)');
    expect(handlers.calls).toEqual([]);
  });

  it('refuses extra keys on a channel without arguments', async () => {
    const err = errorOf(await createDispatcher(fakeHandlers()).dispatch('gm', 'undo', { steps: 5 }));
    expect(err.code).toBe('invalid-args');
    expect(err.message).toMatch(/steps/);
  });

  it('treats missing arguments of a no-argument channel as {}', async () => {
    const handlers = fakeHandlers();
    const d = createDispatcher(handlers);
    expect(await d.dispatch('gm', 'getGmView', undefined)).toEqual({ ok: true, value: fakeGm });
    expect(handlers.calls).toEqual(['getGmView']);
  });

  it('refuses args: null as malformed, and runs nothing (it used to run an undo)', async () => {
    const handlers = fakeHandlers();
    const d = createDispatcher(handlers);
    for (const channel of ['undo', 'getGmView', 'sendCommand']) {
      expect(errorOf(await d.dispatch('gm', channel, null)).code).toBe('invalid-args');
    }
    expect(handlers.calls).toEqual([]);
  });

  it('passes the parsed arguments to the handler and wraps the value', async () => {
    const handlers = fakeHandlers();
    const command = { type: 'moveFigure', figureId: 'bram', to: { q: 10, r: 5 } };
    expect(await createDispatcher(handlers).dispatch('gm', 'sendCommand', { command })).toEqual({ ok: true, value: fakeGm });
    expect(await createDispatcher(handlers).dispatch('player', 'getPlayerView', {})).toEqual({ ok: true, value: fakePlayer });
    expect(handlers.calls).toEqual([`sendCommand:${JSON.stringify({ command })}`, 'getPlayerView']);
  });

  it('turns an AppError from a handler into its code and message, without logging', async () => {
    const log = vi.fn();
    const d = createDispatcher(
      fakeHandlers({
        sendCommand: () => {
          throw new AppError('rule', 'A wall blocks that hex.');
        },
        undo: async () => {
          throw new AppError('conflict', 'There is nothing to undo.');
        },
      }),
      log,
    );
    const command = { type: 'turnFigure', figureId: 'bram', facing: 2 };
    expect(await d.dispatch('gm', 'sendCommand', { command })).toEqual({
      ok: false,
      error: { code: 'rule', message: 'A wall blocks that hex.' },
    });
    expect(await d.dispatch('gm', 'undo', {})).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'There is nothing to undo.' },
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('turns a plain Error into internal, hides its text from the window, and logs it', async () => {
    const log = vi.fn();
    const d = createDispatcher(
      fakeHandlers({
        getGmView: () => {
          throw new Error('ENOENT /home/gm/secret/path');
        },
      }),
      log,
    );
    const err = errorOf(await d.dispatch('gm', 'getGmView', {}));
    expect(err.code).toBe('internal');
    expect(err.message).toContain('getGmView');
    expect(err.message).not.toContain('secret');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toContain('handler getGmView failed');
    expect(log.mock.calls[0]![0]).toContain('ENOENT /home/gm/secret/path');
  });

  it('turns a thrown non-Error and a rejected promise into internal as well', async () => {
    const log = vi.fn();
    const d = createDispatcher(
      fakeHandlers({
        redo: () => {
          throw 'a string';
        },
        undo: () => Promise.reject(new TypeError('boom')),
      }),
      log,
    );
    expect(errorOf(await d.dispatch('gm', 'redo', {})).code).toBe('internal');
    expect(errorOf(await d.dispatch('gm', 'undo', {})).code).toBe('internal');
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0]![0]).toContain('a string');
    expect(log.mock.calls[1]![0]).toContain('boom');
  });

  it('does not throw when no log callback is given', async () => {
    const d = createDispatcher(
      fakeHandlers({
        getGmView: () => {
          throw new Error('x');
        },
      }),
    );
    await expect(d.dispatch('gm', 'getGmView', {})).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('the real Core dispatcher', () => {
  it('answers a GM and a player on the real sample, and refuses a bad command with rule', async () => {
    const dataDir = await dirs.make();
    const core = await Core.start({ dataDir, sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
    const gm = await core.dispatcher.dispatch('gm', 'getGmView', {});
    expect(gm.ok).toBe(true);
    const player = await core.dispatcher.dispatch('player', 'getPlayerView', {});
    expect(player.ok && (player.value as PlayerView).encounter.name).toBe('Ambush at the Ford');
    const wall = await core.dispatcher.dispatch('gm', 'sendCommand', {
      command: { type: 'moveFigure', figureId: 'bram', to: { q: 20, r: 0 } },
    });
    expect(errorOf(wall)).toEqual({ code: 'rule', message: 'Bram can only step to an adjacent hex here.' });
    const ghost = await core.dispatcher.dispatch('gm', 'sendCommand', {
      command: { type: 'turnFigure', figureId: 'nobody', facing: 1 },
    });
    expect(errorOf(ghost).code).toBe('not-found');
    expect(errorOf(await core.dispatcher.dispatch('gm', 'undo', {})).code).toBe('conflict');
  });

  it.each(ROLES)('lets a %s page call exactly the channels its page and preload were given names for', async (role) => {
    const d = createDispatcher(fakeHandlers());
    const named = new Set<string>(contractNames(role).channels);
    for (const channel of Object.keys(CHANNELS) as ChannelName[]) {
      // A malformed argument: a granted channel is refused for it, an ungranted one before it.
      const code = errorOf(await d.dispatch(role, channel, { notAnArgument: true })).code;
      expect({ channel, code }).toEqual({ channel, code: named.has(channel) ? 'invalid-args' : 'forbidden' });
    }
  });
});
