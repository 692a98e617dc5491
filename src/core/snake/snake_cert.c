#include "snake_cert.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "slab.h"

/* ======================================================================== */
/* Lifecycle                                                                 */
/* ======================================================================== */

/* Every buffer, listed and sized once (slab.h). */
static void cert_layout(void *owner, Slab *s) {
    SnakeCert *k = owner;
    size_t e = (size_t)k->nedges, b = (size_t)k->nblocks;
    k->req = slab_take(s, e, sizeof *k->req);
    k->forb = slab_take(s, e, sizeof *k->forb);
    k->req_until = slab_take(s, e, sizeof *k->req_until);
    k->block_until = slab_take(s, b, sizeof *k->block_until);
    k->tree = slab_take(s, e, sizeof *k->tree);
    size_t cells = (size_t)k->w * (size_t)k->h;
    k->nbr = slab_take(s, 4 * cells, sizeof *k->nbr);
    k->cell_block = slab_take(s, cells, sizeof *k->cell_block);
    k->cell_edge = slab_take(s, cells, sizeof *k->cell_edge);
    k->cell_cross = slab_take(s, cells, sizeof *k->cell_cross);
    k->edge_end = slab_take(s, 2 * e, sizeof *k->edge_end);
    k->block_edge = slab_take(s, 4 * b, sizeof *k->block_edge);
    k->rev_order = slab_take(s, e, sizeof *k->rev_order);
    k->cross_to = slab_take(s, cells, sizeof *k->cross_to);
    k->stay_to = slab_take(s, cells, sizeof *k->stay_to);
    k->bopen = slab_take(s, b, sizeof *k->bopen);
    k->breq = slab_take(s, b, sizeof *k->breq);
    k->bbase = slab_take(s, b, sizeof *k->bbase);
    k->lbody = slab_take(s, cells, sizeof *k->lbody);
    k->req_snap = slab_take(s, e, sizeof *k->req_snap);
    k->forb_snap = slab_take(s, e, sizeof *k->forb_snap);
    k->wall_block = slab_take(s, b, sizeof *k->wall_block);
    k->wall_edge = slab_take(s, e, sizeof *k->wall_edge);
    k->uf = slab_take(s, b, sizeof *k->uf);
    k->uf_size = slab_take(s, b, sizeof *k->uf_size);
    k->uf_req = slab_take(s, 2 * b, sizeof *k->uf_req);
    k->tree_req = slab_take(s, e, sizeof *k->tree_req);
    k->bqueue = slab_take(s, b, sizeof *k->bqueue);
    k->bmark = slab_take(s, b, sizeof *k->bmark);
    k->bqueue2 = slab_take(s, b, sizeof *k->bqueue2);
    k->comp = slab_take(s, b, sizeof *k->comp);
    k->cmark = slab_take(s, b, sizeof *k->cmark);
}

static void edge_blocks_compute(const SnakeCert *k, int e, int *a, int *b);

/* The lane geometry tables (snake_cert.h), from the rules they stand for. */
static void geometry_build(SnakeCert *k) {
    int cells = k->w * k->h;
    for (int c = 0; c < cells; c++) {
        for (int d = 0; d < DIR_COUNT; d++)
            k->nbr[4 * c + d] = grid_neighbor(k->w, k->h, c, (Dir)d);
        Dir cross = snake_cert_cross_dir(k->w, c);
        int b = c / k->w / 2 * k->bw + c % k->w / 2;
        k->cell_block[c] = b;
        k->cell_cross[c] = (uint8_t)cross;
        k->cell_edge[c] = snake_cert_block_edge(k, b, cross);
        k->cross_to[c] = k->nbr[4 * c + cross];
        k->stay_to[c] = k->nbr[4 * c + (cross + 1) % DIR_COUNT];
    }
    for (int e = 0; e < k->nedges; e++) {
        int a, b;
        edge_blocks_compute(k, e, &a, &b);
        k->edge_end[2 * e] = a;
        k->edge_end[2 * e + 1] = b;
    }
    for (int b = 0; b < k->nblocks; b++)
        for (int d = 0; d < DIR_COUNT; d++)
            k->block_edge[4 * b + d] = snake_cert_block_edge(k, b, (Dir)d);
    for (int e = 0; e < k->nedges; e++)
        k->rev_order[e] = k->nedges - 1 - e;
    k->bstep[DIR_UP] = -k->bw;
    k->bstep[DIR_RIGHT] = 1;
    k->bstep[DIR_DOWN] = k->bw;
    k->bstep[DIR_LEFT] = -1;
}

