/* The solver's search of plain play, in C: the same search as
 * twentyeight/solver_kernel.py's Kernel (same alpha-beta, transposition table, move
 * order and equivalent cards, so the same values and the same node counts), over C
 * numbers instead of Python objects.
 *
 * What is legal, what an exposure of the trump changes and who wins a trick are the
 * engine's answers: this module asks the Python side for each one it has not met
 * before (callbacks on a scratch round, see solver_kernel.py) and keeps the answer;
 * it restates no rule.
 *
 * The module is optional: where it is not built, solver_kernel.py runs the same search
 * in Python (the tests run both and compare them).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;
typedef int64_t i64;
typedef unsigned __int128 u128;

#define SCALE ((i64)1 << 10)
#define INF ((i64)1 << 40)
#define MAX_SEATS 8
#define MAX_CARDS 64
#define MAX_SUITS 8
#define MAX_TRICKS 33
#define MAX_KEY 17
#define LEGAL_MEMO_SIZE (1 << 16)
#define NO_MOVE (-2)
#define CALL (-1)

/* ------------------------------------------------------------------ hash maps */

/* Open addressing on keys of `kw` 64-bit words, values of `vw` 64-bit words. Each slot
 * is one run of words (its hash, never 0, or 0 for an empty slot; the key; the value),
 * so that a lookup touches one place in memory. */
typedef struct {
    u64 *slots;
    size_t cap;
    size_t count;
    int kw;
    int vw;
    int width; /* words of a slot */
} Map;

static u64 mix(u64 h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

static u64 hash_key(const u64 *key, int kw) {
    u64 h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < kw; i++)
        h = (h ^ key[i]) * 0xbf58476d1ce4e5b9ULL + (u64)i;
    h = mix(h);
    return h ? h : 1;
}

static int map_alloc(Map *m, size_t cap) {
    m->slots = PyMem_Calloc(cap * (size_t)m->width, sizeof(u64));
    m->cap = m->slots ? cap : 0;
    m->count = 0;
    if (!m->slots) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int map_init(Map *m, int kw, int vw) {
    m->kw = kw;
    m->vw = vw;
    m->width = 1 + kw + vw;
    return map_alloc(m, 1024);
}

static void map_free(Map *m) {
    PyMem_Free(m->slots);
    m->slots = NULL;
    m->cap = 0;
    m->count = 0;
}

static void map_clear(Map *m) {
    memset(m->slots, 0, m->cap * (size_t)m->width * sizeof(u64));
    m->count = 0;
}

static u64 *map_slot_hashed(const Map *m, const u64 *key, u64 h) {
    size_t mask = m->cap - 1;
    size_t i = (size_t)h & mask;
    for (;;) {
        u64 *slot = m->slots + i * (size_t)m->width;
        if (!slot[0])
            return slot;
        if (slot[0] == h) {
            int same = 1;
            for (int j = 0; j < m->kw; j++) {
                if (slot[1 + j] != key[j]) {
                    same = 0;
                    break;
                }
            }
            if (same)
                return slot;
        }
        i = (i + 1) & mask;
    }
}

static i64 *map_find(const Map *m, const u64 *key) {
    u64 *slot = map_slot_hashed(m, key, hash_key(key, m->kw));
    return slot[0] ? (i64 *)(slot + 1 + m->kw) : NULL;
}

static int map_grow(Map *m) {
    Map old = *m;
    if (map_alloc(m, old.cap * 2) < 0) {
        *m = old;
        return -1;
    }
    for (size_t i = 0; i < old.cap; i++) {
        u64 *from = old.slots + i * (size_t)old.width;
        if (!from[0])
            continue;
        u64 *to = map_slot_hashed(m, from + 1, from[0]);
        memcpy(to, from, sizeof(u64) * (size_t)m->width);
        m->count++;
    }
    map_free(&old);
    return 0;
}

/* The value words of `key`, made (zeroed) if it is not there; NULL with an error set
 * when memory runs out. */
static i64 *map_put(Map *m, const u64 *key) {
    if ((m->count + 1) * 2 > m->cap && map_grow(m) < 0)
        return NULL;
    u64 h = hash_key(key, m->kw);
    u64 *slot = map_slot_hashed(m, key, h);
    if (!slot[0]) {
        slot[0] = h;
        memcpy(slot + 1, key, sizeof(u64) * (size_t)m->kw);
        memset(slot + 1 + m->kw, 0, sizeof(u64) * (size_t)m->vw);
        m->count++;
    }
    return (i64 *)(slot + 1 + m->kw);
}

/* ------------------------------------------------------------------ Table */

/* A transposition table: bounds by the pattern of the cards left, the seat to lead
 * and the trump's state. One search's, or shared by the searches of one deal. */
typedef struct {
    PyObject_HEAD
    Map map;
} TableObject;

static int Table_init(TableObject *self, PyObject *args, PyObject *kwds) {
    int kw;
    static char *names[] = {"key_words", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "i", names, &kw))
        return -1;
    if (kw < 1 || kw > MAX_KEY) {
        PyErr_SetString(PyExc_ValueError, "key_words out of range");
        return -1;
    }
    map_free(&self->map);
    return map_init(&self->map, kw, 3);
}

