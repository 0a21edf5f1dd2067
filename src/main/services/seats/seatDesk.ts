import { randomBytes } from 'node:crypto';
import type { SeatInfo, SeatList, SeatView } from '../../../shared/channels/seats';
import { seatFrame, seatOf } from '../../projection/seatFrame';
import type { PlayerProjection } from '../../projection/tableProjection';
import { SeatBook, type SeatRecord } from './seatBook';

/** How the web host reaches the table's phones; absent while no web host serves them (the Electron app alone). */
export interface SeatOutlet {
  /** Where the phones reach the host (the machine's LAN address with LAN on). */
  readonly base: string;
  push(seat: string, view: SeatView): void;
  /** Disconnects the phones on a seat's old link. */
  close(seat: string): void;
}

/**
 * The table's phones (issue 34): the seats the GM keeps (seatBook.ts), each seat's view made from
 * what the table's projection shows (projection/seatFrame.ts), and pushed to that seat alone when
 * it changed. A seat's view follows the table's: a staged scene, a blackout, the same encounter.
 */
export class SeatDesk {
  private book: SeatBook | null = null;
  private outlet: SeatOutlet | null = null;
  private readonly sent = new Map<string, { readonly text: string; readonly view: SeatView }>();
  private readonly session = randomBytes(6).toString('hex');

  constructor(
    private readonly dataDir: string,
    private readonly table: PlayerProjection,
    private readonly log: (m: string) => void = () => {},
  ) {
    table.watch(() => this.refresh());
  }

  /** Reads the seats kept in the data folder. */
  async open(): Promise<void> {
    this.book = await SeatBook.open(this.dataDir, this.log);
  }

  private get seats(): SeatBook {
    if (this.book === null) throw new Error('The seats are read as the console starts (SeatDesk.open).');
    return this.book;
  }

  /** The web host serves the phones from now on. */
  serveThrough(outlet: SeatOutlet): void {
    this.outlet = outlet;
    this.refresh();
  }

  /** The seat whose token this is, or null. */
  seatForToken(token: string): string | null {
    return this.book?.seatForToken(token)?.id ?? null;
  }

  list(): SeatList {
    return { seats: this.seats.list().map((s) => this.info(s)) };
  }

  async save(id: string | null, name: string, figureIds: readonly string[]): Promise<SeatInfo> {
    const seat = await this.seats.save(id, name, figureIds);
    this.refresh();
    return this.info(seat);
  }

  async reissue(id: string): Promise<SeatInfo> {
    const seat = await this.seats.reissue(id);
    this.outlet?.close(id);
    return this.info(seat);
  }

  async revoke(id: string): Promise<SeatList> {
    await this.seats.revoke(id);
    this.sent.delete(id);
    this.outlet?.close(id);
    return this.list();
  }

  /** The seat's view now (the view it was last pushed, while nothing it may see changed). */
  view(id: string): SeatView {
    const seat = this.seats.list().find((s) => s.id === id);
    // A token is looked up as the socket opens: a seat revoked since then sees nothing.
    if (seat === undefined) return { seat: '', session: this.session, encounter: null, card: { figures: [] }, revision: 0 };
    return this.update(seat).view;
  }

  private refresh(): void {
    if (this.book === null) return;
    for (const seat of this.book.list()) {
      const { view, changed } = this.update(seat);
      if (changed) this.outlet?.push(seat.id, view);
    }
  }

  private update(seat: SeatRecord): { view: SeatView; changed: boolean } {
    const { table, card } = seatFrame(this.table.frame(), this.table.shown(), seatOf(seat.figureIds));
    const encounter = table ? { name: table.encounter.name, turn: table.encounter.turn, phase: table.encounter.phase } : null;
    const text = JSON.stringify({ name: seat.name, encounter, card });
    const last = this.sent.get(seat.id);
    if (last?.text === text) return { view: last.view, changed: false };
    const view: SeatView = { seat: seat.name, session: this.session, encounter, card, revision: last === undefined ? 0 : last.view.revision + 1 };
    this.sent.set(seat.id, { text, view });
    return { view, changed: true };
  }

  private info(seat: SeatRecord): SeatInfo {
    return {
      id: seat.id,
      name: seat.name,
      figureIds: [...seat.figureIds],
      link: this.outlet ? `${this.outlet.base}/seat.html?token=${seat.token}` : null,
    };
  }
}