/* The two blocks of edge e (from the table geometry_build made). */
static inline void edge_blocks(const SnakeCert *k, int e, int *a, int *b) {
    *a = k->edge_end[2 * e];
    *b = k->edge_end[2 * e + 1];
}

WsStatus snake_cert_init(SnakeCert *k, int w, int h, WsError *err) {
    memset(k, 0, sizeof *k);
    if (w < 2 || h < 2 || w > SNAKE_MAX_SIDE || h > SNAKE_MAX_SIDE || w % 2 != 0 || h % 2 != 0)
        return ws_fail(err, WS_ERR_ARG,
                       "board size %dx%d: the block certificate needs two even sides 2..%d", w, h,
                       SNAKE_MAX_SIDE);
    k->w = w;
    k->h = h;
    k->bw = w / 2;
    k->bh = h / 2;
    k->nblocks = k->bw * k->bh;
    k->nedges = k->bh * (k->bw - 1) + (k->bh - 1) * k->bw;
    k->nfree = k->nblocks;
    k->mem = slab_alloc(cert_layout, k);
    if (k->mem == NULL) {
        memset(k, 0, sizeof *k);
        return ws_fail(err, WS_ERR_NOMEM, "out of memory for a %dx%d block certificate", w, h);
    }
    geometry_build(k);
    snake_cert_set_walls(k, NULL);
    return WS_OK;
}

void snake_cert_deinit(SnakeCert *k) {
    free(k->mem);
    memset(k, 0, sizeof *k);
}

void snake_cert_set_walls(SnakeCert *k, const uint8_t *walls) {
    k->req_kept = false;
    k->nfree = 0;
    for (int b = 0; b < k->nblocks; b++) {
        int cell = b / k->bw * 2 * k->w + b % k->bw * 2;
        k->wall_block[b] = walls != NULL && walls[cell] != 0;
        k->nfree += !k->wall_block[b];
    }
    for (int e = 0; e < k->nedges; e++) {
        int a, b;
        edge_blocks(k, e, &a, &b);
        k->wall_edge[e] = k->wall_block[a] || k->wall_block[b];
    }
    for (int b = 0; b < k->nblocks; b++) {
        k->bbase[b] = k->bopen[b] = 0;
        for (int d = 0; d < DIR_COUNT; d++) {
            int e = k->block_edge[4 * b + d];
            if (e < 0 || k->wall_edge[e])
                continue;
            k->bbase[b] |= (uint8_t)(1u << d);
            if (k->forb[e] == 0)
                k->bopen[b] |= (uint8_t)(1u << d);
        }
    }
}

void snake_cert_clear(SnakeCert *k) {
    k->req_kept = false;
    k->lvalid = false;
    memset(k->req, 0, (size_t)k->nedges * sizeof *k->req);
    memset(k->forb, 0, (size_t)k->nedges * sizeof *k->forb);
    memset(k->req_until, 0, (size_t)k->nedges * sizeof *k->req_until);
    memset(k->block_until, 0, (size_t)k->nblocks * sizeof *k->block_until);
    memset(k->breq, 0, (size_t)k->nblocks);
    memcpy(k->bopen, k->bbase, (size_t)k->nblocks);
}

/* ======================================================================== */
/* Constraints                                                               */
/* ======================================================================== */

/* Flips the bit of the edge crossed out of `cell` in mask, at both of its
 * blocks: a count of the edge went from 0 or to 0. */
