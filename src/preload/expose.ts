import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { channelNamesFor, eventNamesFor, ipcChannel, ipcEvent, type Role } from '../shared/contract';

/**
 * Exposes `window.api` for one role: a named method per channel that role may call and `on`
 * for its pushes, nothing else (never a generic ipcRenderer).
 */
export function exposeApi(role: Role): void {
  const api: Record<string, unknown> = {};
  for (const name of channelNamesFor(role)) {
    api[name] = (args: unknown) => ipcRenderer.invoke(ipcChannel(name), args);
  }
  const events = new Set<string>(eventNamesFor(role));
  api.on = (event: string, listener: (payload: unknown) => void) => {
    if (!events.has(event)) throw new Error(`A ${role} window cannot listen to "${event}".`);
    const channel = ipcEvent(event as Parameters<typeof ipcEvent>[0]);
    const handler = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => void ipcRenderer.removeListener(channel, handler);
  };
  contextBridge.exposeInMainWorld('api', Object.freeze(api));
}
