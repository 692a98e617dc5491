/* Building an arena from the options: a generated map, a map file or the default map. */
#define _POSIX_C_SOURCE 200809L
#include "arena_setup.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "map_file.h"

static const char DEFAULT_MAP[] = "assets/maps/arena.txt";

/* The default map: in the working directory, else beside the executable
 * (the build copies assets/ there). */
static const char *default_map(char *buf, size_t size) {
    if (access(DEFAULT_MAP, R_OK) == 0)
        return DEFAULT_MAP;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash != NULL) {
            *slash = '\0';
            snprintf(buf, size, "%s/%s", exe, DEFAULT_MAP);
            if (access(buf, R_OK) == 0)
                return buf;
        }
    }
    return DEFAULT_MAP; /* let the loader report it missing */
}

WsStatus arena_setup_open(const AppOptions *opts, uint64_t seed, Arena *arena, char *map_name,
                          size_t name_size, WsError *err) {
    ArenaConfig cfg = {seed, opts->monsters, opts->naive};
    if (opts->gen_w > 0) {
        snprintf(map_name, name_size, "%dx%d generated", opts->gen_w, opts->gen_h);
        return arena_init_generated(arena, opts->gen_w, opts->gen_h, &cfg, err);
    }
    char buf[4200];
    const char *path = opts->map != NULL ? opts->map : default_map(buf, sizeof buf);
    if (opts->map == NULL && access(path, R_OK) != 0) /* not "'assets/...': No such file" */
        return ws_fail(err, WS_ERR_IO,
                       "no default arena map: %s is neither here nor next to the wavesnake "
                       "binary; give --map FILE or --generate WxH",
                       DEFAULT_MAP);
    const char *slash = strrchr(path, '/');
    ws_quote(map_name, name_size,
             slash != NULL ? slash + 1 : path); /* shown in the HUD and summary */
    TextMap map = {0};
    WsStatus st = map_file_load(path, &map, NULL, NULL, err);
    if (st == WS_OK)
        st = arena_init(arena, &map, &cfg, path, err);
    textmap_deinit(&map);
    return st;
}

WsStatus arena_setup_next_map(const char *current, char *path, size_t path_size, WsError *err) {
    char buf[4200], dir[4200];
    snprintf(dir, sizeof dir, "%s", default_map(buf, sizeof buf));
    char *slash = strrchr(dir, '/');
    if (slash != NULL)
        *slash = '\0';
    DIR *d = opendir(dir);
    if (d == NULL)
        return ws_fail(err, WS_ERR_IO, "cannot read the map folder %s", dir);
    /* The smallest name after `current`, and the smallest of all (to wrap). */
    char first[256] = "", next[256] = "";
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || n >= sizeof first || strcmp(e->d_name + n - 4, ".txt") != 0)
            continue;
        if (first[0] == '\0' || strcmp(e->d_name, first) < 0)
            snprintf(first, sizeof first, "%s", e->d_name);
        if (strcmp(e->d_name, current) > 0 && (next[0] == '\0' || strcmp(e->d_name, next) < 0))
            snprintf(next, sizeof next, "%s", e->d_name);
    }
    closedir(d);
    if (first[0] == '\0')
        return ws_fail(err, WS_ERR_IO, "no map files (*.txt) in %s", dir);
    snprintf(path, path_size, "%s/%s", dir, next[0] != '\0' ? next : first);
    return WS_OK;
}
