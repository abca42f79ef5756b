/** Services log through this shape (pino's, so Fastify's app.log fits), without knowing Fastify. */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
