// The pending requests of the one HTTP client (SPEC §7.1): a newer identical request cancels the earlier one,
// and navigation or sign-out cancels them all. Knows nothing of HTTP beyond a key and an AbortController.

export interface PendingRequest {
  /** Aborted when a newer identical request starts, on cancelAll, or when the caller's signal aborts. */
  readonly signal: AbortSignal;
  /** Forget the request (it finished); a newer request under the same key is left alone. */
  end(): void;
}

/**
 * The key under which identical requests replace each other: method, path, parameters, body and the kind
 * of call (a JSON call and a download of the same address are different requests). `kind` false makes
 * the key unique, so the request is never a duplicate of another.
 */
export function requestKey(
  method: string,
  path: string,
  params: unknown,
  data: unknown,
  kind: string | false,
  unique: () => number,
): string {
  if (kind === false) return `${method} ${path} #${unique()}`;
  return `${method} ${path} ${JSON.stringify(params ?? null)} ${JSON.stringify(data ?? null)} ${kind}`;
}

export class RequestRegistry {
  private readonly pending = new Map<string, AbortController>();
  private seq = 0;

  /** A number never handed out before, for keys that must not collide. */
  readonly nextUnique = (): number => ++this.seq;

  /** Registers a request under `key`, aborting an earlier one with the same key. */
  begin(key: string, callerSignal?: AbortSignal): PendingRequest {
    this.pending.get(key)?.abort();
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (callerSignal?.aborted) controller.abort();
    callerSignal?.addEventListener('abort', abort, { once: true });
    this.pending.set(key, controller);
    return {
      signal: controller.signal,
      end: () => {
        callerSignal?.removeEventListener('abort', abort);
        if (this.pending.get(key) === controller) this.pending.delete(key);
      },
    };
  }

  cancelAll(): void {
    for (const controller of this.pending.values()) controller.abort();
    this.pending.clear();
  }

  get size(): number {
    return this.pending.size;
  }
}
