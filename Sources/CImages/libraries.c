#include "animation-libraries.h"
#include "libraries.h"
#include "video-libraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sonames opened: Debian 12's libpng16-16, zlib1g (kitty's o=z data), libturbojpeg0 and libchafa0 (chafa brings glib in as
 * its own dependency). packaging/control's Depends names these packages, as dpkg-shlibdeps cannot
 * see a library that is not linked; scripts/build-deb checks the two agree. */
#define CIMG_PNG_SONAME "libpng16.so.16"
#define CIMG_ZLIB_SONAME "libz.so.1"
#define CIMG_JPEG_SONAME "libturbojpeg.so.0"
#define CIMG_CHAFA_SONAME "libchafa.so.0"
/* Moving pictures: Debian 12's libgif7 and libwebpdemux2 (which brings libwebp7). packaging/control
 * names them in Recommends: without them an animated picture is undecodable, with the loader's reason. */
#define CIMG_GIF_SONAME "libgif.so.7"
#define CIMG_WEBP_SONAME "libwebpdemux.so.2"
/* Video: Debian 12's FFmpeg 5.1 (libavutil57, libavcodec59, libavformat59, libswscale6), in
 * packaging/control's Recommends. STORIES_TUI_AVFORMAT_SONAME, when set, names another libavformat
 * (docs/IMAGES.md, "Video": how a machine without FFmpeg is tried). */
#define CIMG_AVUTIL_SONAME "libavutil.so.57"
#define CIMG_AVCODEC_SONAME "libavcodec.so.59"
#define CIMG_AVFORMAT_SONAME "libavformat.so.59"
#define CIMG_SWSCALE_SONAME "libswscale.so.6"

/* One library's state: its table once opened, or why it could not be. */
typedef struct {
    pthread_once_t once;
    int ready;
    char reason[160];
} cimg_library_state;

/* Opens soname and looks up count functions named in names into the table of pointers; 1 when all
 * were found, else 0 with the reason in state. The library stays open for the process's life. */
static int open_library(const char *soname, const char *const *names, void *table, size_t count,
                        cimg_library_state *state) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(state->reason, sizeof state->reason, "%s cannot be opened (%s)", soname, dlerror());
        return 0;
    }
    for (size_t index = 0; index < count; index++) {
        void *function = dlsym(handle, names[index]);
        if (function == NULL) {
            snprintf(state->reason, sizeof state->reason, "%s has no %s", soname, names[index]);
            return 0;
        }
        /* Copied as bytes: the field is a function pointer of its own type, the same size (POSIX). */
        memcpy((char *)table + index * sizeof function, &function, sizeof function);
    }
    return 1;
}

#define CIMG_LIBRARY_NAME(name) #name,

/* libavformat's soname, or the one STORIES_TUI_AVFORMAT_SONAME names (read once, when it is opened). */
static const char *avformat_soname(void) {
    const char *named = getenv("STORIES_TUI_AVFORMAT_SONAME");
    return named != NULL && named[0] != '\0' ? named : CIMG_AVFORMAT_SONAME;
}

/* Every field of a table is one function pointer, in the order of its list (the assertion checks the
 * count), so the table is filled as an array. */
#define CIMG_LIBRARY_OPENER(kind, soname, FUNCTIONS)                                                   \
    static cimg_##kind##_library kind##_table;                                                         \
    static cimg_library_state kind##_state = { PTHREAD_ONCE_INIT, 0, "" };                             \
    static void kind##_open_once(void) {                                                               \
        static const char *const names[] = { FUNCTIONS(CIMG_LIBRARY_NAME) };                           \
        _Static_assert(sizeof kind##_table == sizeof names / sizeof names[0] * sizeof(void *),         \
                       "one pointer per function");                                                    \
        kind##_state.ready = open_library(soname, names, &kind##_table,                                \
                                          sizeof names / sizeof names[0], &kind##_state);              \
    }                                                                                                  \
    const cimg_##kind##_library *cimg_##kind##_library_open(cimg_status *status) {                     \
        pthread_once(&kind##_state.once, kind##_open_once);                                            \
        if (kind##_state.ready) return &kind##_table;                                                  \
        cimg_fail(status, CIMG_UNDECODABLE, kind##_state.reason);                                      \
        return NULL;                                                                                   \
    }

CIMG_LIBRARY_OPENER(png, CIMG_PNG_SONAME, CIMG_PNG_FUNCTIONS)
CIMG_LIBRARY_OPENER(zlib, CIMG_ZLIB_SONAME, CIMG_ZLIB_FUNCTIONS)
CIMG_LIBRARY_OPENER(jpeg, CIMG_JPEG_SONAME, CIMG_JPEG_FUNCTIONS)
CIMG_LIBRARY_OPENER(chafa, CIMG_CHAFA_SONAME, CIMG_CHAFA_FUNCTIONS)
CIMG_LIBRARY_OPENER(gif, CIMG_GIF_SONAME, CIMG_GIF_FUNCTIONS)
CIMG_LIBRARY_OPENER(webp, CIMG_WEBP_SONAME, CIMG_WEBP_FUNCTIONS)
CIMG_LIBRARY_OPENER(avutil, CIMG_AVUTIL_SONAME, CIMG_AVUTIL_FUNCTIONS)
CIMG_LIBRARY_OPENER(avcodec, CIMG_AVCODEC_SONAME, CIMG_AVCODEC_FUNCTIONS)
CIMG_LIBRARY_OPENER(avformat, avformat_soname(), CIMG_AVFORMAT_FUNCTIONS)
CIMG_LIBRARY_OPENER(swscale, CIMG_SWSCALE_SONAME, CIMG_SWSCALE_FUNCTIONS)
