/** The application menu, built from plain data: labels, shortcuts and what a click does. */
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { SHORTCUTS, menuTemplate, type MenuActions, type MenuState } from '../../../src/main/host/electron/menu';

type Spies = { [K in keyof MenuActions]: Mock<MenuActions[K]> };

function actions(): Spies {
  return {
    newCampaign: vi.fn<MenuActions['newCampaign']>(),
    openCampaign: vi.fn<MenuActions['openCampaign']>(),
    openRecent: vi.fn<MenuActions['openRecent']>(),
    saveCopy: vi.fn<MenuActions['saveCopy']>(),
    undo: vi.fn<MenuActions['undo']>(),
    redo: vi.fn<MenuActions['redo']>(),
    togglePlayerWindow: vi.fn<MenuActions['togglePlayerWindow']>(),
    choosePlayerDisplay: vi.fn<MenuActions['choosePlayerDisplay']>(),
    showShortcuts: vi.fn<MenuActions['showShortcuts']>(),
    showAbout: vi.fn<MenuActions['showAbout']>(),
  };
}

const state: MenuState = {
  recent: ['/home/gm/Campaigns/Ford', '/home/gm/Campaigns/Tower'],
  displays: [
    { id: 1, label: 'Built-in' },
    { id: 2, label: 'Projector' },
  ],
  playerDisplayId: 2,
  playerWindowOpen: true,
};

function submenu(item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] {
  const sub = item?.submenu;
  if (!Array.isArray(sub)) throw new Error(`no submenu on ${item?.label}`);
  return sub;
}
function top(template: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  return submenu(template.find((m) => m.label === label));
}
function item(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  const found = items.find((i) => i.label === label);
  if (!found) throw new Error(`no item ${label} in ${items.map((i) => i.label ?? i.role ?? i.type).join(', ')}`);
  return found;
}
function click(i: MenuItemConstructorOptions): void {
  expect(typeof i.click).toBe('function');
  (i.click as () => void)();
}

describe('menuTemplate', () => {
  it('has File, Edit, View and Help, in that order', () => {
    expect(menuTemplate(actions(), state).map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Help']);
  });

  it('File: New, Open, Recent Campaigns, Save a Copy, Quit', () => {
    const file = top(menuTemplate(actions(), state), 'File');
    expect(file.filter((i) => i.label).map((i) => i.label)).toEqual(['New Campaign…', 'Open Campaign…', 'Recent Campaigns', 'Save a Copy…']);
    expect(item(file, 'New Campaign…').accelerator).toBe('CmdOrCtrl+N');
    expect(item(file, 'Open Campaign…').accelerator).toBe('CmdOrCtrl+O');
    expect(item(file, 'Save a Copy…').accelerator).toBe('CmdOrCtrl+Shift+S');
    expect(file.some((i) => i.role === 'quit')).toBe(true);
  });

  it('Edit: Undo and Redo with their shortcuts, plus cut/copy/paste roles', () => {
    const edit = top(menuTemplate(actions(), state), 'Edit');
    expect(item(edit, 'Undo').accelerator).toBe('CmdOrCtrl+Z');
    expect(item(edit, 'Redo').accelerator).toBe('CmdOrCtrl+Shift+Z');
    expect(edit.map((i) => i.role).filter(Boolean)).toEqual(['cut', 'copy', 'paste']);
  });

  it('View: Player Window (checkbox), Player Display, fullscreen and zoom', () => {
    const view = top(menuTemplate(actions(), state), 'View');
    const pw = item(view, 'Player Window');
    expect(pw.type).toBe('checkbox');
    expect(pw.checked).toBe(true);
    expect(pw.accelerator).toBe('CmdOrCtrl+P');
    expect(item(view, 'Player Display').enabled).toBe(true);
    expect(view.map((i) => i.role).filter(Boolean)).toEqual(['togglefullscreen', 'zoomIn', 'zoomOut', 'resetZoom']);
  });

  it('Help: Keyboard Shortcuts (F1) and About', () => {
    const help = top(menuTemplate(actions(), state), 'Help');
    expect(item(help, 'Keyboard Shortcuts').accelerator).toBe('F1');
    expect(help.map((i) => i.label)).toEqual(['Keyboard Shortcuts', 'About Pillars GM Console']);
  });

  it('each click calls exactly its own action', () => {
    const cases: [string, string, keyof MenuActions][] = [
      ['File', 'New Campaign…', 'newCampaign'],
      ['File', 'Open Campaign…', 'openCampaign'],
      ['File', 'Save a Copy…', 'saveCopy'],
      ['Edit', 'Undo', 'undo'],
      ['Edit', 'Redo', 'redo'],
      ['View', 'Player Window', 'togglePlayerWindow'],
      ['Help', 'Keyboard Shortcuts', 'showShortcuts'],
      ['Help', 'About Pillars GM Console', 'showAbout'],
    ];
    for (const [menu, label, action] of cases) {
      const a = actions();
      click(item(top(menuTemplate(a, state), menu), label));
      for (const name of Object.keys(a) as (keyof MenuActions)[]) {
        expect(a[name], `${label} → ${name}`).toHaveBeenCalledTimes(name === action ? 1 : 0);
      }
    }
  });

  it('lists the recent campaigns, newest first, and opens the one clicked', () => {
    const a = actions();
    const recent = item(top(menuTemplate(a, state), 'File'), 'Recent Campaigns');
    expect(recent.enabled).toBe(true);
    const entries = submenu(recent);
    expect(entries.map((e) => e.label)).toEqual(state.recent);
    click(entries[1]!);
    expect(a.openRecent).toHaveBeenCalledExactlyOnceWith('/home/gm/Campaigns/Tower');
  });

  it('disables Recent Campaigns when the list is empty', () => {
    const recent = item(top(menuTemplate(actions(), { ...state, recent: [] }), 'File'), 'Recent Campaigns');
    expect(recent.enabled).toBe(false);
    expect(submenu(recent)).toEqual([]);
  });

  it('shows each display as a radio item, the player display checked, and chooses the one clicked', () => {
    const a = actions();
    const entries = submenu(item(top(menuTemplate(a, state), 'View'), 'Player Display'));
    expect(entries.map((e) => [e.label, e.type, e.checked])).toEqual([
      ['Built-in', 'radio', false],
      ['Projector', 'radio', true],
    ]);
    click(entries[0]!);
    expect(a.choosePlayerDisplay).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('disables the display choice with one display and unchecks Player Window when it is closed', () => {
    const view = top(menuTemplate(actions(), { recent: [], displays: [{ id: 1, label: 'Built-in' }], playerDisplayId: null, playerWindowOpen: false }), 'View');
    expect(item(view, 'Player Display').enabled).toBe(false);
    expect(item(view, 'Player Window').checked).toBe(false);
  });

  it('uses each accelerator once', () => {
    const accels: string[] = [];
    const walk = (items: MenuItemConstructorOptions[]) => {
      for (const i of items) {
        if (typeof i.accelerator === 'string') accels.push(i.accelerator);
        if (Array.isArray(i.submenu)) walk(i.submenu);
      }
    };
    walk(menuTemplate(actions(), state));
    expect(new Set(accels).size).toBe(accels.length);
  });

  it('documents undo/redo and the player window among the shortcuts', () => {
    const keys = SHORTCUTS.map(([k]) => k).join(' | ');
    expect(keys).toContain('Ctrl+Z');
    expect(keys).toContain('Ctrl+P');
  });
});
