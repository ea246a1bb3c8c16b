import Engine

/// The catalogue's part for a reload that could not read the deck (the model says it on screen).
extension Messages {
    /// Why a reload could not read the deck: the deck loader's first line, or a file that is not regular.
    package func reloadReadFailure(_ failure: DeckReloadFailure) -> String {
        switch failure {
        case .load(let error):
            return error.message(in: language).first ?? ""
        case .notARegularFile(let path, let found):
            let quoted = Self.quotedPath(path)
            return pick("\(quoted) is now \(fileType(found)): a deck is reloaded only from a regular file",
                        "\(quoted) es ahora \(fileType(found)): un mazo solo se recarga de un archivo normal")
        }
    }

    package func fileType(_ type: FileType) -> String {
        switch type {
        case .regular: return pick("a regular file", "un archivo normal")
        case .directory: return pick("a folder", "una carpeta")
        case .fifo: return pick("a named pipe", "una tubería con nombre")
        case .symbolicLink: return pick("a symbolic link", "un enlace simbólico")
        case .characterDevice, .blockDevice: return pick("a device", "un dispositivo")
        case .socket: return pick("a socket", "un socket")
        case .unknown: return pick("an unknown kind of file", "un tipo de archivo desconocido")
        }
    }
}
