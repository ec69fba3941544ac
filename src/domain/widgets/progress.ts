// SPEC §5 progress: the percentage shown is always within 0–100; an unreadable value shows as 0.
import { PROGRESS_MAX, PROGRESS_MIN } from '../constants';

export function clampProgress(percentage: number): number {
  if (Number.isNaN(percentage)) return PROGRESS_MIN;
  return Math.min(PROGRESS_MAX, Math.max(PROGRESS_MIN, percentage));
}
