// An amount in Chinese capitals (大写金额), as the printed decision, minutes and letters show it (BUSINESS.md
// §5 item 8), from integer 分. It follows how banks write them (中国人民银行《正确填写票据和结算凭证的基本规定》):
// 壹拾 keeps its 壹; a run of zeros inside the yuan is one 零; an amount ending at 元 ends in 整; a 分 with no
// 角 is written 元零X分. Where the rule allows either, the shorter form is taken: no 零 after 元 before a
// 角 (壹仟陆佰捌拾元叁角贰分), none after a 万 before a non-zero 千 (壹拾万柒仟元), and no 整 after 角.
// Exact at any size: bigint throughout; above 亿 the count of 亿 is itself written (壹万亿 for 10^12 元).

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACES = ['仟', '佰', '拾', ''] as const;

const YI = 100_000_000n;
const WAN = 10_000n;

/** 1…9999 as 壹仟零壹拾 etc.: one 零 for any run of zeros between non-zero digits, none at the end. */
function group(n: bigint): string {
  const digits = String(n).padStart(4, '0');
  let out = '';
  let zero = false;
  for (let i = 0; i < 4; i += 1) {
    const d = Number(digits[i]);
    if (d === 0) {
      zero = out !== '';
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += `${DIGITS[d]}${PLACES[i]}`;
  }
  return out;
}

/** A positive whole number of yuan in capitals. */
function integerWords(n: bigint): string {
  if (n >= YI) {
    const low = n % YI;
    const head = `${integerWords(n / YI)}亿`;
    if (low === 0n) return head;
    return head + (low < 10_000_000n ? '零' : '') + integerWords(low);
  }
  if (n >= WAN) {
    const low = n % WAN;
    const head = `${group(n / WAN)}万`;
    if (low === 0n) return head;
    return head + (low < 1000n ? '零' : '') + group(low);
  }
  return group(n);
}

/** Integer 分 → 大写: 100000000n → 壹佰万元整, 123405n → 壹仟贰佰叁拾肆元零伍分, 0n → 零元整. */
export function amountInWords(fen: bigint | number): string {
  if (typeof fen === 'number' && !Number.isSafeInteger(fen)) throw new RangeError(`金额须为整数分：${fen}`);
  const value = BigInt(fen);
  if (value < 0n) throw new RangeError(`金额不能为负数：${value}`);
  const yuan = value / 100n;
  const jiao = Number((value % 100n) / 10n);
  const cent = Number(value % 10n);
  if (value === 0n) return '零元整';
  let out = yuan > 0n ? `${integerWords(yuan)}元` : '';
  if (jiao === 0 && cent === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0n) out += '零';
  if (cent > 0) out += `${DIGITS[cent]}分`;
  return out;
}
