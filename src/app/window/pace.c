/* pace.c - frame pacing by absolute deadlines (pace.h). */
#include "pace.h"

void pace_init(FramePace *p, uint64_t freq, int rate) {
    p->period = rate > 0 ? freq / (uint64_t)rate : 0;
    p->due = 0;
}

uint64_t pace_wait(FramePace *p, uint64_t start, uint64_t now) {
    if (p->period == 0)
        return 0;
    if (p->due == 0)
        p->due = start; /* the first frame starts the schedule */
    p->due += p->period;
    if (now > p->due + p->period)
        p->due = now; /* far behind: a new schedule, from now */
    return now < p->due ? p->due - now : 0;
}
