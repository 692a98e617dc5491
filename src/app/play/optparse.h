/* optparse.h - the command line's one option parser, driven by tables.
 *
 * Every entry point (the play modes, the text tools, bench) describes its
 * arguments as a table of OptSpec: a name, the kind of value, its range or
 * its names, where in the entry point's own struct the value goes
 * (offsetof), and which modes accept it; positional arguments are OptSpecs
 * too, in order. optparse_parse reads argv against the table, so `--x=v` and
 * `--x v`, ranges, names and every error message are the same everywhere,
 * and the usage line and the --help text are made from the same tables, so
 * they cannot disagree with what is accepted.
 *
 * A word is an option when it starts with '-' and is not a number ("-1" is
 * a positional argument: a coordinate may be negative); after "--" every
 * word is positional. Values are borrowed from argv, never copied.
 */
#ifndef WS_OPTPARSE_H
#define WS_OPTPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ws_error.h"

typedef enum OptKind {
    OPT_FLAG,   /* no value: sets a bool */
    OPT_INT,    /* a whole number in lo..hi, into an int */
    OPT_LONG,   /* a whole number in lo..hi, into a long */
    OPT_U64,    /* a non-negative whole number, into a uint64_t */
    OPT_DOUBLE, /* a number in lo..hi, into a double */
    OPT_SIZE,   /* WxH, each side in lo..hi, into the ints at `at` (width) and `at2` (height) */
    OPT_TEXT,   /* a non-empty string, into a const char * */
    OPT_ENUM,   /* one of names->name_of(0..count-1), its index into an int-sized enum */
    OPT_CUSTOM  /* parse(spec, value, field) does it */
} OptKind;

/* The names an OPT_ENUM accepts, by value 0..count-1. Core enums keep their
 * name tables private and answer through x_name; name_of wraps that. */
typedef struct OptNames {
    const char *noun; /* for "unknown <noun> 'x'": "policy", "hunter" */
    int count;
    const char *(*name_of)(int value);
    const char *const *aliases; /* former names still accepted, indexed by value (entries
                                   may be NULL), or NULL; never listed in messages */
    const char *also;           /* what else the option takes, listed last in messages
                                   ("engine:CMD"), or NULL */
} OptNames;

typedef struct OptSpec OptSpec;

/* OPT_CUSTOM: parses value into field (the entry point's struct + spec->at). */
typedef WsStatus (*OptParseFn)(const OptSpec *spec, const char *value, void *field, WsError *err);

/* Marks a bool field that records whether an option was given: `seen`
 * holds its offset plus one, so that 0 can mean "no such field". */
#define OPT_SEEN(type, field) (offsetof(type, field) + 1)

struct OptSpec {
    const char *name; /* "--seed"; a positional argument's placeholder: "MAP" */
    const char *alias; /* a former name still accepted ("--arena-map"), or NULL */
    OptKind kind;
    const char *meta;      /* the value's placeholder in usage lines ("N", "WxH"); NULL for a
                              flag; an OPT_ENUM without one shows its names ("seed|best") */
    long lo, hi;           /* OPT_INT, OPT_LONG, OPT_DOUBLE, OPT_SIZE (each side) */
    const OptNames *names; /* OPT_ENUM */
    OptParseFn parse;      /* OPT_CUSTOM */
    size_t at;             /* where the value goes: offsetof(the entry point's struct, field) */
    size_t at2;            /* OPT_SIZE: the height's field */
    size_t seen;           /* OPT_SEEN(...) of a bool set when given, or 0 */
    unsigned modes;        /* the command bits (OptCommand.mode) that accept it; 0: every one */
    const char *label;     /* how messages name a positional argument ("start x"); NULL: name */
    const char *help;      /* --help text; "{range}" becomes lo..hi, "{names}" the names;
                              '\n' starts a new line */
};

/* One command: the word after `wavesnake` and its arguments. The play modes
 * share one option table and differ in `mode`. */
typedef struct OptCommand {
    const char *name;    /* "dmap", "snake" */
    const char *label;   /* how messages name it: "dmap", "the snake mode" */
    unsigned mode;       /* this command's bit, matched against OptSpec.modes */
    const OptSpec *args; /* positional arguments, in order (may be NULL) */
    int nargs;
    int nargs_min; /* how many of them must be given */
    bool last_repeats; /* the last positional argument takes every further word too
                          (its parse is called once per word): "PLAYER..." */
    const OptSpec *opts;
    int nopts;
    const char *summary; /* --help text for a tool; '\n' starts a new line */
} OptCommand;

/* Parses argv[0..argc) for cmd into target (the struct the specs' offsets
 * point into), which holds the defaults beforehand. Stops at the first
 * error: an unknown option, an option of another mode, a missing or
 * malformed value, a value out of range, too many or too few positional
 * arguments (WS_ERR_ARG, one line in err). */
WsStatus optparse_parse(const OptCommand *cmd, int argc, char **argv, void *target, WsError *err);

/* Parses value as one of spec->names into *out, with the message every
 * OPT_ENUM gets ("--policy: unknown policy 'x' (try: greedy, ...)"): for
 * OPT_CUSTOM parsers that take a name. */
WsStatus optparse_name(const OptSpec *spec, const char *value, int *out, WsError *err);

/* The usage line without "wavesnake ": "dmap MAP [--gold V] [--safety]".
 * Returns the length it needed (cut to fit size, always terminated). */
size_t optparse_synopsis(const OptCommand *cmd, char *buf, size_t size);

/* Prints one --help line per option of `opts` that `keep` accepts (NULL:
 * all), "  --size WxH          text", with {range} and {names} expanded. */
void optparse_help(FILE *out, const OptSpec *opts, int nopts,
                   bool (*keep)(const OptSpec *spec, void *ctx), void *ctx);

/* Prints `text` with every line after the first indented by `indent`
 * spaces (the --help layout of a multi-line description). */
void optparse_print_indented(FILE *out, const char *text, int indent);

#endif
