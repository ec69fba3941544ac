import { describe, expect, it } from 'vitest';
import { RequestRegistry, requestKey } from './request-registry';

describe('requestKey', () => {
  it('is the same for identical calls and differs by parameters, body and kind', () => {
    const unique = () => 0;
    const a = requestKey('GET', '/api/x', { q: 1 }, undefined, 'json', unique);
    expect(requestKey('GET', '/api/x', { q: 1 }, undefined, 'json', unique)).toBe(a);
    expect(requestKey('GET', '/api/x', { q: 2 }, undefined, 'json', unique)).not.toBe(a);
    expect(requestKey('GET', '/api/x', { q: 1 }, { b: 1 }, 'json', unique)).not.toBe(a);
    expect(requestKey('GET', '/api/x', { q: 1 }, undefined, 'blob', unique)).not.toBe(a);
    expect(requestKey('POST', '/api/x', { q: 1 }, undefined, 'json', unique)).not.toBe(a);
  });

  it('is unique every time when the kind is false', () => {
    const registry = new RequestRegistry();
    const first = requestKey('POST', '/api/up', null, null, false, registry.nextUnique);
    expect(requestKey('POST', '/api/up', null, null, false, registry.nextUnique)).not.toBe(first);
  });
});

describe('RequestRegistry', () => {
  it('aborts an earlier request when a newer one with the same key begins', () => {
    const registry = new RequestRegistry();
    const first = registry.begin('k');
    const second = registry.begin('k');
    expect(first.signal.aborted).toBe(true);
    expect(second.signal.aborted).toBe(false);
    expect(registry.size).toBe(1);
  });

  it('leaves requests under other keys alone', () => {
    const registry = new RequestRegistry();
    const a = registry.begin('a');
    registry.begin('b');
    expect(a.signal.aborted).toBe(false);
  });

  it('does not forget a newer request when an older one with the same key ends', () => {
    const registry = new RequestRegistry();
    const first = registry.begin('k');
    const second = registry.begin('k');
    first.end();
    expect(registry.size).toBe(1);
    second.end();
    expect(registry.size).toBe(0);
  });

  it('cancels every pending request at once', () => {
    const registry = new RequestRegistry();
    const a = registry.begin('a');
    const b = registry.begin('b');
    registry.cancelAll();
    expect([a.signal.aborted, b.signal.aborted]).toEqual([true, true]);
    expect(registry.size).toBe(0);
  });

  it("follows the caller's signal, whether it aborts before or after, and stops following it once ended", () => {
    const registry = new RequestRegistry();
    const early = new AbortController();
    early.abort();
    expect(registry.begin('a', early.signal).signal.aborted).toBe(true);

    const late = new AbortController();
    const pending = registry.begin('b', late.signal);
    late.abort();
    expect(pending.signal.aborted).toBe(true);

    const after = new AbortController();
    const ended = registry.begin('c', after.signal);
    ended.end();
    after.abort();
    expect(ended.signal.aborted).toBe(false);
  });
});
