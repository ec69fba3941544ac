// Documents are data first (HOUSE.md "Stages and the close of business"): a printed report, minutes or decision
// is a versioned template — plain JSON, no functions, so it crosses to the rendering process as it is and a
// stored PDF can always say which version made it — filled with the record's own values. The record stays the
// truth a screen reads; the PDF is the evidence.
//
// `layoutDocument` turns a template and the values into the pieces to print (title, headings, label–value
// fields, tables, lists, paragraphs) with every value already formatted: money from integer 分 with separators
// or in Chinese capitals (大写), rates as percentages, enums by their labels. It is pure, so what a document
// says is tested without a PDF; pdf-document.ts only draws the pieces.
import { amountInWords } from '../../../src/domain/format/money-in-words';
import { formatFen } from '../../../src/domain/format/money-format';
import { formatPercent } from '../../../src/domain/format/percent-format';

/** How a value prints. `options` maps an enum's (or a boolean's) code to its label. */
export type ValueFormat =
  | 'text'
  | 'money'
  | 'words'
  | 'percent'
  | 'days'
  | { options: Readonly<Record<string, string>> };

export interface ValueRef {
  /** A dotted path into the values; inside `each`, the item's own keys come first, then the outer ones. */
  path: string;
  format?: ValueFormat;
}

export type TemplateBlock =
  /** Text may hold `{{path}}` or `{{path|money}}` (money, words, percent, days). */
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string; level?: 1 | 2 }
  | { kind: 'paragraph'; text: string }
  /** A paragraph whose text is a value of the record (free text a person wrote). */
  | { kind: 'note'; label: string; value: ValueRef }
  | { kind: 'fields'; items: readonly { label: string; value: ValueRef }[] }
  | {
      kind: 'table';
      rows: string;
      columns: readonly { header: string; value: ValueRef; width?: number }[];
      empty?: string;
    }
  | { kind: 'list'; label: string; items: string; empty?: string }
  | { kind: 'each'; items: string; blocks: readonly TemplateBlock[] };

export interface DocumentTemplate {
  /** e.g. due-diligence-report. */
  id: string;
  /** Raised whenever what the template prints changes; stored with the file it made. */
  version: number;
  /** The document's name, e.g. 尽调报告. */
  name: string;
  blocks: readonly TemplateBlock[];
}

export type DocumentPiece =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string; level: 1 | 2 }
  | { kind: 'paragraph'; text: string }
  | { kind: 'fields'; items: [string, string][] }
  | { kind: 'table'; headers: string[]; widths: number[]; rows: string[][] }
  | { kind: 'list'; label: string; items: string[] };

export interface DocumentLayout {
  name: string;
  /** 'due-diligence-report v1', kept in the PDF's metadata and beside a stored contract. */
  templateRef: string;
  /** What each page's foot says before its number, in Chinese (尽职调查报告 · 模板第3版); templateRef without it. */
  footer?: string;
  pieces: DocumentPiece[];
}

export const EMPTY_VALUE = '--';

type Scope = readonly unknown[];

function lookup(scope: Scope, path: string): unknown {
  for (const frame of scope) {
    let value: unknown = frame;
    let found = true;
    for (const part of path.split('.')) {
      if (value !== null && typeof value === 'object' && part in (value as Record<string, unknown>)) {
        value = (value as Record<string, unknown>)[part];
      } else {
        found = false;
        break;
      }
    }
    if (found) return value;
  }
  return undefined;
}

const isFen = (v: unknown): v is number | bigint | string =>
  typeof v === 'bigint' ||
  (typeof v === 'number' && Number.isSafeInteger(v)) ||
  (typeof v === 'string' && /^\d+$/.test(v));

/** One value as it prints. */
export function formatValue(value: unknown, format: ValueFormat = 'text'): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (Array.isArray(value) && value.length === 0) return EMPTY_VALUE;
  if (typeof format === 'object') return format.options[String(value)] ?? String(value);
  switch (format) {
    case 'money':
      return isFen(value) ? `${formatFen(BigInt(value))}元` : EMPTY_VALUE;
    case 'words':
      return isFen(value) && BigInt(value) >= 0n ? `人民币${amountInWords(BigInt(value))}` : EMPTY_VALUE;
    case 'percent':
      return formatPercent(String(value));
    case 'days':
      return `${String(value)}天`;
    default:
      return Array.isArray(value) ? value.map(String).join('、') : String(value);
  }
}

const FORMATS = new Set(['text', 'money', 'words', 'percent', 'days']);

