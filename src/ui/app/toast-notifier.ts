// The Notifier port over Fluent's Toaster. The toaster is not on the login page's critical path: it is
// loaded with the first message (the app renders <ToastHost> once `wanted` turns true), and messages sent
// before it is ready wait in a queue.
import type { Notifier } from '../../application/ports/notifier.port';
import { TOAST_DURATION_MS } from '../../domain/constants';

export type ToastIntent = 'error' | 'warning' | 'success';
export type ToastDispatch = (message: string, intent: ToastIntent, timeoutMs: number) => void;

export class ToastNotifier implements Notifier {
  private dispatch: ToastDispatch | null = null;
  private readonly queue: Array<[string, ToastIntent]> = [];
  private wanted = false;
  private readonly listeners = new Set<() => void>();

  attach(dispatch: ToastDispatch | null): void {
    this.dispatch = dispatch;
    while (dispatch && this.queue.length) {
      const [message, intent] = this.queue.shift()!;
      dispatch(message, intent, TOAST_DURATION_MS);
    }
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** True from the first message on: the toaster should be mounted. */
  readonly isWanted = (): boolean => this.wanted;

  error(message: string): void {
    this.show(message, 'error');
  }

  warning(message: string): void {
    this.show(message, 'warning');
  }

  success(message: string): void {
    this.show(message, 'success');
  }

  private show(message: string, intent: ToastIntent): void {
    if (this.dispatch) {
      this.dispatch(message, intent, TOAST_DURATION_MS);
      return;
    }
    this.queue.push([message, intent]);
    if (!this.wanted) {
      this.wanted = true;
      for (const l of this.listeners) l();
    }
  }
}
