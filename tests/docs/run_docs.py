#!/usr/bin/env python3
"""Every code block of the docs runs as written (`make docs-test`).

Reads each fenced block of README.md, docs/*.md, CONTRIBUTING.md and web/src/README.md (the npm
package's README), in order, and runs it by its language:

  sh      a bash script (set -e, stdin empty: interactive commands meet end of input) in a
          scratch directory, HOME a scratch home, $HOME/.local/bin first on PATH (where the
          README's `make install PREFIX=$HOME/.local` puts the tool); `build` there is the
          repository's build/. `make ...` runs in the repository root, where the docs say to
          run it: `make install ...` for real (the C and C++ blocks use what it installs) and
          `make demo` (the first command of the README: the dev build's tool, which make
          web-test builds, plays a game of each game); every other target, each a CI step or a
          build of its own (.ci/run), as `make -n`: the target exists and its recipe expands.
          A make line runs for real when its first target is one of those two. app.c and
          app.cpp in the scratch directory are the document's first c and cpp blocks, as
          programs (the README's pkg-config line builds app.c).
  c       compiled with the README's pkg-config line against $HOME/.local, then run; a block
          without main() is a fragment: its #include lines open the file, the rest is main's
          body.
  cpp     the same fragment rule; built by CMake against $HOME/.local (find_package, C++20,
          deckhand::deckhand_static), then run.
  cmake   the block is the tail of a CMakeLists.txt whose targets are app (the document's first
          c block) and app_cpp (its first cpp block); configured with CMAKE_PREFIX_PATH set to
          $HOME/.local, built, and both programs run from the build tree.
  python  the document's python blocks in order as one session (shared globals, __name__ ==
          "__main__") in the venv with the wheel (build/python/venv of `make python-test`).
  js      each block twice, as a CommonJS file (.cjs) and as an ES module (.mjs), with
          `deckhand` resolving to the package of `make web` (web/dist).
  text, json
          what a command prints, a usage summary, a grammar or a file format: read, not run.

Any other fence (none at all included) is an error: say what the block is. A block that is
not to run says why, in an HTML comment on the lines just before its fence:

  <!-- not run: REASON -->       skipped, with the reason printed
  <!-- budget: N s: REASON -->   run for at most N seconds; still running then passes (a long
                                 run that started without error), an error before fails

Every other block fails if it takes longer than DEFAULT_TIMEOUT seconds.

Usage: run_docs.py [--list] [--keep] [FILE...]  (run from anywhere; files relative to the root)
"""

import argparse
import glob
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_TIMEOUT = 180
RUN = ("sh", "c", "cpp", "cmake", "python", "js")
READ = {"text": "output, usage, grammar or format: read, not run", "json": "output: read, not run"}

# Documents with code that other tests run as written; not scanned here, each for its reason.
ELSEWHERE = {
    "bindings/rust/README.md": "cargo test runs it as a doctest (bindings/rust/deckhand/src/lib.rs includes it; make rust-test)",
    "bindings/go/README.md": "bindings/go/readme_test.go runs its go block (make go-test)",
    "bindings/java/README.md": "ReadmeExampleTest.java compiles and runs its java block (make java-test)",
    "bindings/dotnet/README.md": "bindings/dotnet/tests/ReplayTests.cs compiles and runs its example (make dotnet-test)",
    "python/README.md": "no code blocks: it points to docs/python.md",
}

FENCE = re.compile(r"^( *)(```+)(.*)$")
MARK = re.compile(r"<!--\s*(not run|budget):\s*(.*?)\s*-->", re.S)


class Block:
    def __init__(self, doc, line, lang, info, text, mark):
        self.doc, self.line, self.lang, self.info, self.text, self.mark = doc, line, lang, info, text, mark

    @property
    def where(self):
        return f"{self.doc}:{self.line}"


def blocks_of(doc):
    """The fenced blocks of doc, each with the marker of the comment lines just above it."""
    with open(os.path.join(ROOT, doc), encoding="utf-8") as f:
        lines = f.read().split("\n")
    found, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, ticks, info = len(m.group(1)), m.group(2), m.group(3).strip()
        body, j = [], i + 1
        while j < len(lines) and not re.match(r"^ *" + ticks + r"\s*$", lines[j]):
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j])
            j += 1
        if j == len(lines):
            raise SystemExit(f"{doc}:{i + 1}: a fence that never closes")
        k = i - 1  # the HTML comment just above the fence, blank lines between allowed
        while k >= 0 and not lines[k].strip():
            k -= 1
        comment = ""
        if k >= 0 and lines[k].rstrip().endswith("-->"):
            top = k
            while top >= 0 and "<!--" not in lines[top]:
                top -= 1
            comment = "\n".join(lines[max(top, 0):k + 1])
        mark = None
        mm = MARK.search(comment)
        if mm:
            mark = (mm.group(1), " ".join(mm.group(2).split()))
        lang = info.split()[0] if info else ""
        found.append(Block(doc, i + 1, lang, info, "\n".join(body) + "\n", mark))
        i = j + 1
    return found


