/**
 * Adventuring gear (001 §Adventuring Gear): every row of its tables and lists, with the cost as
 * written and read into copper pieces (001 §Currency System). 001 gives no weights for gear, so
 * `weightLbs` is null throughout; the GM can weigh a carried item by hand.
 */
import { parseCost, type Cost } from './currency';

export type GearSection =
  | 'basics'
  | 'standard-pack'
  | 'rations'
  | 'containers'
  | 'tools'
  | 'writing-and-knowledge'
  | 'special-items'
  | 'clothing'
  | 'mounts-and-vehicles'
  | 'lodging-and-services';

/** Section headings as the document writes them. */
export const GEAR_SECTION_TITLES: Readonly<Record<GearSection, string>> = {
  basics: 'Basics',
  'standard-pack': 'Standard Pack',
  rations: 'Rations',
  containers: 'Containers',
  tools: 'Tools',
  'writing-and-knowledge': 'Writing & Knowledge',
  'special-items': 'Special Items',
  clothing: 'Clothing',
  'mounts-and-vehicles': 'Mounts & Vehicles',
  'lodging-and-services': 'Lodging & Services (per day)',
};

export interface PackEntry {
  /** The list entry as written (`50' rope`). */
  readonly text: string;
  /** The gear row it names. */
  readonly gearId: string;
}

export interface GearItem {
  /** Stable kebab-case id, made from the name (`Rope, hemp (50 ft)` → `rope-hemp-50-ft`). */
  readonly id: string;
  readonly section: GearSection;
  /** `001 §Adventuring Gear, Basics` etc. */
  readonly source: string;
  readonly name: string;
  readonly cost: Cost;
  /** 001 gives no gear weights. */
  readonly weightLbs: number | null;
  /** `day` for the Lodging & Services rows priced by the heading's "(per day)"; rates written per mile carry it in `cost`. */
  readonly period: 'day' | null;
  /** What the document adds after the price, in our words; null when nothing. */
  readonly notes: string | null;
  /** The Standard Pack's list; null for every other row. */
  readonly contents: readonly PackEntry[] | null;
}