static inline void mask_flip(SnakeCert *k, uint8_t *mask, int cell) {
    int b = k->cell_block[cell], d = k->cell_cross[cell];
    mask[b] ^= (uint8_t)(1u << d);
    mask[b + k->bstep[d]] ^= (uint8_t)(1u << ((d + 2) % DIR_COUNT));
}

bool snake_cert_constrain(SnakeCert *k, int a, int b, int delta) {
    int e = snake_cert_edge(k, a);
    if (e >= 0 && b == snake_cert_cross_to(k, a)) {
        int32_t was = k->req[e];
        k->req[e] = was + delta;
        if ((was == 0) != (k->req[e] == 0)) /* breq: bit set exactly when req != 0 */
            mask_flip(k, k->breq, a);
        k->req_kept = false;
        return true;
    }
    if (b != snake_cert_stay_to(k, a))
        return false;
    if (e >= 0) {
        int32_t was = k->forb[e];
        k->forb[e] = was + delta;
        if ((was == 0) != (k->forb[e] == 0) && !k->wall_edge[e]) /* bopen: forb == 0 */
            mask_flip(k, k->bopen, a);
        k->req_kept = false;
    }
    return true;
}

/* A fresh pair of stamps for bmark (gen and gen + 1), so a search clears nothing. */
static int32_t mark_next(SnakeCert *k) {
    if (k->mark_gen > INT32_MAX - 4) { /* stamps run out after about 10^9 searches */
        memset(k->bmark, 0, (size_t)k->nblocks * sizeof *k->bmark);
        memset(k->cmark, 0, (size_t)k->nblocks * sizeof *k->cmark);
        k->mark_gen = 0;
    }
    k->mark_gen += 2;
    return k->mark_gen;
}

/* Whether blocks x and y are joined by the edges of `mask` (breq or bopen).
 * Two searches, one from each end, take a block in turn, so a cut costs the
 * smaller side, and a way round costs about twice its length. */
static bool connected(SnakeCert *k, int x, int y, const uint8_t *mask) {
    int32_t gen = mark_next(k);
    int32_t *q[2] = {k->bqueue, k->bqueue2};
    int head[2] = {0, 0}, tail[2] = {1, 1};
    q[0][0] = x;
    q[1][0] = y;
    k->bmark[x] = gen;
    k->bmark[y] = gen + 1;
    while (head[0] < tail[0] && head[1] < tail[1]) {
        for (int side = 0; side < 2; side++) {
            int b = q[side][head[side]++];
            unsigned m = mask[b];
            for (int d = 0; m != 0; d++, m >>= 1) {
                if (!(m & 1u))
                    continue;
                int other = b + k->bstep[d];
                if (k->bmark[other] == gen + 1 - side)
                    return true; /* the two searches met */
                if (k->bmark[other] == gen + side)
                    continue;
                k->bmark[other] = gen + side;
                q[side][tail[side]++] = other;
            }
            if (head[side] == tail[side])
                return false; /* one side is used up: nothing joins it to the other */
        }
    }
    return false;
}

bool snake_cert_add_keeps(SnakeCert *k, int a, int b) {
    int e = snake_cert_edge(k, a);
    if (e < 0)
        return true; /* a stay move at the board's edge, or no lane move: no constraint */
    int x, y;
    edge_blocks(k, e, &x, &y);
    if (b == snake_cert_cross_to(k, a)) {
        if (k->forb[e] != 0 || k->wall_edge[e])
            return false;
        /* A new required edge must not close a loop of required edges. */
        return k->req[e] != 0 || !connected(k, x, y, k->breq);
    }
    if (b != snake_cert_stay_to(k, a))
        return true; /* no lane move: no constraint */
    if (k->req[e] != 0)
        return false;
    /* A newly forbidden edge must leave its blocks joined some other way:
     * the search runs with the edge taken out of bopen for a moment. */
    if (k->forb[e] != 0 || k->wall_edge[e])
        return true;
    mask_flip(k, k->bopen, a);
    bool joined = connected(k, x, y, k->bopen);
    mask_flip(k, k->bopen, a);
    return joined;
}

