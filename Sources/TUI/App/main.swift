import Glibc

exit(Program.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: .current()))
