/**
 * The reason the web host gives when it closes a seat's socket (code 1008) because the GM gave the
 * seat a new link or removed it: the phone stops reconnecting and says so (no zod here: the seat
 * page reads it).
 */
export const SEAT_LINK_ENDED = 'This seat’s link was replaced or removed';