/* Adds (delta +1) or removes (-1) the body move a -> b as snake_cert_load
 * does: its constraint, kept in req_snap and forb_snap too, and the count of
 * moves that are no lane move. */
static void load_move(SnakeCert *k, int a, int b, int delta) {
    if (!snake_cert_constrain(k, a, b, delta)) {
        k->lnonlane += delta; /* no outline takes this move; load the others */
        return;
    }
    int e = snake_cert_edge(k, a);
    if (e >= 0) {
        k->req_snap[e] = k->req[e];
        k->forb_snap[e] = k->forb[e];
    }
}

/* The cell i places behind the head of the body last loaded (lbody). */
static int lbody_at(const SnakeCert *k, int i) {
    int j = k->lhead - i;
    return k->lbody[j < 0 ? j + k->w * k->h : j];
}

/* Whether body s, but for its first `skip` segments, is the last loaded body
 * from its head on (its first n segments). */
static bool lbody_matches(const SnakeCert *k, const Snake *s, int skip, int n) {
    for (int i = 0; i < n; i++)
        if (snake_at(s, skip + i) != lbody_at(k, i))
            return false;
    return true;
}

/* snake_cert_load from the last load's state when s is the same body, or
 * that body one move on (eating or not), and nothing else changed the
 * constraints since: the state a whole load would make, with only that
 * move's changes. False (nothing changed) otherwise. */
static bool load_step(SnakeCert *k, const Snake *s) {
    if (!k->lvalid || s->len < 1 || s->len > k->w * k->h ||
        memcmp(k->req, k->req_snap, (size_t)k->nedges * sizeof *k->req) != 0 ||
        memcmp(k->forb, k->forb_snap, (size_t)k->nedges * sizeof *k->forb) != 0)
        return false;
    bool moved;
    if (s->len == k->llen && lbody_matches(k, s, 0, s->len))
        moved = false; /* the same body */
    else if (s->len == k->llen && lbody_matches(k, s, 1, s->len - 1))
        moved = true; /* one move on: the tail left */
    else if (s->len == k->llen + 1 && lbody_matches(k, s, 1, k->llen))
        moved = true; /* one move on, eating: the tail stayed */
    else
        return false;
    if (!moved)
        return true;
    bool eat = s->len > k->llen;
    if (!eat) {
        /* Every segment is a move nearer its leaving (len - i in
         * snake_cert_load grows i by one), and the tail leaves. */
        if (k->llen >= 2)
            load_move(k, lbody_at(k, k->llen - 1), lbody_at(k, k->llen - 2), -1);
        for (int e = 0; e < k->nedges; e++)
            k->req_until[e] -= k->req_until[e] > 0;
        for (int b = 0; b < k->nblocks; b++)
            k->block_until[b] -= k->block_until[b] > 0;
    }
    /* The new head, and the move into it unless it is the whole body. */
    int a = lbody_at(k, 0), head = snake_at(s, 0);
    k->block_until[snake_cert_block(k, head)] = (int32_t)s->len;
    if (s->len >= 2) {
        load_move(k, a, head, 1);
        int e = snake_cert_edge(k, a);
        if (e >= 0 && head == snake_cert_cross_to(k, a))
            k->req_until[e] = (int32_t)(s->len - 1);
    }
    k->lhead = k->lhead + 1 < k->w * k->h ? k->lhead + 1 : 0;
    k->lbody[k->lhead] = head;
    k->llen = s->len;
    return true;
}

