// Who reads businesses (BUSINESS.md Decisions, "Whose data"): one who holds a page a business is read from — its
// list and detail, the review queue and workbench, or a page whose action the lifecycle names. The gateway asks
// it before it shows a business or a statistic of them; the dashboard asks it before it offers its widgets.
import { normalizeMenuPath } from '../menu/menu';
import { LIFECYCLE } from './lifecycle';

export const BUSINESS_MANAGE = '/business/financingBusinessManage';
export const BUSINESS_DETAIL = '/business/newDetails';

/** The pages from which a business is read. */
export const READ_MENUS: ReadonlySet<string> = new Set(
  [
    BUSINESS_MANAGE,
    BUSINESS_DETAIL,
    '/business/examine',
    '/business/preCreditApplicationManage',
    '/workbench/technological/todo',
    '/workbench/technological/done',
    ...LIFECYCLE.transitions.flatMap((t) => (t.menu ? [t.menu] : [])),
  ].map(normalizeMenuPath),
);

/** Whether these menu ids (granted, or the session's menus) hold one of the pages a business is read from. */
export const readsBusinessesFrom = (menuIds: Iterable<string>): boolean =>
  [...menuIds].some((m) => READ_MENUS.has(normalizeMenuPath(m)));
