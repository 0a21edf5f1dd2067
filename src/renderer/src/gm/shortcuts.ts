import { terrainLook } from '../map/terrainLook';

/** Every keyboard shortcut of the GM page, for the help overlay (`?`). */
export const SHORTCUTS: readonly { readonly group: string; readonly keys: readonly (readonly [string, string])[] }[] = [
  {
    group: 'Encounter',
    keys: [
      ['Ctrl+Z', 'Undo the last change'],
      ['Ctrl+Shift+Z', 'Redo'],
      ['Q / E', 'Turn the selected figure left / right (placing: the figure to place; dragging: the figure dragged, as the wheel does)'],
      ['H', 'Hide the selected figure from the players, or reveal it (nothing else)'],
      ['Y / N', 'Sight-driven fog: while "Reveal …?" is asked, reveal the figure to the players / not yet (before any other use of Y or N)'],
      ['Right click', 'A figure’s menu: hide / reveal, turn'],
      ['Tab / N', "Select the next figure (in the tracker: on a figure's row)"],
      ['Shift+Tab', 'Select the previous figure'],
      ['Esc', 'Close this, stop placing, leave a tool, then clear the selection'],
    ],
  },
  {
    group: 'Turn',
    keys: [
      ['Ctrl+Enter', 'Next phase (asks before overriding an unfinished one)'],
      ['D', 'Roll: initiative, or the attack being set up'],
      ['A', 'Select the figure whose turn it is'],
      ['T', 'Put the keyboard focus in the tracker (then Tab, Enter, Space)'],
      ['1 – 4', 'Movement: walk, jog, run or sprint for the figure due'],
      ['Y', 'Initial movement: the figure due yields'],
      ['O', 'Show or hide reach bands and facing on the map'],
      ['Esc', 'Cancel the move or attack being set up'],
    ],
  },
  {
    group: 'Map',
    keys: [
      ['← ↑ → ↓', 'Pan the map'],
      ['+ / −', 'Zoom in / out'],
      ['0', 'Fit the map to the window'],
      ['V', 'Select and move figures'],
      ['P', 'Terrain brush'],
      ['[ / ]', 'Smaller / larger brush'],
      ['R', 'Ruler: range in hexes, megahexes and modifiers'],
      ['W', 'Draw: drag for a line, click for a label; its bar picks the pen, the eraser and whether players see it'],
      ['G', 'Ping the hex under the pointer: both maps pulse there for two seconds'],
      ['Shift+G', 'Ping it and turn the projector to it (held, at the size it shows now)'],
      ['M', 'Show or hide megahexes'],
    ],
  },
  {
    group: 'Projector',
    keys: [
      ['F', 'Projector follows this map'],
      ['L', 'Projector holds (locks on) the current framing'],
      ['B', 'Black out the projector, or bring it back'],
      ['K', 'Stage: keep the TV on its scene while you prepare the next one; again, show what you have open'],
      ['Shift+K', 'Put the TV back on the scene it showed before the staged one (what you have open waits again)'],
      ['I', 'Open or close the mirror of the TV (what the player display shows, drawn small)'],
    ],
  },
  {
    group: 'Magic',
    keys: [
      ['Esc', 'Cast flow: stop picking a target hex on the map'],
      ['Enter', 'Cast flow: aim at the hex typed as q,r'],
    ],
  },
  { group: 'Campaign', keys: [['C', 'Campaigns, encounters, rules settings and exports']] },
  { group: 'Help', keys: [['?', 'Show or hide these shortcuts']] },
];

/** The brush paints a terrain kind or hides/reveals hexes from the players. */
export type BrushKind = 'wall' | 'shadow' | 'fire' | 'broken' | 'body' | 'open' | 'hide' | 'reveal';

const terrainBrush = (kind: 'wall' | 'shadow' | 'fire' | 'broken' | 'body' | 'open') => ({
  kind,
  label: terrainLook(kind).label,
  colour: terrainLook(kind).fill,
});

export const BRUSHES: readonly { readonly kind: BrushKind; readonly label: string; readonly colour: string }[] = [
  terrainBrush('wall'),
  terrainBrush('shadow'),
  terrainBrush('fire'),
  terrainBrush('broken'),
  terrainBrush('body'),
  terrainBrush('open'),
  { kind: 'hide', label: 'Hide from players', colour: '#7b3fb0' },
  { kind: 'reveal', label: 'Reveal to players', colour: '#d8d2c4' },
];

/** A signed modifier as the GM reads it: −2, +1, 0. */
export function signed(value: number): string {
  return value < 0 ? `−${-value}` : value > 0 ? `+${value}` : '0';
}