bool snake_cert_load(SnakeCert *k, const Snake *s) {
    if (load_step(k, s))
        return k->lnonlane == 0;
    snake_cert_clear(k);
    k->lnonlane = 0;
    for (int i = s->len - 1; i >= 0; i--) {
        int a = snake_at(s, i);
        k->lbody[s->len - 1 - i] = a; /* the ring with the tail at 0 */
        /* Segment i leaves after len - i moves; what it implies holds till then. */
        k->block_until[snake_cert_block(k, a)] = (int32_t)(s->len - i);
        if (i == 0)
            break;
        if (!snake_cert_constrain(k, a, snake_at(s, i - 1), 1)) {
            k->lnonlane++; /* no outline takes this move; load the others */
            continue;
        }
        int e = snake_cert_edge(k, a);
        if (e >= 0 && snake_at(s, i - 1) == snake_cert_cross_to(k, a))
            k->req_until[e] = (int32_t)(s->len - i);
    }
    memcpy(k->req_snap, k->req, (size_t)k->nedges * sizeof *k->req);
    memcpy(k->forb_snap, k->forb, (size_t)k->nedges * sizeof *k->forb);
    k->lhead = s->len - 1;
    k->llen = s->len;
    k->lvalid = true;
    return k->lnonlane == 0;
}

/* ======================================================================== */
/* Trees                                                                     */
/* ======================================================================== */

static void edge_blocks_compute(const SnakeCert *k, int e, int *a, int *b) {
    int horizontal = k->bh * (k->bw - 1);
    if (e < horizontal) {
        int by = e / (k->bw - 1), bx = e % (k->bw - 1);
        *a = by * k->bw + bx;
        *b = *a + 1;
    } else {
        *a = e - horizontal;
        *b = *a + k->bw;
    }
}

