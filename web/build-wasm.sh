#!/usr/bin/env bash
# Compiles the library to WebAssembly with Debian's emscripten (make web calls this; see
# docs/web.md). Writes $OUT/deckhand_wasm.js: an emscripten factory with the module's bytes
# inside (SINGLE_FILE), made for the browser environment only, so that neither Node nor a
# bundler meets emscripten's Node loader (its fetch of a .wasm path fails under Node 20, and
# its ES module output reads __dirname). web/build.mjs wraps it into the npm package.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-build/web}
JOBS=${JOBS:-2}
# Emscripten's JS tools (acorn, terser) come from Debian's node-* packages.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# Wasm exceptions: std::bad_alloc reaches the C ABI's catch (DH_E_INTERNAL "out of memory")
# instead of aborting, at no cost on paths that do not throw.
EH=-fwasm-exceptions
emcmake cmake -S . -B "$OUT/cmake" -DCMAKE_BUILD_TYPE=Release -DDECKHAND_BUILD_TESTS=OFF \
  -DDECKHAND_BUILD_BENCH=OFF -DDECKHAND_BUILD_TOOLS=OFF -DCMAKE_CXX_FLAGS="$EH" > /dev/null
cmake --build "$OUT/cmake" -j "$JOBS" --target deckhand_static
LIB="$OUT/cmake/libdeckhand.a"
# Every dh_* function the archive defines, plus malloc and free for the binding's buffers.
EXPORTS=$(emnm --defined-only "$LIB" 2>/dev/null | awk '$2 == "T" && $3 ~ /^dh_/ { printf "\"_%s\",", $3 }')
em++ $EH -O3 "$LIB" -o "$OUT/deckhand_wasm.js" \
  -sMODULARIZE=1 -sEXPORT_NAME=createDeckhandWasm -sENVIRONMENT=web -sSINGLE_FILE=1 \
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2147483648 -sWASM_BIGINT=1 -sFILESYSTEM=0 \
  -sEXPORTED_FUNCTIONS="[${EXPORTS}\"_malloc\",\"_free\"]" \
  -sEXPORTED_RUNTIME_METHODS='["UTF8ToString","stringToUTF8","lengthBytesUTF8"]'
echo "wrote $OUT/deckhand_wasm.js ($(wc -c < "$OUT/deckhand_wasm.js") bytes)"
