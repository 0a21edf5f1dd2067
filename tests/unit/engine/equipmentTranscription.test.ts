/**
 * The equipment data compared cell by cell with the rulebook file, when it is on this machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARMOR, GEAR, SHIELDS, WEAPONS, type WeaponCategory } from '../../../src/main/engine/equipment';

// ---------------------------------------------------------------------------------------------
// Cross-check against the rulebook itself, when it is on this machine (it lives outside the repo).

const RULEBOOK = '/work/shared/rules/001_6c46ad3b2db399fd.txt';

function tableRows(doc: string, heading: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`heading ${heading} not found`);
  const rows: string[][] = [];
  let seenTable = false;
  for (const l of lines.slice(start + 1)) {
    if (l.startsWith('#')) break;
    if (!l.startsWith('|')) {
      if (seenTable) break;
      continue;
    }
    seenTable = true;
    rows.push(
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2).filter((r) => !(r[0] ?? '').startsWith('**')); // header, rule line, legend
}

describe.skipIf(!existsSync(RULEBOOK))('transcription against the rulebook file', () => {
  const doc = existsSync(RULEBOOK) ? readFileSync(RULEBOOK, 'utf8') : '';

  it('weapon tables, cell by cell', () => {
    const sections: [string, WeaponCategory][] = [
      ['### Knives and Swords', 'knives-and-swords'],
      ['### Axes/Hammers/Maces', 'axes-hammers-maces'],
      ['### Missile Weapons', 'missile-weapons'],
      ['### Pole Weapons', 'pole-weapons'],
      ['### Unusual Weapons', 'unusual-weapons'],
    ];
    for (const [heading, category] of sections) {
      const docRows = tableRows(doc, heading).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5] ?? '']);
      const ours = WEAPONS.filter((w) => w.category === category).map((w) => [w.name + w.marks, w.damage.text, w.strText, w.cost.text, w.weight.text, w.notes]);
      expect(ours, heading).toEqual(docRows);
    }
  });

  it('armour table, cell by cell', () => {
    const docRows = tableRows(doc, '### Armor and Shields');
    const ours = [...ARMOR, ...SHIELDS].map((a) => [a.name, String(a.stops), a.dexText, a.cost.text, a.weightText, a.restrictionText]);
    expect(ours).toEqual(docRows);
  });

  it('gear tables, cell by cell', () => {
    const sections: [string, string][] = [
      ['#### Basics', 'basics'],
      ['#### Containers', 'containers'],
      ['#### Tools', 'tools'],
      ['#### Writing & Knowledge', 'writing-and-knowledge'],
      ['#### Special Items', 'special-items'],
      ['#### Clothing', 'clothing'],
      ['#### Mounts & Vehicles', 'mounts-and-vehicles'],
      ['#### Lodging & Services (per day)', 'lodging-and-services'],
    ];
    for (const [heading, section] of sections) {
      const docRows = tableRows(doc, heading);
      const ours = GEAR.filter((g) => g.section === section).map((g) => [g.name, g.cost.text]);
      expect(ours, heading).toEqual(docRows);
    }
  });
});
