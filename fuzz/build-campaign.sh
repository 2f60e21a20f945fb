#!/usr/bin/env bash
# Builds a fuzz target for a long campaign (issue 36): as `.ci/run` builds it
# (`--sanitizer none --debug-assertions`), plus two things that only cost speed there:
#
# - `--no-trace-compares`: no comparison tracing in Fray's code (the `commands` target's bytes
#   pick among options by `% n`, so comparison hints guide it little);
# - a libFuzzer without its interceptors of `memcmp`, `strcmp` and the like
#   (`FuzzerInterceptors.cpp` left out, passed to libfuzzer-sys as `CUSTOM_LIBFUZZER_PATH`):
#   with them, every `memcmp` of a fight (the twin-state comparisons, map lookups) fed
#   libFuzzer's value profile, about a third of the `commands` target's time.
#
# Usage: fuzz/build-campaign.sh <target> [<target-dir>]  (from the repository's root)
# The binary is left in <target-dir>/x86_64-unknown-linux-gnu/release/<target>; copy it aside
# before a campaign, so that a rebuild does not touch a running campaign (see campaigns.md).
set -euo pipefail

target="${1:?usage: fuzz/build-campaign.sh <target> [<target-dir>]}"
target_dir="${2:-fuzz/target/campaign}"

# The libFuzzer sources of the libfuzzer-sys that fuzz/Cargo.lock pins.
version=$(awk '/^name = "libfuzzer-sys"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' fuzz/Cargo.lock)
sources=""
for registry in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
    if [ -d "$registry/libfuzzer-sys-$version/libfuzzer" ]; then
        sources="$registry/libfuzzer-sys-$version/libfuzzer"
    fi
done
if [ -z "$sources" ]; then
    echo "libfuzzer-sys $version is not in cargo's registry: run 'cargo fuzz build' once first" >&2
    exit 1
fi

lib_dir="$target_dir/libfuzzer-without-interceptors"
mkdir -p "$lib_dir"
for source in "$sources"/*.cpp; do
    name=$(basename "$source" .cpp)
    [ "$name" = FuzzerInterceptors ] && continue
    c++ -c -O3 -fPIC -std=c++17 -fno-omit-frame-pointer -w "$source" -o "$lib_dir/$name.o"
done
rm -f "$lib_dir/libfuzzer.a"
ar rcs "$lib_dir/libfuzzer.a" "$lib_dir"/*.o

CUSTOM_LIBFUZZER_PATH="$(realpath "$lib_dir/libfuzzer.a")" \
    cargo fuzz build "$target" --fuzz-dir fuzz --sanitizer none --debug-assertions \
    --no-trace-compares --target-dir "$target_dir"
echo "built $target_dir/x86_64-unknown-linux-gnu/release/$target"
