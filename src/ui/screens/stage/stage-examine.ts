// What a stage declares of its review pages (stage-kit.tsx, step 4): types only, so the kit, the review pages
// and the sections' gatherer can all name them without importing one another.
import type { ComponentType, ReactNode } from 'react';
import type { ReviewType } from '../../../domain/financing/stages';

export interface StageExamineScreens {
  /** The menu title of the review list. */
  title: string;
  /** The review list's path and the review page's. */
  listPath: string;
  infoPath: string;
  /** The stage's own item under the business's summary, read-only. */
  section?: (id: string) => ReactNode;
}

/** A stage's examine screens, by its review type; `section` loads what the review pages show of its item. */
export interface StageExamine {
  type: ReviewType;
  list: () => Promise<ComponentType>;
  info: () => Promise<ComponentType>;
  section: () => Promise<StageExamineScreens['section']>;
}
