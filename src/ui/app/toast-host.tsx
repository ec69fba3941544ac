import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import type { ToastNotifier } from './toast-notifier';

/** Mounts Fluent's Toaster and hands its dispatch to the notifier. Loaded lazily with the first message. */
export function ToastHost({ notifier }: { notifier: ToastNotifier }) {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    notifier.attach((message, intent, timeout) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent, timeout, position: 'top' },
      ),
    );
    return () => notifier.attach(null);
  }, [notifier, dispatchToast]);
  return <Toaster toasterId={toasterId} />;
}
