// Every table of a business is its tenant's: two of them join on their shared key *and* on tenant_id, so a row
// never meets another tenant's row of the same key. One join condition for that, so a stage's query says which
// tables and which key, and the tenant half cannot be left out.
import type { JoinBuilder, ReferenceExpression } from 'kysely';

/**
 * `joined.key = other.key and joined.tenant_id = other.tenant_id` for each key named (aliases as in the query:
 * `.innerJoin('loan as l', sameTenant('l', 'b', 'business_id'))`).
 */
export function sameTenant(joined: string, other: string, ...keys: readonly string[]) {
  return <DB, TB extends keyof DB>(j: JoinBuilder<DB, TB>): JoinBuilder<DB, TB> => {
    const ref = (alias: string, column: string) => `${alias}.${column}` as ReferenceExpression<DB, TB>;
    return [...keys, 'tenant_id'].reduce((on, k) => on.onRef(ref(joined, k), '=', ref(other, k)), j);
  };
}

/** The same with the key named differently on each side (`joined.a = other.b`), then the tenant. */
export function sameTenantOn(joined: string, joinedKey: string, other: string, otherKey: string) {
  return <DB, TB extends keyof DB>(j: JoinBuilder<DB, TB>): JoinBuilder<DB, TB> => {
    const ref = (alias: string, column: string) => `${alias}.${column}` as ReferenceExpression<DB, TB>;
    return j
      .onRef(ref(joined, joinedKey), '=', ref(other, otherKey))
      .onRef(ref(joined, 'tenant_id'), '=', ref(other, 'tenant_id'));
  };
}
