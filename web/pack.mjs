// Packs the release page's game for its download (web/build.sh runs it on web/dist):
//   - come-buy_bg.wasm becomes come-buy_bg.wasm.br, Brotli at its best (quality 11, a 16 MiB
//     window): about a third smaller than the same file gzipped, which is what a host that
//     compresses on the fly would send. Node's own zlib packs it: nothing to install.
//   - brotli/ holds the decoder for hosts that hand the packed bytes over as they are
//     (brotli-dec-wasm from npm, about 100 KB to download, with its licences): the page unpacks the
//     game with it as the bytes arrive, and the browser compiles them as they are unpacked. A
//     host that serves the .br with Content-Encoding: br hands the browser plain wasm, and the
//     decoder is never loaded (web/index.html tells the two apart by the first bytes).
//   - index.html asks for the packed file.
// Usage: node web/pack.mjs DIST
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [dist] = process.argv.slice(2);
if (!dist) {
  console.error("usage: node web/pack.mjs DIST");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const wasm = readFileSync(join(dist, "come-buy_bg.wasm"));
const packed = brotliCompressSync(wasm, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length,
  },
});
if (!brotliDecompressSync(packed).equals(wasm)) {
  console.error("pack: the packed game does not unpack to the game");
  process.exit(1);
}
writeFileSync(join(dist, "come-buy_bg.wasm.br"), packed);
rmSync(join(dist, "come-buy_bg.wasm"));

const decoder = join(here, "node_modules", "brotli-dec-wasm");
mkdirSync(join(dist, "brotli"), { recursive: true });
for (const [from, to] of [
  ["pkg/brotli_dec_wasm.js", "brotli_dec_wasm.js"],
  ["pkg/brotli_dec_wasm_bg.wasm", "brotli_dec_wasm_bg.wasm"],
  ["LICENSE-MIT.txt", "LICENSE-MIT.txt"],
  ["LICENSE-Apache.txt", "LICENSE-Apache.txt"],
]) {
  copyFileSync(join(decoder, from), join(dist, "brotli", to));
}

const page = join(dist, "index.html");
const plain = 'const GAME = "./come-buy_bg.wasm";';
const html = readFileSync(page, "utf8");
if (!html.includes(plain)) {
  console.error(`pack: ${page} does not name its game as ${plain}`);
  process.exit(1);
}
writeFileSync(page, html.replace(plain, 'const GAME = "./come-buy_bg.wasm.br";'));
console.log(`pack: the game ${wasm.length} bytes, packed ${packed.length} (${(100 * packed.length / wasm.length).toFixed(1)}%)`);