static void Table_dealloc(TableObject *self) {
    map_free(&self->map);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Table_len(TableObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromSize_t(self->map.count);
}

static PyMethodDef Table_methods[] = {
    {"entries", (PyCFunction)Table_len, METH_NOARGS, "The number of positions held."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "twentyeight._native_kernel.Table",
    .tp_doc = PyDoc_STR("Table(key_words): a transposition table of the C search."),
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
};

/* ------------------------------------------------------------------ Kernel */

typedef struct {
    PyObject_HEAD
    TableObject *table;
    PyObject *hands_list;
    PyObject *legal_cb;
    PyObject *expose_cb;
    PyObject *set_exposed_cb;
    PyObject *outcome_cb;
    PyObject *budget_cb;
    PyObject *exposure_cb;     /* the scratch round's record of an exposure */
    PyObject *set_exposure_cb; /* puts one back */
    /* the ruleset and the deal */
    int n_seats, size, n_tricks, n_cards, n_runs, width, words_per_suit, key_words;
    int bidder, trump, concealed, follow_exposes, void_if_unexposed, track_leads;
    int seat_bits, suit_bits, annulled, stride;
    int deck_compressed, watch_led, watch_trump_led, pattern_only, follow_by_led;
    int exposure_by_led;
    u64 shown, loner;
    u64 at_least[MAX_CARDS], at_most[MAX_CARDS];
    i64 last_points, total;
    int points[MAX_CARDS], suit_of[MAX_CARDS], strength[MAX_CARDS];
    i64 lead_order[MAX_CARDS], feed_order[MAX_CARDS], dump_order[MAX_CARDS];
    int *ranks; /* stride * n_suits rows of n_cards */
    int n_rows;
    int run_low[MAX_SUITS];
    int next_seat[MAX_SEATS];
    int seat_order[MAX_SEATS][MAX_SEATS];
    /* the position */
    u64 hands[MAX_SEATS];
    int tricks[MAX_TRICKS][MAX_SEATS];
    int trick_len[MAX_TRICKS];
    u64 live[MAX_TRICKS];
    int hidden, trump_from, must_trump, led_suits, trump_led;
    int scratch_exposed; /* whether the scratch round's trump is exposed */
    /* The scratch round's record of the exposure (tricks complete, trick's cards,
     * seat), and that of the exposure the search is in. */
    i64 scratch_record[3];
    i64 record[3];
    i64 nodes, next_check;
    /* the engine's answers met so far */
    Map legal_memo;   /* hand, state (2 words) -> mask, may call */
    Map outcome_memo; /* cards, state -> winning position, points */
    Map exposure_memo; /* bidder's hand, trick, state -> trump's state, hand, record */
} KernelObject;

/* The numbers of `seq` (at most `cap`) as 64-bit words, a negative number in two's
 * complement; their count in `n` if given. */
static int words_from(PyObject *seq, u64 *out, int cap, int *n) {
    PyObject *fast = PySequence_Fast(seq, "a sequence of numbers was expected");
    if (!fast)
        return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > cap) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "too many numbers");
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        if (!PyLong_Check(item)) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_TypeError, "a sequence of numbers was expected");
            return -1;
        }
        out[i] = PyLong_AsUnsignedLongLongMask(item);
    }
    if (n)
        *n = (int)len;
    Py_DECREF(fast);
    return 0;
}

static int ints_from(PyObject *seq, int *out, int cap, int *n) {
    u64 words[MAX_CARDS];
    int got;
    if (words_from(seq, words, cap, &got) < 0)
        return -1;
    for (int i = 0; i < got; i++)
        out[i] = (int)(i64)words[i];
    if (n)
        *n = got;
    return 0;
}

static int i64s_from(PyObject *seq, i64 *out, int cap) {
    u64 words[MAX_CARDS];
    int got;
    if (words_from(seq, words, cap, &got) < 0)
        return -1;
    for (int i = 0; i < got; i++)
        out[i] = (i64)words[i];
    return 0;
}

/* `value`, referenced, in `slot` (the one there before released). */
static void keep(PyObject **slot, PyObject *value) {
    Py_INCREF(value);
    Py_XSETREF(*slot, value);
}

