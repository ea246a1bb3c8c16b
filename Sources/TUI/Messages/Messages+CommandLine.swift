/// The catalogue's command-line part: usage, version and usage errors.
extension Messages {
    static let version = "0.1.0"

    var versionLine: String { "stories-tui \(Messages.version)" }

    /// The text of `--help`.
    var usage: String {
        if language == .spanish {
            return """
            Uso: stories-tui [opciones] MAZO
            Reproduce un mazo de historias a pantalla completa. MAZO: una ruta, o - para la entrada estándar.

            Opciones:
              --check              valida MAZO, lista todos los problemas; sale con 0 o 65
              --plain              imprime el mazo como texto y sale (también sin terminal o con TERM=dumb)
              --loop, --once       vuelve al principio tras la última historia, o termina
              --start ID|N         empieza en la historia con ese id, o en la posición N (desde 1)
              --duration SEGUNDOS  duración de las historias que no la indican
              --leeway SEGUNDOS    espera antes de la primera historia
              --no-autoplay        nunca avanza sola; las teclas y el ratón siguen funcionando
              --events ARCHIVO     añade los eventos del ciclo de vida a ARCHIVO, un JSON por línea
              --control FIFO       lee órdenes de una tubería con nombre (next, prev, pause, resume,
                                   toggle, goto ID|N, reload, quit)
              --watch              recarga MAZO cuando cambia, conservando la historia actual
              --lang en|es         idioma de los mensajes (por defecto: LC_ALL, LC_MESSAGES, LANG)
              --ascii              dibuja solo con ASCII
              --no-color           sin colores (también con NO_COLOR)
              -h, --help           muestra esta ayuda
              --version            muestra la versión

            Teclas: → l siguiente, ← h anterior, espacio mantener/pulsar pausa, p pausa, ↓ ↑ grupos,
            Inicio g / Fin G primera/última, Tab lista, ? ayuda, r recargar, q Esc Ctrl-C salir.
            Más en stories-tui(1).
            """
        }
        return """
        Usage: stories-tui [options] DECK
        Play a deck of stories full-screen. DECK: a path, or - for standard input.

        Options:
          --check              validate DECK, list every problem; exit 0 if valid, 65 if not
          --plain              print the deck as plain text and exit (also when not on a terminal, or TERM=dumb)
          --loop, --once       wrap to the first story after the last, or finish
          --start ID|N         start at the story with this id, or at 1-based position N
          --duration SECONDS   duration of stories that set none
          --leeway SECONDS     wait this long before the first story starts
          --no-autoplay        never advance by itself; keys and mouse still move
          --events FILE        append lifecycle events to FILE, one JSON object a line
          --control FIFO       read commands from a named pipe (next, prev, pause, resume, toggle,
                               goto ID|N, reload, quit)
          --watch              reload DECK when it changes, keeping the current story
          --lang en|es         language of messages (default: from LC_ALL, LC_MESSAGES, LANG)
          --ascii              draw with ASCII only
          --no-color           no colours (also when NO_COLOR is set)
          -h, --help           show this help
          --version            show the version

        Keys: → l next, ← h previous, space hold/tap to pause, p pause, ↓ ↑ groups,
        Home g / End G first/last, Tab story list, ? help, r reload, q Esc Ctrl-C quit.
        More in stories-tui(1).
        """
    }

    /// One line for a usage error, without the `stories-tui: ` prefix, and a hint.
    func usageError(_ error: UsageError) -> [String] {
        let hint = pick("Try 'stories-tui --help'.", "Prueba 'stories-tui --help'.")
        let line: String
        switch error {
        case .unknownOption(let option):
            line = pick("unknown option '\(option)'.", "opción desconocida '\(option)'.")
        case .missingValue(let option):
            line = pick("option \(option) needs a value.", "la opción \(option) necesita un valor.")
        case .invalidNumber(let option, let value):
            line = pick("\(option) takes a number of seconds (got '\(value)').",
                        "\(option) espera un número de segundos (recibido '\(value)').")
        case .outOfRange(let option, let value):
            line = option == "--leeway"
                ? pick("--leeway must be from 0 to 3600 seconds (got '\(value)').",
                       "--leeway debe estar entre 0 y 3600 segundos (recibido '\(value)').")
                : pick("\(option) must be greater than 0 and at most 86400 seconds (got '\(value)').",
                       "\(option) debe ser mayor que 0 y como mucho 86400 segundos (recibido '\(value)').")
        case .invalidLanguage(let code):
            line = pick("--lang takes 'en' or 'es' (got '\(code)').", "--lang espera 'en' o 'es' (recibido '\(code)').")
        case .missingDeck:
            line = pick("no deck given: name a deck file, or - for standard input.",
                        "falta el mazo: indica un archivo, o - para la entrada estándar.")
        case .extraArgument(let argument):
            line = pick("only one deck can be played (extra argument '\(argument)').",
                        "solo se puede reproducir un mazo (argumento de más '\(argument)').")
        case .watchStandardInput:
            line = pick("--watch needs a deck file; standard input cannot be watched.",
                        "--watch necesita un archivo de mazo; la entrada estándar no se puede vigilar.")
        case .unknownStart(let reference):
            line = pick("--start '\(reference)' names no story in the deck: give an id or a position from 1.",
                        "--start '\(reference)' no nombra ninguna historia: indica un id o una posición desde 1.")
        }
        return [line, hint]
    }
}
