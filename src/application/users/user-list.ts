// 用户管理's page loader for the paged-list flow: the page, then the names of its organisations
// (SPEC §7.2: the list fetches organisation names for the listed organizationId values). A failed lookup
// fails the load, which keeps the rows shown before (the HTTP client has said why).
import type { Page, PageRequest } from '../../domain/paging/page';
import { organizationIdsOf, withOrgNames, type UserQuery, type UserRecord } from '../../domain/user/user';
import type { UserGateway } from '../ports/user-gateway.port';

export function userPageLoader(gateway: UserGateway) {
  return async (query: UserQuery, page: PageRequest): Promise<Page<UserRecord>> => {
    const result = await gateway.pageUsers(query, page);
    const ids = organizationIdsOf(result.records);
    const names = ids.length ? await gateway.listCompanies(ids) : [];
    return { ...result, records: withOrgNames(result.records, names) };
  };
}
