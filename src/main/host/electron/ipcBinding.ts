import { CHANNELS, ipcChannel, type ChannelName, type Envelope, type PageRole } from '../../../shared/contract';
import type { Dispatcher } from '../dispatch';
import { checkSender } from '../security';

/** The parts of Electron's ipcMain and its events this binding needs (so it can be tested). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
}
export interface InvokeEventLike {
  readonly sender: { readonly id: number; readonly mainFrame: unknown };
  readonly senderFrame: { readonly url: string } | null;
}

/**
 * Binds every contract channel on ipcMain. Each call is checked for its sender (a window this
 * app made, its main frame, the app's page for that role) before the dispatcher sees it.
 */
export function bindIpc(ipcMain: IpcMainLike, dispatcher: Dispatcher, roleOf: (webContentsId: number) => PageRole | null): void {
  for (const name of Object.keys(CHANNELS) as ChannelName[]) {
    ipcMain.handle(ipcChannel(name), async (event, args): Promise<Envelope<unknown>> => {
      const verdict = checkSender({
        windowRole: roleOf(event.sender.id),
        isMainFrame: event.senderFrame !== null && event.senderFrame === event.sender.mainFrame,
        frameUrl: event.senderFrame?.url ?? '',
      });
      if (!verdict.ok) return { ok: false, error: { code: 'forbidden', message: `Refused: ${verdict.reason}.` } };
      return dispatcher.dispatch(verdict.role, name, args);
    });
  }
}
