import Glibc

// The image helper (ImageWorkerMain) is this binary with a hidden first argument: nothing else runs.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == ImageWorkerMain.argument {
    exit(ImageWorkerMain.run(arguments: Array(CommandLine.arguments.dropFirst(2))))
}
let code = Program.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: .current())
// A message that could not be written to standard error still makes the run fail (74), unless a signal ended it.
exit(StandardStreams.standardErrorHasFailed && code < 128 ? ExitCode.ioError : code)
