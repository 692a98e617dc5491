/* Tests for snake_cert: the block-tree certificate of the `perfect` policy.
 *
 * The 4x4 board has 2x2 blocks 0 1 / 2 3 and four edges: 0 (blocks 0-1),
 * 1 (2-3), then the vertical ones 2 (0-2) and 3 (1-3). Every expected tree
 * and outline below is worked out by hand from the rules in snake_cert.h.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "snake.h"
#include "snake_cert.h"

/* A body on a w x h board laid along `cells` (tail first), n >= 1. */
static void body_open(Snake *s, int w, int h, const int *cells, int n) {
    ck_assert_int_eq(snake_init(s, w, h, NULL), WS_OK);
    snake_reset(s, 0, 1);
    s->occ[snake_head(s)] = 0;
    s->ring[s->head] = cells[0];
    s->occ[cells[0]] = 1;
    for (int i = 1; i < n; i++)
        snake_advance(s, cells[i], true);
}

/* Opens a 4x4 certificate and a body along `cells` (tail first); returns
 * whether the body's constraints load (every move is a lane move). */
static bool load_4x4(SnakeCert *k, Snake *s, const int *cells, int n) {
    ck_assert_int_eq(snake_cert_init(k, 4, 4, NULL), WS_OK);
    body_open(s, 4, 4, cells, n);
    return snake_cert_load(k, s);
}

/* ---- lifecycle --------------------------------------------------------------- */

START_TEST(init_sizes_blocks_and_edges) {
    SnakeCert k;
    WsError err = {0};
    ck_assert_msg(snake_cert_init(&k, 6, 4, &err) == WS_OK, "%s", err.msg);
    ck_assert_int_eq(k.bw, 3);
    ck_assert_int_eq(k.bh, 2);
    ck_assert_int_eq(k.nblocks, 6);
    ck_assert_int_eq(k.nedges, 2 * 2 + 1 * 3); /* bh*(bw-1) horizontal + (bh-1)*bw vertical */
    ck_assert_ptr_nonnull(k.mem);
    for (int e = 0; e < k.nedges; e++) /* every buffer is usable and starts at zero */
        ck_assert(k.req[e] == 0 && k.forb[e] == 0 && k.req_until[e] == 0 && k.tree[e] == 0);
    for (int e = 0; e < k.nedges; e++)
        k.rev_order[e] = e;
    for (int b = 0; b < k.nblocks; b++)
        ck_assert(k.block_until[b] == 0 && k.uf[b] == 0 && k.bqueue[b] == 0 && k.bmark[b] == 0);
    snake_cert_deinit(&k);
    ck_assert_ptr_null(k.mem);
    ck_assert_ptr_null(k.req);
    snake_cert_deinit(&k); /* safe twice: the struct is zeroed */
}
END_TEST

START_TEST(init_refuses_an_odd_side) {
    static const int bad[][2] = {{3, 4}, {4, 3}, {5, 5}, {0, 4}, {2, 2 * SNAKE_MAX_SIDE}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        SnakeCert k;
        WsError err = {0};
        ck_assert_int_eq(snake_cert_init(&k, bad[i][0], bad[i][1], &err), WS_ERR_ARG);
        ck_assert_ptr_null(k.mem);
        ck_assert_ptr_nonnull(strstr(err.msg, "even"));
    }
    SnakeCert k;
    ck_assert_int_eq(snake_cert_init(&k, 2, 2, NULL), WS_OK); /* one block, no edges */
    ck_assert_int_eq(k.nedges, 0);
    snake_cert_deinit(&k);
}
END_TEST

/* ---- lane geometry ------------------------------------------------------------- */

START_TEST(lanes_by_hand) {
    SnakeCert k;
    ck_assert_int_eq(snake_cert_init(&k, 4, 4, NULL), WS_OK);
    /* Block 0: top-left 0 crosses up, top-right 1 right, bottom-right 5 down,
     * bottom-left 4 left. */
    ck_assert_int_eq(snake_cert_cross_dir(4, 0), DIR_UP);
    ck_assert_int_eq(snake_cert_cross_dir(4, 1), DIR_RIGHT);
    ck_assert_int_eq(snake_cert_cross_dir(4, 5), DIR_DOWN);
    ck_assert_int_eq(snake_cert_cross_dir(4, 4), DIR_LEFT);
    /* Staying goes clockwise round the block. */
    ck_assert_int_eq(snake_cert_stay_dir(4, 0), DIR_RIGHT);
    ck_assert_int_eq(snake_cert_stay_dir(4, 1), DIR_DOWN);
    ck_assert_int_eq(snake_cert_stay_dir(4, 5), DIR_LEFT);
    ck_assert_int_eq(snake_cert_stay_dir(4, 4), DIR_UP);
    ck_assert_int_eq(snake_cert_block(&k, 10), 3);
    ck_assert_int_eq(snake_cert_edge(&k, 0), -1); /* up from the top row */
    ck_assert_int_eq(snake_cert_edge(&k, 1), 0);  /* blocks 0-1 */
    ck_assert_int_eq(snake_cert_edge(&k, 5), 2);  /* blocks 0-2 */
    ck_assert_int_eq(snake_cert_edge(&k, 14), 1); /* left from block 3: blocks 2-3 */
    ck_assert_int_eq(snake_cert_edge(&k, 10), 3); /* up from block 3: blocks 1-3 */
    snake_cert_deinit(&k);
}
END_TEST

