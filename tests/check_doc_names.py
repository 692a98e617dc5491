#!/usr/bin/env python3
"""The docs name only what exists (docs/conventions.md#docs-are-reference).

Reads the reference docs (README.md, docs/**/*.md but docs/notes/,
tests/README.md, examples/**/README.md) and fails, one line per name, when
one of them names a repository path, a C function, type, constant or test
that the repository does not have.

What counts as a name (code spans are the text between backticks):
  - a link target [text](path#anchor): the path, relative to the doc, must
    exist, and the anchor must be a heading of the page it points to;
  - a code span that is a path: it holds a '/' (`play/report.h`, `src/core/`)
    or is a file name with a source extension (`snake_draw.c`). A path may
    be written from the repository's root or end any path of it
    (`play/report.h` is src/app/play/report.h); `{h,c}` and `[ch]` expand
    (each must exist) and `<name>` or `*` stand for any word (something must
    match);
  - a code span that is an identifier: `name()` or `name(args)` (a function),
    a word with an underscore (`snake_ai_choose`, `WAVE_UNREACHED`,
    `unit_snake_cycle`), a CamelCase type (`SnakeAi`) or `Type.field`. It
    must appear as a word in a file of the repository that is not a doc
    (sources, tests, scripts, CMake), or be the name of a CTest test
    (`unit_NAME` for tests/test_NAME.c, `cli_NAME` for tests/cli/NAME.sh,
    `fuzz_NAME` for tests/fuzz/fuzz_NAME.c, or one `ctest -N` lists);
  - in a fenced code block: paths that start with a top-level entry of the
    repository (`examples/engines/snake.py`) and `name()` calls.
Build outputs (`build/...`), absolute paths and URLs are not checked.
docs/notes/ is skipped: a note records the code as it was at the commits it
names.

Usage: check_doc_names.py ROOT [--ctest-dir BUILD] [--doc FILE]...
  --ctest-dir: also accept the test names `ctest -N` lists there.
  --doc: check these files instead of the repository's docs (the selftest).
Exit status: 0 when every name exists, 1 otherwise, 2 on bad usage.
"""

import os
import re
import subprocess
import sys

SOURCE_EXT = {"c", "h", "sh", "py", "md", "cmake", "txt", "json", "script", "board"}
BINARY_EXT = {"png", "gif", "ttf", "jpg", "gz"}
DOC_DIRS_SKIPPED = ("docs/notes/",)
# This check and its selftest name what does not exist on purpose: their words vouch for nothing.
OWN_FILES = {"check_doc_names.py", "doc_names_selftest.py"}


def fail_usage(msg):
    print("check_doc_names: " + msg, file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------------------
# The repository: its files, its directories, its words
# ---------------------------------------------------------------------------


def repo_files(root):
    """Every file of the repository, as paths relative to root."""
    try:
        out = subprocess.run(
            ["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
            check=True, capture_output=True, text=True).stdout
        files = [f for f in out.splitlines() if os.path.isfile(os.path.join(root, f))]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and not d.startswith("build")]
        for name in filenames:
            files.append(os.path.relpath(os.path.join(dirpath, name), root))
    return files


def repo_dirs(files):
    dirs = set()
    for f in files:
        parts = f.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/".join(parts[:i]))
    return dirs


# A C comment, or a string or character literal (group 1: kept, it may hold a JSON field's name).
C_COMMENT_RE = re.compile(r'("(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\')|/\*.*?\*/|//[^\n]*', re.S)


def repo_words(root, files):
    """Every word of every file that is not a doc: where a name must appear."""
    words = set()
    for f in files:
        ext = f.rsplit(".", 1)[-1] if "." in os.path.basename(f) else ""
        if ext == "md" or ext in BINARY_EXT or os.path.basename(f) in OWN_FILES:
            continue
        try:
            with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        if ext in ("c", "h"):  # a comment is prose too: only code vouches for a name
            text = C_COMMENT_RE.sub(lambda m: m.group(1) or " ", text)
        words.update(re.findall(r"[A-Za-z_]\w*", text))
    return words


def test_names(files):
    """The CTest names tests/CMakeLists.txt makes of the test files, known
    without a build (a build without SDL registers no window test)."""
    names = set()
    for f in files:
        m = re.match(r"^tests/(?:test_(\w+)\.c|cli/(\w+)\.sh|fuzz/fuzz_(\w+)\.c)$", f)
        if m and m.group(1):
            names |= {"unit_" + m.group(1), "unit_%s_slow" % m.group(1)}
        elif m and m.group(2):
            names.add("cli_" + m.group(2))
        elif m:
            names.add("fuzz_" + m.group(3))
    return names


def ctest_names(build):
    out = subprocess.run(["ctest", "--test-dir", build, "-N"], check=True,
                         capture_output=True, text=True).stdout
    return set(re.findall(r"^\s*Test\s+#\d+:\s+(\S+)", out, re.M))


# ---------------------------------------------------------------------------
# Anchors: the headings of a page, as GitHub makes them into ids
# ---------------------------------------------------------------------------


def slug(heading):
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache):
    if path not in cache:
        ids = set()
        seen = {}
        fence = None
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                fence = fence_state(line, fence)
                if fence is not None:
                    continue
                m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
                if m:
                    s = slug(m.group(1))
                    n = seen.get(s, 0)
                    ids.add(s if n == 0 else "%s-%d" % (s, n))
                    seen[s] = n + 1
                for m in re.finditer(r"<a\s+(?:name|id)=\"([^\"]+)\"", line):
                    ids.add(m.group(1))
        cache[path] = ids
    return cache[path]


