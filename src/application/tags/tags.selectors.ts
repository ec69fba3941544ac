import type { SnapshotFrom } from 'xstate';
import type { TagsMachine } from './tags.machine';

type Snapshot = SnapshotFrom<TagsMachine>;

export const selectTags = (s: Snapshot) => s.context.tags;
export const selectRefreshKeys = (s: Snapshot) => s.context.refresh;
export const selectConfirmingClose = (s: Snapshot): boolean => s.matches('confirming');
