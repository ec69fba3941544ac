// A stepped order (e签宝's 顺序签, a review's levels): steps numbered 1..n, each taken only once every earlier one
// is done. Pure: what a list of steps breaks as an order, and who a step still waits on.

export interface Step {
  order: number;
}

/**
 * Why `steps` are not a stepped order of at least `min`: too few ('count'), not numbered 1..n ('gaps'), or two
 * steps for one party (`partyOf`) ('duplicate'); null when they are.
 */
export function steppedOrderProblem<T extends Step>(
  steps: readonly T[],
  min: number,
  partyOf?: (step: T) => string,
): 'count' | 'gaps' | 'duplicate' | null {
  if (steps.length < min) return 'count';
  if (inOrder(steps).some((s, i) => s.order !== i + 1)) return 'gaps';
  if (partyOf && new Set(steps.map(partyOf)).size !== steps.length) return 'duplicate';
  return null;
}

/** The steps by their order. */
export const inOrder = <T extends Step>(steps: readonly T[]): T[] => [...steps].sort((a, b) => a.order - b.order);

/** The first step before `order` not yet done: the one `order` waits on (undefined when it may be taken). */
export const waitingBefore = <T extends Step>(steps: readonly T[], order: number, done: (step: T) => boolean) =>
  inOrder(steps).find((s) => s.order < order && !done(s));
