// Sessions and grants kept in process, so a guarded call does not read the token and the user's grants from
// the database before the route's own query — and still exact across gateway processes on one database
// (SPEC §5): the triggers of migration 0011 notify every change that matters, db/change-feed.ts delivers
// them, and each request first waits for the feed to have delivered every change committed before it came.
// A read that began before a change and ends after it is not kept (`#generation`), so a stale row cannot
// outlive the notification that should have removed it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { openChangeFeed, type ChangeFeed } from '../db/change-feed';
import { findLiveToken } from '../modules/auth/repository';
import { forgetMenus, grantedMenus } from '../modules/menu/repository';
import { forgetAllUserCounts } from '../modules/user-admin/repository';

export interface CachedSession {
  user_id: string;
  tenant_id: string;
  last_seen_at: Date;
  expires_at: Date;
}

export type Grants = Map<string, Set<string>>;

// Bounds, not tuning: a gateway serves far fewer live sessions than this; past it, start over.
const MAX_ENTRIES = 50_000;

export class AccessCache {
  readonly #sessions = new Map<string, CachedSession>();
  readonly #grants = new Map<string, Promise<Grants>>();
  #generation = 0;
  #feed: ChangeFeed | null = null;

  private constructor(private readonly db: Kysely<Database>) {}

  static async open(db: Kysely<Database>): Promise<AccessCache> {
    const cache = new AccessCache(db);
    cache.#feed = await openChangeFeed(db, {
      onChange: (payload) => cache.#changed(payload),
      onReset: () => cache.#forgetAll(),
    });
    return cache;
  }

  /** Whether the cache may answer this request: every change committed before now has been heard. */
  async fresh(): Promise<boolean> {
    return this.#feed ? this.#feed.sync() : false;
  }

  /** The unrevoked token of an enabled user, from the cache when `fresh`. */
  async session(tokenHash: string, fresh: boolean): Promise<CachedSession | undefined> {
    const cached = fresh ? this.#sessions.get(tokenHash) : undefined;
    if (cached) return cached;
    const generation = this.#generation;
    const row = await findLiveToken(this.db, tokenHash);
    // Only live tokens are kept: a token's insertion is not notified, so "unknown" may not be remembered.
    if (row && this.#feed && generation === this.#generation) {
      if (this.#sessions.size >= MAX_ENTRIES) this.#sessions.clear();
      this.#sessions.set(tokenHash, { ...row });
    }
    return row;
  }

  /** This process moved the token's last use (a touch is not notified: see migration 0011). */
  touched(tokenHash: string, at: Date): void {
    const cached = this.#sessions.get(tokenHash);
    if (cached) cached.last_seen_at = at;
  }

  /** Menu id → operation codes the user's enabled roles grant (an empty set: the menu without any). */
  grants(userId: string, tenantId: string, fresh: boolean): Promise<Grants> {
    const key = `${userId}|${tenantId}`;
    const cached = fresh ? this.#grants.get(key) : undefined;
    if (cached) return cached;
    const generation = this.#generation;
    const read = grantedMenus(this.db, userId, tenantId);
    if (this.#feed) {
      if (this.#grants.size >= MAX_ENTRIES) this.#grants.clear();
      this.#grants.set(key, read);
      read.then(
        () => {
          if (generation !== this.#generation && this.#grants.get(key) === read) this.#grants.delete(key);
        },
        () => {
          if (this.#grants.get(key) === read) this.#grants.delete(key);
        },
      );
    }
    return read;
  }

  async close(): Promise<void> {
    await this.#feed?.close();
    this.#feed = null;
    this.#forgetAll();
  }

  #changed(payload: string): void {
    this.#generation += 1;
    const kind = payload.slice(0, 2);
    if (kind === 't:') {
      this.#sessions.delete(payload.slice(2));
    } else if (kind === 'u:') {
      const userId = payload.slice(2);
      for (const [hash, session] of this.#sessions) if (session.user_id === userId) this.#sessions.delete(hash);
      for (const key of this.#grants.keys()) if (key.startsWith(`${userId}|`)) this.#grants.delete(key);
    } else if (payload === 'g') {
      this.#grants.clear();
    } else if (payload === 'm') {
      forgetMenus(this.db);
    } else if (payload === 'n') {
      forgetAllUserCounts(this.db);
    } else {
      this.#forgetAll();
    }
  }

  #forgetAll(): void {
    this.#generation += 1;
    this.#sessions.clear();
    this.#grants.clear();
    forgetMenus(this.db);
    forgetAllUserCounts(this.db);
  }
}
