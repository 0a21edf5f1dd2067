import type { SeatRoll } from '../../../../shared/contract/channels/seatDice';
import type { ClientApi } from '../../../../shared/contract';

/** The rolls the GM's page waits on from seats' phones, and the faces they sent (main pushes every change). */
class SeatRollBoard {
  rolls = $state.raw<SeatRoll[]>([]);
  private connectedTo: ClientApi<'gm'> | null = null;

  connect(api: ClientApi<'gm'>): void {
    if (this.connectedTo === api) return;
    this.connectedTo = api;
    api.on('seatRolls', (r) => (this.rolls = r.rolls));
    void api.listSeatRolls({}).then((r) => r.ok && (this.rolls = r.value.rolls));
  }

  /** The roll waited on for `figureId`, if its seat was asked. */
  of(figureId: string): SeatRoll | undefined {
    return this.rolls.find((r) => r.figureId === figureId);
  }
}

export const seatRolls = new SeatRollBoard();
