// The child process that renders one PDF (pdf-render.ts) and reports back over IPC, then exits.
import type { RenderJob } from './pdf-render';
import { RenderFailure, renderPdf } from './pdf-render';

process.once('message', (job: RenderJob) => {
  renderPdf(job).then(
    () => process.send!({ ok: true }, () => process.exit(0)),
    (error: unknown) =>
      process.send!({ ok: false, reason: error instanceof RenderFailure ? error.reason : 'failed' }, () =>
        process.exit(0),
      ),
  );
});
