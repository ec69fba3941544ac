import type { SnapshotFrom } from 'xstate';
import type { SupplierAuthorizationMachine } from './supplier-authorization.machine';

type Snapshot = SnapshotFrom<SupplierAuthorizationMachine>;

/** The prompt is shown while the user reads the letter and while the consent is being sent. */
export const selectPromptOpen = (s: Snapshot): boolean => s.matches('prompting') || s.matches('agreeing');
export const selectAgreeing = (s: Snapshot): boolean => s.matches('agreeing');
export const selectLetterTitle = (s: Snapshot): string => s.context.letter?.title ?? '';
export const selectLetterContent = (s: Snapshot): string => s.context.letter?.content ?? '';