/* ---- certify ----------------------------------------------------------------- */

START_TEST(straight_body_certified) {
    /* Body 0 -> 1 -> 2: the move 1 -> 2 crosses edge 0, so the tree must hold
     * it; grown in index order it is {0, 1, 2}, whose outline from the tail is
     * this Hamiltonian cycle with the body first. */
    static const int body[] = {0, 1, 2};
    static const int32_t want[16] = {0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4};
    SnakeCert k;
    Snake s;
    ck_assert(load_4x4(&k, &s, body, 3));
    ck_assert_int_eq(k.req[0], 1);
    ck_assert_int_eq(k.req_until[0], 2); /* the crossing's cell 1 leaves after 2 moves */
    ck_assert(snake_cert_build(&k));
    static const uint8_t tree[4] = {1, 1, 1, 0};
    ck_assert_mem_eq(k.tree, tree, sizeof tree);
    int32_t order[16];
    snake_cert_outline(&k, k.tree, snake_tail(&s), order);
    for (int i = 0; i < 16; i++)
        ck_assert_msg(order[i] == want[i], "position %d: cell %d, want %d", i, order[i], want[i]);
    ck_assert_int_eq(snake_cert_outline_dist(&k, k.tree, 2, 6), 3);
    ck_assert(snake_cert_agrees(&k, tree));
    static const uint8_t without_0[4] = {0, 1, 1, 1};
    ck_assert(!snake_cert_agrees(&k, without_0));
    /* The head (2) may stay in its lane (to 3), but 2 -> 6 is no lane move. */
    ck_assert(snake_cert_move_keeps(&k, &s, 3, false));
    ck_assert(!snake_cert_move_keeps(&k, &s, 6, false));
    ck_assert_int_eq(k.req[0], 1); /* the body's constraints are back */
    snake_deinit(&s);
    snake_cert_deinit(&k);
}
END_TEST

START_TEST(curled_body_has_no_certificate) {
    /* 1 -> 5 -> 4 stays in block 0 twice, forbidding edges 0 and 2: block 0
     * would be cut off, so no spanning tree exists. */
    static const int body[] = {1, 5, 4};
    SnakeCert k;
    Snake s;
    ck_assert(load_4x4(&k, &s, body, 3));
    ck_assert_int_eq(k.forb[0], 1);
    ck_assert_int_eq(k.forb[2], 1);
    ck_assert(!snake_cert_build(&k));
    snake_deinit(&s);
    snake_cert_deinit(&k);
    /* 1 -> 0 goes against the lane: no outline takes it. */
    static const int backwards[] = {1, 0};
    ck_assert(!load_4x4(&k, &s, backwards, 2));
    snake_deinit(&s);
    snake_cert_deinit(&k);
}
END_TEST

/* ---- loading --------------------------------------------------------------- */

/* Whether k and k2 hold the same constraints, to the block masks. */
static bool same_constraints(const SnakeCert *k, const SnakeCert *k2) {
    size_t e = (size_t)k->nedges * sizeof(int32_t), b = (size_t)k->nblocks * sizeof(int32_t);
    return memcmp(k->req, k2->req, e) == 0 && memcmp(k->forb, k2->forb, e) == 0 &&
           memcmp(k->req_until, k2->req_until, e) == 0 &&
           memcmp(k->block_until, k2->block_until, b) == 0 &&
           memcmp(k->bopen, k2->bopen, (size_t)k->nblocks) == 0 &&
           memcmp(k->breq, k2->breq, (size_t)k->nblocks) == 0;
}