static int Kernel_init(KernelObject *self, PyObject *args, PyObject *kwds) {
    PyObject *table, *points, *suit_of, *strength, *lead, *feed, *dump, *ranks, *runs;
    PyObject *next_seat, *seat_order, *hands_list, *legal_cb, *expose_cb, *set_cb,
        *outcome_cb, *budget_cb, *at_least, *at_most, *exposure_cb, *set_exposure_cb;
    long long last_points, total;
    unsigned long long shown, loner;
    static char *names[] = {
        "table", "points", "suit_of", "strength", "lead_order", "feed_order",
        "dump_order", "ranks", "stride", "suit_lows", "width", "next_seat",
        "seat_order", "size", "n_tricks", "last_points", "bidder", "trump",
        "concealed", "follow_exposes", "void_if_unexposed", "total", "track_leads",
        "seat_bits", "suit_bits", "annulled", "hands", "legal", "expose",
        "set_exposed_at", "outcome", "budget", "by_pattern", "watch_led",
        "watch_trump_led", "shown", "at_least", "at_most", "loner", "follow_by_led",
        "exposure_by_led", "exposure", "set_exposure", NULL};
    if (!PyArg_ParseTupleAndKeywords(
            args, kwds, "OOOOOOOOiOiOOiiLiiippLpiipOOOOOOpppKOOKppOO", names, &table, &points, &suit_of, &strength, &lead, &feed, &dump, &ranks,
            &self->stride, &runs, &self->width, &next_seat, &seat_order, &self->size,
            &self->n_tricks, &last_points, &self->bidder, &self->trump, &self->concealed,
            &self->follow_exposes, &self->void_if_unexposed, &total, &self->track_leads,
            &self->seat_bits, &self->suit_bits, &self->annulled, &hands_list, &legal_cb,
            &expose_cb, &set_cb, &outcome_cb, &budget_cb, &self->deck_compressed,
            &self->watch_led, &self->watch_trump_led, &shown, &at_least, &at_most, &loner,
            &self->follow_by_led, &self->exposure_by_led, &exposure_cb, &set_exposure_cb))
        return -1;
    self->shown = shown;
    self->loner = loner;
    self->pattern_only = self->deck_compressed && !self->watch_led && !self->watch_trump_led;
    if (!PyList_Check(hands_list)) {
        PyErr_SetString(PyExc_TypeError, "hands must be a list");
        return -1;
    }
    if (words_from(at_least, self->at_least, MAX_CARDS, NULL) < 0 ||
        words_from(at_most, self->at_most, MAX_CARDS, NULL) < 0)
        return -1;
    self->last_points = last_points;
    self->total = total;
    if (ints_from(points, self->points, MAX_CARDS, &self->n_cards) < 0 ||
        ints_from(suit_of, self->suit_of, MAX_CARDS, NULL) < 0 ||
        ints_from(strength, self->strength, MAX_CARDS, NULL) < 0 ||
        i64s_from(lead, self->lead_order, MAX_CARDS) < 0 ||
        i64s_from(feed, self->feed_order, MAX_CARDS) < 0 ||
        i64s_from(dump, self->dump_order, MAX_CARDS) < 0 ||
        ints_from(runs, self->run_low, MAX_SUITS, &self->n_runs) < 0 ||
        ints_from(next_seat, self->next_seat, MAX_SEATS, &self->n_seats) < 0)
        return -1;
    for (int c = 0; c < self->n_cards; c++) {
        if (self->points[c] < 0 || (self->deck_compressed && self->points[c] > 15) ||
            self->strength[c] < 0 || self->strength[c] >= 1024) {
            PyErr_SetString(PyExc_ValueError, "cards out of the C search's range");
            return -1;
        }
    }
    if (self->size > MAX_SEATS || self->n_tricks + 1 > MAX_TRICKS || self->width > 16 ||
        self->n_seats + 1 > 15 || self->n_seats < 1 || self->n_cards > MAX_CARDS ||
        self->seat_bits + self->suit_bits > 16) {
        PyErr_SetString(PyExc_ValueError, "a deal beyond the C search's range");
        return -1;
    }
    self->words_per_suit = (self->width + 7) / 8;
    self->key_words = (self->deck_compressed ? self->n_runs * self->words_per_suit
                                             : 1 + self->n_seats) +
                      1 + (self->pattern_only ? 0 : 2);
    PyObject *order = PySequence_Fast(seat_order, "seat orders expected");
    if (!order)
        return -1;
    for (Py_ssize_t s = 0; s < PySequence_Fast_GET_SIZE(order) && s < MAX_SEATS; s++) {
        if (ints_from(PySequence_Fast_GET_ITEM(order, s), self->seat_order[s], MAX_SEATS,
                      NULL) < 0) {
            Py_DECREF(order);
            return -1;
        }
    }
    Py_DECREF(order);
    PyObject *rows = PySequence_Fast(ranks, "rank tables expected");
    if (!rows)
        return -1;
    self->n_rows = (int)PySequence_Fast_GET_SIZE(rows);
    PyMem_Free(self->ranks);
    self->ranks = PyMem_Calloc((size_t)self->n_rows * MAX_CARDS, sizeof(int));
    if (!self->ranks) {
        Py_DECREF(rows);
        PyErr_NoMemory();
        return -1;
    }
    for (int r = 0; r < self->n_rows; r++) {
        if (ints_from(PySequence_Fast_GET_ITEM(rows, r), self->ranks + r * MAX_CARDS,
                      MAX_CARDS, NULL) < 0) {
            Py_DECREF(rows);
            return -1;
        }
    }
    Py_DECREF(rows);
    if (table == Py_None) {
        /* A new table, its keys as wide as this deal's. */
        table = PyObject_CallFunction((PyObject *)&TableType, "i", self->key_words);
        if (!table)
            return -1;
        Py_XSETREF(self->table, (TableObject *)table);
    } else if (!PyObject_TypeCheck(table, &TableType) ||
               ((TableObject *)table)->map.kw != self->key_words) {
        PyErr_SetString(PyExc_ValueError, "the table's key does not fit this deal");
        return -1;
    } else
        keep((PyObject **)&self->table, table);
    keep(&self->hands_list, hands_list);
    keep(&self->legal_cb, legal_cb);
    keep(&self->expose_cb, expose_cb);
    keep(&self->set_exposed_cb, set_cb);
    keep(&self->outcome_cb, outcome_cb);
    keep(&self->budget_cb, budget_cb);
    keep(&self->exposure_cb, exposure_cb);
    keep(&self->set_exposure_cb, set_exposure_cb);
    map_free(&self->legal_memo);
    map_free(&self->outcome_memo);
    map_free(&self->exposure_memo);
    if (map_init(&self->legal_memo, 3, 2) < 0 || map_init(&self->outcome_memo, 2, 2) < 0 ||
        map_init(&self->exposure_memo, 4, 6) < 0)
        return -1;
    return 0;
}

