// Every gateway call the client's adapters make has an interaction in a pact (contracts/README.md: a call
// without one is not finished). The calls are read from the adapters' source (support/call-sites.ts), so a
// new adapter or a new call is checked without a line here; the interactions from every committed pact file.
// A call matches an interaction of its method whose path fits its template, an id or code known only at the
// call matching any one segment. The resource kit's calls take a definition's api, so they match any path
// of that shape; each definition's own interactions are resources.pact.test.ts's, generated per definition.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adapterCallSites, pactRequests } from './support/call-sites';
import { PACT_DIR } from './support/consumer';

const ADAPTERS = resolve(import.meta.dirname, '../../src/adapters/gateway');

describe('every gateway call of the client has a pact interaction', () => {
  const { sites, unread } = adapterCallSites(ADAPTERS);
  const requests = pactRequests(PACT_DIR);

  it('reads the adapters’ calls, every one of them', () => {
    // Far more than a handful: a reading that found nothing would pass the check below vacuously.
    expect(sites.length).toBeGreaterThan(100);
    expect(new Set(sites.map((s) => s.at.split(':')[0])).size).toBeGreaterThan(10);
    expect(unread).toEqual([]);
  });

  it('follows paths through constants, helpers and tables', () => {
    const templates = sites.map((s) => `${s.method} ${s.template}`);
    // A module constant (API), a helper of the file (one(keyId)), a table's values (BASE[resource]) narrowed
    // to the keys the parameter's type allows, an imported constant, and both branches of a condition.
    expect(templates).toContain('PUT /{def.resource.api…}/{keyId}');
    expect(templates).toContain('POST /api/business/business/{keyId}/transition');
    expect(templates).toContain('GET /api/company/projectCompany/page');
    expect(templates).not.toContain('GET /api/authcenter/org/page');
    expect(templates).toContain('GET /api/parameter/summaryRiskControl/active');
    expect(templates).toContain('POST /api/file/file');
  });

  it('finds an interaction for each call', () => {
    const missing = sites
      .filter((s) => !requests.some((r) => r.method === s.method && s.pattern.test(r.path)))
      .map((s) => `${s.at} ${s.method} ${s.template}`);
    expect(missing).toEqual([]);
  });
});
