// The child process the gateway draws its documents in (pdf-document.ts), kept by render-document.ts across
// documents: each message is one batch, drawn one document after another and answered over IPC with its id.
// pdfkit and the parsed CJK font stay loaded between batches; the child ends when the gateway lets it go
// (render-document.ts stops it when idle) or goes away itself.
import type { DocumentJob } from './pdf-document';
import { renderDocumentPdf } from './pdf-document';

export interface DocumentBatch {
  id: number;
  jobs: DocumentJob[];
}

process.on('message', ({ id, jobs }: DocumentBatch) => {
  jobs
    .reduce((drawn, job) => drawn.then(() => renderDocumentPdf(job)), Promise.resolve())
    .then(
      () => process.send!({ id, ok: true }),
      () => process.send!({ id, ok: false }),
    );
});
process.once('disconnect', () => process.exit(0));
