// The LoadingIndicator port as a tiny external store: the loading bar subscribes with useSyncExternalStore.
import type { LoadingIndicator } from '../../application/ports/loading-indicator.port';

export class LoadingCounter implements LoadingIndicator {
  private count = 0;
  private readonly listeners = new Set<() => void>();

  start(): void {
    this.count += 1;
    this.emit();
  }

  stop(): void {
    this.count = Math.max(0, this.count - 1);
    this.emit();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly isLoading = (): boolean => this.count > 0;

  private emit(): void {
    for (const l of this.listeners) l();
  }
}
