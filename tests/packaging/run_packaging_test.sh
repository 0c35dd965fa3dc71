#!/usr/bin/env bash
# The installed package, as a user meets it. Installs a build into a fresh temporary prefix,
# then:
#   1. checks the shared library's SOVERSION symlink and the CMake version file;
#   2. configures, builds and runs tests/packaging/cmake_consumer against the prefix
#      (find_package(deckhand CONFIG REQUIRED), deckhand::deckhand, deckhand::deckhand_static);
#   3. builds and runs consumer.c with `pkg-config --cflags --libs deckhand`.
# Consumers use the build's compilers and flags, so a sanitizer build links and runs.
#
# Usage (tests/CMakeLists.txt passes these):
#   run_packaging_test.sh BUILD_DIR CONFIG LIBDIR VERSION CC CXX CFLAGS CXXFLAGS EXE_LDFLAGS
#     BUILD_DIR    the deckhand build tree to install
#     CONFIG       its build type (Debug, Release, ...), for the install and the consumers
#     LIBDIR       CMAKE_INSTALL_LIBDIR, relative to the prefix
#     VERSION      the project version the installed package must report
#     CC, CXX      compilers; CFLAGS, CXXFLAGS, EXE_LDFLAGS: CMAKE_{C,CXX,EXE_LINKER}_FLAGS
set -euo pipefail

if [[ $# -ne 9 ]]; then
  echo "usage: $0 BUILD_DIR CONFIG LIBDIR VERSION CC CXX CFLAGS CXXFLAGS EXE_LDFLAGS" >&2
  exit 2
fi
build_dir=$1 config=$2 libdir=$3 version=$4 cc=$5 cxx=$6 cflags=$7 cxxflags=$8 ldflags=$9
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/deckhand-packaging.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
step() { echo "--- $*"; }

step "cmake --install into $prefix"
config_args=()
[[ -n $config ]] && config_args=(--config "$config")
cmake --install "$build_dir" --prefix "$prefix" "${config_args[@]}" >"$work/install.log" ||
  { cat "$work/install.log" >&2; fail "cmake --install"; }

step "installed files"
lib=$prefix/$libdir
[[ -f $lib/libdeckhand.so.$version ]] || fail "missing $lib/libdeckhand.so.$version"
# docs/abi.md: the SONAME carries the major version, and during 0.x the minor one too.
major=${version%%.*} rest=${version#*.}
if [[ $major == 0 ]]; then soversion=0.${rest%%.*}; else soversion=$major; fi
[[ -L $lib/libdeckhand.so.$soversion ]] || fail "$lib/libdeckhand.so.$soversion is not a symlink (SOVERSION)"
[[ -e $lib/libdeckhand.so.$soversion ]] || fail "$lib/libdeckhand.so.$soversion is a dangling symlink"
[[ -L $lib/libdeckhand.so ]] || fail "$lib/libdeckhand.so (the link-time name) is not a symlink"
[[ -f $lib/libdeckhand.a ]] || fail "missing $lib/libdeckhand.a"
if command -v readelf >/dev/null; then
  soname=$(readelf -d "$lib/libdeckhand.so.$version" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
  [[ $soname == libdeckhand.so.$soversion ]] || fail "SONAME is '$soname', expected libdeckhand.so.$soversion"
fi
cmake_dir=$lib/cmake/deckhand
for f in deckhandConfig.cmake deckhandConfigVersion.cmake deckhandTargets.cmake; do
  [[ -f $cmake_dir/$f ]] || fail "missing $cmake_dir/$f"
done
[[ -f $prefix/include/deckhand.h && -f $prefix/include/deckhand_version.h &&
   -f $prefix/include/deckhand/ghost_euchre.hpp ]] ||
  fail "headers missing under $prefix/include"
[[ -f $lib/pkgconfig/deckhand.pc ]] || fail "missing $lib/pkgconfig/deckhand.pc"

# The runtime linker must find the installed library, not one from the build tree.
export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

step "CMake consumer (find_package)"
consumer_build=$work/cmake_consumer
cmake -S "$here/cmake_consumer" -B "$consumer_build" \
  -DCMAKE_BUILD_TYPE="$config" \
  -DCMAKE_PREFIX_PATH="$prefix" \
  -DDECKHAND_EXPECTED_VERSION="$version" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_C_FLAGS="$cflags" -DCMAKE_CXX_FLAGS="$cxxflags" \
  -DCMAKE_EXE_LINKER_FLAGS="$ldflags" >"$work/configure.log" ||
  { cat "$work/configure.log" >&2; fail "configuring the CMake consumer"; }
found=$(sed -n 's/^deckhand_DIR:PATH=//p' "$consumer_build/CMakeCache.txt")
[[ $found == "$cmake_dir" ]] || fail "find_package used '$found', not the install in $cmake_dir"
cmake --build "$consumer_build" "${config_args[@]}" >"$work/build.log" 2>&1 ||
  { cat "$work/build.log" >&2; fail "building the CMake consumer"; }
"$consumer_build/consumer_c" || fail "consumer_c (shared library, C ABI)"
"$consumer_build/consumer_cpp" || fail "consumer_cpp (static library, C++ API)"

step "pkg-config consumer"
export PKG_CONFIG_PATH="$lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
pc_version=$(pkg-config --modversion deckhand)
[[ $pc_version == "$version" ]] || fail "pkg-config reports version '$pc_version', expected $version"
read -r -a pc_flags <<<"$(pkg-config --cflags --libs deckhand)"
read -r -a c_flags <<<"$cflags"
read -r -a ld_flags <<<"$ldflags"
"$cc" "${c_flags[@]}" -std=c99 "$here/cmake_consumer/consumer.c" "${pc_flags[@]}" "${ld_flags[@]}" \
  -o "$work/consumer_pkgconfig" || fail "compiling with pkg-config flags: ${pc_flags[*]}"
"$work/consumer_pkgconfig" || fail "consumer built with pkg-config"

echo "packaging: ok"
