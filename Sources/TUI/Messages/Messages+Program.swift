import Engine
import Glibc
import ViewerCore

/// The catalogue's part for the program around the screen: `--check` and the terminal (the events
/// file, the control FIFO and watching are in `Messages+Channels`).
extension Messages {
    func deckIsValid(path: String, deck: Deck) -> String {
        let name = path == "-" ? pick("standard input", "entrada estándar") : Messages.pathArgument(path)
        let count = deck.stories.count
        let stories = count == 1 ? pick("1 story", "1 historia") : pick("\(count) stories", "\(count) historias")
        guard deck.hasGroups else { return pick("\(name): valid, \(stories)", "\(name): válido, \(stories)") }
        let groupCount = deck.groups.count
        let groups = groupCount == 1 ? pick("1 group", "1 grupo") : pick("\(groupCount) groups", "\(groupCount) grupos")
        return pick("\(name): valid, \(stories) in \(groups)", "\(name): válido, \(stories) en \(groups)")
    }

    var noTerminalType: String {
        pick("TERM is not set, so the screen cannot be drawn; printing the deck as text. Set TERM (for example TERM=xterm-256color) or use --plain.",
             "TERM no está definida y no se puede dibujar la pantalla; se imprime el mazo como texto. Define TERM (por ejemplo TERM=xterm-256color) o usa --plain.")
    }

    func unknownTerminal(_ term: String) -> String {
        pick("the terminal type `\(Messages.argument(term))` is not known here, so the screen cannot be drawn; printing the deck as text. Set TERM to a known type (for example xterm-256color) or use --plain.",
             "el tipo de terminal `\(Messages.argument(term))` no se conoce aquí y no se puede dibujar la pantalla; se imprime el mazo como texto. Define TERM con un tipo conocido (por ejemplo xterm-256color) o usa --plain.")
    }

    var noTerminalInput: String {
        pick("no terminal to read keys from (standard input is not a terminal and /dev/tty cannot be opened). Use --plain.",
             "no hay terminal de la que leer teclas (la entrada estándar no es una terminal y no se puede abrir /dev/tty). Usa --plain.")
    }

    func outOfResources(errno code: Int32) -> String {
        let reason = String(cString: strerror(code))
        return pick("cannot set up the terminal: \(reason). Close other programs or raise the limit (ulimit -n), then try again.",
                    "no se puede preparar la terminal: \(reason). Cierra otros programas o sube el límite (ulimit -n) y vuelve a intentarlo.")
    }

    /// Written by the crash handler after the terminal is restored (prefix included: no formatting then).
    var crashed: String {
        pick("stories-tui: internal error: the program crashed; the terminal was restored. Please report it; SWIFT_BACKTRACE=enable=yes,interactive=no prints a backtrace.",
             "stories-tui: error interno: el programa falló; la terminal se restauró. Por favor, infórmalo; SWIFT_BACKTRACE=enable=yes,interactive=no imprime una traza.")
    }

    var ioFailure: String {
        pick("cannot set up signal handling (out of file descriptors?).",
             "no se puede preparar el manejo de señales (¿sin descriptores de archivo?).")
    }
}
