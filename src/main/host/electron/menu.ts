import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  newCampaign(): void;
  openCampaign(): void;
  openRecent(dir: string): void;
  saveCopy(): void;
  undo(): void;
  redo(): void;
  togglePlayerWindow(): void;
  choosePlayerDisplay(displayId: number): void;
  showShortcuts(): void;
  showAbout(): void;
}

export interface MenuState {
  readonly recent: readonly string[];
  readonly displays: readonly { id: number; label: string }[];
  readonly playerDisplayId: number | null;
  readonly playerWindowOpen: boolean;
}

/** The application menu: built from plain data so it can be tested without Electron. */
export function menuTemplate(actions: MenuActions, state: MenuState): MenuItemConstructorOptions[] {
  return [
    {
      label: 'File',
      submenu: [
        { label: 'New Campaign…', accelerator: 'CmdOrCtrl+N', click: () => actions.newCampaign() },
        { label: 'Open Campaign…', accelerator: 'CmdOrCtrl+O', click: () => actions.openCampaign() },
        {
          label: 'Recent Campaigns',
          enabled: state.recent.length > 0,
          submenu: state.recent.map((dir) => ({ label: dir, click: () => actions.openRecent(dir) })),
        },
        { type: 'separator' },
        { label: 'Save a Copy…', accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.saveCopy() },
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { label: 'Undo', accelerator: 'CmdOrCtrl+Z', click: () => actions.undo() },
        { label: 'Redo', accelerator: 'CmdOrCtrl+Shift+Z', click: () => actions.redo() },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
      ],
    },
    {
      label: 'View',
      submenu: [
        {
          id: 'player-window',
          label: 'Player Window',
          type: 'checkbox',
          checked: state.playerWindowOpen,
          accelerator: 'CmdOrCtrl+P',
          click: () => actions.togglePlayerWindow(),
        },
        {
          label: 'Player Display',
          enabled: state.displays.length > 1,
          submenu: state.displays.map((d) => ({
            label: d.label,
            type: 'radio' as const,
            checked: d.id === state.playerDisplayId,
            click: () => actions.choosePlayerDisplay(d.id),
          })),
        },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'resetZoom' },
      ],
    },
    {
      label: 'Help',
      submenu: [
        { label: 'Keyboard Shortcuts', accelerator: 'F1', click: () => actions.showShortcuts() },
        { label: 'About Pillars GM Console', click: () => actions.showAbout() },
      ],
    },
  ];
}

export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['Ctrl+Z / Ctrl+Shift+Z', 'Undo / redo the last command'],
  ['Ctrl+P', 'Open or close the player window'],
  ['Drag a figure', 'Move it to an adjacent free hex'],
  ['Q / E', 'Turn the selected figure left / right'],
  ['Mouse wheel', 'Zoom the map around the pointer'],
  ['Drag the background', 'Pan the map'],
];
