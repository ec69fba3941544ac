// SPEC §2.4, §4, §5, §7.2 switching sub-system: the list leaves out the current system; choosing none
// warns '请选择子系统'; a system without a website is a configuration error '系统配置错误，请联系管理员';
// otherwise the browser goes to the website with token, tenantId and sysId (the chosen app's id).
// The website's own query and hash are kept as written (only stale token/tenantId/sysId pairs are
// replaced); the parameters go before the hash so the target reads them from location.search. A
// website without a scheme that looks like a host ('portal.example.com', 'localhost:8081') is taken
// as one (protocol-relative); anything else without a scheme ('/', '/portal/') is a path on this site.
export interface AppListEntry {
  appCode: string;
  appId: string | number;
  appName: string;
  website?: string | null;
}

export interface SwitchCredentials {
  token: string;
  tenantId: string | number;
}

export const SwitchSubsystemMessage = {
  noneChosen: '请选择子系统',
  noWebsite: '系统配置错误，请联系管理员',
} as const;

export type SwitchDecision =
  | { kind: 'redirect'; url: string }
  | { kind: 'warning'; message: string }
  | { kind: 'error'; message: string };

/** The systems offered: every app but the current one. */
export function switchableSystems(
  apps: readonly AppListEntry[],
  currentSysId: string | number | null | undefined,
): AppListEntry[] {
  const current = currentSysId === null || currentSysId === undefined ? null : String(currentSysId);
  return apps.filter((app) => String(app.appId) !== current);
}

export function planSubsystemSwitch(
  chosen: AppListEntry | null | undefined,
  credentials: SwitchCredentials,
): SwitchDecision {
  if (!chosen) return { kind: 'warning', message: SwitchSubsystemMessage.noneChosen };
  const website = chosen.website?.trim() ?? '';
  if (website === '') return { kind: 'error', message: SwitchSubsystemMessage.noWebsite };
  return {
    kind: 'redirect',
    url: subsystemRedirectUrl(website, {
      token: credentials.token,
      tenantId: String(credentials.tenantId),
      sysId: String(chosen.appId),
    }),
  };
}

const SWITCH_KEYS = ['token', 'tenantId', 'sysId'] as const;
const WITH_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const HOST_LIKE = /^(?:[\w-]+(?:\.[\w-]+)+|[\w-]+:\d+)(?::\d+)?(?:[/?#]|$)/;
const BARE_ORIGIN = /^(?:[a-z][a-z\d+.-]*:)?\/\/[^/]*$/i;

function keyOf(pair: string): string {
  const raw = pair.split('=', 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export function subsystemRedirectUrl(website: string, params: Record<(typeof SWITCH_KEYS)[number], string>): string {
  let target = website.trim();
  if (!WITH_SCHEME.test(target) && !target.startsWith('//') && HOST_LIKE.test(target)) target = `//${target}`;
  const hashAt = target.indexOf('#');
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const queryAt = beforeHash.indexOf('?');
  let path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const query = queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '';
  if (BARE_ORIGIN.test(path)) path = `${path}/`;
  const kept = query
    .split('&')
    .filter((pair) => pair !== '' && !(SWITCH_KEYS as readonly string[]).includes(keyOf(pair)));
  const added = SWITCH_KEYS.map((key) => `${key}=${encodeURIComponent(params[key])}`);
  return `${path}?${[...kept, ...added].join('&')}${hash}`;
}