/* The kernel holds the Python side's callbacks, and one of them (the budget's) is a
 * method of the object that holds the kernel: a cycle, which only the cyclic garbage
 * collector can free, so the kernel shows it every Python object it holds. */
#define KERNEL_REFS(DO) \
    DO(table) DO(hands_list) DO(legal_cb) DO(expose_cb) DO(set_exposed_cb) \
    DO(outcome_cb) DO(budget_cb) DO(exposure_cb) DO(set_exposure_cb)

static int Kernel_traverse(KernelObject *self, visitproc visit, void *arg) {
#define VISIT_REF(field) Py_VISIT(self->field);
    KERNEL_REFS(VISIT_REF)
#undef VISIT_REF
    return 0;
}

static int Kernel_clear(KernelObject *self) {
#define CLEAR_REF(field) Py_CLEAR(self->field);
    KERNEL_REFS(CLEAR_REF)
#undef CLEAR_REF
    return 0;
}

static void Kernel_dealloc(KernelObject *self) {
    PyObject_GC_UnTrack(self);
    Kernel_clear(self);
    PyMem_Free(self->ranks);
    map_free(&self->exposure_memo);
    map_free(&self->legal_memo);
    map_free(&self->outcome_memo);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int bit_length(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }

/* ------------------------------------------------------------------ the engine's answers */

/* The scratch round's exposure made the search's before the engine is asked: the trump
 * hidden again, or the record of the exposure the search is in put back. */
static int sync_exposure(KernelObject *k) {
    if (k->hidden) {
        if (!k->scratch_exposed)
            return 0;
        PyObject *r = PyObject_CallOneArg(k->set_exposed_cb, Py_None);
        if (!r)
            return -1;
        Py_DECREF(r);
        k->scratch_exposed = 0;
        return 0;
    }
    if (k->scratch_exposed && !memcmp(k->scratch_record, k->record, sizeof k->record))
        return 0;
    PyObject *r = PyObject_CallFunction(k->set_exposure_cb, "LLL", (long long)k->record[0],
                                        (long long)k->record[1], (long long)k->record[2]);
    if (!r)
        return -1;
    Py_DECREF(r);
    k->scratch_exposed = 1;
    memcpy(k->scratch_record, k->record, sizeof k->record);
    return 0;
}

static int read_record(KernelObject *k, i64 *record) {
    PyObject *r = PyObject_CallNoArgs(k->exposure_cb);
    if (!r)
        return -1;
    long long r0, r1, r2;
    int ok = PyArg_ParseTuple(r, "LLL", &r0, &r1, &r2);
    Py_DECREF(r);
    if (!ok)
        return -1;
    record[0] = r0;
    record[1] = r1;
    record[2] = r2;
    return 0;
}

/* The kernel's hands and trump's state written to the scratch round before it is asked. */
static int sync_hands(KernelObject *k) {
    if (sync_exposure(k) < 0)
        return -1;
    for (int s = 0; s < k->n_seats; s++) {
        PyObject *v = PyLong_FromUnsignedLongLong(k->hands[s]);
        if (!v || PyList_SetItem(k->hands_list, s, v) < 0)
            return -1;
    }
    return 0;
}

static int read_hands(KernelObject *k) {
    for (int s = 0; s < k->n_seats; s++) {
        PyObject *v = PyList_GetItem(k->hands_list, s);
        if (!v)
            return -1;
        u64 h = PyLong_AsUnsignedLongLong(v);
        if (h == (u64)-1 && PyErr_Occurred())
            return -1;
        k->hands[s] = h;
    }
    return 0;
}

static PyObject *trick_list(KernelObject *k, int done) {
    int n = k->trick_len[done];
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(k->tricks[done][i]);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

/* The scratch round's answer of `callable` (its legal cards, or its exposure) for
 * `seat` with the trick under way and the trump's state, then `x` and `y`: the kernel's
 * hands and exposure written to it first. */
static PyObject *ask(KernelObject *k, PyObject *callable, int seat, int done, PyObject *x,
                     PyObject *y) {
    if (sync_hands(k) < 0)
        return NULL;
    PyObject *trick = trick_list(k, done);
    if (!trick)
        return NULL;
    PyObject *answer = PyObject_CallFunction(callable, "iOiiOO", seat, trick, k->trump_from,
                                             k->must_trump, x, y);
    Py_DECREF(trick);
    return answer;
}

/* The engine's legal cards for `seat` and whether it may call (Kernel._legal). */
static int legal(KernelObject *k, int seat, int done, u64 *mask, int *can_call) {
    int tf = k->trump_from < k->size ? k->trump_from : k->size;
    u128 key = (u128)tf;
    key = key << k->suit_bits | (u128)k->led_suits;
    key = key << 1 | (u128)k->trump_led;
    key = key << (k->seat_bits + 1) | (u128)(k->must_trump + 1);
    key = key << 1 | (u128)k->hidden;
    key = key << k->seat_bits | (u128)seat;
    /* The trick's cards, or its first alone where the engine says the others do not
     * count (SearchTables.follow_by_led). */
    int counted = k->follow_by_led && k->trick_len[done] ? 1 : k->trick_len[done];
    for (int i = 0; i < counted; i++)
        key = key << 6 | (u128)k->tricks[done][i];
    key = key << k->seat_bits | (u128)k->trick_len[done];
    u64 words[3] = {k->hands[seat], (u64)key, (u64)(key >> 64)};
    i64 *known = map_find(&k->legal_memo, words);
    if (known) {
        *mask = (u64)known[0];
        *can_call = (int)known[1];
        return 0;
    }
    PyObject *leds = PyLong_FromLong(k->led_suits);
    if (!leds)
        return -1;
    PyObject *answer = ask(k, k->legal_cb, seat, done, leds, k->trump_led ? Py_True : Py_False);
    Py_DECREF(leds);
    if (!answer)
        return -1;
    PyObject *m, *c;
    if (!PyArg_ParseTuple(answer, "OO", &m, &c)) {
        Py_DECREF(answer);
        return -1;
    }
    *mask = PyLong_AsUnsignedLongLong(m);
    *can_call = PyObject_IsTrue(c);
    Py_DECREF(answer);
    if ((*mask == (u64)-1 && PyErr_Occurred()) || *can_call < 0)
        return -1;
    if (k->legal_memo.count >= LEGAL_MEMO_SIZE)
        map_clear(&k->legal_memo);
    i64 *slot = map_put(&k->legal_memo, words);
    if (!slot)
        return -1;
    slot[0] = (i64)*mask;
    slot[1] = *can_call;
    return 0;
}

/* The engine's exposure by `seat` during the trick (Kernel._expose); where the engine
 * says it reads no more (SearchTables.exposure_by_led), kept by the bidder's hand, the
 * trick's first card and size and the trump's state. */
static int expose(KernelObject *k, int seat, int done, int followed, int called) {
    int tlen = k->trick_len[done];
    int in_trick = 0;
    for (int i = 0; i < tlen; i++)
        in_trick |= k->tricks[done][i] == k->concealed;
    u64 words[4] = {
        k->hands[k->bidder],
        (u64)(tlen ? k->tricks[done][0] : 63) | (u64)tlen << 6 | (u64)in_trick << 12 |
            (u64)seat << 16 | (u64)followed << 24 | (u64)called << 25,
        (u64)(uint32_t)k->trump_from,
        (u64)(uint32_t)k->must_trump};
    i64 *known = k->exposure_by_led ? map_find(&k->exposure_memo, words) : NULL;
    if (!known) {
        PyObject *answer = ask(k, k->expose_cb, seat, done, followed ? Py_True : Py_False,
                               called ? Py_True : Py_False);
        if (!answer)
            return -1;
        int tf, mt;
        if (!PyArg_ParseTuple(answer, "ii", &tf, &mt)) {
            Py_DECREF(answer);
            return -1;
        }
        Py_DECREF(answer);
        k->scratch_exposed = 1;
        if (read_record(k, k->scratch_record) < 0)
            return -1;
        memcpy(k->record, k->scratch_record, sizeof k->record);
        k->trump_from = tf;
        k->must_trump = mt;
        k->hidden = 0;
        if (read_hands(k) < 0)
            return -1;
        if (k->exposure_by_led) {
            i64 *slot = map_put(&k->exposure_memo, words);
            if (!slot)
                return -1;
            slot[0] = tf;
            slot[1] = mt;
            slot[2] = (i64)k->hands[k->bidder];
            slot[3] = k->record[0];
            slot[4] = k->record[1];
            slot[5] = k->record[2];
        }
        return 0;
    }
    k->trump_from = (int)known[0];
    k->must_trump = (int)known[1];
    k->hands[k->bidder] = (u64)known[2];
    k->record[0] = known[3];
    k->record[1] = known[4];
    k->record[2] = known[5];
    k->hidden = 0;
    return 0;
}

/* The engine's winning position and points of the complete trick. */
static int outcome(KernelObject *k, int done, int trump, int trumps_from, int *at, i64 *pts) {
    int n = k->trick_len[done];
    u64 cards = 0;
    for (int i = 0; i < n; i++)
        cards = cards << 6 | (u64)k->tricks[done][i];
    u64 words[2] = {cards, (u64)n | (u64)(trump + 1) << 8 | (u64)(uint32_t)trumps_from << 16};
    i64 *known = map_find(&k->outcome_memo, words);
    if (known) {
        *at = (int)known[0];
        *pts = known[1];
        return 0;
    }
    PyObject *trick = trick_list(k, done);
    if (!trick)
        return -1;
    PyObject *answer = PyObject_CallFunction(k->outcome_cb, "Oii", trick, trump, trumps_from);
    Py_DECREF(trick);
    if (!answer)
        return -1;
    long long p;
    if (!PyArg_ParseTuple(answer, "iL", at, &p)) {
        Py_DECREF(answer);
        return -1;
    }
    Py_DECREF(answer);
    *pts = p;
    i64 *slot = map_put(&k->outcome_memo, words);
    if (!slot)
        return -1;
    slot[0] = *at;
    slot[1] = *pts;
    return 0;
}

static int check_budget(KernelObject *k) {
    PyObject *r = PyObject_CallFunction(k->budget_cb, "L", (long long)k->nodes);
    if (!r)
        return -1;
    long long next = PyLong_AsLongLong(r);
    Py_DECREF(r);
    if (next == -1 && PyErr_Occurred())
        return -1;
    k->next_check = next;
    return 0;
}

/* ------------------------------------------------------------------ the search */

/* The transposition key at the start of a trick: for each suit, the holder (plus one)
 * and points of each card left, in rank order (the pattern of the cards, as
 * SearchTables.pattern_number), then the seat and whether the trump is hidden. */
static void position_key(KernelObject *k, int seat, u64 *key) {
    int at_word;
    if (k->deck_compressed) {
        uint8_t owner[MAX_CARDS];
        u64 held = 0;
        for (int s = 0; s < k->n_seats; s++) {
            u64 h = k->hands[s];
            held |= h;
            while (h) {
                owner[__builtin_ctzll(h)] = (uint8_t)(s + 1);
                h &= h - 1;
            }
        }
        if (k->hidden && k->concealed >= 0) {
            held |= (u64)1 << k->concealed;
            owner[k->concealed] = (uint8_t)(k->n_seats + 1);
        }
        int wps = k->words_per_suit;
        u64 full = ((u64)1 << k->width) - 1;
        for (int r = 0; r < k->n_runs; r++) {
            int low = k->run_low[r];
            u64 left = (held >> low) & full;
            u64 w[2] = {0, 0};
            int at = 0;
            while (left) {
                int card = low + __builtin_ctzll(left);
                left &= left - 1;
                w[at >> 3] |= ((u64)owner[card] << 4 | (u64)k->points[card]) << ((at & 7) * 8);
                at++;
            }
            for (int j = 0; j < wps; j++)
                key[r * wps + j] = w[j];
        }
        at_word = k->n_runs * wps;
    } else {
        /* The cards themselves: the face-down card while hidden (else none), each hand. */
        key[0] = (u64)(i64)(k->hidden ? k->concealed : -1);
        for (int s = 0; s < k->n_seats; s++)
            key[1 + s] = k->hands[s];
        at_word = 1 + k->n_seats;
    }
    key[at_word] = (u64)seat << 1 | (u64)k->hidden;
    if (!k->pattern_only) {
        key[at_word + 1] = k->shown;
        key[at_word + 2] = (u64)(k->watch_led ? k->led_suits : 0) << 1 |
                           (u64)(k->watch_trump_led ? k->trump_led : 0);
    }
}

static void sort_keyed(i64 *keyed, int n) {
    for (int i = 1; i < n; i++) {
        i64 v = keyed[i];
        int j = i - 1;
        while (j >= 0 && keyed[j] > v) {
            keyed[j + 1] = keyed[j];
            j--;
        }
        keyed[j + 1] = v;
    }
}

/* The cards to search, best first (SearchTables.cards, compressed decks). */
static int order_cards(KernelObject *k, u64 mask, u64 outside, int concealed, int seat,
                       int done, int trump, int trumps_from, const int *seats, int *out) {
    const int *points = k->points, *suit_of = k->suit_of, *strength = k->strength;
    int n = 0;
    int prev = -1;
    i64 keyed[MAX_CARDS];
    if (k->deck_compressed) {
        /* Cards rank by id within a suit: of each run of equivalent cards, the lowest. */
        while (mask) {
            u64 low = mask & (~mask + 1);
            int c = bit_length(low) - 1;
            mask ^= low;
            if (prev < 0 || suit_of[prev] != suit_of[c] || points[prev] != points[c] ||
                (outside & (low - ((u64)2 << prev))) || c == concealed || prev == concealed)
                out[n++] = c;
            prev = c;
        }
    } else {
        /* The groups of equivalent cards (search_tables.groups), by suit and strength. */
        int m = 0;
        while (mask) {
            int c = __builtin_ctzll(mask);
            mask &= mask - 1;
            keyed[m++] = ((i64)suit_of[c] * 1024 + strength[c]) * 64 + c;
        }
        sort_keyed(keyed, m);
        u64 mine = k->hands[seat];
        for (int i = 0; i < m; i++) {
            int c = (int)(keyed[i] & 63);
            if (!(prev >= 0 && suit_of[prev] == suit_of[c] && points[prev] == points[c] &&
                  c != concealed && prev != concealed && (mine >> c & 1) &&
                  !(k->at_least[prev] & k->at_most[c] & outside) &&
                  (strength[prev] == strength[c] ||
                   !((k->loner >> c & 1) || (k->loner >> prev & 1)))))
                out[n++] = c;
            prev = c;
        }
    }
    if (n < 2)
        return n;
    const int *trick = k->tricks[done];
    int tlen = k->trick_len[done];
    if (!tlen) {
        for (int i = 0; i < n; i++)
            keyed[i] = k->lead_order[out[i]] * 64 + out[i];
    } else {
        int row = suit_of[trick[0]] * k->stride;
        const int *plain = k->ranks + row * MAX_CARDS;
        const int *counted = k->ranks + (row + trump + 1) * MAX_CARDS;
        int best = -2, best_at = 0;
        for (int i = 0; i < tlen; i++) {
            int r = (i >= trumps_from ? counted : plain)[trick[i]];
            if (r > best) {
                best = r;
                best_at = i;
            }
        }
        if ((seats[best_at] & 1) == (seat & 1)) {
            for (int i = 0; i < n; i++)
                keyed[i] = k->feed_order[out[i]] * 64 + out[i];
        } else {
            const int *now = tlen >= trumps_from ? counted : plain;
            for (int i = 0; i < n; i++) {
                int c = out[i];
                i64 sort_key = now[c] > best ? (i64)k->strength[c] : k->dump_order[c];
                keyed[i] = sort_key * 64 + c;
            }
        }
    }
    sort_keyed(keyed, n);
    for (int i = 0; i < n; i++)
        out[i] = (int)(keyed[i] & 63);
    return n;
}

static int node(KernelObject *k, int seat, int leader, i64 p0, i64 p1, int done, i64 alpha,
                i64 beta, i64 *out);

static int end_trick(KernelObject *k, int leader, i64 p0, i64 p1, int done, i64 a, i64 b,
                     i64 *out) {
    int exposed = !k->hidden;
    int trumps_from = k->trump_from;
    int at;
    i64 pts;
    if (outcome(k, done, exposed ? k->trump : -1, trumps_from, &at, &pts) < 0)
        return -1;
    int winner = k->seat_order[leader][at];
    done++;
    if (done == k->n_tricks)
        pts += k->last_points;
    if (winner & 1)
        p1 += pts;
    else
        p0 += pts;
    if (done == k->n_tricks || (k->void_if_unexposed && !exposed && done + 1 == k->n_tricks)) {
        *out = (p0 - p1) * SCALE + p0;
        return 0;
    }
    int must = k->must_trump;
    k->must_trump = -1;
    if (exposed)
        k->trump_from = 0;
    if (node(k, winner, winner, p0, p1, done, a, b, out) < 0)
        return -1;
    k->must_trump = must;
    k->trump_from = trumps_from;
    return 0;
}

static int play(KernelObject *k, int c, int seat, int leader, i64 p0, i64 p1, int done, i64 a,
                i64 b, i64 *out) {
    u64 before = k->hands[seat];
    k->hands[seat] = before ^ ((u64)1 << c);
    int led_before = k->led_suits, trump_led_before = k->trump_led;
    int *len = &k->trick_len[done];
    if (k->track_leads && !*len) {
        int suit = k->suit_of[c];
        k->led_suits |= 1 << suit;
        if (seat != k->bidder && suit == k->trump)
            k->trump_led = 1;
    }
    k->tricks[done][(*len)++] = c;
    int rc;
    if (*len < k->size)
        rc = node(k, k->next_seat[seat], leader, p0, p1, done, a, b, out);
    else
        rc = end_trick(k, leader, p0, p1, done, a, b, out);
    if (rc < 0)
        return -1;
    (*len)--;
    k->led_suits = led_before;
    k->trump_led = trump_led_before;
    k->hands[seat] = before;
    return 0;
}

static int node(KernelObject *k, int seat, int leader, i64 p0, i64 p1, int done, i64 alpha,
                i64 beta, i64 *out) {
    k->nodes++;
    if (k->nodes >= k->next_check && check_budget(k) < 0)
        return -1;
    i64 left = k->total - p0 - p1;
    i64 margin = p0 - p1;
    i64 top = (margin + left) * SCALE + p0 + left;
    if (top <= alpha) {
        *out = top;
        return 0;
    }
    i64 bottom = (margin - left) * SCALE + p0;
    if (bottom >= beta) {
        *out = bottom;
        return 0;
    }
    i64 base = margin * SCALE + p0;
    int tlen = k->trick_len[done];
    int hidden = k->hidden;
    int concealed = k->concealed;
    u64 key[MAX_KEY];
    int keyed = 0, had_entry = 0, first = NO_MOVE;
    i64 entry_low = 0, entry_high = 0;
    if (!tlen) {
        u64 in_play = 0;
        for (int s = 0; s < k->n_seats; s++)
            in_play |= k->hands[s];
        if (hidden && concealed >= 0)
            in_play |= (u64)1 << concealed;
        k->live[done] = in_play;
        position_key(k, seat, key);
        keyed = 1;
        i64 *entry = map_find(&k->table->map, key);
        if (entry) {
            had_entry = 1;
            entry_low = entry[0];
            entry_high = entry[1];
            i64 low = entry_low + base, high = entry_high + base;
            if (low >= beta) {
                *out = low;
                return 0;
            }
            if (high <= alpha || low == high) {
                *out = high;
                return 0;
            }
            if (low > alpha)
                alpha = low;
            if (high < beta)
                beta = high;
            first = (int)entry[2];
        }
    }
    u64 mask;
    int can_call;
    if (legal(k, seat, done, &mask, &can_call) < 0)
        return -1;
    u64 hand = k->hands[seat];
    int moves[MAX_CARDS + 1];
    int n;
    if (mask & (mask - 1))
        n = order_cards(k, mask, k->live[done] & ~hand, hidden ? concealed : -1, seat, done,
                        hidden ? -1 : k->trump, k->trump_from, k->seat_order[leader], moves);
    else if (mask) {
        moves[0] = bit_length(mask) - 1;
        n = 1;
    } else
        n = 0;
    if (can_call)
        moves[n++] = CALL;
    else if (!keyed && n == 1 && !(moves[0] == concealed && hidden))
        return play(k, moves[0], seat, leader, p0, p1, done, alpha, beta, out);
    if (first != NO_MOVE && n && moves[0] != first) {
        for (int i = 1; i < n; i++) {
            if (moves[i] == first) {
                memmove(moves + 1, moves, sizeof(int) * (size_t)i);
                moves[0] = first;
                break;
            }
        }
    }
    int maximizing = !(seat & 1);
    i64 best = maximizing ? -INF : INF;
    int chosen = NO_MOVE;
    i64 a = alpha, b = beta;
    int bidder = k->bidder;
    for (int i = 0; i < n; i++) {
        int c = moves[i];
        int exposing = c < 0 || (c == concealed && hidden);
        u64 saved_hand = 0;
        int saved_from = 0, saved_must = 0;
        if (exposing) {
            saved_hand = k->hands[bidder];
            saved_from = k->trump_from;
            saved_must = k->must_trump;
            int followed = c >= 0 && tlen && k->follow_exposes &&
                           k->suit_of[k->tricks[done][0]] == k->trump;
            if (expose(k, seat, done, followed, c < 0) < 0)
                return -1;
        }
        i64 value;
        if (exposing && k->annulled)
            value = base;
        else if (c < 0) {
            if (node(k, seat, leader, p0, p1, done, a, b, &value) < 0)
                return -1;
        } else if (play(k, c, seat, leader, p0, p1, done, a, b, &value) < 0)
            return -1;
        if (exposing) {
            k->hands[bidder] = saved_hand;
            k->trump_from = saved_from;
            k->must_trump = saved_must;
            k->hidden = 1;
        }
        if (maximizing ? value > best : value < best) {
            best = value;
            chosen = c;
            if (maximizing && value > a)
                a = value;
            else if (!maximizing && value < b)
                b = value;
            if (a >= b)
                break;
        }
    }
    if (keyed) {
        i64 low = -INF, high = INF;
        if (had_entry) {
            low = entry_low + base;
            high = entry_high + base;
        }
        if (best <= alpha) {
            if (best < high)
                high = best;
        } else if (best >= beta) {
            if (best > low)
                low = best;
        } else
            low = high = best;
        i64 *slot = map_put(&k->table->map, key);
        if (!slot)
            return -1;
        slot[0] = low - base;
        slot[1] = high - base;
        slot[2] = chosen;
    }
    *out = best;
    return 0;
}

/* Whether the kernel holds what a search needs: set up by its __init__, and not yet
 * cleared by the garbage collector. */
static int Kernel_ready(KernelObject *self) {
    if (self->table && self->budget_cb && self->legal_cb)
        return 1;
    PyErr_SetString(PyExc_RuntimeError, "the kernel is not set up");
    return 0;
}

static PyObject *Kernel_run(KernelObject *self, PyObject *args) {
    int leader, done, hidden, trump_from, must_trump, led_suits, trump_led;
    long long p0, p1, alpha, beta, nodes, next_check;
    if (!Kernel_ready(self))
        return NULL;
    if (!PyArg_ParseTuple(args, "iLLiLLLLpiiip", &leader, &p0, &p1, &done, &alpha, &beta,
                          &nodes, &next_check, &hidden, &trump_from, &must_trump,
                          &led_suits, &trump_led))
        return NULL;
    if (done < 0 || done >= self->n_tricks) {
        PyErr_SetString(PyExc_ValueError, "tricks done out of range");
        return NULL;
    }
    if (read_hands(self) < 0)
        return NULL;
    for (int d = 0; d < MAX_TRICKS; d++)
        self->trick_len[d] = 0;
    self->hidden = hidden;
    self->scratch_exposed = !hidden;
    if (!hidden) {
        /* Exposed before the search: the scratch round holds that record. */
        if (read_record(self, self->scratch_record) < 0)
            return NULL;
        memcpy(self->record, self->scratch_record, sizeof self->record);
    }
    self->trump_from = trump_from;
    self->must_trump = must_trump;
    self->led_suits = led_suits;
    self->trump_led = trump_led;
    self->nodes = nodes;
    self->next_check = next_check;
    i64 value;
    int rc = node(self, leader, leader, p0, p1, done, alpha, beta, &value);
    if (rc < 0)
        return NULL;
    return Py_BuildValue("LL", (long long)value, (long long)self->nodes);
}

static PyObject *Kernel_nodes(KernelObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromLongLong(self->nodes);
}

static PyObject *Kernel_table(KernelObject *self, PyObject *Py_UNUSED(ignored)) {
    if (!Kernel_ready(self))
        return NULL;
    return Py_NewRef((PyObject *)self->table);
}


static PyMethodDef Kernel_methods[] = {
    {"run", (PyCFunction)Kernel_run, METH_VARARGS,
     "run(leader, p0, p1, done, alpha, beta, nodes, next_check, hidden, trump_from, "
     "must_trump, led_suits, trump_led) -> (value, nodes): the value of the position at "
     "the start of a trick (the hands read from the hands list)."},
    {"nodes", (PyCFunction)Kernel_nodes, METH_NOARGS,
     "The node count after the last run, including one cut short."},
    {"table", (PyCFunction)Kernel_table, METH_NOARGS,
     "The transposition table (to share with the next search of the deal)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "twentyeight._native_kernel.Kernel",
    .tp_doc = PyDoc_STR("The C search of plain play (see solver_kernel.Kernel)."),
    .tp_basicsize = sizeof(KernelObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Kernel_init,
    .tp_dealloc = (destructor)Kernel_dealloc,
    .tp_traverse = (traverseproc)Kernel_traverse,
    .tp_clear = (inquiry)Kernel_clear,
    .tp_methods = Kernel_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "twentyeight._native_kernel",
    .m_doc = "The solver's search of plain play in C (see twentyeight.solver_kernel).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__native_kernel(void) {
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&KernelType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddObjectRef(m, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
