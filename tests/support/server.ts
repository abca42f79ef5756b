import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestAppOptions } from './app';
import type { TestDatabase } from './db';

export interface TestServer {
  url: string;
  /** The same app, for requests through inject (account set-up, fixtures). */
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

/** The real app listening on a free port of 127.0.0.1, serving the production build (dist/web). */
/** `port`: listen there instead of on a free port (a test that sets PUBLIC_URL to the server's own address first). */
export interface TestServerOptions extends TestAppOptions {
  port?: number;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { port = 0, ...appOptions } = options;
  const testApp = await createTestApp(appOptions);
  await testApp.app.listen({ host: '127.0.0.1', port });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { url: `http://127.0.0.1:${address.port}`, app: testApp.app, db: testApp.db, close: () => testApp.close() };
}
