import { http } from '../../../lib/http.ts';

/** A single-use ticket (30 s) that opens the live message stream. */
export interface TStreamTicket {
  ticket: string;
  expiresIn: number;
}

/** POST /msg/msg/stream/ticket: EventSource cannot send the token header, so the stream takes a ticket. */
export function getStreamTicket(): Promise<TStreamTicket> {
  // An empty JSON object: a JSON content type with no body is refused as malformed.
  return http.post<TStreamTicket>('/msg/msg/stream/ticket', {}, { silent: true });
}
