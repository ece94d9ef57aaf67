/** A request as the receiver saw it: header names in their original case, and the body bytes. */
export interface CapturedRequest {
  method: string;
  path: string;
  /** Name/value pairs in the order received, as `IncomingMessage.rawHeaders` gives them. */
  rawHeaders: string[];
  bodyBase64: string;
}

export type ReceiverCommand = { type: 'stats'; id: number };

export type ReceiverMessage =
  | { type: 'ready'; port: number }
  | { type: 'stats'; id: number; received: number; notPost: number; first: CapturedRequest | null };
