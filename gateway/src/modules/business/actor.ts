// Who acts on a business, as the aggregate and the facts it loads both see them.
/** Who acts: the signed-in user with their roles and grants, or the gateway itself (`systemActor`). */
export interface Actor {
  userId: string;
  /** The person's name as the timeline shows it. */
  userName: string;
  /** Role codes (src/domain/financing/roles.ts). */
  roles: Set<string>;
  /** The name of the actor's first lifecycle role, for events no role of the table names. */
  roleName: string;
  /** Code → Chinese name of each of the actor's roles. */
  roleNames: ReadonlyMap<string, string>;
  /** The supplier a supplier user belongs to; null for staff. */
  supplierId: string | null;
  /** 'menuPath:op' the user holds, in the table's spelling of each path and in the normalized one. */
  grants: Set<string>;
  /**
   * A staff user whose roles were saved with 数据授权 (isAuthData) sees the businesses of the project companies
   * in its organisation's subtree only: those organisation ids. null: the whole tenant (or, for a supplier
   * user, its own supplier).
   */
  orgScope?: readonly string[] | null;
}
