// How a callback proves who sent it and when: `X-Callback-Signature` is the hex HMAC-SHA256, under the secret the
// tenant shares with the provider, of `timestamp + "." + the raw body bytes`, and `X-Callback-Timestamp` is that
// timestamp in milliseconds since 1970. The raw bytes, not a re-serialised JSON, so that no parser on either side
// changes what was signed; the timestamp inside the signed text, so that a captured call replayed later falls out
// of the window. The built-in providers sign their outgoing callbacks with `signCallback`, and tests with it too.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CALLBACK_TIMESTAMP_HEADER = 'x-callback-timestamp';
export const CALLBACK_SIGNATURE_HEADER = 'x-callback-signature';

/** A callback is accepted this long either side of the gateway's clock (a provider's clock drifts a little). */
export const CALLBACK_WINDOW_MS = 5 * 60_000;

const TIMESTAMP = /^\d{1,15}$/;
const SIGNATURE = /^[0-9a-fA-F]{64}$/;

function hmac(secret: string, timestamp: string, rawBody: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** The headers that sign `rawBody` as sent at `now`. */
export function signCallback(secret: string, rawBody: Buffer | string, now: Date): Record<string, string> {
  const timestamp = String(now.getTime());
  return {
    [CALLBACK_TIMESTAMP_HEADER]: timestamp,
    [CALLBACK_SIGNATURE_HEADER]: hmac(secret, timestamp, rawBody).toString('hex'),
  };
}

/** Whether the timestamp header is one, and inside the window around `now`. */
export function timestampFresh(timestamp: string, now: Date): boolean {
  return TIMESTAMP.test(timestamp) && Math.abs(Number(timestamp) - now.getTime()) <= CALLBACK_WINDOW_MS;
}

/** Whether `signature` is the HMAC of the timestamp and body under `secret`, compared in constant time. */
export function signatureMatches(secret: string, timestamp: string, signature: string, rawBody: Buffer): boolean {
  if (!SIGNATURE.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signature, 'hex'), hmac(secret, timestamp, rawBody));
}
