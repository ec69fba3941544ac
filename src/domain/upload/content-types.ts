// SPEC §3 content-type table: file extensions of documents, spreadsheets, presentations, images, audio,
// video, archives and text mapped to their content types; the empty extension maps to any type. The
// client builds an input's accept attribute from it; the gateway sets download headers from it.
export type ContentCategory =
  | 'document'
  | 'spreadsheet'
  | 'presentation'
  | 'image'
  | 'audio'
  | 'video'
  | 'archive'
  | 'text';

export interface ContentTypeEntry {
  type: string;
  category: ContentCategory | 'any';
}

export const ANY_CONTENT_TYPE = '*/*';

const entry = (type: string, category: ContentCategory): ContentTypeEntry => ({ type, category });

export const CONTENT_TYPES: Readonly<Record<string, ContentTypeEntry>> = {
  '': { type: ANY_CONTENT_TYPE, category: 'any' },
  doc: entry('application/msword', 'document'),
  docx: entry('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'),
  pdf: entry('application/pdf', 'document'),
  rtf: entry('application/rtf', 'document'),
  odt: entry('application/vnd.oasis.opendocument.text', 'document'),
  wps: entry('application/vnd.ms-works', 'document'),
  ofd: entry('application/ofd', 'document'),
  xls: entry('application/vnd.ms-excel', 'spreadsheet'),
  xlsx: entry('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'spreadsheet'),
  ods: entry('application/vnd.oasis.opendocument.spreadsheet', 'spreadsheet'),
  csv: entry('text/csv', 'spreadsheet'),
  et: entry('application/vnd.ms-excel', 'spreadsheet'),
  ppt: entry('application/vnd.ms-powerpoint', 'presentation'),
  pptx: entry('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'presentation'),
  odp: entry('application/vnd.oasis.opendocument.presentation', 'presentation'),
  dps: entry('application/vnd.ms-powerpoint', 'presentation'),
  jpg: entry('image/jpeg', 'image'),
  jpeg: entry('image/jpeg', 'image'),
  png: entry('image/png', 'image'),
  gif: entry('image/gif', 'image'),
  bmp: entry('image/bmp', 'image'),
  webp: entry('image/webp', 'image'),
  tif: entry('image/tiff', 'image'),
  tiff: entry('image/tiff', 'image'),
  svg: entry('image/svg+xml', 'image'),
  ico: entry('image/x-icon', 'image'),
  mp3: entry('audio/mpeg', 'audio'),
  wav: entry('audio/wav', 'audio'),
  ogg: entry('audio/ogg', 'audio'),
  aac: entry('audio/aac', 'audio'),
  flac: entry('audio/flac', 'audio'),
  m4a: entry('audio/mp4', 'audio'),
  wma: entry('audio/x-ms-wma', 'audio'),
  amr: entry('audio/amr', 'audio'),
  mp4: entry('video/mp4', 'video'),
  mov: entry('video/quicktime', 'video'),
  avi: entry('video/x-msvideo', 'video'),
  wmv: entry('video/x-ms-wmv', 'video'),
  flv: entry('video/x-flv', 'video'),
  mkv: entry('video/x-matroska', 'video'),
  webm: entry('video/webm', 'video'),
  mpeg: entry('video/mpeg', 'video'),
  mpg: entry('video/mpeg', 'video'),
  zip: entry('application/zip', 'archive'),
  rar: entry('application/vnd.rar', 'archive'),
  '7z': entry('application/x-7z-compressed', 'archive'),
  tar: entry('application/x-tar', 'archive'),
  gz: entry('application/gzip', 'archive'),
  txt: entry('text/plain', 'text'),
  json: entry('application/json', 'text'),
  xml: entry('application/xml', 'text'),
  html: entry('text/html', 'text'),
  htm: entry('text/html', 'text'),
  md: entry('text/markdown', 'text'),
  log: entry('text/plain', 'text'),
};

/** 'PDF', '.pdf' and ' pdf ' all mean 'pdf'. */
export function normalizeExtension(extension: string): string {
  return extension
    .replace(/^[\s.]+/, '')
    .trim()
    .toLowerCase();
}

/** The content type of an extension; unknown extensions are plain bytes. */
export function contentTypeFor(extension: string): string {
  return Object.hasOwn(CONTENT_TYPES, normalizeExtension(extension))
    ? CONTENT_TYPES[normalizeExtension(extension)]!.type
    : 'application/octet-stream';
}

export function contentCategoryOf(extension: string): ContentCategory | 'any' | null {
  const ext = normalizeExtension(extension);
  return Object.hasOwn(CONTENT_TYPES, ext) ? CONTENT_TYPES[ext]!.category : null;
}

/** A file input's accept attribute for the allowed extensions; empty (anything) when the list allows all. */
export function acceptAttribute(extensions: readonly string[]): string {
  const exts = extensions.map(normalizeExtension);
  if (exts.length === 0 || exts.includes('')) return '';
  const parts = new Set<string>();
  for (const ext of exts) {
    parts.add(`.${ext}`);
    if (Object.hasOwn(CONTENT_TYPES, ext)) parts.add(CONTENT_TYPES[ext]!.type);
  }
  return [...parts].join(',');
}
