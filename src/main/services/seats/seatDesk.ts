import { randomBytes } from 'node:crypto';
import type { RollPurpose, SeatDice, SeatRolls as SeatRollList } from '../../../shared/contract/channels/seatDice';
import type { SeatInfo, SeatList, SeatView } from '../../../shared/contract/channels/seats';
import { AppError } from '../../../shared/errors';
import { playerIdsFor } from '../../projection/ids';
import { seatFrame, seatOf } from '../../projection/seatFrame';
import type { PlayerProjection } from '../../projection/tableProjection';
import { SeatBook, type SeatRecord } from './seatBook';
import { SeatRolls } from './seatRolls';

/** How the web host reaches the table's phones; absent while no web host serves them (the Electron app alone). */
export interface SeatOutlet {
  /** Where the phones reach the host (the machine's LAN address with LAN on). */
  readonly base: string;
  push(seat: string, view: SeatView): void;
  /** Disconnects the phones on a seat's old link. */
  close(seat: string): void;
}

/**
 * The table's phones: the seats the GM keeps (seatBook.ts), each seat's view made from
 * what the table's projection shows (projection/seatFrame.ts), and pushed to that seat alone when
 * it changed. A seat's view follows the table's: a staged scene, a blackout, the same encounter.
 */
export class SeatDesk {
  private book: SeatBook | null = null;
  private outlet: SeatOutlet | null = null;
  private readonly sent = new Map<string, { readonly text: string; readonly view: SeatView }>();
  private readonly session = randomBytes(6).toString('hex');
  private readonly rolls = new SeatRolls();
  /** The opening of the table the rolls belong to. */
  private rollsOf: string | null = null;
  private readonly rollWatchers: ((rolls: SeatRollList) => void)[] = [];

  constructor(
    private readonly dataDir: string,
    private readonly table: PlayerProjection,
    private readonly log: (m: string) => void = () => {},
  ) {
    table.watch(() => {
      // Another encounter on the table: the rolls of the last one are nobody's to answer or recall.
      const key = table.shown()?.key ?? null;
      if (key !== this.rollsOf) this.rolls.clear();
      this.rollsOf = key;
      this.refresh();
    });
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

  /** What the TV shows to let `id`'s phone join: the seat's name and link. */
  code(id: string): { seat: string; link: string } {
    const seat = this.seats.list().find((s) => s.id === id);
    if (seat === undefined) throw new AppError('not-found', 'There is no such seat.');
    const { link } = this.info(seat);
    if (link === null) throw new AppError('conflict', 'Phones join through the web host: start the console with npm run serve -- --lan.');
    return { seat: seat.name, link };
  }

  /** The seat's view now (the view it was last pushed, while nothing it may see changed). */
  view(id: string): SeatView {
    const seat = this.seats.list().find((s) => s.id === id);
    // A token is looked up as the socket opens: a seat revoked since then sees nothing.
    if (seat === undefined) return { seat: '', session: this.session, encounter: null, card: { figures: [] }, dice: [], revision: 0 };
    return this.update(seat).view;
  }

  /** The GM's page waits on faces for `figureId`'s roll: the name of the seat that may send them, or null (no seat holds it). */
  askDice(figureId: string, purpose: RollPurpose, dice: string): { seat: string | null } {
    const seat = this.seats.list().find((s) => s.figureIds.includes(figureId));
    if (seat === undefined) return { seat: null };
    this.rolls.ask(figureId, purpose, dice);
    this.rollsChanged();
    return { seat: seat.name };
  }

  settleDice(figureId: string, outcome: 'used' | 'other' | 'withdrawn'): SeatRollList {
    if (this.rolls.settle(figureId, outcome)) this.rollsChanged();
    return this.waitingRolls();
  }

  /** A seat's faces for a roll the GM waits on, for one of its own figures (`cardId`: as its card names it). */
  offerDice(seatId: string, cardId: string, faces: readonly number[]): Record<string, never> {
    const seat = this.seats.list().find((s) => s.id === seatId);
    const shown = this.table.shown();
    const idOf = shown ? playerIdsFor(shown.state.id) : null;
    const figureId = idOf ? seat?.figureIds.find((id) => idOf('figure', id) === cardId) : undefined;
    if (figureId === undefined) throw new AppError('forbidden', 'That figure is not one of this seat’s.');
    this.rolls.offer(figureId, faces);
    this.rollsChanged();
    return {};
  }

  /** The rolls the GM's page waits on, with the seat that may answer each and the faces it sent. */
  waitingRolls(): SeatRollList {
    const seats = this.book?.list() ?? [];
    const rolls = this.rolls.waiting().map((r) => ({
      figureId: r.figureId,
      seat: seats.find((s) => s.figureIds.includes(r.figureId))?.name ?? '',
      purpose: r.purpose,
      dice: r.dice,
      faces: r.faces === null ? null : [...r.faces],
    }));
    return { rolls };
  }

  /** `watcher` is told the rolls waited on after each change (the GM's page shows the faces sent). */
  watchRolls(watcher: (rolls: SeatRollList) => void): void {
    this.rollWatchers.push(watcher);
  }

  private rollsChanged(): void {
    this.refresh();
    const rolls = this.waitingRolls();
    for (const watcher of this.rollWatchers) watcher(rolls);
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
    const dice = this.diceOf(seat);
    const text = JSON.stringify({ name: seat.name, encounter, card, dice });
    const last = this.sent.get(seat.id);
    if (last?.text === text) return { view: last.view, changed: false };
    const view: SeatView = { seat: seat.name, session: this.session, encounter, card, dice, revision: last === undefined ? 0 : last.view.revision + 1 };
    this.sent.set(seat.id, { text, view });
    return { view, changed: true };
  }

  /** The seat's figures' rolls, named as its card names them (none while the table shows no encounter). */
  private diceOf(seat: SeatRecord): SeatDice[] {
    const shown = this.table.shown();
    if (shown === null) return [];
    const idOf = playerIdsFor(shown.state.id);
    return seat.figureIds.flatMap((id) => {
      const roll = this.rolls.of(id);
      return roll ? [{ figureId: idOf('figure', id), purpose: roll.purpose, dice: roll.dice, sent: roll.faces && [...roll.faces], outcome: roll.outcome }] : [];
    });
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
