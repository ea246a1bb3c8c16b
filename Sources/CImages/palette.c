#include "internal.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>

/* Palette colours for truecolour cells (docs/IMAGES.md, "Fewer colours"). Each cell keeps its
 * symbol's shape where it has one: a half block's two colours each take a palette colour near
 * their own, chosen together so that the cell's mean stays near the mean it had (the halves are
 * seen together). A cell of one colour (a space, a full block) takes the pair of palette colours
 * near it whose mix (in linear light, as the eye mixes them) comes nearest, and shows it as a half
 * block, ▀ or ▄ in a checkerboard: dithering at the grain of a half cell, within the cell, so no
 * error wanders into its neighbours and the picture's shapes stay. Distances are ΔE76 in CIE Lab. */

enum { CANDIDATES = 12 };

typedef struct { double lab[3]; double linear[3]; int rgb[3]; } colour;

static double to_linear_exact(double c) { c /= 255; return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }
static double lab_f(double t) { return t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116; }

static void from_linear(const double linear[3], double lab[3]) {
    double x = (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047;
    double y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
    double z = (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883;
    lab[0] = 116 * lab_f(y) - 16;
    lab[1] = 500 * (lab_f(x) - lab_f(y));
    lab[2] = 200 * (lab_f(y) - lab_f(z));
}

/* The tables made once a process (the helper converts many pictures): sRGB to linear, and for each
 * palette its colours and the mix of every pair of them in Lab (240 × 240 for the 256-colour one). */
typedef struct { int32_t first; int32_t count; colour colours[240]; float (*mixes)[3]; } palette;

static double linear_of[256];
static palette palettes[3];
static float mixes_240[240 * 240][3], mixes_16[16 * 16][3], mixes_8[8 * 8][3];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static colour make(uint32_t rgb) {
    colour c;
    c.linear[0] = linear_of[(rgb >> 16) & 0xFF];
    c.linear[1] = linear_of[(rgb >> 8) & 0xFF];
    c.linear[2] = linear_of[rgb & 0xFF];
    c.rgb[0] = (rgb >> 16) & 0xFF;
    c.rgb[1] = (rgb >> 8) & 0xFF;
    c.rgb[2] = rgb & 0xFF;
    from_linear(c.linear, c.lab);
    return c;
}

static double distance(const double a[3], const double b[3]) {
    return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

/* The mean of two colours in linear light, in Lab. */
static void mix(const colour *a, const colour *b, double lab[3]) {
    double linear[3] = { (a->linear[0] + b->linear[0]) / 2, (a->linear[1] + b->linear[1]) / 2,
                         (a->linear[2] + b->linear[2]) / 2 };
    from_linear(linear, lab);
}

/* The levels of the 240 colours' cube (xterm's: entries 16-231 are red × 36 + green × 6 + blue), then 24 greys. */
static const int cube_levels[6] = { 0, 95, 135, 175, 215, 255 };

uint32_t cimg_palette_rgb(int32_t index) {
    static const uint32_t basic[16] = { 0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                                        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF };
    if (index < 16) return basic[index < 0 ? 0 : index];
    if (index < 232) {
        int32_t cube = index - 16;
        return (uint32_t)cube_levels[cube / 36] << 16 | (uint32_t)cube_levels[cube / 6 % 6] << 8
               | (uint32_t)cube_levels[cube % 6];
    }
    uint32_t grey = 8 + (uint32_t)(index - 232) * 10;
    return grey << 16 | grey << 8 | grey;
}

static void make_palette(palette *table, int32_t first, int32_t count, float (*mixes)[3]) {
    table->first = first;
    table->count = count;
    table->mixes = mixes;
    for (int32_t i = 0; i < count; i++) table->colours[i] = make(cimg_palette_rgb(first + i));
    /* A mix is the same either way round (the mean's sums are), so each pair is computed once: half of the
     * 240-colour table's 57 600 Lab conversions, made before the helper's first picture (docs/IMAGES.md). */
    for (int32_t i = 0; i < count; i++) {
        for (int32_t j = i; j < count; j++) {
            double lab[3];
            mix(&table->colours[i], &table->colours[j], lab);
            for (int channel = 0; channel < 3; channel++) {
                mixes[i * count + j][channel] = (float)lab[channel];
                mixes[j * count + i][channel] = (float)lab[channel];
            }
        }
    }
}

static void make_tables(void) {
    for (int value = 0; value < 256; value++) linear_of[value] = to_linear_exact(value);
    make_palette(&palettes[0], 16, 240, mixes_240);
    make_palette(&palettes[1], 0, 16, mixes_16);
    make_palette(&palettes[2], 0, 8, mixes_8);
}

static const palette *palette_for(cimg_mode mode) {
    pthread_once(&tables_once, make_tables);
    return &palettes[mode == CIMG_MODE_INDEXED_240 ? 0 : mode == CIMG_MODE_INDEXED_16 ? 1 : 2];
}

static double squared(const double a[3], const double b[3]) {
    return (a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]);
}

static double distance_to_mix(const float mixed[3], const double b[3]) {
    return sqrt((mixed[0] - b[0]) * (mixed[0] - b[0]) + (mixed[1] - b[1]) * (mixed[1] - b[1])
                + (mixed[2] - b[2]) * (mixed[2] - b[2]));
}

/* How far (in sRGB values, each channel) a palette entry may be from the target to be looked at in the
 * 240 colours: the cube's levels are at most 95 apart, so the nearest in Lab are always inside; the
 * rest are skipped unmeasured (a full search is the fallback). */
enum { SEARCH_REACH = 70 };

enum { CUBE_ENTRIES = 216, GREY_ENTRIES = 24 };

/* The 240 colours' entries within SEARCH_REACH of rgb on every channel, in increasing order: the ones the
 * reach's test lets through, without testing the other 200 or so (the cube's levels within reach of each
 * channel, then the greys). Their number. */
static int within_reach(const palette *table, const int rgb[3], int32_t entries[CUBE_ENTRIES + GREY_ENTRIES]) {
    int near[3][6], counts[3] = { 0, 0, 0 }, found = 0;
    for (int channel = 0; channel < 3; channel++) {
        for (int level = 0; level < 6; level++) {
            if (abs(cube_levels[level] - rgb[channel]) <= SEARCH_REACH) near[channel][counts[channel]++] = level;
        }
    }
    for (int r = 0; r < counts[0]; r++) {
        for (int g = 0; g < counts[1]; g++) {
            for (int b = 0; b < counts[2]; b++) entries[found++] = near[0][r] * 36 + near[1][g] * 6 + near[2][b];
        }
    }
    for (int32_t i = CUBE_ENTRIES; i < CUBE_ENTRIES + GREY_ENTRIES; i++) {
        const int *grey = table->colours[i].rgb;
        if (abs(grey[0] - rgb[0]) <= SEARCH_REACH && abs(grey[1] - rgb[1]) <= SEARCH_REACH
            && abs(grey[2] - rgb[2]) <= SEARCH_REACH) entries[found++] = i;
    }
    return found;
}

/* The `count` palette entries nearest to target (ΔE76), nearest first, after the `skip` already in out. The
 * entries are looked at in increasing order either way, so ties go to the same entry as a full scan's. */
static void nearest_to(const palette *table, const double lab[3], const int rgb[3], int32_t *out, int skip, int count) {
    double best[CANDIDATES];
    int32_t reachable[CUBE_ENTRIES + GREY_ENTRIES];
    for (int k = skip; k < skip + count; k++) { best[k] = INFINITY; out[k] = 0; }
    for (int full = table->count < 240; full < 2; full++) {
        int32_t total = full ? table->count : within_reach(table, rgb, reachable);
        for (int32_t n = 0; n < total; n++) {
            int32_t i = full ? n : reachable[n];
            const colour *entry = &table->colours[i];
            /* The distance first: most entries are farther than the last kept, and need no look at those taken. */
            double d = squared(entry->lab, lab);
            if (d >= best[skip + count - 1]) continue;
            int taken = 0;
            for (int k = 0; k < skip; k++) taken |= out[k] == i;
            if (taken) continue;
            int k = skip + count - 1;
            while (k > skip && best[k - 1] > d) { best[k] = best[k - 1]; out[k] = out[k - 1]; k--; }
            best[k] = d;
            out[k] = i;
        }
        if (best[skip + count - 1] < INFINITY) return;
    }
}

/* sRGB value (0-255) of a linear one. */
static int encoded(double linear) {
    double value = linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055;
    return (int)lrint(value * 255);
}

/* The palette entries to choose from for a colour: the CANDIDATES / 2 nearest, then the nearest to
 * the partner the nearest would need, the target mirrored through it in linear light (a grey and a
 * blue, half a cell each, mix to a dark blue whose nearest are all greys: without the partner, a night
 * sky turns grey). */
static void nearest(const palette *table, const colour *target, int32_t out[CANDIDATES]) {
    int half = CANDIDATES / 2;
    nearest_to(table, target->lab, target->rgb, out, 0, half);
    const colour *first = &table->colours[out[0]];
    double mirrored[3], lab[3];
    int rgb[3];
    for (int channel = 0; channel < 3; channel++) {
        double value = 2 * target->linear[channel] - first->linear[channel];
        mirrored[channel] = value < 0 ? 0 : value > 1 ? 1 : value;
        rgb[channel] = encoded(mirrored[channel]);
    }
    from_linear(mirrored, lab);
    nearest_to(table, lab, rgb, out, half, CANDIDATES - half);
}

/* What `nearest` found for the colours met, by sRGB value and palette, and which pair `map_two` chose for two
 * colours: pictures repeat their colours (a flat region, the same colour cell after cell, a video's next frame),
 * and these searches were most of a conversion's time (a video's frame at 80 × 24 in 256 colours: Benchmarks/
 * README.md, "Video in the viewer"). Direct-mapped, one set a thread (the helper has one; tests convert on
 * several), kept for the thread's life: 4096 slots of each, 160 KB. A colour whose slot another took is
 * searched again; the answers are the same as without the cache, so the cells are the same. */
enum { NEAREST_SLOTS = 4096, PAIR_SLOTS = 4096 };
typedef struct { uint32_t key; uint8_t near[CANDIDATES]; } nearest_slot; /* key: colour_key(); 0 empty */
typedef struct { uint64_t key; int32_t p, q; double best; } pair_slot;    /* key: the two colour_key()s */
typedef struct { nearest_slot nearest[NEAREST_SLOTS]; pair_slot pairs[PAIR_SLOTS]; } palette_cache;

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static void make_cache_key(void) { pthread_key_create(&cache_key, free); }

/* This thread's cache, made on first use (freed with the thread); NULL without memory: then every colour is searched. */
static palette_cache *thread_cache(void) {
    pthread_once(&cache_once, make_cache_key);
    palette_cache *cache = pthread_getspecific(cache_key);
    if (cache == NULL && (cache = calloc(1, sizeof *cache)) != NULL && pthread_setspecific(cache_key, cache) != 0) {
        free(cache);
        cache = NULL;
    }
    return cache;
}

/* A colour and its palette in one non-zero number: 0xRRGGBB + 1, the palette's first entry (0 or 16) from bit 25,
 * and bit 30 for the 8 colours (whose first entry is 0 too). */
static uint32_t colour_key(const palette *table, const colour *c) {
    return (((uint32_t)c->rgb[0] << 16 | (uint32_t)c->rgb[1] << 8 | (uint32_t)c->rgb[2]) + 1)
           | (uint32_t)table->first << 25 | (uint32_t)(table->count == 8) << 30;
}

static void nearest_cached(const palette *table, palette_cache *cache, const colour *target, int32_t out[CANDIDATES]) {
    if (cache == NULL) {
        nearest(table, target, out);
        return;
    }
    uint32_t key = colour_key(table, target);
    nearest_slot *slot = &cache->nearest[(key * 2654435761u) >> 20 & (NEAREST_SLOTS - 1)];
    if (slot->key == key) {
        for (int k = 0; k < CANDIDATES; k++) out[k] = slot->near[k];
        return;
    }
    nearest(table, target, out);
    slot->key = key;
    for (int k = 0; k < CANDIDATES; k++) slot->near[k] = (uint8_t)out[k];
}

/* How much a half's own error counts beside the error of the cell's mean: enough that a cell's
 * two colours stay near the colours they stand for (no far-apart pair averaging right). */
static const double own_weight = 0.1;

/* How far the pair of entries (i over the top half, j over the bottom) is from what it stands for:
 * the mix from the mean wanted, and a little of each half from its own colour. */
static double pair_cost(const palette *table, int32_t i, int32_t j, double own_i, double own_j, const double want[3]) {
    return distance_to_mix(table->mixes[i * table->count + j], want) + own_weight * (own_i + own_j);
}

/* How much worse (in the cost's ΔE) the left neighbour's pair may be and still be taken: the same
 * pair again costs the terminal no colour change, which keeps a dithered gradient's bytes near a
 * flat one's (Benchmarks/picture-bytes.py). */
static const double reuse_slack = 1.5;

/* The pair of entries (top, bottom) that costs least for two colours, its cost, and the mix wanted. */
static void best_pair(const palette *table, palette_cache *cache, const colour *top, const colour *bottom,
                      int32_t *p, int32_t *q, double want[3], double *cost_out) {
    int32_t near_top[CANDIDATES], near_bottom[CANDIDATES];
    double own_top[CANDIDATES], own_bottom[CANDIDATES];
    nearest_cached(table, cache, top, near_top);
    nearest_cached(table, cache, bottom, near_bottom);
    int count = CANDIDATES < table->count ? CANDIDATES : table->count;
    for (int k = 0; k < count; k++) {
        own_top[k] = distance(table->colours[near_top[k]].lab, top->lab);
        own_bottom[k] = distance(table->colours[near_bottom[k]].lab, bottom->lab);
    }
    double best = INFINITY;
    mix(top, bottom, want);
    for (int a = 0; a < count; a++) {
        for (int b = 0; b < count; b++) {
            double cost = pair_cost(table, near_top[a], near_bottom[b], own_top[a], own_bottom[b], want);
            if (cost < best) { best = cost; *p = near_top[a]; *q = near_bottom[b]; }
        }
    }
    *cost_out = best;
}

static void map_two(const palette *table, palette_cache *cache, const colour *top, const colour *bottom,
                    int32_t previous_p, int32_t previous_q, int32_t *p, int32_t *q) {
    uint64_t key = (uint64_t)colour_key(table, top) << 32 | colour_key(table, bottom);
    pair_slot *slot = cache != NULL ? &cache->pairs[(key * 0x9E3779B97F4A7C15u) >> 52 & (PAIR_SLOTS - 1)] : NULL;
    double want[3], best = INFINITY;
    if (slot != NULL && slot->key == key) {
        *p = slot->p;
        *q = slot->q;
        best = slot->best;
        if (previous_p >= 0 && previous_q >= 0) mix(top, bottom, want);
    } else {
        best_pair(table, cache, top, bottom, p, q, want, &best);
        if (slot != NULL) *slot = (pair_slot){ key, *p, *q, best };
    }
    if (previous_p >= 0 && previous_q >= 0
        && pair_cost(table, previous_p, previous_q, distance(table->colours[previous_p].lab, top->lab),
                     distance(table->colours[previous_q].lab, bottom->lab), want) <= best + reuse_slack) {
        *p = previous_p;
        *q = previous_q;
    }
}

void cimg_map_to_palette(cimg_cell *cells, int32_t columns, int32_t rows, cimg_mode mode) {
    if (mode != CIMG_MODE_INDEXED_240 && mode != CIMG_MODE_INDEXED_16 && mode != CIMG_MODE_INDEXED_8) return;
    const palette *table = palette_for(mode);
    palette_cache *cache = thread_cache();
    for (int32_t y = 0; y < rows; y++) {
        int32_t previous_p = -1, previous_q = -1;  /* the left neighbour's pair, as table entries */
        for (int32_t x = 0; x < columns; x++) {
            cimg_cell *cell = cells + (size_t)y * (size_t)columns + (size_t)x;
            int solid = cell->codepoint == ' ' || cell->codepoint == 0x2588;
            int32_t only = cell->codepoint == ' ' ? cell->background : cell->foreground;
            if (solid && only < 0) { cell->foreground = cell->background = -1; previous_p = -1; continue; }
            if (!solid && (cell->foreground < 0 || cell->background < 0)) {
                /* A half over transparency: the drawn half takes its nearest colour. */
                int32_t *drawn = cell->foreground >= 0 ? &cell->foreground : &cell->background;
                if (*drawn >= 0) {
                    colour c = make((uint32_t)*drawn);
                    int32_t near[CANDIDATES];
                    nearest_cached(table, cache, &c, near);
                    *drawn = table->first + near[0];
                }
                previous_p = -1;
                continue;
            }
            int32_t p = 0, q = 0;
            if (solid) {
                colour c = make((uint32_t)only);
                map_two(table, cache, &c, &c, previous_p, previous_q, &p, &q);
                if (p == q) {
                    cell->codepoint = ' ';
                    cell->foreground = -1;
                    cell->background = table->first + p;
                } else {
                    /* ▀ and ▄ in turn, a checkerboard of the two colours at half a cell. */
                    cell->codepoint = (x + y) % 2 == 0 ? 0x2580 : 0x2584;
                    cell->foreground = table->first + p;
                    cell->background = table->first + q;
                }
            } else {
                colour f = make((uint32_t)cell->foreground), b = make((uint32_t)cell->background);
                map_two(table, cache, &f, &b, previous_p, previous_q, &p, &q);
                cell->foreground = table->first + p;
                cell->background = table->first + q;
            }
            previous_p = p;
            previous_q = q;
        }
    }
}
