// Renders a document template with a record's values to PDF bytes (HOUSE.md "Documents are data first").
// The layout — every value formatted — is computed here (pure, cheap); drawing the pages with pdfkit is CPU
// heavy, so it runs in a child process with a bounded heap and a time limit, the way the file module's
// conversion does (modules/file/pdf-convert.ts), and the gateway keeps answering meanwhile. Failures are
// Chinese errors, never a file that only looks like the PDF asked for.
//
// Unlike a conversion, which reads what a user uploaded and gets a fresh child each time, a document is drawn
// from the gateway's own templates: its children are kept while documents keep coming. Starting one (Node,
// pdfkit) and parsing the CJK font in it cost seconds, several times what drawing a document does, and a seed or
// a day's printing draws dozens in a row. A kept child that has drawn nothing for IDLE_MS ends, so pdfkit and
// the font leave memory when nobody prints; one that failed, crashed or overran its time is killed, and the
// next document gets a new one.
import { type ChildProcess, fork } from 'node:child_process';
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
import type { DocumentBatch } from './pdf-document.child';

const RENDER_HEAP_MB = 512;
/** One call's documents, from when its child starts drawing them. */
const RENDER_TIMEOUT_MS = 60_000;
/** A kept child with nothing to draw for this long ends. */
const IDLE_MS = 30_000;
/** Children drawing at once: calls beyond them wait for one to be free. */
const MAX_CHILDREN = 2;

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

type Outcome = 'ok' | 'failed' | 'timeout';

interface Waiting {
  jobs: readonly DocumentJob[];
  resolve: (outcome: Outcome) => void;
}

interface KeptChild {
  process: ChildProcess;
  /** The batch it is drawing, if any. */
  drawing: { id: number; settle: (outcome: Outcome) => void } | null;
  idle: NodeJS.Timeout | null;
}

const children = new Set<KeptChild>();
/** Every child not yet exited, the stopped ones included (a kill is not an exit). */
const living = new Set<ChildProcess>();
const waiting: Waiting[] = [];
let batches = 0;

function drawInChild(jobs: readonly DocumentJob[]): Promise<Outcome> {
  return new Promise((resolve) => {
    waiting.push({ jobs, resolve });
    dispatch();
  });
}

/** Gives waiting calls to free children, starting children up to MAX_CHILDREN. */
function dispatch(): void {
  while (waiting.length > 0) {
    let child = [...children].find((c) => c.drawing === null);
    if (!child) {
      if (children.size >= MAX_CHILDREN) return;
      child = startChild();
    }
    draw(child, waiting.shift()!);
  }
}

function startChild(): KeptChild {
  const child: KeptChild = {
    process: fork(CHILD_SCRIPT, [], {
      execArgv: [...loaderArgs(import.meta.url), `--max-old-space-size=${RENDER_HEAP_MB}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    }),
    drawing: null,
    idle: null,
  };
  children.add(child);
  living.add(child.process);
  child.process.once('exit', () => living.delete(child.process));
  const gone = () => {
    if (!children.delete(child)) return;
    if (child.idle) clearTimeout(child.idle);
    child.drawing?.settle('failed');
    dispatch();
  };
  // Killed for memory (its heap bound) or crashed: no answer came for what it was drawing.
  child.process.once('exit', gone);
  child.process.once('error', gone);
  child.process.on('message', (message: { id: number; ok: boolean }) => {
    if (child.drawing?.id === message.id) child.drawing.settle(message.ok ? 'ok' : 'failed');
  });
  return child;
}

function draw(child: KeptChild, call: Waiting): void {
  if (child.idle) clearTimeout(child.idle);
  child.idle = null;
  // Drawing, the child keeps the gateway's process alive until it answers; idle, it never does.
  child.process.ref();
  child.process.channel?.ref();
  const id = ++batches;
  const timer = setTimeout(() => child.drawing?.settle('timeout'), RENDER_TIMEOUT_MS);
  child.drawing = {
    id,
    settle: (outcome) => {
      if (child.drawing?.id !== id) return;
      clearTimeout(timer);
      child.drawing = null;
      call.resolve(outcome);
      if (outcome === 'ok') {
        rest(child);
        dispatch();
      } else {
        // A child that failed or overran may be in any state: it draws nothing more.
        stop(child);
      }
    },
  };
  child.process.send({ id, jobs: [...call.jobs] } satisfies DocumentBatch, (error) => {
    if (error) child.drawing?.settle('failed');
  });
}

function rest(child: KeptChild): void {
  child.process.unref();
  child.process.channel?.unref();
  child.idle = setTimeout(() => stop(child), IDLE_MS);
  child.idle.unref();
}

function stop(child: KeptChild): void {
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
  // Its exit takes it out of the set and hands on what waits; until then it is neither free nor drawing.
  children.delete(child);
  if (child.idle) clearTimeout(child.idle);
  dispatch();
}

/**
 * Ends every child and waits until each has exited: a gateway that stops (Ctrl-C on npm start) leaves no renderer
 * behind it. An idle child would end by itself once its parent is gone, but only after the parent has.
 */
export async function stopDocumentRenderers(): Promise<void> {
  await Promise.all(
    [...living].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          if (child.exitCode !== null || child.signalCode !== null) resolve();
          else child.kill('SIGKILL');
        }),
    ),
  );
}