def fence_state(line, fence):
    """The open fence (``` or ~~~) after line, or None outside a fenced block."""
    m = re.match(r"^\s*(`{3,}|~{3,})", line)
    if m is None:
        return fence
    if fence is None:
        return m.group(1)
    if m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
        return None
    return fence


# ---------------------------------------------------------------------------
# Paths
# ---------------------------------------------------------------------------

PATH_CHARS = r"[\w.\-{},\[\]<>*]"
PATH_RE = re.compile(r"^(?:\.{1,2}/)*%s+(?:/%s+)*/?$" % (PATH_CHARS, PATH_CHARS))


def expand(path):
    """The paths `{a,b}` and `[ch]` stand for."""
    m = re.search(r"\{([^{}]*)\}", path)
    if m:
        out = []
        for alt in m.group(1).split(","):
            out += expand(path[:m.start()] + alt + path[m.end():])
        return out
    m = re.search(r"\[([A-Za-z0-9]+)\]", path)
    if m:
        out = []
        for ch in m.group(1):
            out += expand(path[:m.start()] + ch + path[m.end():])
        return out
    return [path]


def path_regex(path):
    """A regex for a path with `<name>` or `*`, matching from a '/' or the start."""
    parts = re.split(r"(<[^<>/]*>|\*)", path)
    body = "".join("[^/]+" if p.startswith("<") or p == "*" else re.escape(p) for p in parts)
    return re.compile(r"(?:^|.*/)%s$" % body)


class Repo:
    def __init__(self, root, ctest_dir):
        self.root = root
        self.files = repo_files(root)
        self.dirs = repo_dirs(self.files)
        self.all = set(self.files) | self.dirs
        self.suffixes = set()
        for p in self.all:
            parts = p.split("/")
            for i in range(len(parts)):
                self.suffixes.add("/".join(parts[i:]))
        self.top = {p.split("/")[0] for p in self.all}
        self.dir_names = {d.rsplit("/", 1)[-1] for d in self.dirs}
        self.words = repo_words(root, self.files) | test_names(self.files)
        if ctest_dir:
            self.words |= ctest_names(ctest_dir)
        self.anchor_cache = {}
        self.checked = 0  # paths looked up

    def has_path(self, path, doc_dir):
        """Whether path (from the root, from the doc's folder, or the end of a path) exists."""
        self.checked += 1
        for p in expand(path):
            if not self.has_one_path(p, doc_dir):
                return False
        return True

    def has_one_path(self, path, doc_dir):
        p = path.rstrip("/")
        if "<" in p or "*" in p:
            rx = path_regex(p)
            return any(rx.match(q) for q in self.all)
        rel = os.path.normpath(os.path.join(doc_dir, p))
        if rel in self.all or p in self.suffixes:
            return True
        return p + ".c" in self.suffixes  # a program the build makes of one file


