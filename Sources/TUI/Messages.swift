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
        pick("↑↓ move · Enter jump · Esc close", "↑↓ mover · Enter saltar · Esc cerrar")
    }
    var storyListFooterASCII: String {
        pick("Up/Down move, Enter jump, Esc close", "Arriba/Abajo mover, Enter saltar, Esc cerrar")
    }

    func image(_ path: String) -> String { pick("[image: \(path)]", "[imagen: \(path)]") }

    func untitled(position: Int) -> String { pick("Story \(position)", "Historia \(position)") }

    func reloadFailed(_ detail: String) -> String {
        pick("Reload failed, showing the last good deck: \(detail)",
             "Error al recargar, se muestra la última baraja válida: \(detail)")
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
            ("r", pick("reload the deck", "recargar la baraja")),
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
             "Una baraja leída de la entrada estándar no se puede recargar.")
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
             "TERM no está definida y no se puede dibujar la pantalla; se imprime la baraja como texto. Defina TERM (por ejemplo TERM=xterm-256color) o use --plain.")
    }

    func unknownTerminal(_ term: String) -> String {
        pick("the terminal type '\(term)' is not known here, so the screen cannot be drawn; printing the deck as text. Set TERM to a known type (for example xterm-256color) or use --plain.",
             "el tipo de terminal '\(term)' no se conoce aquí y no se puede dibujar la pantalla; se imprime la baraja como texto. Defina TERM con un tipo conocido (por ejemplo xterm-256color) o use --plain.")
    }

    var noTerminalInput: String {
        pick("no terminal to read keys from (standard input is not a terminal and /dev/tty cannot be opened). Use --plain.",
             "no hay terminal de la que leer teclas (la entrada estándar no es una terminal y no se puede abrir /dev/tty). Use --plain.")
    }

    func cannotOpenEvents(path: String, errno: Int32) -> String {
        let reason = String(cString: strerror(errno))
        return pick("cannot open the events file '\(path)': \(reason). Check the folder exists and is writable.",
                    "no se puede abrir el fichero de eventos '\(path)': \(reason). Compruebe que la carpeta existe y se puede escribir.")
    }

    var ioFailure: String {
        pick("cannot set up signal handling (out of file descriptors?).",
             "no se puede preparar el manejo de señales (¿sin descriptores de fichero?).")
    }
}
