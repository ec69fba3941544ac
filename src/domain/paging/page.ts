// DESIGN.md §2 paging on the wire: `current` (1-based) and `size` in the query; one page of records and
// the total in the answer.
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

export interface PageRequest {
  current: number;
  size: number;
}
