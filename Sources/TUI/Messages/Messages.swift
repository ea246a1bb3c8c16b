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

    /// The help overlay: each row's keys (from the key-binding table) and what they do, then the mouse.
    func helpEntries(ascii: Bool) -> [(keys: String, action: String)] {
        let space = pick("space", "espacio")
        return HelpRow.all.map { row in
            (row.label(ascii: ascii, spaceName: space), helpDescription(row.actions.first ?? .quit))
        } + [(pick("mouse", "ratón"), pick("click left/right half: previous/next; hold: pause",
                                          "clic mitad izquierda/derecha: anterior/siguiente; mantener: pausa"))]
    }

    /// What a help row does, named by its first action.
    func helpDescription(_ action: ViewerAction) -> String {
        switch action {
        case .next: return pick("next story", "historia siguiente")
        case .previous: return pick("previous story", "historia anterior")
        case .hold: return pick("hold: pause while held; tap: pause/resume",
                                "mantener: pausa mientras se mantiene; pulsar: pausa/reanudar")
        case .togglePause: return pick("pause/resume", "pausa/reanudar")
        case .nextGroup, .previousGroup: return pick("next/previous group", "grupo siguiente/anterior")
        case .first, .last: return pick("first/last story", "primera/última historia")
        case .storyList: return pick("story list", "lista de historias")
        case .help: return pick("this help", "esta ayuda")
        case .reload: return pick("reload the deck", "recargar el mazo")
        case .quit: return pick("quit", "salir")
        }
    }

    var cannotReloadStandardInput: String {
        pick("A deck read from standard input cannot be reloaded.",
             "Un mazo leído de la entrada estándar no se puede recargar.")
    }
}
