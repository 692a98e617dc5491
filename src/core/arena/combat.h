/* combat.h - combat by utility scores (docs/arena.md#combat-by-utility).
 *
 * When adjacent, each fighter scores the actions it can take and takes the
 * highest; a later option must score strictly more to win, so ties keep the
 * earlier one. Options are listed in a fixed order (attack, heal, spit,
 * drink) and only when available, which is also how the HUD prints them:
 * `attack hero 40, heal rat 80, spit hero 60 -> heal rat`. Pure functions:
 * no randomness, no world access; the arena applies the chosen action.
 */
#ifndef WS_COMBAT_H
#define WS_COMBAT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum CombatAct {
    COMBAT_ATTACK = 0,
    COMBAT_HEAL,
    COMBAT_SPIT,
    COMBAT_DRINK,
    COMBAT_ACT_COUNT
} CombatAct;

enum {
    COMBAT_ATTACK_SCORE = 40,
    COMBAT_SPIT_SCORE = 60,
    COMBAT_HEAL_SCORE = 80,
    COMBAT_DRINK_SCORE = 90,
    COMBAT_MAX_OPTIONS = 4
};

enum { COMBAT_TARGET_HERO = -1, COMBAT_TARGET_SELF = -2 }; /* else an index into the list */

/* Below this percentage of its life the hero is low: it drinks a potion if it
 * carries one, and its autopilot heads for a potion or away from monsters. */
enum { COMBAT_LOW_LIFE_PERCENT = 35 };

/* Whether life is below COMBAT_LOW_LIFE_PERCENT of max_life (exact integers). */
static inline bool combat_is_low_life(int life, int max_life) {
    return (long long)life * 100 < (long long)COMBAT_LOW_LIFE_PERCENT * max_life;
}

typedef struct CombatFighter {
    int life, max_life;
    const char *name; /* borrowed, e.g. "zombie"; must outlive the decision */
} CombatFighter;

typedef struct CombatOption {
    CombatAct act;
    int target;       /* index into the fighter list, or COMBAT_TARGET_* */
    const char *name; /* the target's name for the decision line */
    int score;
} CombatOption;

typedef struct CombatDecision {
    CombatOption options[COMBAT_MAX_OPTIONS];
    int count;
    int chosen; /* index into options, -1 when there is nothing to do */
} CombatDecision;

/* A monster next to the hero: attack hero (40) always; a healer also scores
 * heal (80) on the ally below 50 % life with the lowest percentage (first on
 * ties) if heal_ready, and spit (60) at the hero if spit_ready and the hero
 * is not poisoned. `allies` excludes the monster itself. */
void combat_decide_monster(CombatDecision *d, bool is_healer, bool heal_ready, bool spit_ready,
                           bool hero_poisoned, const CombatFighter *allies, int n_allies);

/* The hero: attack (40) the adjacent enemy with the fewest hit points (first
 * on ties) if any; drink a potion (90) if it carries one and its life is low
 * (combat_is_low_life). */
void combat_decide_hero(CombatDecision *d, const CombatFighter *enemies, int n_enemies,
                        int potions, int life, int max_life);

/* Writes the decision line into buf (always NUL-terminated); returns its length. */
size_t combat_format(const CombatDecision *d, char *buf, size_t size);

/* "attack", "heal", "spit", "drink"; "?" outside the enum. */
const char *combat_act_name(CombatAct act);

#endif
