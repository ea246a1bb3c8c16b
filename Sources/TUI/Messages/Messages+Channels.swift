import Engine
import Glibc
import ViewerCore

/// The catalogue's part for the channels to peers: the events file, the control FIFO, the watcher,
/// deck reloads and the standard streams. Paths are cleaned and cut like deck text.
extension Messages {
    /// A channel that cannot be used, for standard error (at start, or at exit for a failed write).
    func channelFailure(_ failure: ChannelFailure) -> String {
        let path = Self.quotedPath(failure.path)
        switch (failure.channel, failure.reason) {
        case (.events, .noReader):
            return pick("the events file \(path) is a named pipe that no program reads: start its reader first, or name a regular file.",
                        "el archivo de eventos \(path) es una tubería con nombre que ningún programa lee: arranca antes su lector o indica un archivo normal.")
        case (.events, .cannotOpen(let error)):
            return pick("cannot open the events file \(path): \(error.description). Check that its folder exists and is writable.",
                        "no se puede abrir el archivo de eventos \(path): \(error.description). Comprueba que la carpeta existe y se puede escribir.")
        case (.events, .cannotWrite(let error)):
            return pick("cannot write to the events file \(path): \(error.description); the events after that were lost.",
                        "no se puede escribir en el archivo de eventos \(path): \(error.description); los eventos posteriores se perdieron.")
        case (.events, .wrongType(let found)):
            return pick("the events file \(path) is \(fileType(found)): name a regular file, a named pipe or a terminal.",
                        "el archivo de eventos \(path) es \(fileType(found)): indica un archivo normal, una tubería con nombre o un terminal.")
        case (.control, .wrongType(let found)):
            return pick("--control \(path) exists and is \(fileType(found)), not a named pipe: remove it or name another path.",
                        "--control \(path) existe y es \(fileType(found)), no una tubería con nombre: bórralo o indica otra ruta.")
        case (.control, .cannotOpen(let error)):
            return pick("cannot use \(path) as the control pipe: \(error.description). Check that its folder exists and is writable.",
                        "no se puede usar \(path) como tubería de control: \(error.description). Comprueba que la carpeta existe y se puede escribir.")
        case (.watch, .cannotOpen(let error)):
            return pick("cannot watch \(path) for changes: \(error.description).\(watchAdvice(error))",
                        "no se puede vigilar \(path): \(error.description).\(watchAdvice(error))")
        case (.standardOutput, .cannotWrite(let error)):
            return pick("cannot write to standard output: \(error.description).",
                        "no se puede escribir en la salida estándar: \(error.description).")
        default:
            return Self.channelProblem(failure)
        }
    }

    /// A channel problem while the viewer runs, for the events stream (always English: the stream is for
    /// programs): a control line ignored, the control pipe no longer listened to, a folder not watched.
    static func channelProblem(_ failure: ChannelFailure) -> String {
        let english = Messages(language: .english)
        let path = quotedPath(failure.path)
        switch failure.reason {
        case .lineTooLong(let limit):
            return "a line of the control pipe \(path) is longer than \(limit) bytes; it was ignored"
        case .wrongType(let found):
            return "\(path) is now \(english.fileType(found)), not a named pipe; no longer listening to it"
        case .cannotOpen(let error) where failure.channel == .control:
            return "cannot open the control pipe \(path) again: \(error.description); no longer listening to it"
        case .cannotOpen(let error):
            return "cannot watch \(path): \(error.description); changes there are not seen"
        case .cannotRead(let error):
            return "cannot read \(path): \(error.description); no longer listening to it"
        case .cannotWrite(let error):
            return "cannot write to \(path): \(error.description)"
        case .noReader:
            return "no program reads the named pipe \(path)"
        }
    }

    private func watchAdvice(_ error: SystemError) -> String {
        switch error.code {
        case ENOSPC: return pick(" Raise fs.inotify.max_user_watches.", " Sube fs.inotify.max_user_watches.")
        case EMFILE: return pick(" Close other programs or raise the limit (ulimit -n, fs.inotify.max_user_instances).",
                                 " Cierra otros programas o sube el límite (ulimit -n, fs.inotify.max_user_instances).")
        default: return ""
        }
    }
}
