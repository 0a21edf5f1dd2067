import { afterAll, beforeAll } from 'vitest';
import { Core } from '../../src/main/host/core';
import type { Envelope } from '../../src/shared/contract';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from './tempCampaign';

export interface GmCoreForTests {
  /** The real Core on a temp data folder holding the sample campaign (started in beforeAll). */
  readonly core: Core;
  /** Calls a channel through the real dispatcher, as a GM window would. */
  call(channel: string, args: unknown): Promise<Envelope<unknown>>;
  /** The value of a successful envelope; a refusal fails the test with its code and message. */
  ok<T>(p: Promise<Envelope<unknown>>): Promise<T>;
  /** sendCommand, optionally with faces entered at the table; resolves to the new GM view. */
  send<T = unknown>(command: unknown, entered?: number[][]): Promise<T>;
}

/** Registers beforeAll/afterAll that start a real Core for the file's tests, and close it and clean up after. */
export function gmCoreForTests(): GmCoreForTests {
  const dirs = tempDirs();
  let core: Core | undefined;
  beforeAll(async () => {
    core = await Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
  });
  afterAll(async () => {
    await core?.close();
    await dirs.cleanup();
  });
  const api: GmCoreForTests = {
    get core() {
      if (!core) throw new Error('the Core starts in beforeAll');
      return core;
    },
    call: (channel, args) => api.core.dispatcher.dispatch('gm', channel, args),
    async ok<T>(p: Promise<Envelope<unknown>>) {
      const r = await p;
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      return r.value as T;
    },
    send: <T>(command: unknown, entered?: number[][]) => api.ok<T>(api.call('sendCommand', entered ? { command, entered } : { command })),
  };
  return api;
}
