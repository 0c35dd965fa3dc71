#!/usr/bin/env bash
# Builds the C# binding with Mono's mcs into OUT (default build/dotnet): Deckhand.dll (+ its
# XML docs), replay.exe (examples/Replay.cs), tests.exe (tests/*.cs), and the two package
# layouts, from the one copy of the sources in src/:
#   OUT/nuget/  the NuGet package's layout (Deckhand.nuspec, lib/net45/,
#               runtimes/linux-x64/native/libdeckhand.so, and win-x64/native/deckhand.dll
#               and linux-arm64/native/libdeckhand.so when `make windows-test` and
#               `make cross-test` have built them: WIN_LIB_DIR, ARM64_LIB_DIR);
#   OUT/unity/com.deckhand.engine/  the Unity package (package.json, Runtime/ with the
#               sources and the asmdef, Plugins/x86_64/libdeckhand.so, and deckhand.dll
#               beside it when built).
# LIB_DIR (default build/python, what `make native` builds) holds libdeckhand.so.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/build/dotnet}
lib_dir=${2:-$root/build/python}
# The other platforms' libraries (docs/install.md "Platforms"), taken when they exist.
win_lib_dir=${WIN_LIB_DIR:-$root/build/windows}
arm64_lib_dir=${ARM64_LIB_DIR:-$root/build/cross-aarch64}
if [ ! -f "$lib_dir/libdeckhand.so" ]; then
  echo "build.sh: no $lib_dir/libdeckhand.so (run make native): the NuGet and Unity layouts carry it" >&2
  exit 1
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
flags=(-nologo -warn:4 -warnaserror -debug -langversion:7)
mcs "${flags[@]}" -target:library -out:"$out/Deckhand.dll" -doc:"$out/Deckhand.xml" -nowarn:1591 \
  "$here"/src/*.cs
mcs "${flags[@]}" -target:exe -out:"$out/replay.exe" -r:"$out/Deckhand.dll" "$here/examples/Replay.cs"
mcs "${flags[@]}" -target:exe -out:"$out/tests.exe" -r:"$out/Deckhand.dll" -r:System.Numerics.dll \
  "$here"/tests/*.cs

# The version is CMakeLists.txt's (the one place it is written), put into the templates.
version=$(sed -n 's/^project(deckhand VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
[ -n "$version" ] || { echo "build.sh: no version in CMakeLists.txt" >&2; exit 1; }
# NuGet layout (what `dotnet pack Deckhand.csproj` or `nuget pack` would pack).
rm -rf "$out/nuget" && mkdir -p "$out/nuget/lib/net45" "$out/nuget/runtimes/linux-x64/native"
cp "$out/Deckhand.dll" "$out/Deckhand.xml" "$out/nuget/lib/net45/"
sed "s/@VERSION@/$version/g" "$here/Deckhand.nuspec.in" > "$out/nuget/Deckhand.nuspec"
cp "$here/README.md" "$root/LICENSE" "$out/nuget/"
cp -L "$lib_dir/libdeckhand.so" "$out/nuget/runtimes/linux-x64/native/"
if [ -f "$win_lib_dir/deckhand.dll" ]; then
  mkdir -p "$out/nuget/runtimes/win-x64/native"
  cp "$win_lib_dir/deckhand.dll" "$out/nuget/runtimes/win-x64/native/"
fi
if [ -f "$arm64_lib_dir/libdeckhand.so" ]; then
  mkdir -p "$out/nuget/runtimes/linux-arm64/native"
  cp -L "$arm64_lib_dir/libdeckhand.so" "$out/nuget/runtimes/linux-arm64/native/"
fi
# Unity package: the sources copied (never a second committed copy).
unity="$out/unity/com.deckhand.engine"
rm -rf "$out/unity" && mkdir -p "$unity/Runtime" "$unity/Plugins/x86_64"
sed "s/@VERSION@/$version/g" "$here/unity/package.json.in" > "$unity/package.json"
cp "$here/unity/README.md" "$unity/"
cp "$here/unity/Runtime/Deckhand.asmdef" "$here"/src/*.cs "$unity/Runtime/"
cp -L "$lib_dir/libdeckhand.so" "$unity/Plugins/x86_64/"
[ -f "$win_lib_dir/deckhand.dll" ] && cp "$win_lib_dir/deckhand.dll" "$unity/Plugins/x86_64/"
echo "bindings-dotnet: $out (Deckhand.dll $version, replay.exe, tests.exe, nuget/, unity/)"
