// The name a download is saved under (SPEC §7.2): read from the Content-Disposition header, with the
// caller's suffix inserted before the extension. Pure string work, no HTTP.

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*` (RFC 5987, UTF-8) wins over
 * `filename`; a plain `filename` that is percent-encoded (as many Java gateways send it) is decoded too.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain ? (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1').trim() : '';
  if (!value) return null;
  try {
    return /%[0-9a-f]{2}/i.test(value) ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

/** 'a.pdf' + '_1' → 'a_1.pdf'; a name without an extension gets the suffix at its end. */
export function withSuffix(fileName: string, suffix: string | undefined): string {
  if (!suffix) return fileName;
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? `${fileName.slice(0, dot)}${suffix}${fileName.slice(dot)}` : `${fileName}${suffix}`;
}
