// The gateway's settings, read once from the environment. Defaults make `tsx gateway/src/server.ts` work on
// a fresh checkout: embedded PGlite under ./data, the built client from ./dist, parameter encryption on.

/**
 * The line (then JSON `{ "port": n, "node": "v24.…" }`: its port and its Node) the gateway prints on stdout once it
 * listens on a port the system chose.
 */
export const LISTENING_PREFIX = 'gateway-listening ';

export interface GatewayConfig {
  /** 0: any free port, which the gateway prints once it listens (server.ts). */
  port: number;
  host: string;
  dataDir: string;
  /** Stored files, content-addressed; DATA_DIR/files unless FILES_DIR is set. */
  filesDir: string;
  /** The largest upload accepted, in bytes (MAX_UPLOAD_MB, 100 unless set). */
  maxUploadBytes: number;
  databaseUrl: string | undefined;
  staticDir: string;
  encryptEnabled: boolean;
  tokenIdleMinutes: number;
  tokenMaxHours: number;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return {
    port: portNumber(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    filesDir: env.FILES_DIR || `${env.DATA_DIR || './data'}/files`,
    maxUploadBytes: positiveNumber(env, 'MAX_UPLOAD_MB', 100) * 1024 * 1024,
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: env.STATIC_DIR || './dist',
    encryptEnabled: flag(env, 'ENCRYPT_ENABLED', true),
    tokenIdleMinutes: positiveNumber(env, 'TOKEN_IDLE_MINUTES', 120),
    tokenMaxHours: positiveNumber(env, 'TOKEN_MAX_HOURS', 12),
    logLevel: env.LOG_LEVEL || 'info',
  };
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

function portNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number, got '${raw}'`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got '${env[name]}'`);
}
