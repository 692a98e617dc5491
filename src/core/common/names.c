#include "names.h"

#include <string.h>

const char *names_of(const char *const *names, int count, int value) {
    if (value < 0 || value >= count || names[value] == NULL)
        return "?";
    return names[value];
}

bool names_parse(const char *const *names, int count, const char *text, int *out) {
    if (text == NULL)
        return false;
    for (int i = 0; i < count; i++) {
        if (names[i] != NULL && strcmp(names[i], text) == 0) {
            *out = i;
            return true;
        }
    }
    return false;
}

size_t names_list(const char *const *names, int count, char *buf, size_t size) {
    size_t need = 0;
    for (int i = 0; i < count; i++) {
        if (names[i] == NULL)
            continue;
        const char *parts[2] = {need > 0 ? ", " : "", names[i]};
        for (int k = 0; k < 2; k++) {
            size_t n = strlen(parts[k]);
            if (size > 0 && need < size - 1) {
                size_t room = size - 1 - need;
                memcpy(buf + need, parts[k], n < room ? n : room);
            }
            need += n;
        }
    }
    if (size > 0)
        buf[need < size - 1 ? need : size - 1] = '\0';
    return need;
}
