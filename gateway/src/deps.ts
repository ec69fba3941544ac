// What the route plugins share, handed to each as its plugin options by buildApp.
import type { Kysely } from 'kysely';
import type { Database, DatabaseKind } from './db/database';
import type { DailyJob } from './jobs/daily-job';
import type { Extensions } from './stage/extensions';

export interface GatewayDeps {
  db: Kysely<Database>;
  database: DatabaseKind;
  /** The app's clock (app.ts): every "now" and "today" of the rules. */
  now: () => Date;
  /** The close-of-business runner: a module registers the steps of the daily job it owns here. */
  dailyJob: DailyJob;
  /**
   * This app's extension points (stage/extensions.ts), every module's declarations applied: a route plugin adds what
   * only it knows here; the kit reads them through the app's database handle.
   */
  extensions: Extensions;
  tokenIdleMs: number;
  tokenMaxMs: number;
  encryptEnabled: boolean;
  /** The 32-character parameter key, shared by every gateway process through the setting table. */
  encryptKey: string;
  /** Stored files: content-addressed blobs under this folder, and the upload size limit. */
  filesDir: string;
  maxUploadBytes: number;
  /** The LibreOffice binary for office → PDF ('soffice' on the PATH unless given). */
  sofficePath: string;
  /** A CJK font for text → PDF. */
  cjkFont: { path: string; family: string };
}
