// 修改密码 (SPEC §2.5, §4, §5): every rule's message beside its field as the user types and on submit,
// inputs capped at 15 characters; after success the alert '密码已修改，请重新登录' and sign-out.
import { Field, Input } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  PASSWORD_CHANGE_FIELDS,
  PASSWORD_INPUT_MAX_LENGTH,
  validatePasswordChangeForm,
  type PasswordChangeField,
  type PasswordChangeForm,
} from '../../domain/password/password-change-form';
import { createChangePasswordMachine } from '../../application/account/change-password.machine';
import { useServices } from '../app/services';
import { GenericDialog } from '../kit/dialogs/generic-dialog';

const LABELS: Record<PasswordChangeField, string> = {
  oldPassword: '原密码',
  newPassword: '新密码',
  rePassword: '确认新密码',
};
const EMPTY: PasswordChangeForm = { oldPassword: '', newPassword: '', rePassword: '' };

function ChangePasswordFlow({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { account, notifier, session } = useServices();
  const [machine] = useState(() => createChangePasswordMachine({ account, notifier }));
  const flow = useActorRef(machine, { input: { userId } });
  const submitting = useSelector(flow, (s) => s.matches('submitting'));
  const changed = useSelector(flow, (s) => s.matches('changed'));
  const [form, setForm] = useState(EMPTY);
  const [shown, setShown] = useState<ReadonlySet<PasswordChangeField>>(new Set());
  const errors = validatePasswordChangeForm(form);

  useEffect(() => {
    const sub = flow.subscribe((s) => {
      if (s.status === 'done') session.send({ type: 'LOGOUT' });
    });
    return () => sub.unsubscribe();
  }, [flow, session]);

  const edit = (field: PasswordChangeField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setShown((s) => new Set(s).add(field));
  };

  if (changed) {
    return (
      <GenericDialog
        open
        title="提示"
        width={420}
        modalType="alert"
        showCloseIcon={false}
        showCloseButton={false}
        submitText="确定"
        onSubmit={() => flow.send({ type: 'ACKNOWLEDGE' })}
        onClose={() => flow.send({ type: 'ACKNOWLEDGE' })}
      >
        密码已修改，请重新登录
      </GenericDialog>
    );
  }
  return (
    <GenericDialog
      open
      title="修改密码"
      width={480}
      submitting={submitting}
      onClose={onClose}
      onSubmit={() => {
        setShown(new Set(PASSWORD_CHANGE_FIELDS));
        flow.send({ type: 'SUBMIT', form });
      }}
    >
      {PASSWORD_CHANGE_FIELDS.map((field) => (
        <Field
          key={field}
          label={LABELS[field]}
          required
          validationMessage={shown.has(field) ? errors[field] : undefined}
          style={{ marginBottom: 12 }}
        >
          <Input
            type="password"
            value={form[field]}
            maxLength={PASSWORD_INPUT_MAX_LENGTH}
            autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
            onChange={(_, d) => edit(field, d.value)}
          />
        </Field>
      ))}
    </GenericDialog>
  );
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { session } = useServices();
  const userId = useSelector(session, (s) => s.context.user?.userId ?? '');
  return open && userId ? <ChangePasswordFlow userId={userId} onClose={onClose} /> : null;
}
