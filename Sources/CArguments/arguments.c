#include "CArguments.h"
#include <stdlib.h>

/* glibc passes argc, argv and envp to .preinit_array functions; another C library may not run them
 * with arguments, and then the runtime's own way must stay. */
#ifdef __GLIBC__

/// The command line the C library passed to the program; set before any other code runs.
static char **startArgv;
static int startArgc;
/// Set by `_swift_stdlib_overrideUnsafeArgvArgc` (for code that replaces the command line).
static char **overrideArgv;
static int overrideArgc;

static void keepArguments(int argc, char **argv, char **environment) {
    (void)environment;
    startArgc = argc;
    startArgv = argv;
}

/// glibc calls an executable's .preinit_array functions with argc, argv and envp, first of all.
__attribute__((section(".preinit_array"), used))
static void (*const keepArgumentsAtStart)(int, char **, char **) = keepArguments;

__attribute__((swiftcall))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (overrideArgv) {
        *outArgLen = overrideArgc;
        return overrideArgv;
    }
    if (!startArgv) {
        /* Never nil for the runtime, which returns an empty list when it finds nothing. */
        static char *none[] = { 0 };
        *outArgLen = 0;
        return none;
    }
    *outArgLen = startArgc;
    return startArgv;
}

__attribute__((swiftcall))
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    overrideArgv = argv;
    overrideArgc = argc;
}

#endif
