// What a user calls a file is kept as text and sent back in Content-Disposition; it never becomes part of
// a path. It is still refused when it tries to look like one: separators, '.' or '..' (also percent-
// encoded), control characters and NUL, and so is what would make it read otherwise than it is (a direction
// override turning "合同\u202efdp.exe" into "合同exe.pdf", a lone surrogate): the stored texts' rule
// (src/domain/patterns/control-characters.ts). The length and extension rules are the domain's (SPEC §5).
import { hasControlCharacters } from '../../../../src/domain/patterns/control-characters';

export const NAME_INVALID = '文件名不合法，不能包含路径、控制字符、文字方向控制符或 ".."';
export const NAME_EMPTY = '文件名不能为空';

function decoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The message for an unacceptable name, or null. */
export function checkFileName(name: string | undefined): string | null {
  if (name === undefined || name.trim() === '') return NAME_EMPTY;
  for (const text of [name, decoded(name)]) {
    if (hasControlCharacters(text, false)) return NAME_INVALID;
    // eslint-disable-next-line no-control-regex
    if (/[\\/\u0000]/.test(text) || /^\.{1,2}$/.test(text.trim()) || text.includes('..' + '/') || text.startsWith('..'))
      return NAME_INVALID;
  }
  return null;
}

/** RFC 6266 / RFC 5987: an ASCII fallback for old clients, and the exact UTF-8 name in filename*. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Names inside one zip made unique: 'a.pdf', 'a(1).pdf', 'a(2).pdf'. */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let i = 1; used.has(candidate.toLowerCase()); i++) candidate = `${base}(${i})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
