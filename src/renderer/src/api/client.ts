import type { ClientApi, Role } from '../../../shared/contract';
import { createWsClient } from './wsClient';

declare global {
  interface Window {
    /** Set by the Electron preload of this window's role. */
    api?: unknown;
  }
}

/** The page's client of the contract: the preload's under Electron, the WebSocket's in a browser. */
export function connectApi<R extends Role>(role: R): ClientApi<R> {
  if (window.api) return window.api as ClientApi<R>;
  const token = new URLSearchParams(location.search).get('token');
  if (!token) throw new Error('This page needs the link the console printed (it carries an access token).');
  return createWsClient(role, token);
}
