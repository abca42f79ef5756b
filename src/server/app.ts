import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Settings } from './config';
import type { DatabaseHandle } from './db/connection';
import { registerErrorHandling } from './http/errors';
import { registerWebApp } from './http/web-app';
import { systemRoutes } from './system/system.routes';

export interface AppDeps {
  settings: Settings;
  database: DatabaseHandle;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Builds the whole app without listening: tests call `inject` or `listen` on it, main.ts listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: settings.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: settings.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // Routes validate with zod; responses are serialized with zod too.
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const https = settings.PUBLIC_URL?.startsWith('https://') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner position elements with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
  });
  await app.register(fastifyCookie);

  await app.register(systemRoutes, { db: database.db, settings });
  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  return app;
}
