/* The table-driven option parser, the usage lines and the --help lines. */
#include "optparse.h"

#include <assert.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "names.h"
#include "parse.h"

/* A synopsis longer than this is not repeated in error messages: they say
 * "see --help" instead (a mode's synopsis lists every option). */
enum { HINT_MAX_SYNOPSIS = 60, NAMES_MAX = 32, HELP_LEFT = 18 };

/* ======================================================================== */
/* Static helpers                                                            */
/* ======================================================================== */

static const char *label_of(const OptSpec *spec) {
    return spec->label != NULL ? spec->label : spec->name;
}

/* Whether a word is an option: "-x" or "--name", but not "-", "-1" or "-.5". */
static bool is_option(const char *arg) {
    if (arg[0] != '-' || arg[1] == '\0')
        return false;
    const char *p = arg + 1;
    if (*p == '.')
        p++;
    return !(*p >= '0' && *p <= '9');
}

/* The names of an OPT_ENUM as a table for names.h. */
static int names_table(const OptNames *names, const char *table[NAMES_MAX]) {
    assert(names != NULL && names->count > 0 && names->count <= NAMES_MAX);
    for (int i = 0; i < names->count; i++)
        table[i] = names->name_of(i);
    return names->count;
}

/* Appends printf-style text at buf + *len, keeping count of what was needed. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
append(char *buf, size_t size, size_t *len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = *len < size ? size - *len : 0;
    int n = vsnprintf(room > 0 ? buf + *len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len += (size_t)n;
}

/* The names joined by sep: "seed, best" for messages, "seed|best" for usage lines. */
static void names_join(const OptNames *names, const char *sep, char *buf, size_t size) {
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < names->count; i++)
        append(buf, size, &len, "%s%s", i > 0 ? sep : "", names->name_of(i));
}

WsStatus optparse_name(const OptSpec *spec, const char *value, int *out, WsError *err) {
    const char *table[NAMES_MAX];
    int n = names_table(spec->names, table);
    if (names_parse(table, n, value, out))
        return WS_OK;
    if (spec->names->aliases != NULL && names_parse(spec->names->aliases, n, value, out))
        return WS_OK;
    char list[160], q[WS_QUOTE_SIZE];
    names_join(spec->names, ", ", list, sizeof list);
    const char *also = spec->names->also;
    return ws_fail(err, WS_ERR_ARG, "%s: unknown %s '%s' (try: %s%s%s)", label_of(spec),
                   spec->names->noun, ws_quote(q, sizeof q, value), list,
                   also != NULL ? ", or " : "", also != NULL ? also : "");
}

/* Stores one value into target as spec says. */
static WsStatus apply(const OptSpec *spec, const char *value, void *target, WsError *err) {
    unsigned char *base = target;
    void *field = base + spec->at;
    const char *what = label_of(spec);
    WsStatus st = WS_OK;
    switch (spec->kind) {
    case OPT_FLAG:
        *(bool *)field = true;
        break;
    case OPT_INT:
        st = parse_int(value, (int)spec->lo, (int)spec->hi, what, field, err);
        break;
    case OPT_LONG:
        st = parse_long(value, spec->lo, spec->hi, what, field, err);
        break;
    case OPT_U64:
        st = parse_u64(value, what, field, err);
        break;
    case OPT_DOUBLE:
        st = parse_double(value, (double)spec->lo, (double)spec->hi, what, field, err);
        break;
    case OPT_SIZE:
        st = parse_size(value, (int)spec->lo, (int)spec->hi, what, field,
                        (int *)(void *)(base + spec->at2), err);
        break;
    case OPT_TEXT:
        if (*value == '\0')
            return ws_fail(err, WS_ERR_ARG, "%s needs a non-empty value", what);
        *(const char **)field = value;
        break;
    case OPT_ENUM:
        /* The enum fields are int-sized (options.c checks it), and an enum
         * type's compatible type is int or unsigned int. */
        st = optparse_name(spec, value, field, err);
        break;
    case OPT_CUSTOM:
        st = spec->parse(spec, value, field, err);
        break;
    }
    if (st == WS_OK && spec->seen > 0)
        *(bool *)(void *)(base + spec->seen - 1) = true;
    return st;
}

static bool same_word(const char *name, const char *arg, size_t len) {
    return name != NULL && strlen(name) == len && strncmp(name, arg, len) == 0;
}

static bool applies(const OptSpec *spec, const OptCommand *cmd) {
    return spec->modes == 0 || (spec->modes & cmd->mode) != 0;
}

