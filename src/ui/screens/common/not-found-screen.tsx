import { StatusPage } from './status-page';

export function NotFoundScreen() {
  return <StatusPage code="404" message="抱歉，您访问的页面不存在" />;
}
