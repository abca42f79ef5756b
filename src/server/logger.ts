/** Services log through this shape (pino's, so Fastify's app.log fits), without knowing Fastify. */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/**
 * Log lines from before the app and its logger exist (the migrate step at start): pino's JSON
 * shape on stdout, at LOG_LEVEL, so they read like the lines that follow.
 */
export function startupLogger(level: keyof typeof LEVELS): Logger {
  const line = (at: number) => (obj: object, msg: string) => {
    if (at >= LEVELS[level]) process.stdout.write(`${JSON.stringify({ level: at, time: Date.now(), ...obj, msg })}\n`);
  };
  return { info: line(LEVELS.info), warn: line(LEVELS.warn), error: line(LEVELS.error) };
}
