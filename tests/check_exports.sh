#!/usr/bin/env bash
# The shared library must export only dh_ symbols (docs/abi.md).
set -euo pipefail
lib=$1
bad=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^dh_' || true)
count=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -c '^dh_' || true)
if [ -n "$bad" ]; then echo "exported symbols without the dh_ prefix:"; echo "$bad"; exit 1; fi
if [ "$count" -lt 30 ]; then echo "only $count dh_ symbols exported; the C ABI is missing"; exit 1; fi
echo "ok: $count dh_ symbols, nothing else"