# ---------------------------------------------------------------------------
# Reading a doc
# ---------------------------------------------------------------------------


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def split_fences(text):
    """(prose, blocks): the text with fenced blocks blanked (lines kept), and
    each fenced block as (first line number, its text)."""
    prose, blocks = [], []
    fence, start, block = None, 0, []
    for n, line in enumerate(text.splitlines(keepends=True), 1):
        was = fence
        fence = fence_state(line, fence)
        if was is None and fence is not None:
            start, block = n + 1, []
            prose.append("\n")
        elif was is not None and fence is None:
            blocks.append((start, "".join(block)))
            prose.append("\n")
        elif fence is not None:
            block.append(line)
            prose.append("\n")
        else:
            prose.append(line)
    return "".join(prose), blocks


IDENT = r"[A-Za-z_]\w*"
CAMEL_RE = re.compile(r"^[A-Z][a-z0-9]+[A-Z]\w*$")
CALL_RE = re.compile(r"^(%s)\s*\(.*\)$" % IDENT, re.S)
MEMBER_RE = re.compile(r"^%s(?:(?:\.|->)%s)+(?:\(\))?$" % (IDENT, IDENT))
TEMPLATE_RE = re.compile(r"^[\w<>*]+$")


class Checker:
    def __init__(self, repo):
        self.repo = repo
        self.errors = []
        self.checked = 0  # names looked up

    def bad(self, doc, line, what):
        self.errors.append("%s:%d: %s" % (doc, line, what))

    def word_exists(self, word):
        """Whether word is a word of the code; `<name>` and `*` stand for any
        letters, and `is_` or `_init` (a prefix, a suffix) for the rest of a word."""
        self.checked += 1
        if word in self.repo.words:
            return True
        pattern = "".join("\\w*" if p.startswith("<") or p == "*" else re.escape(p)
                          for p in re.split(r"(<[^<>]*>|\*)", word))
        if word.endswith("_"):
            pattern += "\\w+"
        if word.startswith("_"):
            pattern = "\\w+" + pattern
        if pattern == re.escape(word):
            return False
        rx = re.compile("^%s$" % pattern)
        return any(rx.match(w) for w in self.repo.words)

    def check_doc(self, doc):
        path = os.path.join(self.repo.root, doc)
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        doc_dir = os.path.dirname(doc)
        prose, blocks = split_fences(text)
        self.check_links(doc, doc_dir, prose)
        # A name linked to a page outside (`[`pcg32_random_r`](https://...)`) is not ours.
        outside = [m.span(1) for m in re.finditer(r"\[([^\]]*)\]\([a-z][a-z0-9+.-]*:[^)]*\)",
                                                 prose)]
        for m in re.finditer(r"(`+)(.+?)\1", prose, re.S):
            if not any(a <= m.start() < b for a, b in outside):
                self.check_span(doc, doc_dir, line_of(prose, m.start()), m.group(2).strip())
        # Paths written without backticks: those that start at the root (`src/...`).
        bare = re.sub(r"(`+)(.+?)\1|\]\([^)]*\)|https?://\S+",
                      lambda m: re.sub(r"[^\n]", " ", m.group(0)), prose, flags=re.S)
        self.check_block(doc, 1, bare, calls=False)
        for first, block in blocks:
            self.check_block(doc, first, block)

    def check_links(self, doc, doc_dir, prose):
        # Code spans are not links: blank them first (same length, lines kept).
        bare = re.sub(r"(`+)(.+?)\1", lambda m: re.sub(r"[^\n]", " ", m.group(0)), prose,
                      flags=re.S)
        for m in re.finditer(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", bare):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, mailto:
                continue
            line = line_of(bare, m.start())
            file_part, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(doc_dir, file_part)) if file_part else doc
            if dest not in self.repo.all:
                self.bad(doc, line, "a link to %s, which does not exist" % target)
                continue
            if anchor and dest.endswith(".md"):
                ids = anchors(os.path.join(self.repo.root, dest), self.repo.anchor_cache)
                if anchor not in ids:
                    self.bad(doc, line, "a link to %s: %s has no heading #%s" % (target, dest,
                                                                                 anchor))

    def check_span(self, doc, doc_dir, line, span):
        if "\n" in span:
            span = re.sub(r"\s+", " ", span)
        m = CALL_RE.match(span)
        if m:
            name = m.group(1)
            if not self.word_exists(name):
                self.bad(doc, line, "`%s` names a function that does not exist" % span)
            return
        if MEMBER_RE.match(span) and self.is_member(span):
            for part in re.split(r"\.|->", span.replace("()", "")):
                if not self.word_exists(part):
                    self.bad(doc, line, "`%s` names %s, which does not exist" % (span, part))
            return
        if TEMPLATE_RE.match(span) and not span.isdigit():
            if "_" in span or CAMEL_RE.match(span):
                if not self.word_exists(span):
                    self.bad(doc, line, "`%s` names something the code does not have" % span)
                return
        if self.is_path(span):
            if not self.repo.has_path(span, doc_dir):
                self.bad(doc, line, "`%s` names a path that does not exist" % span)

    @staticmethod
    def is_member(span):
        """`Type.field` or `ptr->field`, not a file name (`grid.c`, `README.md`, `t.trace`)."""
        if "->" in span:
            return True
        last = span.replace("()", "").rsplit(".", 1)[-1]
        return span[0].isupper() and last not in SOURCE_EXT | BINARY_EXT

    def is_path(self, span):
        if not PATH_RE.match(span) or span.startswith(("-", "/", "~")):
            return False
        first = span.split("/")[0]
        if first.startswith("build"):
            return False
        last = span.rstrip("/").rsplit("/", 1)[-1]
        ext = last.rsplit(".", 1)[-1] if "." in last else ""
        ext = re.sub(r"[{}\[\]]", "", ext)
        if "/" not in span:
            return all(e in SOURCE_EXT for e in ext.split(",")) and ext != "" and last[0] != "."
        if ext and all(e in SOURCE_EXT | BINARY_EXT for e in ext.split(",")):
            return True
        # A folder: only when it starts with one the repository has (not `won/played`).
        return first in self.repo.top or first in self.repo.dir_names or span.endswith("/")

    def check_block(self, doc, first, block, calls=True):
        """Paths from the root in block (lines from `first`), and `name()` calls."""
        for n, line in enumerate(block.splitlines(), first):
            for m in re.finditer(r"(?<![\w./-])((?:%s+/)+%s*)" % (PATH_CHARS, PATH_CHARS), line):
                p = m.group(1).rstrip(".,")
                if p.startswith("["):  # a link's text: [docs/engines.md](...)
                    p = p[1:]
                if p.endswith("]") and "[" not in p:
                    p = p[:-1]
                if p.split("/")[0] in self.repo.top and not self.repo.has_path(p, ""):
                    self.bad(doc, n, "`%s` names a path that does not exist" % p)
            for m in re.finditer(r"(?<![\w.>-])(%s)\(\)" % IDENT, line if calls else ""):
                if not self.word_exists(m.group(1)):
                    self.bad(doc, n, "`%s()` names a function that does not exist" % m.group(1))


