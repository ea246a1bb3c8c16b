import Engine
import Glibc

/// The catalogue: every word the program prints, in English and Spanish. No message text is
/// built anywhere else.
struct Messages: Sendable {
    let language: Language

    func pick(_ english: String, _ spanish: String) -> String {
        language == .spanish ? spanish : english
    }

    // MARK: Screen

    var paused: String { pick("Paused", "En pausa") }
    var tooSmall: String { pick("Terminal too small", "Terminal demasiado pequeña") }
    var helpTitle: String { pick("Keys", "Teclas") }
    var helpFooter: String { pick("Esc or ? closes", "Esc o ? cierra") }
    var storyListTitle: String { pick("Stories", "Historias") }
    var storyListFooter: String {
        pick("↑↓ move · Enter jump · Esc/Tab close", "↑↓ mover · Enter saltar · Esc/Tab cerrar")
    }
    var storyListFooterASCII: String {
        pick("Up/Down move, Enter jump, Esc/Tab close", "Arriba/Abajo mover, Enter saltar, Esc/Tab cerrar")
    }

    func image(_ path: String) -> String { pick("[image: \(path)]", "[imagen: \(path)]") }

    func untitled(position: Int) -> String { pick("Story \(position)", "Historia \(position)") }

    func reloadFailed(_ detail: String) -> String {
        // Short, so that the problem itself fits on the line; the last good deck stays on screen.
        pick("Reload failed: \(detail)", "Error al recargar: \(detail)")
    }

    /// The help overlay: pairs of keys and what they do.
    var helpEntries: [(keys: String, action: String)] {
        [
            ("→ l", pick("next story", "historia siguiente")),
            ("← h", pick("previous story", "historia anterior")),
            (pick("space", "espacio"), pick("hold: pause while held; tap: pause/resume",
                                           "mantener: pausa mientras se mantiene; pulsar: pausa/reanudar")),
            ("p", pick("pause/resume", "pausa/reanudar")),
            ("↓ ↑", pick("next/previous group", "grupo siguiente/anterior")),
            ("Home g  End G", pick("first/last story", "primera/última historia")),
            ("Tab", pick("story list", "lista de historias")),
            ("?", pick("this help", "esta ayuda")),
            ("r", pick("reload the deck", "recargar el mazo")),
            ("q Esc Ctrl-C", pick("quit", "salir")),
            (pick("mouse", "ratón"), pick("click left/right half: previous/next; hold: pause",
                                          "clic mitad izquierda/derecha: anterior/siguiente; mantener: pausa")),
        ]
    }

    /// ASCII spellings of the keys in `helpEntries`, for `--ascii`.
    func asciiKeys(_ keys: String) -> String {
        keys.replacing("→", with: "Right")
            .replacing("←", with: "Left")
            .replacing("↓", with: "Down")
            .replacing("↑", with: "Up")
    }
}

extension Messages {
    var cannotReloadStandardInput: String {
        pick("A deck read from standard input cannot be reloaded.",
             "Un mazo leído de la entrada estándar no se puede recargar.")
    }
}

extension Messages {
    func deckIsValid(path: String, deck: Deck) -> String {
        let name = path == "-" ? pick("standard input", "entrada estándar") : path
        if deck.hasGroups {
            return pick("\(name): valid, \(deck.stories.count) stories in \(deck.groups.count) groups",
                        "\(name): válida, \(deck.stories.count) historias en \(deck.groups.count) grupos")
        }
        return pick("\(name): valid, \(deck.stories.count) stories", "\(name): válida, \(deck.stories.count) historias")
    }

    var noTerminalType: String {
        pick("TERM is not set, so the screen cannot be drawn; printing the deck as text. Set TERM (for example TERM=xterm-256color) or use --plain.",
             "TERM no está definida y no se puede dibujar la pantalla; se imprime el mazo como texto. Define TERM (por ejemplo TERM=xterm-256color) o usa --plain.")
    }

    func unknownTerminal(_ term: String) -> String {
        pick("the terminal type '\(term)' is not known here, so the screen cannot be drawn; printing the deck as text. Set TERM to a known type (for example xterm-256color) or use --plain.",
             "el tipo de terminal '\(term)' no se conoce aquí y no se puede dibujar la pantalla; se imprime el mazo como texto. Define TERM con un tipo conocido (por ejemplo xterm-256color) o usa --plain.")
    }

    var noTerminalInput: String {
        pick("no terminal to read keys from (standard input is not a terminal and /dev/tty cannot be opened). Use --plain.",
             "no hay terminal de la que leer teclas (la entrada estándar no es una terminal y no se puede abrir /dev/tty). Usa --plain.")
    }

    func cannotOpenEvents(path: String, errno: Int32) -> String {
        let reason = String(cString: strerror(errno))
        return pick("cannot open the events file '\(path)': \(reason). Check the folder exists and is writable.",
                    "no se puede abrir el archivo de eventos '\(path)': \(reason). Comprueba que la carpeta existe y se puede escribir.")
    }

    var ioFailure: String {
        pick("cannot set up signal handling (out of file descriptors?).",
             "no se puede preparar el manejo de señales (¿sin descriptores de archivo?).")
    }
}

extension Messages {
    /// Messages of the events stream: English whatever the language, as the stream is for programs.
    static func controlUnknownCommand(_ line: String) -> String {
        "unknown control command '\(TextSanitizer.quoted(line))'; known: next, prev, pause, resume, toggle, goto ID|N, reload, quit"
    }

    static func controlUnknownStory(_ reference: String) -> String {
        "goto '\(TextSanitizer.quoted(reference))' names no story"
    }
}

extension Messages {
    func controlFailure(_ error: ControlChannel.OpenError) -> String {
        switch error {
        case .notAFIFO(let path):
            return pick("--control '\(path)' exists and is not a named pipe: remove it or name another path.",
                        "--control '\(path)' existe y no es una tubería con nombre: bórrala o indica otra ruta.")
        case .cannotCreate(let path, let code), .cannotOpen(let path, let code):
            let reason = String(cString: strerror(code))
            return pick("cannot use '\(path)' as the control pipe: \(reason). Check that its folder exists and is writable.",
                        "no se puede usar '\(path)' como tubería de control: \(reason). Comprueba que la carpeta existe y se puede escribir.")
        }
    }

    func cannotWatch(path: String) -> String {
        pick("cannot watch '\(path)' for changes (inotify unavailable or the folder cannot be read).",
             "no se puede vigilar '\(path)' (inotify no disponible o la carpeta no se puede leer).")
    }
}