def documents(given):
    if given:
        return given
    docs = ["README.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return docs + ["CONTRIBUTING.md", "web/src/README.md"]


class Failure(Exception):
    pass


def run(cmd, cwd, env, timeout, budget=False, shell=False):
    """Runs cmd; returns (seconds, output, timed_out). Raises Failure on a non-zero exit."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, shell=shell, start_new_session=True)
    try:
        raw, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGTERM)  # the block's whole process group: workers too
        try:
            raw, _ = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            raw, _ = p.communicate()
        out = raw.decode("utf-8", "replace")
        if budget:
            return time.monotonic() - start, out, True
        raise Failure(f"still running after {timeout} s (give it a budget marker, or make it shorter)\n{out}")
    out = raw.decode("utf-8", "replace")
    if p.returncode != 0:
        shown = cmd if isinstance(cmd, str) else " ".join(shlex.quote(c) for c in cmd)
        raise Failure(f"exit {p.returncode}: {shown}\n{out}")
    return time.monotonic() - start, out, False


def fragment(text, lang):
    """A program from a block: as it is when it has main(), else its includes, then main."""
    if re.search(r"\bint\s+main\s*\(", text):
        return text
    lines = text.split("\n")
    head = [l for l in lines if l.startswith("#include")]
    body = [l for l in lines if not l.startswith("#include")]
    signature = "int main(void)" if lang == "c" else "int main()"
    return "\n".join(head) + f"\n{signature} {{\n" + "\n".join(body) + "\n  return 0;\n}\n"


class Runner:
    def __init__(self, scratch):
        self.scratch = scratch
        self.home = os.path.join(scratch, "home")
        self.work = os.path.join(scratch, "work")
        self.prefix = os.path.join(self.home, ".local")
        for d in (self.home, self.work):
            os.makedirs(d, exist_ok=True)
        os.symlink(os.path.join(ROOT, "build"), os.path.join(self.work, "build"))
        js = os.path.join(scratch, "js", "node_modules")
        os.makedirs(js)
        os.symlink(os.path.join(ROOT, "web", "dist"), os.path.join(js, "deckhand"))
        bindir = os.path.join(scratch, "bin")
        os.makedirs(bindir)
        self.env = dict(os.environ)
        for k in ("PKG_CONFIG_PATH", "CMAKE_PREFIX_PATH", "VIRTUAL_ENV", "PYTHONPATH", "NODE_PATH",
                  "MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
            self.env.pop(k, None)
        self.env.update(HOME=self.home, PATH=os.path.join(self.prefix, "bin") + ":" + self.env["PATH"],
                        DECKHAND_ROOT=ROOT, LC_ALL="C.UTF-8")

    # --- sh
    def sh(self, block, timeout, budget):
        script = os.path.join(self.scratch, f"sh-{block.doc.replace('/', '_')}-{block.line}.sh")
        with open(script, "w") as f:
            f.write("set -e\n"
                    "# make runs in the repository root: install and demo for real, other targets as make -n\n"
                    "make() {\n"
                    '  local a real=; for a in "$@"; do case $a in install|demo) [ -n "$real" ] || real=1;; -*|*=*) ;; *) [ -n "$real" ] || real=0;; esac; done\n'
                    '  if [ "$real" = 1 ]; then command make -C "$DECKHAND_ROOT" "$@"; else command make -n -C "$DECKHAND_ROOT" "$@" > /dev/null; fi\n'
                    "}\n")
            f.write(block.text)
        return run(["bash", script], self.work, self.env, timeout, budget)

    # --- c
    def ensure_prefix(self):
        """What README.md's `make install PREFIX=$HOME/.local` installs, when README.md is not run."""
        if not os.path.isfile(os.path.join(self.prefix, "lib", "pkgconfig", "deckhand.pc")):
            print(f"(make install PREFIX={self.prefix}, as README.md says)")
            run(["make", "-C", ROOT, "install", f"PREFIX={self.prefix}"], ROOT, self.env, DEFAULT_TIMEOUT)

    def pkg(self, *args):
        env = dict(self.env, PKG_CONFIG_PATH=os.path.join(self.prefix, "lib", "pkgconfig"))
        self.ensure_prefix()
        return subprocess.run(["pkg-config", *args, "deckhand"], env=env, check=True, stdout=subprocess.PIPE,
                              text=True).stdout.split()

    def c(self, block, timeout, budget):
        name = f"c-{block.doc.replace('/', '_')}-{block.line}"
        src = os.path.join(self.work, name + ".c")
        with open(src, "w") as f:
            f.write(fragment(block.text, "c"))
        exe = os.path.join(self.work, name)
        libdir = self.pkg("--variable=libdir")[0]
        spent, out, _ = run(["cc", "-std=c99", "-Wall", "-Werror=implicit-function-declaration", src, "-o", exe,
                             *self.pkg("--cflags", "--libs"), f"-Wl,-rpath,{libdir}"], self.work, self.env, timeout)
        more, out2, late = run([exe], self.work, self.env, timeout, budget)
        return spent + more, out + out2, late

    # --- cpp and cmake: one CMake project of the document's blocks
    def cmake_project(self, name, lists, sources, timeout):
        d = os.path.join(self.scratch, "cmake", name)
        os.makedirs(d)
        for file, text in sources.items():
            with open(os.path.join(d, file), "w") as f:
                f.write(text)
        with open(os.path.join(d, "CMakeLists.txt"), "w") as f:
            f.write("cmake_minimum_required(VERSION 3.25)\nproject(docs_example C CXX)\n"
                    "set(CMAKE_CXX_STANDARD 20)\nset(CMAKE_CXX_STANDARD_REQUIRED ON)\n" + lists)
        self.ensure_prefix()
        b = os.path.join(d, "build")
        spent = 0.0
        for cmd in (["cmake", "-S", d, "-B", b, f"-DCMAKE_PREFIX_PATH={self.prefix}",
                     "-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF"], ["cmake", "--build", b, "-j", "2"]):
            s, _, _ = run(cmd, d, self.env, timeout)
            spent += s
        return b, spent

    def cpp(self, block, timeout, budget):
        name = f"cpp-{block.doc.replace('/', '_')}-{block.line}"
        lists = ("find_package(deckhand CONFIG REQUIRED)\nadd_executable(example example.cpp)\n"
                 "target_link_libraries(example PRIVATE deckhand::deckhand_static)\n")
        b, spent = self.cmake_project(name, lists, {"example.cpp": fragment(block.text, "cpp")}, timeout)
        more, out, late = run([os.path.join(b, "example")], self.work, self.env, timeout, budget)
        return spent + more, out, late

    def cmake(self, block, timeout, budget, doc_blocks):
        c = next((x for x in doc_blocks if x.lang == "c" and not x.mark), None)
        cpp = next((x for x in doc_blocks if x.lang == "cpp" and not x.mark), None)
        if not c or not cpp:
            raise Failure("a cmake block builds app and app_cpp: the document's first c and cpp blocks (run ones)")
        lists = "add_executable(app app.c)\nadd_executable(app_cpp app.cpp)\n" + block.text
        name = f"cmake-{block.doc.replace('/', '_')}-{block.line}"
        b, spent = self.cmake_project(name, lists, {"app.c": fragment(c.text, "c"), "app.cpp": fragment(cpp.text, "cpp")},
                                      timeout)
        out = ""
        for exe in ("app", "app_cpp"):  # from the build tree: CMake's rpath finds the installed library
            s, o, _ = run([os.path.join(b, exe)], self.work, self.env, timeout)
            spent += s
            out += o
        return spent, out, False

    # --- python: one session per document
    def python(self, blocks, timeout, budget):
        py = os.path.join(ROOT, "build", "python", "venv", "bin", "python")
        if not os.path.exists(py):
            raise Failure("no venv with the wheel at build/python/venv: run make python-test first")
        name = blocks[0].doc.replace("/", "_")
        data = os.path.join(self.scratch, f"py-{name}.json")
        with open(data, "w") as f:
            json.dump([{"where": b.where, "text": b.text, "budget": b.mark[0] == "budget" if b.mark else False}
                       for b in blocks], f)
        driver = os.path.join(self.scratch, "session.py")
        with open(driver, "w") as f:
            f.write(
                "import json, sys\n"
                "if __name__ == '__main__':\n"
                "    session = {'__name__': '__main__'}\n"
                "    for b in json.load(open(sys.argv[1])):\n"
                "        print('--- ' + b['where'], flush=True)\n"
                "        exec(compile(b['text'], b['where'], 'exec'), session)\n")
        return run([py, driver, data], self.work, self.env, timeout, budget)

    # --- js: CommonJS and ES module
    def js(self, block, timeout, budget):
        base = os.path.join(self.scratch, "js", f"js-{block.doc.replace('/', '_')}-{block.line}")
        spent, out, late = 0.0, "", False
        for ext in (".cjs", ".mjs"):
            with open(base + ext, "w") as f:
                f.write(block.text)
            try:
                s, o, l = run(["node", base + ext], os.path.dirname(base), self.env, timeout, budget)
            except Failure as e:
                raise Failure(f"as {'CommonJS' if ext == '.cjs' else 'an ES module'} ({ext}): {e}")
            spent, out, late = spent + s, out + o, late or l
        return spent, out, late


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", help="documents relative to the repository root (default: all)")
    ap.add_argument("--list", action="store_true", help="only classify the blocks: check every marker")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory (build/docs)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print what each block printed")
    args = ap.parse_args()

    docs = documents(args.files)
    for doc, why in ELSEWHERE.items():
        if not args.files:
            print(f"{doc}: not scanned: {why}")
    plan, problems = [], []
    for doc in docs:
        for b in blocks_of(doc):
            if b.mark and not b.mark[1]:
                problems.append(f"{b.where}: a `{b.mark[0]}` marker without a reason")
            if b.mark and b.mark[0] == "budget" and not re.match(r"^\d+\s*s\b:?\s*\S", b.mark[1]):
                problems.append(f"{b.where}: write a budget as <!-- budget: N s: REASON -->")
            if b.lang in READ:
                if b.mark:
                    problems.append(f"{b.where}: a {b.lang} block is never run; it needs no marker")
                continue
            if b.lang not in RUN:
                problems.append(f"{b.where}: a block of language '{b.lang or '(none)'}': name one of "
                                f"{', '.join(RUN + tuple(READ))}")
                continue
            plan.append(b)
    if problems:
        print("\n".join(problems))
        return 1
    if args.list:
        for b in plan:
            print(f"{b.where} {b.lang}: " + (f"{b.mark[0]}: {b.mark[1]}" if b.mark else "runs"))
        return 0

    scratch = os.path.join(ROOT, "build", "docs")
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    runner = Runner(scratch)
    counts = {"ran": 0, "not run": 0, "failed": 0}
    started = time.monotonic()
    for doc in docs:
        blocks = [b for b in plan if b.doc == doc]
        py = [b for b in blocks if b.lang == "python" and not (b.mark and b.mark[0] == "not run")]
        for lang, file in (("c", "app.c"), ("cpp", "app.cpp")):  # the programs a sh block may build
            first = next((b for b in blocks if b.lang == lang and not b.mark), None)
            path = os.path.join(runner.work, file)
            if os.path.exists(path):
                os.remove(path)
            if first:
                with open(path, "w") as f:
                    f.write(fragment(first.text, lang))
        for b in blocks:
            if b.mark and b.mark[0] == "not run":
                print(f"{b.where} {b.lang}: not run: {b.mark[1]}")
                counts["not run"] += 1
                continue
            if b.lang == "python":
                if b is not py[0]:
                    continue
                label = f"{doc} python ({len(py)} blocks, one session)"
                budget = any(x.mark for x in py)
                timeout = max([int(x.mark[1].split()[0]) for x in py if x.mark] + [0]) or DEFAULT_TIMEOUT
                work = lambda: runner.python(py, timeout, budget)
                n = len(py)
            else:
                label = f"{b.where} {b.lang}"
                budget = bool(b.mark)
                timeout = int(b.mark[1].split()[0]) if budget else DEFAULT_TIMEOUT
                if b.lang == "cmake":
                    work = lambda b=b: runner.cmake(b, timeout, budget, blocks)
                else:
                    work = lambda b=b: getattr(runner, b.lang)(b, timeout, budget)
                n = 1
            try:
                spent, out, late = work()
                note = f", stopped at its budget of {timeout} s" if late else ""
                print(f"{label}: ran in {spent:.1f} s{note}")
                if args.verbose and out.strip():
                    print("    " + out.strip().replace("\n", "\n    "))
                counts["ran"] += n
            except (Failure, subprocess.CalledProcessError) as e:
                print(f"{label}: FAILED: {e}")
                counts["failed"] += n
    print(f"docs-test: {counts['ran']} blocks ran, {counts['not run']} not run (each with its reason), "
          f"{counts['failed']} failed, in {time.monotonic() - started:.0f} s")
    if not args.keep and not counts["failed"]:
        shutil.rmtree(scratch, ignore_errors=True)
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
