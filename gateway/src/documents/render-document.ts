// Renders a document template with a record's values to PDF bytes (HOUSE.md "Documents are data first").
// The layout — every value formatted — is computed here (pure, cheap); drawing the pages with pdfkit is CPU
// heavy, so it runs in a child process with a bounded heap and a time limit, the way the file module's
// conversion does (modules/file/pdf-convert.ts), and the gateway keeps answering meanwhile. Failures are
// Chinese errors, never a file that only looks like the PDF asked for.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResultCode } from '../../../src/domain/gateway/result-codes';
import { AppError } from '../plugins/envelope';
import { besideModule, loaderArgs } from '../source-files';
import { type DocumentLayout, type DocumentTemplate, layoutDocument } from './document-template';
import type { DocumentJob } from './pdf-document';

const RENDER_HEAP_MB = 512;
const RENDER_TIMEOUT_MS = 60_000;

export const DocumentMessage = {
  noFont: '服务器缺少中文字体，无法生成PDF文档',
  timeout: '生成PDF文档超时，请稍后再试',
  failed: '生成PDF文档失败，请稍后再试',
} as const;

export interface RenderedDocument {
  pdf: Buffer;
  /** The template and version that made it, e.g. 'financing-decision v1', to store beside the file. */
  templateRef: string;
  /** A file name for the download, e.g. 融资决议书.pdf. */
  fileName: string;
}

const unavailable = (message: string) => new AppError(ResultCode.internal, message, 503);

export async function renderDocument(
  template: DocumentTemplate,
  values: Readonly<Record<string, unknown>>,
  options: { cjkFont: { path: string; family: string }; workRoot?: string; fileName?: string; date?: Date },
): Promise<RenderedDocument> {
  const layout = layoutDocument(template, values);
  const [pdf] = await drawDocuments([layout], options);
  return { pdf: pdf!, templateRef: layout.templateRef, fileName: `${options.fileName ?? template.name}.pdf` };
}

/**
 * Draws laid-out documents, all in one child process, into their PDF bytes (in the same order). `date`, when
 * given, is written as the documents' creation date, so the same layout is the same bytes every time.
 */
export async function drawDocuments(
  layouts: readonly DocumentLayout[],
  options: { cjkFont: { path: string; family: string }; workRoot?: string; date?: Date },
): Promise<Buffer[]> {
  if (!existsSync(options.cjkFont.path)) throw unavailable(DocumentMessage.noFont);
  const work = await mkdtemp(join(options.workRoot ?? tmpdir(), 'gw-doc-'));
  try {
    const jobs = layouts.map(
      (layout, i): DocumentJob => ({
        layout,
        out: join(work, `${i}.pdf`),
        font: options.cjkFont,
        ...(options.date ? { date: options.date.toISOString() } : {}),
      }),
    );
    const outcome = await drawInChild(jobs);
    if (outcome === 'timeout') throw unavailable(DocumentMessage.timeout);
    if (outcome !== 'ok') throw unavailable(DocumentMessage.failed);
    return await Promise.all(jobs.map((job) => readFile(job.out)));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const CHILD_SCRIPT = fileURLToPath(besideModule(import.meta.url, './pdf-document.child'));

function drawInChild(jobs: readonly DocumentJob[]): Promise<'ok' | 'failed' | 'timeout'> {
  return new Promise((resolve) => {
    const child = fork(CHILD_SCRIPT, [], {
      execArgv: [...loaderArgs(import.meta.url), `--max-old-space-size=${RENDER_HEAP_MB}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    });
    let settled = false;
    const settle = (outcome: 'ok' | 'failed' | 'timeout') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(outcome);
    };
    const timer = setTimeout(() => settle('timeout'), RENDER_TIMEOUT_MS);
    child.once('message', (message: { ok: boolean }) => settle(message.ok ? 'ok' : 'failed'));
    child.once('error', () => settle('failed'));
    child.once('exit', () => settle('failed'));
    child.send(jobs);
  });
}
