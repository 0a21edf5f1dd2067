import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { IdSchema } from '../../../shared/contract/schemas';
import { ACCESS_TOKEN, newAccessToken, sameAccessToken } from '../../store/accessToken';
import { DAMAGED, readPrivateJson, writePrivateJson } from '../../store/privateFile';

/** The file, in the app's data folder (never in a campaign or an export), that keeps the seats and their tokens. */
export const SEATS_FILE = 'seats.json';
/** The console's choice: a table's worth of phones. */
export const MAX_SEATS = 12;
const MAX_FIGURES = 12;

const SeatRecordSchema = z
  .object({
    id: z.string().regex(/^seat-\d{1,4}$/),
    name: z.string().min(1).max(40),
    token: z.string().regex(ACCESS_TOKEN),
    figureIds: z.array(IdSchema).max(MAX_FIGURES),
  })
  .strict();
const SeatsFileSchema = z.object({ schemaVersion: z.literal(1), seats: z.array(SeatRecordSchema).max(MAX_SEATS) }).strict();

export type SeatRecord = z.infer<typeof SeatRecordSchema>;

/**
 * The seats the GM gave the table's phones: each a name, the figures it holds (by their ids in the
 * encounters; a seat holding a figure the open encounter lacks shows it nowhere) and its own token,
 * which a phone's link carries. Kept across restarts (mode 0600). Each change is written before it
 * is taken: a write that fails leaves the seats as they were. A damaged file is set aside under a
 * new name (nothing is deleted) and the console starts with no seats.
 */
export class SeatBook {
  private seats: readonly SeatRecord[] = [];
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(private readonly path: string) {}

  static async open(dataDir: string, log: (m: string) => void = () => {}): Promise<SeatBook> {
    const book = new SeatBook(join(dataDir, SEATS_FILE));
    const raw = await readPrivateJson(book.path);
    if (raw === null) return book;
    const parsed = raw === DAMAGED ? null : SeatsFileSchema.safeParse(raw);
    if (parsed?.success) book.seats = parsed.data.seats;
    else {
      const aside = `${book.path}.damaged-${Date.now()}`;
      await rename(book.path, aside).catch(() => {});
      log(`the seats file was damaged and was set aside as ${aside}; the console starts with no seats`);
    }
    return book;
  }

  list(): readonly SeatRecord[] {
    return this.seats;
  }

  /** The seat whose token this is, or null. Every seat's token is compared, in constant time each. */
  seatForToken(token: string): SeatRecord | null {
    let found: SeatRecord | null = null;
    for (const seat of this.seats) if (sameAccessToken(token, seat.token)) found = seat;
    return found;
  }

  /** A new seat, or `id`'s name and figures changed (its token kept). */
  save(id: string | null, name: string, figureIds: readonly string[]): Promise<SeatRecord> {
    return this.change((seats) => {
      const trimmed = name.trim();
      if (trimmed === '' || trimmed.length > 40) throw new AppError('invalid-args', 'A seat needs a name of 1 to 40 characters.');
      const clash = seats.find((s) => s.id !== id && s.name.toLowerCase() === trimmed.toLowerCase());
      if (clash) throw new AppError('invalid-args', `There is already a seat called “${clash.name}”.`);
      const figures = [...new Set(figureIds)];
      if (id === null) {
        if (seats.length >= MAX_SEATS) throw new AppError('invalid-args', `A table has at most ${MAX_SEATS} seats.`);
        const seat: SeatRecord = { id: freeId(seats), name: trimmed, token: newAccessToken(), figureIds: figures };
        return { seats: [...seats, seat], result: seat };
      }
      const seat: SeatRecord = { ...seatIn(seats, id), name: trimmed, figureIds: figures };
      return { seats: seats.map((s) => (s.id === id ? seat : s)), result: seat };
    });
  }

  /** The seat gets a new token: the old link stops working. */
  reissue(id: string): Promise<SeatRecord> {
    return this.change((seats) => {
      const seat: SeatRecord = { ...seatIn(seats, id), token: newAccessToken() };
      return { seats: seats.map((s) => (s.id === id ? seat : s)), result: seat };
    });
  }

  /** The seat is gone, its link with it. */
  revoke(id: string): Promise<SeatRecord> {
    return this.change((seats) => {
      const seat = seatIn(seats, id);
      return { seats: seats.filter((s) => s.id !== id), result: seat };
    });
  }

  /**
   * One change after any under way, worked out from the seats as the last one left them; the seats
   * change only once the file holds them.
   */
  private change<T>(make: (seats: readonly SeatRecord[]) => { seats: readonly SeatRecord[]; result: T }): Promise<T> {
    const done = this.writing.then(async () => {
      const { seats, result } = make(this.seats);
      await writePrivateJson(this.path, { schemaVersion: 1, seats });
      this.seats = seats;
      return result;
    });
    this.writing = done.catch(() => {});
    return done;
  }
}

function seatIn(seats: readonly SeatRecord[], id: string): SeatRecord {
  const seat = seats.find((s) => s.id === id);
  if (!seat) throw new AppError('not-found', `There is no seat “${id}”.`);
  return seat;
}

function freeId(seats: readonly SeatRecord[]): string {
  for (let n = 1; ; n++) if (!seats.some((s) => s.id === `seat-${n}`)) return `seat-${n}`;
}