export function gearId(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function sourceOf(section: GearSection): string {
  return `001 §Adventuring Gear, ${GEAR_SECTION_TITLES[section]}`;
}

function g(section: GearSection, name: string, cost: string, notes: string | null = null): GearItem {
  const parsed = parseCost(cost, 'gp');
  return {
    id: gearId(name),
    section,
    source: sourceOf(section),
    name,
    cost: parsed,
    weightLbs: null,
    period: section === 'lodging-and-services' && parsed.kind !== 'rate' ? 'day' : null,
    notes,
    contents: null,
  };
}

// 001 §Adventuring Gear, Basics — Item | Cost
const BASICS: readonly GearItem[] = [
  g('basics', 'Backpack', '2 gp'),
  g('basics', 'Bedroll', '1 gp'),
  g('basics', 'Blanket', '5 sp'),
  g('basics', 'Candle', '1 cp'),
  g('basics', 'Torch', '1 cp'),
  g('basics', 'Lamp', '5 sp'),
  g('basics', 'Oil (flask)', '1 sp'),
  g('basics', 'Tinderbox', '5 sp'),
  g('basics', 'Waterskin', '2 sp'),
  g('basics', 'Rations (1 day)', '5 sp'),
  g('basics', 'Rope, hemp (50 ft)', '1 gp'),
  g('basics', 'Rope, silk (50 ft)', '10 gp'),
  g('basics', 'Grappling hook', '2 gp'),
  g('basics', 'Hammer', '1 gp'),
  g('basics', 'Piton', '5 cp'),
  g('basics', '10 ft pole', '2 sp'),
  g('basics', 'Iron spikes (10)', '1 gp'),
];

// 001 §Adventuring Gear, Standard Pack — a list of five items, no price of its own.
// "50' rope" does not say which rope; we point it at the hemp rope, the ordinary one.
const STANDARD_PACK_ROW: GearItem = {
  id: 'standard-pack',
  section: 'standard-pack',
  source: sourceOf('standard-pack'),
  name: 'Standard Pack',
  cost: parseCost('—'),
  weightLbs: null,
  period: null,
  notes: 'Contents only; 001 gives the pack no price of its own.',
  contents: [
    { text: 'Waterskin', gearId: 'waterskin' },
    { text: "50' rope", gearId: 'rope-hemp-50-ft' },
    { text: 'Tinderbox', gearId: 'tinderbox' },
    { text: 'Bedroll', gearId: 'bedroll' },
    { text: 'Blanket', gearId: 'blanket' },
  ],
};

// 001 §Adventuring Gear, Rations — a list: name: price (remarks)
const RATIONS: readonly GearItem[] = [
  g('rations', 'One month cram', '1 gp', 'Never expires. Eaten as the only food, it gives −1 after each month (001 does not say to what; the GM decides).'),
  g('rations', 'One month regular', '30 gp', 'Goes bad after a month.'),
];

// 001 §Adventuring Gear, Containers — Item | Cost
const CONTAINERS: readonly GearItem[] = [
  g('containers', 'Barrel', '2 gp'),
  g('containers', 'Basket', '4 sp'),
  g('containers', 'Bottle', '2 gp'),
  g('containers', 'Bucket', '5 cp'),
  g('containers', 'Chest', '5 gp'),
  g('containers', 'Flask', '2 cp'),
  g('containers', 'Jug', '2 cp'),
  g('containers', 'Pot, iron', '2 gp'),
  g('containers', 'Pouch', '5 sp'),
  g('containers', 'Sack', '1 cp'),
  g('containers', 'Vial', '1 gp'),
];

// 001 §Adventuring Gear, Tools — Item | Cost
const TOOLS: readonly GearItem[] = [
  g('tools', "Artisan's tools", '10-50 gp'),
  g('tools', "Climber's kit", '25 gp'),
  g('tools', "Healer's kit", '25 gp'),
  g('tools', 'Herbalism kit', '5 gp'),
  g('tools', 'Musical instrument', '5-50 gp'),
  g('tools', "Navigator's tools", '25 gp'),
];

// 001 §Adventuring Gear, Writing & Knowledge — Item | Cost
const WRITING_AND_KNOWLEDGE: readonly GearItem[] = [
  g('writing-and-knowledge', 'Ink (1 oz)', '10 gp'),
  g('writing-and-knowledge', 'Ink pen', '2 cp'),
  g('writing-and-knowledge', 'Paper (sheet)', '2 sp'),
  g('writing-and-knowledge', 'Parchment (sheet)', '1 sp'),
  g('writing-and-knowledge', 'Book, blank', '25 gp'),
  g('writing-and-knowledge', 'Map, local', '5 gp'),
  g('writing-and-knowledge', 'Map, regional', '50 gp'),
  g('writing-and-knowledge', 'Spellbook, blank', '50 gp'),
];

// 001 §Adventuring Gear, Special Items — Item | Cost
const SPECIAL_ITEMS: readonly GearItem[] = [
  g('special-items', 'Acid (vial)', '25 gp'),
  g('special-items', "Alchemist's fire", '50 gp'),
  g('special-items', 'Antitoxin (vial)', '50 gp'),
  g('special-items', 'Holy water (flask)', '25 gp'),
  g('special-items', 'Healing potion', '50 gp'),
  g('special-items', 'Lock, simple', '10 gp'),
  g('special-items', 'Lock, good', '40 gp'),
  g('special-items', 'Lock, superior', '150 gp'),
  g('special-items', 'Manacles', '2 gp'),
  g('special-items', 'Mirror, steel', '5 gp'),
  g('special-items', 'Spyglass', '1,000 gp'),
  g('special-items', 'Magnifying glass', '100 gp'),
];

// 001 §Adventuring Gear, Clothing — Item | Cost
const CLOTHING: readonly GearItem[] = [
  g('clothing', 'Common clothes', '5 sp'),
  g('clothing', "Traveler's clothes", '2 gp'),
  g('clothing', 'Fine clothes', '15 gp'),
  g('clothing', "Noble's outfit", '75 gp'),
  g('clothing', 'Cloak', '1 gp'),
  g('clothing', 'Winter cloak', '5 gp'),
  g('clothing', 'Boots', '1 gp'),
  g('clothing', 'Hat', '2 sp'),
  g('clothing', 'Gloves', '5 sp'),
];

// 001 §Adventuring Gear, Mounts & Vehicles — Item | Cost
const MOUNTS_AND_VEHICLES: readonly GearItem[] = [
  g('mounts-and-vehicles', 'Donkey/mule', '8 gp'),
  g('mounts-and-vehicles', 'Horse, draft', '50 gp'),
  g('mounts-and-vehicles', 'Horse, riding', '75 gp'),
  g('mounts-and-vehicles', 'Warhorse', '400 gp'),
  g('mounts-and-vehicles', 'Pony', '30 gp'),
  g('mounts-and-vehicles', 'Cart', '15 gp'),
  g('mounts-and-vehicles', 'Wagon', '35 gp'),
  g('mounts-and-vehicles', 'Carriage', '100 gp'),
  g('mounts-and-vehicles', 'Saddle, riding', '10 gp'),
  g('mounts-and-vehicles', 'Saddlebags', '4 gp'),
];

// 001 §Adventuring Gear, Lodging & Services (per day) — Service | Cost
const LODGING_AND_SERVICES: readonly GearItem[] = [
  g('lodging-and-services', 'Poor inn', '2 sp'),
  g('lodging-and-services', 'Modest inn', '1 gp'),
  g('lodging-and-services', 'Comfortable inn', '2 gp'),
  g('lodging-and-services', 'Wealthy inn', '4 gp'),
  g('lodging-and-services', 'Poor meal', '6 cp'),
  g('lodging-and-services', 'Modest meal', '3 sp'),
  g('lodging-and-services', 'Comfortable meal', '5 sp'),
  g('lodging-and-services', 'Wealthy meal', '2 gp'),
  g('lodging-and-services', 'Ale (mug)', '2 cp'),
  g('lodging-and-services', 'Wine, common', '2 sp'),
  g('lodging-and-services', 'Wine, fine', '10 gp'),
  g('lodging-and-services', 'Messenger', '2 cp/mile'),
  g('lodging-and-services', 'Coach ride', '3 cp/mile'),
  g('lodging-and-services', 'Ship passage', '1 sp/mile'),
];

/** Every gear row, in the document's order. */
export const GEAR: readonly GearItem[] = [
  ...BASICS,
  STANDARD_PACK_ROW,
  ...RATIONS,
  ...CONTAINERS,
  ...TOOLS,
  ...WRITING_AND_KNOWLEDGE,
  ...SPECIAL_ITEMS,
  ...CLOTHING,
  ...MOUNTS_AND_VEHICLES,
  ...LODGING_AND_SERVICES,
];

/** The Standard Pack's contents (001 §Adventuring Gear, Standard Pack). */
export const STANDARD_PACK: readonly PackEntry[] = STANDARD_PACK_ROW.contents ?? [];

export function gearInSection(section: GearSection): readonly GearItem[] {
  return GEAR.filter((item) => item.section === section);
}
