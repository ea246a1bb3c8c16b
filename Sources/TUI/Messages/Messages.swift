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

    var cannotReloadStandardInput: String {
        pick("A deck read from standard input cannot be reloaded.",
             "Un mazo leído de la entrada estándar no se puede recargar.")
    }

    /// ASCII spellings of the keys in `helpEntries`, for `--ascii`.
    func asciiKeys(_ keys: String) -> String {
        keys.replacing("→", with: "Right")
            .replacing("←", with: "Left")
            .replacing("↓", with: "Down")
            .replacing("↑", with: "Up")
    }
}
