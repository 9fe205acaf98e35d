/* `npm run build`'s last step: the Brotli copies lib/server/serve.ts answers with (lib/server/brotli-static.ts). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressStatic } from './brotli-static';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = process.env.TIDINGS_DIST_DIR || '.next';
const { files, bytes, brotliBytes } = precompressStatic(path.join(root, distDir, 'static'));
console.log(`${distDir}/static: ${files} scripts and stylesheets, ${(bytes / 1024).toFixed(0)} KB, Brotli copies ${(brotliBytes / 1024).toFixed(0)} KB`);
