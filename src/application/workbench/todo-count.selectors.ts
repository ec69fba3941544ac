// What 我的待办 reads of the count: the tab it opens on, and each tab's label with its count.
import { TODO_TABS, TODO_TAB_LABEL, type TodoTab } from '../../domain/financing/review-queue';
import type { TodoCount } from '../ports/review-gateway.port';

/** The first tab that holds something, so the badge's items are what the page shows; 待审核 when none does. */
export function openingTab(tabs: TodoCount['tabs']): TodoTab {
  return TODO_TABS.find((t) => tabs[t] > 0) ?? 'REVIEW';
}

/** '待审核（3）'; a tab the count has not reached yet reads as its name alone. */
export function tabLabel(tab: TodoTab, tabs: TodoCount['tabs'], loaded: boolean): string {
  return loaded ? `${TODO_TAB_LABEL[tab]}（${tabs[tab]}）` : TODO_TAB_LABEL[tab];
}
