// Errors the gateway ports reject with, so flows tell a refusal from a cancellation without the HTTP client.
export class GatewayError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** A request cancelled by a newer identical one, by navigation or by sign-out: never shown to the user. */
export class RequestCancelledError extends Error {
  constructor() {
    super('request cancelled');
    this.name = 'RequestCancelledError';
  }
}

export function errorReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
