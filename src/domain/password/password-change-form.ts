// SPEC §5 change-password dialog rules, shared by the dialog (per-field messages as the user types, the
// warning on submit) and the gateway (which refuses the same body with the same first message).
// Each input is capped at 15 characters like the dialog's inputs; a longer value is reported with the
// length message rather than cut silently, because the gateway sees whole bodies, not keystrokes.
import { PASSWORD_MAX_LENGTH, PasswordMessage, checkPasswordStrength } from './password-policy';

export interface PasswordChangeForm {
  oldPassword: string;
  newPassword: string;
  rePassword: string;
}

/** The body the change call sends (SPEC §3). */
export interface PasswordChangeRequest extends PasswordChangeForm {
  userId: string;
}

export type PasswordChangeField = keyof PasswordChangeForm;

export const PASSWORD_CHANGE_FIELDS: readonly PasswordChangeField[] = ['oldPassword', 'newPassword', 'rePassword'];

/** SPEC §9: password inputs accept at most 15 characters. */
export const PASSWORD_INPUT_MAX_LENGTH = PASSWORD_MAX_LENGTH;

export const PasswordChangeMessage = {
  oldRequired: '请输入密码',
  newRequired: '请输入新密码',
  confirmRequired: '请再次确认新密码',
  sameAsOld: '新密码不能与旧密码一样',
  mismatch: '两次密码输入不一致',
  formInvalid: '请完善表格输入',
} as const;

export type PasswordChangeErrors = Partial<Record<PasswordChangeField, string>>;

function tooLong(value: string): boolean {
  return [...value].length > PASSWORD_INPUT_MAX_LENGTH;
}

/** The message for one field of the form, or null when that field is fine. */
export function validatePasswordChangeField(field: PasswordChangeField, form: PasswordChangeForm): string | null {
  switch (field) {
    case 'oldPassword':
      if (form.oldPassword === '') return PasswordChangeMessage.oldRequired;
      return checkPasswordStrength(form.oldPassword);
    case 'newPassword':
      if (form.newPassword === '') return PasswordChangeMessage.newRequired;
      return (
        checkPasswordStrength(form.newPassword) ??
        (form.newPassword === form.oldPassword ? PasswordChangeMessage.sameAsOld : null)
      );
    case 'rePassword':
      if (form.rePassword === '') return PasswordChangeMessage.confirmRequired;
      if (tooLong(form.rePassword)) return PasswordMessage.length;
      return form.rePassword === form.newPassword ? null : PasswordChangeMessage.mismatch;
  }
}

/** Every field's message; an empty object means the form may be sent. */
export function validatePasswordChangeForm(form: PasswordChangeForm): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  for (const field of PASSWORD_CHANGE_FIELDS) {
    const message = validatePasswordChangeField(field, form);
    if (message !== null) errors[field] = message;
  }
  return errors;
}

/** The first field message in form order: what the gateway answers a bad body with. */
export function firstPasswordChangeError(form: PasswordChangeForm): string | null {
  for (const field of PASSWORD_CHANGE_FIELDS) {
    const message = validatePasswordChangeField(field, form);
    if (message !== null) return message;
  }
  return null;
}

/** What submitting shows: the warning '请完善表格输入' when any field is wrong, otherwise null. */
export function passwordChangeSubmitWarning(form: PasswordChangeForm): string | null {
  return firstPasswordChangeError(form) === null ? null : PasswordChangeMessage.formInvalid;
}

/** Keeps what an input with maxlength 15 would keep (code points, so no surrogate pair is split). */
export function limitPasswordInput(value: string): string {
  const chars = [...value];
  return chars.length > PASSWORD_INPUT_MAX_LENGTH ? chars.slice(0, PASSWORD_INPUT_MAX_LENGTH).join('') : value;
}
