// The Notifier port over Fluent's Toaster. Toasts are dispatched through the controller that the mounted
// <ToastBridge> hands over; messages sent before it mounts wait in a queue.
import type { Notifier } from '../../application/ports/notifier.port';
import { TOAST_DURATION_MS } from '../../domain/constants';

export type ToastIntent = 'error' | 'warning' | 'success';
export type ToastDispatch = (message: string, intent: ToastIntent, timeoutMs: number) => void;

export class ToastNotifier implements Notifier {
  private dispatch: ToastDispatch | null = null;
  private readonly queue: Array<[string, ToastIntent]> = [];

  attach(dispatch: ToastDispatch | null): void {
    this.dispatch = dispatch;
    while (dispatch && this.queue.length) {
      const [message, intent] = this.queue.shift()!;
      dispatch(message, intent, TOAST_DURATION_MS);
    }
  }

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
    if (this.dispatch) this.dispatch(message, intent, TOAST_DURATION_MS);
    else this.queue.push([message, intent]);
  }
}
