import type { SnapshotFrom } from 'xstate';
import type { SupplierAuthorizationMachine } from './supplier-authorization.machine';

type Snapshot = SnapshotFrom<SupplierAuthorizationMachine>;

/** The prompt is shown while the user reads the letter and while the consent is being sent. */
export const selectPromptOpen = (s: Snapshot): boolean => s.matches('prompting') || s.matches('agreeing');
export const selectAgreeing = (s: Snapshot): boolean => s.matches('agreeing');
export const selectLetterTitle = (s: Snapshot): string => s.context.letter?.title ?? '';
export const selectLetterContent = (s: Snapshot): string => s.context.letter?.content ?? '';
/** 同意 is enabled once the letter was read to its end. */
export const selectLetterRead = (s: Snapshot): boolean => s.context.letterRead;
/** Consent pending with the prompt closed: the header offers 数据查询授权. */
export const selectConsentPostponed = (s: Snapshot): boolean => s.matches('postponed');