START_TEST(load_one_move_on_is_a_whole_load) {
    /* A load of the body one move on changes only what the move changed
     * (snake_cert_load); it must leave what a load from nothing leaves: a
     * random walk (lane moves or not, eating now and then), with the
     * constraints changed behind the load's back, cleared, or the body
     * laid anew now and then, each load against a whole one in k2. */
    enum { W = 8, H = 6 };
    SnakeCert k, k2;
    Snake s;
    ck_assert_int_eq(snake_cert_init(&k, W, H, NULL), WS_OK);
    ck_assert_int_eq(snake_cert_init(&k2, W, H, NULL), WS_OK);
    ck_assert_int_eq(snake_init(&s, W, H, NULL), WS_OK);
    snake_reset(&s, 0, 3);
    uint32_t r = 12345u;
    int moved = 0;
    for (int step = 0; step < 20000; step++) {
        r = r * 1103515245u + 12345u;
        unsigned roll = (r >> 16) % 100u;
        if (roll == 0 || s.len > 20) {
            snake_reset(&s, 8 * (int)((r >> 8) % 6u), 1 + (int)((r >> 4) % 4u));
        } else if (roll == 1) {
            snake_cert_clear(&k);
        } else if (roll == 2) { /* a change nobody took back */
            int a = (int)((r >> 8) % (W * H));
            snake_cert_constrain(&k, a, snake_cert_stay_to(&k, a), 1);
        } else {
            int head = snake_head(&s), to = -1;
            for (int t = 0; t < 4 && to < 0; t++) { /* a free neighbour, or the tail's cell */
                int n = grid_neighbor(W, H, head, (Dir)((r >> 20) % 4u + (unsigned)t) % 4);
                if (n >= 0 && (!snake_occupies(&s, n) || (n == snake_tail(&s) && s.len > 2)))
                    to = n;
            }
            if (to < 0) {
                snake_reset(&s, 0, 2);
            } else {
                bool grow = (r >> 12) % 8u == 0 && to != snake_tail(&s);
                snake_advance(&s, to, grow);
                moved++;
            }
        }
        bool lanes = snake_cert_load(&k, &s);
        snake_cert_clear(&k2);
        ck_assert_int_eq(lanes, snake_cert_load(&k2, &s));
        ck_assert_msg(same_constraints(&k, &k2), "step %d: the loads differ", step);
        ck_assert_int_eq(snake_cert_holds(&k), snake_cert_holds(&k2));
    }
    ck_assert_int_gt(moved, 10000);
    snake_deinit(&s);
    snake_cert_deinit(&k2);
    snake_cert_deinit(&k);
}
END_TEST

/* ---- tree shapes -------------------------------------------------------------- */

static int ref_find(int *uf, int x) {
    while (uf[x] != x)
        x = uf[x];
    return x;
}

/* The required edges into a union-find uf (one slot per block) and, when
 * tree is not NULL, into tree[]; false when one is forbidden or they close a
 * loop of blocks. */
static bool ref_join_required(const SnakeCert *k, int *uf, uint8_t *tree) {
    for (int b = 0; b < k->nblocks; b++)
        uf[b] = b;
    if (tree != NULL)
        memset(tree, 0, (size_t)k->nedges);
    for (int e = 0; e < k->nedges; e++) {
        if (k->req[e] == 0)
            continue;
        int a = ref_find(uf, k->edge_end[2 * e]), b = ref_find(uf, k->edge_end[2 * e + 1]);
        if (k->forb[e] != 0 || a == b)
            return false;
        uf[a] = b;
        if (tree != NULL)
            tree[e] = 1;
    }
    return true;
}

/* A BFS over the blocks from `root` through edges not forbidden, in
 * direction order: the edges it meets new blocks by go to order[*n ..].
 * Returns how many blocks it reached. */
static int ref_bfs(const SnakeCert *k, int root, int *order, int *n) {
    int queue[64], qh = 0, qt = 0;
    bool seen[64] = {false};
    queue[qt++] = root;
    seen[root] = true;
    while (qh < qt) {
        int b = queue[qh++];
        for (int d = 0; d < DIR_COUNT; d++) {
            int e = snake_cert_block_edge(k, b, (Dir)d);
            if (e < 0 || k->forb[e] != 0)
                continue;
            int other = k->edge_end[2 * e] == b ? k->edge_end[2 * e + 1] : k->edge_end[2 * e];
            if (!seen[other]) {
                seen[other] = true;
                queue[qt++] = other;
                order[(*n)++] = e;
            }
        }
    }
    return qt;
}

/* The BFS tree shape by its definition (snake_cert.h): Kruskal over the
 * required edges, then the edges a BFS from block `root` meets through
 * edges not forbidden (in direction order), then every edge in index
 * order. Writes the tree to tree[]; false when the required edges close a
 * loop or are forbidden. */
static bool ref_bfs_shape(const SnakeCert *k, int root, uint8_t *tree) {
    int uf[64], order[256], n = 0;
    if (!ref_join_required(k, uf, tree))
        return false;
    ref_bfs(k, root, order, &n);
    for (int e = 0; e < k->nedges; e++)
        order[n++] = e;
    for (int i = 0; i < n; i++) {
        int e = order[i];
        int a = ref_find(uf, k->edge_end[2 * e]), b = ref_find(uf, k->edge_end[2 * e + 1]);
        if (k->req[e] == 0 && k->forb[e] == 0 && a != b) {
            uf[a] = b;
            tree[e] = 1;
        }
    }
    return true;
}

