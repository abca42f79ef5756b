import { createTestApp, type TestAppOptions } from './app';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** The real app listening on a free port of 127.0.0.1, serving the production build (dist/web). */
export async function startTestServer(options: TestAppOptions = {}): Promise<TestServer> {
  const testApp = await createTestApp(options);
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => testApp.close() };
}
