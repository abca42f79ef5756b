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
export async function startTestServer(options: TestAppOptions = {}): Promise<TestServer> {
  const testApp = await createTestApp(options);
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { url: `http://127.0.0.1:${address.port}`, app: testApp.app, db: testApp.db, close: () => testApp.close() };
}
