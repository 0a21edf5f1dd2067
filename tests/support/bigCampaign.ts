/** Large campaigns for the store benchmarks: long logs, many figures, many encounters. */
import { join } from 'node:path';
import { EncounterStateSchema, type EncounterState } from '../../src/main/engine/encounter/schema';
import { CommandLog } from '../../src/main/store/commandLog';
import type { LogEntry } from '../../src/main/store/schema';
import { blankEncounter } from '../../src/main/store/newCampaign';

/** `count` turnFigure entries for figure `figureId`, facing cycling 1, 2, … 5, 0. */
export function turnEntries(count: number, figureId: string): LogEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    turn: 1,
    phase: 'initiative' as const,
    command: { type: 'turnFigure' as const, figureId, facing: (i + 1) % 6 },
    events: [{ type: 'figureTurned', figureId, from: i % 6, to: (i + 1) % 6, source: '001 §Facing' }],
    rolls: [],
  }));
}

export async function writeLog(campaignDir: string, encounterId: string, entries: readonly LogEntry[]): Promise<void> {
  await CommandLog.write(join(campaignDir, 'encounters', `${encounterId}.log.jsonl`), entries);
}

/** An encounter state with `n` figures on a map big enough for them, a quarter of them hidden. */
export function crowdedEncounter(id: string, name: string, n: number): EncounterState {
  const base = blankEncounter(id, name);
  const cols = 60;
  return EncounterStateSchema.parse({
    ...base,
    map: { cols, rows: 40, orientation: 'flat', terrain: { '5,5': 'wall', '6,6': 'fire' }, hidden: ['0,0', '1,0'] },
    figures: Array.from({ length: n }, (_, i) => ({
      id: `f${i}`,
      name: `Figure ${i}`,
      sideId: i % 2 ? 'foes' : 'party',
      position: { q: (i % 30) * 2, r: Math.floor(i / 30) * 2 },
      facing: i % 6,
      size: 1,
      posture: 'standing',
      hidden: i % 4 === 0,
      gmNotes: `notes ${i}`,
      attributes: { STR: 10, DEX: 11, INT: 9, WIS: 9, CON: 10, CHR: 8 },
      fatigue: { starting: 10, current: 10 },
      body: { starting: 10, current: 10 },
      mana: i % 5 === 0 ? { pool: 12, current: 12, debt: 0 } : null,
      equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword', armorId: null, shieldId: null },
    })),
  });
}
