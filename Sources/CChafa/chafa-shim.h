#ifndef STORIES_TUI_CCHAFA_SHIM_H
#define STORIES_TUI_CCHAFA_SHIM_H

/* The image libraries, for the CImages target only: its C files include these headers, and this
 * system-library target carries their include paths (pkg-config chafa, which pulls in glib) and
 * link flags. Swift never imports this module: it sees CImages' own small header. */
#include <chafa.h>
#include <png.h>
#include <turbojpeg.h>

#endif
