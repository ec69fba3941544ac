import { StatusPage } from './status-page';

export function UnauthorizedScreen() {
  return <StatusPage code="401" message="抱歉，您没有访问该页面的权限" />;
}
