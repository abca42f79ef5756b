// `npm start`: (prestart installed dependencies) build the web app when its sources changed,
// then migrate and serve (src/server/main.ts).
import { buildWeb, webBuildIsCurrent } from './web-build';

if (webBuildIsCurrent()) {
  console.log('Web app is up to date.');
} else {
  console.log('Building the web app...');
  buildWeb();
}
await import('../src/server/main');