def reference_docs(repo):
    docs = []
    for f in sorted(repo.files):
        if not f.endswith(".md") or f.startswith(DOC_DIRS_SKIPPED):
            continue
        if (f == "README.md" or f.startswith("docs/") or f == "tests/README.md"
                or (f.startswith("examples/") and f.endswith("/README.md"))):
            docs.append(f)
    return docs


def main(argv):
    args = argv[1:]
    if not args or args[0].startswith("-"):
        fail_usage("usage: check_doc_names.py ROOT [--ctest-dir BUILD] [--doc FILE]...")
    root, ctest_dir, only = os.path.abspath(args[0]), None, []
    i = 1
    while i < len(args):
        if args[i] in ("--ctest-dir", "--doc") and i + 1 < len(args):
            if args[i] == "--ctest-dir":
                ctest_dir = args[i + 1]
            else:
                only.append(os.path.relpath(os.path.abspath(args[i + 1]), root))
            i += 2
        else:
            fail_usage("unknown argument '%s'" % args[i])
    if not os.path.isdir(os.path.join(root, "src")):
        fail_usage("no src/ under %s" % root)
    repo = Repo(root, ctest_dir)
    docs = only or reference_docs(repo)
    checker = Checker(repo)
    for doc in docs:
        checker.check_doc(doc)
    if checker.errors:
        print("FAIL: the docs name what does not exist (docs/conventions.md#docs-are-reference):",
              file=sys.stderr)
        for e in checker.errors:
            print(e, file=sys.stderr)
        return 1
    print("docs name what exists: %d docs, %d names" % (len(docs), checker.checked + repo.checked))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
