// Money crosses the wire as an integer number of 分 (DESIGN.md §2) and is bigint 分 everywhere else. These two
// are the only places the two meet: a bigint goes out only when a JSON number holds it exactly, and a wire
// figure comes in only when it is a whole number of 分 a JSON number held exactly — never rounded, never a float.

const LIMIT = BigInt(Number.MAX_SAFE_INTEGER);

/** 分 as the wire carries it: the same integer as a number; refused past what a JSON number holds exactly. */
export function fenToWire(fen: bigint): number {
  if (fen > LIMIT || fen < -LIMIT) throw new RangeError(`金额超出可传输范围：${fen} 分`);
  return Number(fen);
}

/** A wire figure of 分 as bigint; refused unless it is a whole, exactly held number of 分. */
export function fenFromWire(wire: number | bigint): bigint {
  if (typeof wire === 'bigint') return wire;
  if (!Number.isSafeInteger(wire)) throw new RangeError(`金额不是整数分：${wire}`);
  return BigInt(wire);
}