/* The option named arg[0..len): the entry that applies to cmd when the name
 * has one per mode (--map), else the first of that name. */
static const OptSpec *find_option(const OptCommand *cmd, const char *arg, size_t len) {
    const OptSpec *first = NULL;
    for (int k = 0; k < cmd->nopts; k++) {
        const OptSpec *spec = &cmd->opts[k];
        if (!same_word(spec->name, arg, len) && !same_word(spec->alias, arg, len))
            continue;
        if (applies(spec, cmd))
            return spec;
        if (first == NULL)
            first = spec;
    }
    return first;
}

/* Edit distance (insertions, deletions, substitutions, swaps of neighbours)
 * between a[0..la) and b, for names of at most OPT_NAME_MAX bytes. */
enum { OPT_NAME_MAX = 40 };
static int edit_distance(const char *a, size_t la, const char *b) {
    size_t lb = strlen(b);
    if (la > OPT_NAME_MAX || lb > OPT_NAME_MAX)
        return OPT_NAME_MAX;
    int d[OPT_NAME_MAX + 1][OPT_NAME_MAX + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

/* The option of cmd nearest to a misspelt arg[0..len), or NULL when none is
 * close (at most 2 edits, and fewer than a third of the name). */
static const OptSpec *nearest_option(const OptCommand *cmd, const char *arg, size_t len) {
    const OptSpec *best = NULL;
    int best_d = 3;
    for (int k = 0; k < cmd->nopts; k++) {
        const OptSpec *spec = &cmd->opts[k];
        if (!applies(spec, cmd))
            continue;
        int dist = edit_distance(arg, len, spec->name);
        if (dist < best_d && dist * 3 < (int)strlen(spec->name)) {
            best = spec;
            best_d = dist;
        }
    }
    return best;
}

/* What an error message adds: the usage line when it is short, else --help. */
static void hint(const OptCommand *cmd, char *buf, size_t size) {
    char syn[256];
    size_t n = optparse_synopsis(cmd, syn, sizeof syn);
    if (n <= HINT_MAX_SYNOPSIS)
        snprintf(buf, size, "usage: wavesnake %.*s", (int)HINT_MAX_SYNOPSIS, syn);
    else
        snprintf(buf, size, "see --help");
}

/* The placeholder of a value in a usage line. */
static void value_token(const OptSpec *spec, bool positional, char *buf, size_t size) {
    if (spec->meta != NULL)
        snprintf(buf, size, "%s", spec->meta);
    else if (spec->kind == OPT_ENUM)
        names_join(spec->names, "|", buf, size);
    else
        snprintf(buf, size, "%s", positional ? spec->name : "");
}

/* A positional word: the next positional argument (*npos counts them), or
 * one more of the last when it repeats; an error past the last. */
static WsStatus take_positional(const OptCommand *cmd, const char *arg, int *npos, void *target,
                                WsError *err) {
    if (*npos >= cmd->nargs && cmd->last_repeats && cmd->nargs > 0)
        return apply(&cmd->args[cmd->nargs - 1], arg, target, err);
    if (*npos >= cmd->nargs) {
        char why[128], q[WS_QUOTE_SIZE];
        hint(cmd, why, sizeof why);
        return ws_fail(err, WS_ERR_ARG, "unexpected argument '%s' for %s (%s)",
                       ws_quote(q, sizeof q, arg), cmd->label, why);
    }
    return apply(&cmd->args[(*npos)++], arg, target, err);
}

/* The option argv[*i] with its value: after '=', or the next word (then *i
 * moves past it). An error names an unknown option (and the one it may be a
 * misspelling of), one of another mode, or a value missing or not wanted. */
static WsStatus take_option(const OptCommand *cmd, int argc, char **argv, int *i, void *target,
                            WsError *err) {
    const char *arg = argv[*i];
    char why[128], q[WS_QUOTE_SIZE];
    const char *eq = strchr(arg, '=');
    size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
    const OptSpec *spec = find_option(cmd, arg, len);
    if (spec == NULL) {
        const OptSpec *near = nearest_option(cmd, arg, len);
        if (near != NULL)
            snprintf(why, sizeof why, "did you mean %s?", near->name);
        else
            hint(cmd, why, sizeof why);
        return ws_fail(err, WS_ERR_ARG, "unknown option '%s' for %s (%s)",
                       ws_quote_len(q, sizeof q, arg, len), cmd->label, why);
    }
    if (!applies(spec, cmd))
        return ws_fail(err, WS_ERR_ARG, "option %s does not apply to %s (see --help)", spec->name,
                       cmd->label);
    const char *value = "";
    if (spec->kind == OPT_FLAG) {
        if (eq != NULL)
            return ws_fail(err, WS_ERR_ARG, "%s takes no value", spec->name);
    } else if (eq != NULL) {
        value = eq + 1;
    } else if (*i + 1 < argc) {
        value = argv[++*i];
    } else {
        return ws_fail(err, WS_ERR_ARG, "%s needs a value", spec->name);
    }
    return apply(spec, value, target, err);
}

/* The error for positional arguments missing from npos on, named in order. */
static WsStatus missing_args(const OptCommand *cmd, int npos, WsError *err) {
    char missing[96], why[128];
    size_t len = 0;
    missing[0] = '\0';
    for (int k = npos; k < cmd->nargs_min; k++)
        append(missing, sizeof missing, &len, "%s%s", k > npos ? " " : "", cmd->args[k].name);
    hint(cmd, why, sizeof why);
    return ws_fail(err, WS_ERR_ARG, "missing %s for %s (%s)", missing, cmd->label, why);
}

/* ======================================================================== */
/* Public functions                                                          */
/* ======================================================================== */

WsStatus optparse_parse(const OptCommand *cmd, int argc, char **argv, void *target, WsError *err) {
    int npos = 0;
    bool options_end = false;
    for (int i = 0; i < argc; i++) {
        if (!options_end && strcmp(argv[i], "--") == 0) {
            options_end = true;
            continue;
        }
        WsStatus st;
        if (options_end || !is_option(argv[i]))
            st = take_positional(cmd, argv[i], &npos, target, err);
        else
            st = take_option(cmd, argc, argv, &i, target, err);
        if (st != WS_OK)
            return st;
    }
    if (npos < cmd->nargs_min)
        return missing_args(cmd, npos, err);
    return WS_OK;
}

size_t optparse_synopsis(const OptCommand *cmd, char *buf, size_t size) {
    size_t len = 0;
    char token[96];
    if (size > 0)
        buf[0] = '\0';
    append(buf, size, &len, "%s", cmd->name);
    for (int k = 0; k < cmd->nargs; k++) {
        value_token(&cmd->args[k], true, token, sizeof token);
        const char *more = cmd->last_repeats && k == cmd->nargs - 1 ? "..." : "";
        append(buf, size, &len, k < cmd->nargs_min ? " %s%s" : " [%s%s]", token, more);
    }
    for (int k = 0; k < cmd->nopts; k++) {
        const OptSpec *spec = &cmd->opts[k];
        if (!applies(spec, cmd))
            continue;
        value_token(spec, false, token, sizeof token);
        append(buf, size, &len, token[0] ? " [%s %s]" : " [%s]", spec->name, token);
    }
    return len;
}

void optparse_print_indented(FILE *out, const char *text, int indent) {
    for (const char *p = text; *p; p++) {
        fputc(*p, out);
        if (*p == '\n' && p[1] != '\0')
            fprintf(out, "%*s", indent, "");
    }
}

void optparse_help(FILE *out, const OptSpec *opts, int nopts,
                   bool (*keep)(const OptSpec *spec, void *ctx), void *ctx) {
    for (int k = 0; k < nopts; k++) {
        const OptSpec *spec = &opts[k];
        if (keep != NULL && !keep(spec, ctx))
            continue;
        char left[64], token[96];
        value_token(spec, false, token, sizeof token);
        snprintf(left, sizeof left, token[0] ? "%s %s" : "%s", spec->name, token);
        fprintf(out, "  %-*s  ", HELP_LEFT, left);
        /* Expand {range} and {names}, indent continuation lines. */
        char text[512];
        size_t len = 0;
        text[0] = '\0';
        for (const char *p = spec->help != NULL ? spec->help : ""; *p;) {
            if (strncmp(p, "{range}", 7) == 0) {
                append(text, sizeof text, &len, "%ld..%ld", spec->lo, spec->hi);
                p += 7;
            } else if (strncmp(p, "{names}", 7) == 0 && spec->names != NULL) {
                names_join(spec->names, ", ", token, sizeof token);
                append(text, sizeof text, &len, "%s", token);
                p += 7;
            } else {
                append(text, sizeof text, &len, "%c", *p++);
            }
        }
        optparse_print_indented(out, text, HELP_LEFT + 4);
        fputc('\n', out);
    }
}
