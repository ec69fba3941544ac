import { Link, Text } from '@fluentui/react-components';
import { Link as RouterLink } from 'react-router-dom';

/** SPEC §2.1 names a registration screen; what it registers is not specified yet. */
export function RegisterScreen() {
  return (
    <main style={{ padding: 48, textAlign: 'center' }}>
      <Text as="h1" size={500}>注册</Text>
      <p>注册功能建设中，请联系平台管理员开通账号。</p>
      <Link as="span"><RouterLink to="/login">返回登录</RouterLink></Link>
    </main>
  );
}
