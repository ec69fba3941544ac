// The child process that draws the documents it is sent (pdf-document.ts), one after another, reports back
// over IPC, then exits.
import type { DocumentJob } from './pdf-document';
import { renderDocumentPdf } from './pdf-document';

process.once('message', (jobs: DocumentJob[]) => {
  jobs
    .reduce((drawn, job) => drawn.then(() => renderDocumentPdf(job)), Promise.resolve())
    .then(
      () => process.send!({ ok: true }, () => process.exit(0)),
      () => process.send!({ ok: false }, () => process.exit(0)),
    );
});
