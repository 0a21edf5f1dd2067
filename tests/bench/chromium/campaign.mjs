// The bench's encounter: the sample encounter's state (so it stays valid as the schema grows)
// stretched to a large map with many figures, and continuing spells at bare hexes.

/** Offset (col, row) → axial for the given orientation, as src/shared/mapGrid.ts. */
function offsetToAxial(orientation, col, row) {
  return orientation === 'flat' ? { q: col, r: row - Math.floor(col / 2) } : { q: col - Math.floor(row / 2), r: row };
}

/** A small deterministic generator (no Math.random: the bench is the same every run). */
function generator(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * `art`: every figure gets token art, the sample's four images in turn (for the budgets with
 * art on all 250 figures); otherwise no figure has any.
 */
export function buildEncounter(sample, { cols, rows, figures, art = false }) {
  const rnd = generator(20260707);
  const arts = sample.figures.flatMap((f) => (f.art ? [f.art] : []));
  if (art && arts.length === 0) throw new Error('The sample figures carry no art to spread over the bench.');
  const orientation = sample.map.orientation;
  const terrain = {};
  const hidden = [];
  const kinds = ['wall', 'shadow', 'fire', 'broken', 'body'];
  const taken = new Set();
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const h = offsetToAxial(orientation, col, row);
      const roll = rnd();
      if (roll < 0.12) terrain[`${h.q},${h.r}`] = kinds[Math.floor(rnd() * kinds.length)];
      if (col > cols - 12 && row < 12) hidden.push(`${h.q},${h.r}`);
    }
  }
  const templates = sample.figures.filter((f) => !f.hidden);
  const out = [];
  for (let i = 0; i < figures; i++) {
    let col;
    let row;
    let key;
    do {
      col = Math.floor(rnd() * (cols - 12));
      row = 12 + Math.floor(rnd() * (rows - 12));
      const h = offsetToAxial(orientation, col, row);
      key = `${h.q},${h.r}`;
    } while (taken.has(key));
    taken.add(key);
    delete terrain[key];
    const t = templates[i % templates.length];
    const side = sample.sides[i % sample.sides.length];
    const { art: _sampleArt, ...plain } = structuredClone(t);
    out.push({
      ...plain,
      ...(art ? { art: arts[i % arts.length] } : {}),
      id: `f${String(i + 1).padStart(3, '0')}`,
      name: `${t.name} ${i + 1}`,
      sideId: side.id,
      position: offsetToAxial(orientation, col, row),
      facing: i % 6,
      posture: 'standing',
      hidden: false,
    });
  }
  const ids = new Set(out.map((f) => f.id));
  // Continuing spells at bare hexes (their markers are drawn on both maps): 40, by the casters.
  const template = (sample.spells ?? [])[0];
  const casters = out.filter((f) => f.mana !== null);
  const atHexes = [];
  for (let i = 0; template && casters.length > 0 && i < 40; i++) {
    const caster = casters[i % casters.length];
    atHexes.push({
      ...structuredClone(template),
      id: `spell-h${i + 1}`,
      casterId: caster.id,
      targetId: null,
      at: { q: caster.position.q + 1, r: caster.position.r },
    });
  }
  return {
    ...sample,
    name: 'Bench: 100×100 with 250 figures',
    map: { ...sample.map, cols, rows, terrain, hidden },
    figures: out,
    spells: [...(sample.spells ?? []).filter((s) => ids.has(s.casterId) && ids.has(s.targetId)), ...atHexes],
  };
}
