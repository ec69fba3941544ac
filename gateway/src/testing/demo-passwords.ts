// The seeded people's passwords as the README lists them, for the gateway's tests and the browser specs alike:
// the named accounts have their own, the seeded staff (risk1, reviewer1, secretary, member1 …) share one.
const DEMO_PASSWORDS: Readonly<Record<string, string>> = {
  operator: 'Operator@2026',
  supplier: 'Supplier@2026',
  auditor: 'Auditor@2026',
  admin: 'Admin@2026',
  xh_admin: 'Admin@2026',
};

export const demoPassword = (userName: string) => DEMO_PASSWORDS[userName] ?? 'Staff@2026';
