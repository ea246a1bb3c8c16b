import Glibc

// The image helper (ImageWorkerMain) is this binary with a hidden first argument: nothing else runs.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == ImageWorkerMain.argument {
    exit(ImageWorkerMain.run(arguments: Array(CommandLine.arguments.dropFirst(2))))
}
exit(Program.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: .current()))