static int uf_find(int32_t *uf, int x) {
    while (uf[x] != x) {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    return x;
}

/* Joins two roots, the smaller set under the larger, so finds stay short.
 * Which edges a build takes depends only on which blocks are joined, not on
 * the shape of the union-find. */
static void uf_join(SnakeCert *k, int ra, int rb) {
    if (k->uf_size[ra] > k->uf_size[rb]) {
        int t = ra;
        ra = rb;
        rb = t;
    }
    k->uf[ra] = rb;
    k->uf_size[rb] += k->uf_size[ra];
}

/* uf and uf_size as the required edges' part of a build (uf_req) left them. */
static void uf_restore(SnakeCert *k) {
    memcpy(k->uf, k->uf_req, (size_t)k->nblocks * sizeof *k->uf);
    memcpy(k->uf_size, k->uf_req + k->nblocks, (size_t)k->nblocks * sizeof *k->uf_size);
}

/* The required edges into a fresh union-find k->uf (and into tree, unless
 * NULL, which also loses every other edge), *joined of them; false when one
 * is forbidden or a wall's or they close a loop of blocks. */
static bool join_required(SnakeCert *k, uint8_t *tree, int *joined) {
    for (int b = 0; b < k->nblocks; b++) {
        k->uf[b] = b;
        k->uf_size[b] = 1;
    }
    *joined = 0;
    for (int e = 0; e < k->nedges; e++) {
        if (tree != NULL)
            tree[e] = 0;
        if (k->req[e] == 0)
            continue;
        if (k->forb[e] != 0 || k->wall_edge[e])
            return false;
        int a, b;
        edge_blocks(k, e, &a, &b);
        int ra = uf_find(k->uf, a), rb = uf_find(k->uf, b);
        if (ra == rb)
            return false; /* the body's crossings would close a loop of blocks */
        uf_join(k, ra, rb);
        if (tree != NULL)
            tree[e] = 1;
        (*joined)++;
    }
    return true;
}

/* The first part of every build: the required edges into k->uf and k->tree
 * (*joined of them), or false when they are forbidden or close a loop. When
 * the last build's part is kept, k->uf is set only if `with_uf` (the BFS
 * shapes do without it). */
static bool build_required(SnakeCert *k, int *joined, bool with_uf) {
    if (k->req_kept) { /* the same constraints as the last build: its first part holds */
        if (with_uf)
            uf_restore(k);
        memcpy(k->tree, k->tree_req, (size_t)k->nedges);
        *joined = k->joined_req;
        return true;
    }
    if (!join_required(k, k->tree, joined))
        return false;
    /* Kruskal's choices after this depend only on which blocks are joined,
     * so the next build may start from here (snake_cert.h, uf_req). */
    memcpy(k->uf_req, k->uf, (size_t)k->nblocks * sizeof *k->uf);
    memcpy(k->uf_req + k->nblocks, k->uf_size, (size_t)k->nblocks * sizeof *k->uf_size);
    memcpy(k->tree_req, k->tree, (size_t)k->nedges);
    k->joined_req = *joined;
    k->req_kept = true;
    k->comp_kept = false;
    return true;
}

/* Kruskal's step for a free edge (neither required, forbidden nor a wall's):
 * into the tree when it joins two parts. */
static void build_try(SnakeCert *k, int e, int *joined) {
    int a, b;
    edge_blocks(k, e, &a, &b);
    int ra = uf_find(k->uf, a), rb = uf_find(k->uf, b);
    if (ra == rb)
        return;
    uf_join(k, ra, rb);
    k->tree[e] = 1;
    (*joined)++;
}

/* After build_required: the free edges in edge_order (NULL: index order). */
static bool build_grow(SnakeCert *k, const int32_t *edge_order, int joined) {
    for (int i = 0; i < k->nedges && joined < k->nfree - 1; i++) {
        int e = edge_order != NULL ? edge_order[i] : i;
        if (k->req[e] == 0 && k->forb[e] == 0 && !k->wall_edge[e])
            build_try(k, e, &joined);
    }
    return joined == k->nfree - 1;
}

/* snake_cert_build with the free edges tried in edge_order (NULL: index order). */
static bool build_ordered(SnakeCert *k, const int32_t *edge_order) {
    int joined;
    return build_required(k, &joined, true) && build_grow(k, edge_order, joined);
}

/* One step of a BFS over the blocks (generation gen in bmark): queues the
 * unmarked blocks next to block b through edges neither forbidden nor a
 * wall's (bopen). */
static inline void bfs_visit(SnakeCert *k, int b, int32_t gen, int *qt) {
    for (unsigned d = 0, m = k->bopen[b]; m != 0; d++, m >>= 1) {
        int other = b + k->bstep[d];
        if (!(m & 1u) || k->bmark[other] == gen)
            continue;
        k->bmark[other] = gen;
        k->bqueue[(*qt)++] = other;
    }
}

bool snake_cert_build(SnakeCert *k) { return build_ordered(k, NULL); }

SnakeCertVerdict snake_cert_verdict(SnakeCert *k) {
    /* The required edges: none forbidden, no loop (a union-find of them alone). */
    int joined;
    if (!join_required(k, NULL, &joined))
        return SNAKE_CERT_LOOP;
    /* The edges neither forbidden nor a wall's join every free block: one
     * search over them, cheaper than growing a tree with a find per edge. */
    int root = 0;
    while (root < k->nblocks && k->wall_block[root])
        root++;
    if (root == k->nblocks)
        return SNAKE_CERT_CUT; /* no free block to join: build_ordered says no too */
    int32_t gen = mark_next(k);
    int qh = 0, qt = 0;
    k->bqueue[qt++] = root;
    k->bmark[root] = gen;
    while (qh < qt)
        bfs_visit(k, k->bqueue[qh++], gen, &qt);
    return qt == k->nfree ? SNAKE_CERT_HOLDS : SNAKE_CERT_CUT;
}

/* build_ordered with this order: the edges of a BFS over the blocks from
 * `root` through edges not forbidden (in the order the BFS meets them), then
 * every edge in index order. The BFS takes each edge into the tree as it
 * meets it, which is the same as listing them first; and when the edges not
 * forbidden join every block (always, for the certified bodies the policy
 * builds shapes of), the tree is whole before the index order is reached.
 *
 * No union-find: every block the BFS has met is in the root's part (it came
 * over a required edge, or one the tree took, or one that closed a loop of
 * the root's part), and the edges taken join only met blocks, so a block
 * not met yet is in the root's part exactly when its required edges' part
 * (comp) holds a met block (cmark). An edge to it is taken exactly when not. */
static void build_bfs(SnakeCert *k, int root) {
    int joined;
    if (!build_required(k, &joined, false))
        return;
    if (!k->comp_kept) {
        for (int b = 0; b < k->nblocks; b++)
            k->comp[b] = uf_find(k->uf_req, b);
        k->comp_kept = true;
    }
    int32_t gen = mark_next(k);
    int qh = 0, qt = 0;
    k->bqueue[qt++] = root;
    k->bmark[root] = gen;
    k->cmark[k->comp[root]] = gen;
    int last = k->nfree - 1; /* the edges of a whole tree */
    while (qh < qt && joined < last) {
        int b = k->bqueue[qh++];
        unsigned m = k->bopen[b];
        for (int d = 0; m != 0; d++, m >>= 1) {
            if (!(m & 1u))
                continue;
            int other = b + k->bstep[d];
            if (k->bmark[other] == gen)
                continue;
            k->bmark[other] = gen;
            k->bqueue[qt++] = other;
            /* The take without a branch: whether the part was met is hard to
             * predict once the body winds (measured: 5 % of the decision time
             * on 30x30 and 64x64); marking a marked part changes nothing.
             * The same for the block marks was slower on 64x64. */
            int part = k->comp[other];
            unsigned take = (k->cmark[part] != gen) & (joined < last);
            k->cmark[part] = gen;
            k->tree[k->block_edge[4 * b + d]] |= (uint8_t)take;
            joined += (int)take;
        }
    }
    if (joined < k->nfree - 1) { /* the rest in index order, by a union-find of the tree so far */
        uf_restore(k);
        for (int e = 0; e < k->nedges; e++)
            if (k->tree[e] && !k->tree_req[e]) {
                int a, b;
                edge_blocks(k, e, &a, &b);
                uf_join(k, uf_find(k->uf, a), uf_find(k->uf, b));
            }
        build_grow(k, NULL, joined);
    }
}

void snake_cert_build_variant(SnakeCert *k, int variant, int head, int food, int tail) {
    if (variant == 0) {
        snake_cert_build(k);
        return;
    }
    if (variant == 3) {
        build_ordered(k, k->rev_order);
        return;
    }
    int root = variant == 1 && food >= 0 ? food : variant == 4 ? tail : head;
    build_bfs(k, snake_cert_block(k, root));
}

bool snake_cert_agrees(const SnakeCert *k, const uint8_t *tree) {
    for (int e = 0; e < k->nedges; e++)
        if ((k->req[e] != 0 && !tree[e]) || (k->forb[e] != 0 && tree[e]))
            return false;
    return true;
}

int snake_cert_outline_dist(const SnakeCert *k, const uint8_t *tree, int from, int to) {
    return snake_cert_outline_dist_within(k, tree, from, to, 4 * k->nfree);
}

int snake_cert_outline_dist_within(const SnakeCert *k, const uint8_t *tree, int from, int to,
                                   int max) {
    int cells = 4 * k->nfree, n = 0;
    if (max > cells)
        max = cells;
    for (int cell = from; cell != to && n < max; n++)
        cell = snake_cert_outline_next(k, tree, cell);
    return n;
}

void snake_cert_outline(const SnakeCert *k, const uint8_t *tree, int start, int32_t *order) {
    int cells = 4 * k->nfree, cell = start;
    for (int i = 0; i < cells; i++) {
        order[i] = cell;
        cell = snake_cert_outline_next(k, tree, cell);
    }
    assert(cell == start);
}

bool snake_cert_move_keeps(SnakeCert *k, const Snake *s, int to, bool eat) {
    int head = snake_head(s);
    bool drop_tail = !eat && s->len >= 2;
    int tail = snake_tail(s), after_tail = s->len >= 2 ? snake_at(s, s->len - 2) : -1;
    if (!snake_cert_constrain(k, head, to, 1))
        return false;
    if (drop_tail)
        snake_cert_constrain(k, tail, after_tail, -1);
    bool ok = snake_cert_build(k);
    if (drop_tail)
        snake_cert_constrain(k, tail, after_tail, 1);
    snake_cert_constrain(k, head, to, -1);
    return ok;
}