function fill(text: string, scope: Scope): string {
  return text.replace(/\{\{\s*([\w.$]+)\s*(?:\|\s*(\w+)\s*)?\}\}/g, (_, path: string, format?: string) =>
    formatValue(lookup(scope, path), format && FORMATS.has(format) ? (format as ValueFormat) : 'text'),
  );
}

const arrayAt = (scope: Scope, path: string): unknown[] => {
  const v = lookup(scope, path);
  return Array.isArray(v) ? v : [];
};

function lay(blocks: readonly TemplateBlock[], scope: Scope, out: DocumentPiece[]): void {
  for (const b of blocks) {
    switch (b.kind) {
      case 'title':
        out.push({ kind: 'title', text: fill(b.text, scope) });
        break;
      case 'heading':
        out.push({ kind: 'heading', text: fill(b.text, scope), level: b.level ?? 1 });
        break;
      case 'paragraph':
        out.push({ kind: 'paragraph', text: fill(b.text, scope) });
        break;
      case 'note':
        out.push({
          kind: 'paragraph',
          text: `${b.label}：${formatValue(lookup(scope, b.value.path), b.value.format)}`,
        });
        break;
      case 'fields':
        out.push({
          kind: 'fields',
          items: b.items.map((i) => [i.label, formatValue(lookup(scope, i.value.path), i.value.format)]),
        });
        break;
      case 'table': {
        const rows = arrayAt(scope, b.rows).map((row) =>
          b.columns.map((c) => formatValue(lookup([row, ...scope], c.value.path), c.value.format)),
        );
        out.push({
          kind: 'table',
          headers: b.columns.map((c) => c.header),
          widths: b.columns.map((c) => c.width ?? 1),
          rows: rows.length ? rows : [[b.empty ?? '无', ...b.columns.slice(1).map(() => '')]],
        });
        break;
      }
      case 'list': {
        const items = arrayAt(scope, b.items).map((v) => formatValue(v));
        out.push({ kind: 'list', label: b.label, items: items.length ? items : [b.empty ?? '无'] });
        break;
      }
      case 'each':
        arrayAt(scope, b.items).forEach((item, index) => {
          lay(b.blocks, [{ ...(item as object), $index: index + 1 }, ...scope], out);
        });
        break;
    }
  }
}

/** The template filled with the record's values, every value formatted, ready to draw. */
export function layoutDocument(template: DocumentTemplate, values: Readonly<Record<string, unknown>>): DocumentLayout {
  const pieces: DocumentPiece[] = [];
  lay(template.blocks, [values], pieces);
  return {
    name: template.name,
    templateRef: `${template.id} v${template.version}`,
    footer: `${template.name} · 模板第${template.version}版`,
    pieces,
  };
}

/**
 * Label–value fields in the order written, each label naming its value's path, or its path and format
 * (`{ 业务编号: 'businessNo', 转让金额: ['amountFen', 'money'] }`).
 */
export function fieldsBlock(fields: Readonly<Record<string, string | readonly [string, ValueFormat]>>): TemplateBlock {
  return {
    kind: 'fields',
    items: Object.entries(fields).map(([label, ref]) =>
      typeof ref === 'string' ? { label, value: { path: ref } } : { label, value: { path: ref[0], format: ref[1] } },
    ),
  };
}

// ——— Parts every signed document prints (contracts, letters): its articles and its signature block ———

const CHINESE_ORDINALS = '一二三四五六七八九十';

/** Articles under their heading, numbered 第一条 … 第十条 in order. */
export function articleBlocks(heading: string, texts: readonly string[]): TemplateBlock[] {
  if (texts.length > CHINESE_ORDINALS.length) throw new Error(`at most ${CHINESE_ORDINALS.length} articles`);
  return [
    { kind: 'heading', text: heading },
    ...texts.map((text, i): TemplateBlock => ({ kind: 'paragraph', text: `第${CHINESE_ORDINALS[i]}条　${text}` })),
  ];
}

/** The signature block: each party's seal line (`甲方（盖章）：{{…}}`, by label → path), then the day it was signed. */
export function signatureBlocks(parties: Readonly<Record<string, string>>, datePath: string): TemplateBlock[] {
  return [
    { kind: 'heading', text: '签署' },
    ...Object.entries(parties).map(
      ([label, path]): TemplateBlock => ({ kind: 'paragraph', text: `${label}（盖章）：{{${path}}}` }),
    ),
    { kind: 'paragraph', text: `签订日期：{{${datePath}}}` },
  ];
}
