#ifndef C_ARGUMENTS_H
#define C_ARGUMENTS_H

/// The command line as the C library handed it to the program, for Swift's `CommandLine`.
///
/// Swift's runtime finds `argv` on Linux by reading /proc/self/maps in a static constructor
/// (CommandLineSupport/CommandLine.cpp in the Swift sources): about sixty `sscanf` calls, a file
/// open and five reads before `main`, a twentieth of the user work before the first frame. When
/// the standard library is linked in statically (the release build), arguments.c defines the two
/// functions that file exports, so the linker never takes that file from libswiftCore.a: `argv`
/// comes from the C library instead, which passes it to the executable's .preinit_array functions
/// before any other code of the program runs. With the standard library as a shared library
/// (debug builds and tests) the runtime keeps its own and these are unused.
///
/// The runtime calls them with the Swift calling convention, as the Swift sources declare them
/// (`SWIFT_CC(swift)`); should a toolchain rename them, its own file is linked again and this one
/// is simply unused. docs/PACKAGING.md, "The binary".

/// Nothing to call from Swift: the header exists for the module.
static inline int c_arguments_linked(void) { return 1; }

#endif