/* n random lane-move constraints on k (cleared first), from the stream *r:
 * a third of them crossings. */
static void random_constraints(SnakeCert *k, uint32_t *r, int n) {
    snake_cert_clear(k);
    for (int i = 0; i < n; i++) {
        *r = *r * 1103515245u + 12345u;
        int a = (int)((*r >> 8) % (uint32_t)(k->w * k->h));
        bool cross = (*r >> 20) % 3u == 0;
        int b = cross ? snake_cert_cross_to(k, a) : snake_cert_stay_to(k, a);
        if (b >= 0)
            snake_cert_constrain(k, a, b, 1);
    }
}

START_TEST(bfs_shapes_by_their_definition) {
    /* Random constraints on 8x6 (12 blocks), some that cut the blocks apart
     * (then the BFS meets only the root's part and index order does the
     * rest), each BFS shape against the definition. */
    enum { W = 8, H = 6 };
    SnakeCert k;
    ck_assert_int_eq(snake_cert_init(&k, W, H, NULL), WS_OK);
    uint32_t r = 777u;
    int compared = 0;
    for (int round = 0; round < 3000; round++) {
        random_constraints(&k, &r, 1 + round % 12);
        for (int v = 1; v < SNAKE_CERT_VARIANTS; v++) {
            if (v == 3)
                continue; /* reverse index order: not a BFS shape */
            int cell = (int)((r >> 4) % (W * H)), cell2 = (int)((r >> 12) % (W * H));
            uint8_t want[64];
            if (!ref_bfs_shape(&k, snake_cert_block(&k, v == 4 ? cell2 : cell), want))
                continue;
            snake_cert_build_variant(&k, v, cell, cell, cell2);
            ck_assert_msg(memcmp(k.tree, want, (size_t)k.nedges) == 0, "round %d shape %d", round,
                          v);
            compared++;
        }
    }
    ck_assert_int_gt(compared, 3000);
    snake_cert_deinit(&k);
}
END_TEST

/* The verdict by its definition (snake_cert.h): a loop when a required
 * edge is forbidden or the required edges close a loop of blocks, else a cut
 * when the edges not forbidden leave the blocks apart. */
static SnakeCertVerdict ref_verdict(const SnakeCert *k) {
    int uf[64], order[256], n = 0;
    if (!ref_join_required(k, uf, NULL))
        return SNAKE_CERT_LOOP;
    return ref_bfs(k, 0, order, &n) == k->nblocks ? SNAKE_CERT_HOLDS : SNAKE_CERT_CUT;
}

START_TEST(verdict_by_its_definition) {
    /* Random constraints on 8x6 (12 blocks), as for the tree shapes: many
     * hold, many close a loop, many cut the blocks apart. The verdict is
     * also the yes of snake_cert_holds and snake_cert_build. */
    enum { W = 8, H = 6 };
    SnakeCert k;
    ck_assert_int_eq(snake_cert_init(&k, W, H, NULL), WS_OK);
    uint32_t r = 4242u;
    int seen[3] = {0, 0, 0};
    for (int round = 0; round < 3000; round++) {
        random_constraints(&k, &r, 1 + round % 16);
        SnakeCertVerdict want = ref_verdict(&k), got = snake_cert_verdict(&k);
        ck_assert_msg(got == want, "round %d: verdict %d, want %d", round, (int)got, (int)want);
        ck_assert_int_eq(snake_cert_holds(&k), got == SNAKE_CERT_HOLDS);
        ck_assert_int_eq(snake_cert_build(&k), got == SNAKE_CERT_HOLDS);
        seen[got]++;
    }
    for (int v = 0; v < 3; v++)
        ck_assert_msg(seen[v] > 100, "verdict %d only %d times", v, seen[v]);
    snake_cert_deinit(&k);
}
END_TEST

static Suite *snake_cert_suite(void) {
    Suite *s = suite_create("snake_cert");
    TCase *tc = tcase_create("lifecycle");
    tcase_add_test(tc, init_sizes_blocks_and_edges);
    tcase_add_test(tc, init_refuses_an_odd_side);
    suite_add_tcase(s, tc);
    tc = tcase_create("lanes");
    tcase_add_test(tc, lanes_by_hand);
    suite_add_tcase(s, tc);
    tc = tcase_create("certify");
    tcase_add_test(tc, straight_body_certified);
    tcase_add_test(tc, curled_body_has_no_certificate);
    tcase_add_test(tc, verdict_by_its_definition);
    suite_add_tcase(s, tc);
    tc = tcase_create("loading");
    tcase_add_test(tc, load_one_move_on_is_a_whole_load);
    suite_add_tcase(s, tc);
    tc = tcase_create("shapes");
    tcase_add_test(tc, bfs_shapes_by_their_definition);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    SRunner *sr = srunner_create(snake_cert_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
