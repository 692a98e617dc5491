#!/usr/bin/env python3
"""Proves that check_doc_names.py can fail.

Builds a small repository in a temporary folder (sources, a script, docs),
then runs the check on one doc at a time: a clean doc that names what exists
in every form the check reads must pass, and each broken doc (one name that
does not exist, in one form) must fail with a line naming it.

Usage: doc_names_selftest.py CHECK_SCRIPT
"""

import contextlib
import importlib.util
import io
import os
import sys
import tempfile

REPO = {
    "src/core/common/grid.h": "/* grid.h: ghost_from_a_comment is only named here. */\n"
                              "typedef struct GridMap { int w, h; } GridMap;\n"
                              "enum { GRID_MAX_SIDE = 512 };\n"
                              "int grid_cell(const GridMap *g, int x, int y);\n",
    "src/core/common/grid.c": "#include \"grid.h\"\n"
                              "// ghost_too lives in a comment\n"
                              "int grid_cell(const GridMap *g, int x, int y) { return y * g->w + x; }\n"
                              "static const char *FIELD = \"decision_us_mean\";\n",
    "src/app/play/report.h": "int report_status(int st);\n",
    "src/app/play/report.c": "int report_status(int st) { return st; }\n",
    "src/app/cli/run_snake.c": "int run_snake(void) { return 0; }\n",
    "src/app/cli/run_sea.c": "int run_sea(void) { return 0; }\n",
    "tests/cli/lib.sh": "check_output() { :; }\n",
    "tests/cli/golden.sh": "source lib.sh\n",
    "tests/test_wave.c": "int main(void) { return 0; }\n",
    "examples/engines/snake.py": "print('ready')\n",
    "examples/engines/cycle.c": "int main(void) { return 0; }\n",
    "CMakeLists.txt": "add_test(NAME unit_grid COMMAND test_grid)\n",
    "docs/guide.md": "# Guide\n\n## The grid, in short\n\nText.\n\n## The grid, in short\n",
}

CLEAN = """# A clean doc

Paths: `src/core/common/grid.h`, `play/report.h`, `report.{h,c}`,
`src/core/common/grid.[ch]`, `cli/run_<mode>.c`, `src/app/`, `src/app/play`,
`examples/engines/cycle` (built from cycle.c), `grid.c`, src/app/cli/run_sea.c
in prose, and [the guide](../docs/guide.md#the-grid-in-short) with its second
heading [again](../docs/guide.md#the-grid-in-short-1).

Names: `grid_cell()`, `grid_cell(g, x, y)`, `GridMap`, `GridMap.w`,
`GRID_MAX_SIDE`, `report_`, `_status`, `run_*`, `decision_us_mean`,
`unit_grid`, `unit_wave`, `cli_golden`, and [`pcg32_random_r`](https://www.pcg-random.org/) outside.
Words that are not names: `won/played`, `shot.png`, `--start-length`,
`build/wavesnake`, `/usr/share/fonts`, `Space`, `t.trace`.

```sh
python3 examples/engines/snake.py > out/run.txt   # out/ is not ours
```

```
grid.c grid_cell(): the cell of (x, y)
```
"""

BROKEN = [
    ("a path in backticks", "`src/core/common/sea.c`", "src/core/common/sea.c"),
    ("the end of a path", "`play/cli.h`", "play/cli.h"),
    ("a folder", "`src/app/nosdl/`", "src/app/nosdl/"),
    ("a brace expansion", "`report.{h,c,py}`", "report.{h,c,py}"),
    ("a bracket expansion", "`src/core/common/grid.[chx]`", "grid.[chx]"),
    ("a template", "`src/app/window/view_<name>.c`", "view_<name>.c"),
    ("a file name", "`snake_draw.c`", "snake_draw.c"),
    ("a path in prose", "see src/core/snake/snake.h for it", "src/core/snake/snake.h"),
    ("a link", "[the guide](../docs/gide.md)", "gide.md"),
    ("a link's text", "[src/app/cli/run_race.c](../src/app/cli/run_sea.c)", "run_race.c"),
    ("an anchor", "[the guide](../docs/guide.md#the-grid)", "#the-grid"),
    ("an anchor in the same page", "[up](#no-such-heading)", "#no-such-heading"),
    ("a function", "`cli_report()`", "cli_report"),
    ("a call with arguments", "`report_status(st, &err)` and `cli_report(st, &err)`",
     "cli_report"),
    ("a constant", "`CLI_ERR_INTERNAL`", "CLI_ERR_INTERNAL"),
    ("a test", "`unit_wave` and `cli_silver`", "cli_silver"),
    ("a type", "`SnakeBrain`", "SnakeBrain"),
    ("a field", "`GridMap.depth`", "depth"),
    ("a name only a comment has", "`ghost_from_a_comment`", "ghost_from_a_comment"),
    ("a name only a line comment has", "`ghost_too`", "ghost_too"),
    ("a prefix nothing has", "`sea_`", "sea_"),
    ("a name split over two lines", "`grid_cell(g,\n  x, y)` and `snake_ai_choose(ai,\n  g)`",
     "snake_ai_choose"),
    ("a path in a code block", "```sh\npython3 examples/engines/hunter.py\n```",
     "examples/engines/hunter.py"),
    ("a call in a code block", "```\nframe.c frontend_frame(): the loop\n```",
     "frontend_frame()"),
]


def run(check, root, doc):
    """The check's exit status and output on one doc (run in this process: it is quicker)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            rc = check.main(["check_doc_names.py", root, "--doc", doc])
        except SystemExit as e:
            rc = e.code
    return rc, out.getvalue()


def main(argv):
    if len(argv) != 2:
        print("usage: doc_names_selftest.py CHECK_SCRIPT", file=sys.stderr)
        return 2
    spec = importlib.util.spec_from_file_location("check_doc_names", argv[1])
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    errors = 0
    with tempfile.TemporaryDirectory() as root:
        for path, text in REPO.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as fh:
                fh.write(text)
        doc = os.path.join(root, "docs", "case.md")
        with open(doc, "w") as fh:
            fh.write(CLEAN)
        rc, out = run(check, root, doc)
        if rc != 0:
            print("SELFTEST FAIL: the clean doc: status %d\n%s" % (rc, out), file=sys.stderr)
            errors += 1
        else:
            print("ok: the clean doc passes")
        for label, text, expect in BROKEN:
            with open(doc, "w") as fh:
                fh.write("# A broken doc\n\nIt names:\n\n%s\n" % text)
            rc, out = run(check, root, doc)
            named = any(expect in line for line in out.splitlines() if "case.md:" in line)
            if rc != 1 or not named:
                print("SELFTEST FAIL: %s: status %d, %s\n%s" % (
                    label, rc, "named" if named else "no line names " + expect, out),
                    file=sys.stderr)
                errors += 1
            else:
                print("ok: %s fails (status 1, names %s)" % (label, expect))
    if errors:
        print("SELFTEST FAIL: %d case(s)" % errors, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
