/**
 * A request to cast for a figure, from the tracker's Cast spell option (001 §Action Options h, r;
 * HTH): the cast flow takes the caster, then clears the request. A counter makes the same caster
 * asked twice a new request.
 */
export const castRequest = $state<{ casterId: string | null; seq: number }>({ casterId: null, seq: 0 });

export function requestCast(casterId: string): void {
  castRequest.casterId = casterId;
  castRequest.seq += 1;
}
