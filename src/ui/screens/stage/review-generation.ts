// How many review actions this page has taken since it loaded: the review queues kept alive behind their tags
// read themselves again when shown only if an action was taken meanwhile (an item just reviewed is gone
// without pressing 查询), so a mere tag switch costs no request and no re-render of the rows.
let generation = 0;

/** Called once a review action (通过 / 退回 / 不通过 / 否决) has been made. */
export function reviewActed(): void {
  generation += 1;
}

/** The current count, for a queue to remember what it last read. */
export function reviewGeneration(): number {
  return generation;
}
