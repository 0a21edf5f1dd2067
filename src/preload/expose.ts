import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { contractNames, ipcChannel, ipcEvent, type Role } from '../shared/channelAccess';

/**
 * Exposes `window.api` for one role: a named method per channel that role may call and `on`
 * for its pushes, nothing else (never a generic ipcRenderer).
 */
export function exposeApi(role: Role): void {
  const names = contractNames(role);
  const api: Record<string, unknown> = {};
  for (const name of names.channels) {
    api[name] = (args: unknown) => ipcRenderer.invoke(ipcChannel(name), args);
  }
  const events = new Set<string>(names.events);
  api.on = (event: string, listener: (payload: unknown) => void) => {
    if (!events.has(event)) throw new Error(`A ${role} window cannot listen to "${event}".`);
    const channel = ipcEvent(event as (typeof names.events)[number]);
    const handler = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => void ipcRenderer.removeListener(channel, handler);
  };
  contextBridge.exposeInMainWorld('api', Object.freeze(api));
}
