// The three documents rendered as real PDFs in the CJK font (in a kept child process), read back with
// pdftotext: the Chinese text and the amount in capitals are there as text, not as shapes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CJK_FONT } from '../modules/file/pdf-convert';
import { SAMPLE_DECISION, SAMPLE_MINUTES, SAMPLE_REPORT } from './document-samples';
import { DECISION_TEMPLATE, MINUTES_TEMPLATE, REPORT_TEMPLATE } from './document-templates';
import { type DocumentLayout, layoutDocument } from './document-template';
import { DocumentMessage, drawDocuments, renderDocument } from './render-document';

const work = mkdtempSync(join(tmpdir(), 'doc-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The PDF's text as pdftotext reads it, spaces and line breaks removed (CJK text may wrap anywhere). */
function textOf(pdf: Buffer, name: string): string {
  const path = join(work, `${name}.pdf`);
  writeFileSync(path, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
}

const options = { cjkFont: DEFAULT_CJK_FONT };

describe('renderDocument', () => {
  // The child that failed is let go; the next document is drawn by a sound one, in the font it names.
  it('answers a Chinese error for a font it cannot read, and draws the next document', async () => {
    const notAFont = join(work, 'not-a-font.ttc');
    writeFileSync(notAFont, '这不是字体文件');
    await expect(
      renderDocument(DECISION_TEMPLATE, { ...SAMPLE_DECISION }, { cjkFont: { path: notAFont, family: 'X' } }),
    ).rejects.toThrow(DocumentMessage.failed);
    const doc = await renderDocument(DECISION_TEMPLATE, { ...SAMPLE_DECISION }, options);
    expect(textOf(doc.pdf, 'after-failure')).toContain('批复金额（大写）：人民币壹佰万元整');
  }, 60_000);

  it('renders the decision with its terms and the approved amount in 大写', async () => {
    const doc = await renderDocument(DECISION_TEMPLATE, { ...SAMPLE_DECISION }, options);
    expect(doc.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(doc.templateRef).toBe('financing-decision v2');
    expect(doc.fileName).toBe('融资决议书.pdf');
    const text = textOf(doc.pdf, 'decision');
    expect(text).toContain('融资决议书');
    expect(text).toContain('批复金额（大写）：人民币壹佰万元整');
    expect(text).toContain('华东建材有限公司');
    expect(text).toContain('到期一次还本付息');
    // Rates and ratios as percentages, and a foot in Chinese with the template's version.
    expect(text).toContain('年利率：8.00%');
    expect(text).toContain('融资比例：80.00%');
    expect(text).toContain('融资决议书·模板第2版第1页/共1页');
    expect(text).not.toContain('financing-decision');
  }, 60_000);

  it('answers a Chinese error when the font is missing', async () => {
    await expect(
      renderDocument(DECISION_TEMPLATE, {}, { cjkFont: { path: '/nonexistent/font.ttc', family: 'X' } }),
    ).rejects.toThrow(DocumentMessage.noFont);
  });
});

// The minutes and the report are drawn together with two short documents, twice: the second time by the child
// kept from the first, with pdfkit loaded and the font parsed, into the same bytes.
describe('drawDocuments', () => {
  const short = (title: string): DocumentLayout => ({
    name: title,
    templateRef: '演示资料',
    pieces: [
      { kind: 'title', text: title },
      { kind: 'fields', items: [['企业名称', '华东建材有限公司']] },
    ],
  });
  const layouts = [
    layoutDocument(MINUTES_TEMPLATE, { ...SAMPLE_MINUTES }),
    layoutDocument(REPORT_TEMPLATE, { ...SAMPLE_REPORT }),
    short('营业执照'),
    short('公司章程'),
  ];
  const date = new Date(Date.UTC(2026, 10, 1));
  let first: Buffer[] = [];
  let again: Buffer[] = [];
  beforeAll(async () => {
    first = await drawDocuments(layouts, { ...options, date });
    again = await drawDocuments(layouts, { ...options, date });
  }, 120_000);

  it('draws the minutes with the named vote table and the conclusion', () => {
    const text = textOf(first[0]!, 'minutes');
    for (const words of ['评审会纪要', '记名表决', '冯涛', '有条件同意', '追加实际控制人连带责任保证', '会议结论']) {
      expect(text).toContain(words);
    }
    expect(text).toContain('有条件通过');
    expect(text).toContain('评审会纪要·模板第2版第1页');
  });

  it('draws the report over several pages with every step', () => {
    const text = textOf(first[1]!, 'report');
    for (const words of ['尽职调查报告', '客户调查', '资产负债表', '核心指标', '资产负债率62.50%', '方案建议']) {
      expect(text).toContain(words);
    }
    // The proposal's rate and ratio as typed, percentages; no indicator as a bare decimal.
    expect(text).toContain('建议年利率：8.00%');
    expect(text).toContain('建议融资比例：80.00%');
    expect(text).not.toContain('0.6250');
    expect(text).toMatch(/尽职调查报告·模板第3版第1页\/共[2-9]页/);
  });

  it('draws several documents in one child, in order, the same bytes each time for a fixed date', () => {
    expect(first.slice(2).map((pdf, i) => textOf(pdf, `drawn-${i}`))).toEqual([
      expect.stringContaining('营业执照企业名称：华东建材有限公司'),
      expect.stringContaining('公司章程企业名称：华东建材有限公司'),
    ]);
    expect(again.map((pdf, i) => pdf.equals(first[i]!))).toEqual([true, true, true, true]);
  });
});
