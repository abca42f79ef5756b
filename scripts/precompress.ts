import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file
 * under `dir`, so the server sends them by content negotiation (src/server/http/web-app.ts)
 * without compressing anything per request. A copy that would not be smaller is not written:
 * the server then sends the file as it is. Returns how many copies it wrote.
 */
export async function precompress(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
  const written = await Promise.all(
    files.map(async (file) => {
      const path = join(dir, file);
      const content = await readFile(path);
      const copies = [
        [
          '.br',
          await br(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        ],
        ['.gz', await gz(content, { level: constants.Z_BEST_COMPRESSION })],
      ] as const;
      let count = 0;
      for (const [extension, compressed] of copies) {
        if (compressed.length >= content.length) continue;
        await writeFile(path + extension, compressed);
        count += 1;
      }
      return count;
    }),
  );
  return written.reduce((a, b) => a + b, 0);
}
