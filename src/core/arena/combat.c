#include "combat.h"

#include <stdio.h>

#include "names.h"

static const char *const ACT_NAMES[COMBAT_ACT_COUNT] = {"attack", "heal", "spit", "drink"};

const char *combat_act_name(CombatAct act) {
    return names_of(ACT_NAMES, COMBAT_ACT_COUNT, (int)act);
}

static void add(CombatDecision *d, CombatAct act, int target, const char *name, int score) {
    if (d->count >= COMBAT_MAX_OPTIONS)
        return;
    CombatOption *o = &d->options[d->count];
    o->act = act;
    o->target = target;
    o->name = name;
    o->score = score;
    /* Strictly greater wins, so the earlier option keeps a tie. */
    if (d->chosen < 0 || score > d->options[d->chosen].score)
        d->chosen = d->count;
    d->count++;
}

/* a is a strictly lower fraction of its maximum than b (integers, no rounding). */
static bool lower_percentage(const CombatFighter *a, const CombatFighter *b) {
    return (long long)a->life * b->max_life < (long long)b->life * a->max_life;
}

void combat_decide_monster(CombatDecision *d, bool is_healer, bool heal_ready, bool spit_ready,
                           bool hero_poisoned, const CombatFighter *allies, int n_allies) {
    d->count = 0;
    d->chosen = -1;
    add(d, COMBAT_ATTACK, COMBAT_TARGET_HERO, "hero", COMBAT_ATTACK_SCORE);
    if (!is_healer)
        return;
    if (heal_ready) {
        int pick = -1;
        for (int i = 0; i < n_allies; i++) {
            const CombatFighter *f = &allies[i];
            if (f->life * 2 >= f->max_life || f->life <= 0)
                continue; /* not below 50 % (or already dead) */
            if (pick < 0 || lower_percentage(f, &allies[pick]))
                pick = i;
        }
        if (pick >= 0)
            add(d, COMBAT_HEAL, pick, allies[pick].name, COMBAT_HEAL_SCORE);
    }
    if (spit_ready && !hero_poisoned)
        add(d, COMBAT_SPIT, COMBAT_TARGET_HERO, "hero", COMBAT_SPIT_SCORE);
}

void combat_decide_hero(CombatDecision *d, const CombatFighter *enemies, int n_enemies,
                        int potions, int life, int max_life) {
    d->count = 0;
    d->chosen = -1;
    int weakest = -1;
    for (int i = 0; i < n_enemies; i++)
        if (weakest < 0 || enemies[i].life < enemies[weakest].life)
            weakest = i;
    if (weakest >= 0)
        add(d, COMBAT_ATTACK, weakest, enemies[weakest].name, COMBAT_ATTACK_SCORE);
    if (potions > 0 && combat_is_low_life(life, max_life))
        add(d, COMBAT_DRINK, COMBAT_TARGET_SELF, "potion", COMBAT_DRINK_SCORE);
}

size_t combat_format(const CombatDecision *d, char *buf, size_t size) {
    if (size == 0)
        return 0;
    buf[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < d->count && len < size; i++) {
        const CombatOption *o = &d->options[i];
        int n = snprintf(buf + len, size - len, "%s%s %s %d", i ? ", " : "",
                         combat_act_name(o->act), o->name, o->score);
        if (n < 0)
            return len;
        len += (size_t)n;
    }
    if (d->chosen >= 0 && len < size) {
        const CombatOption *o = &d->options[d->chosen];
        int n = snprintf(buf + len, size - len, " -> %s %s", combat_act_name(o->act), o->name);
        if (n > 0)
            len += (size_t)n;
    }
    return len < size ? len : size - 1;
}
