import Engine
import ViewerCore

/// Every option, once: the parser, `--help` in both languages, the completion scripts and the
/// documentation tests all read this table. Order is the order of `--help`. An option of the run
/// writes its value into `RunOptions` by a closure (a key path here cost 0.5 ms at every start that named an
/// option: each `WritableKeyPath<RunOptions, Value>` class was instantiated at run time).
enum OptionTable {
    static let all: [OptionSpec] = [
        OptionSpec("--check", value: .none { $0.options.mode = .check },
                   english: ["check DECK, list its problems; exit 0 if valid, else 65"],
                   spanish: ["valida MAZO, lista todos los problemas; sale con 0 o 65"]),
        OptionSpec("--plain", value: .none { $0.options.mode = .plain },
                   english: ["print the deck as plain text and exit (also when not on a terminal, or TERM=dumb)"],
                   spanish: ["imprime el mazo como texto y sale (también sin terminal o con TERM=dumb)"]),
        OptionSpec("--print-deck", value: .none { $0.options.mode = .printDeck },
                   english: ["print the JSON deck that DECK (a folder, Markdown or JSON) plays as, and exit"],
                   spanish: ["imprime el mazo JSON que MAZO (carpeta, Markdown o JSON) reproduce, y sale"]),
        OptionSpec("--loop", value: .none { $0.options.run.playback.strategy = .loop },
                   english: ["wrap to the first story after the last, or finish"],
                   spanish: ["vuelve al principio tras la última historia, o termina"],
                   alone: ("wrap to the first story after the last", "vuelve al principio tras la última historia")),
        OptionSpec("--once", value: .none { $0.options.run.playback.strategy = .once }, help: .withPrevious,
                   alone: ("finish after the last story (the default)", "termina tras la última historia (por omisión)")),
        OptionSpec("--start", value: .text(.storyReference) { $0.options.run.start = $1 },
                   english: ["start at the story with this id, or at 1-based position N"],
                   spanish: ["empieza en la historia con ese id, o en la posición N (desde 1)"]),
        OptionSpec("--duration", value: .seconds(.duration) { $0.options.run.playback.defaultDuration = $1 },
                   english: ["duration of stories that set none"],
                   spanish: ["duración de las historias que no la indican"]),
        OptionSpec("--leeway", value: .seconds(.leeway) { $0.options.run.playback.leeway = $1 },
                   english: ["wait this long before the first story starts"],
                   spanish: ["espera antes de la primera historia"]),
        OptionSpec("--no-autoplay", value: .none { $0.options.run.playback.autoplay = false },
                   english: ["never advance by itself; keys and mouse still move"],
                   spanish: ["nunca avanza sola; las teclas y el ratón siguen funcionando"]),
        OptionSpec("--events", value: .text(.file) { $0.options.run.eventsPath = $1 },
                   english: ["append lifecycle events to FILE, one JSON object a line"],
                   spanish: ["añade los eventos del ciclo de vida a ARCHIVO, un JSON por línea"]),
        OptionSpec("--control", value: .text(.fifo) { $0.options.run.controlPath = $1 },
                   english: ["read commands from a named pipe (next, prev, pause, resume, toggle,",
                             "goto ID|N, reload, quit)"],
                   spanish: ["lee órdenes de una tubería con nombre (next, prev, pause, resume,",
                             "toggle, goto ID|N, reload, quit)"]),
        OptionSpec("--watch", value: .none { $0.options.run.watch = true },
                   english: ["reload DECK when it changes, keeping the current story"],
                   spanish: ["recarga MAZO cuando cambia, conservando la historia actual"]),
        OptionSpec("--lang", value: .choice { (draft, language: Language) in draft.language = language },
                   english: ["language of messages (default: from LC_ALL, LC_MESSAGES, LANG)"],
                   spanish: ["idioma de los mensajes (por defecto: LC_ALL, LC_MESSAGES, LANG)"]),
        OptionSpec("--ascii", value: .none { $0.options.run.layout.ascii = true },
                   english: ["draw with ASCII only"],
                   spanish: ["dibuja solo con ASCII"]),
        OptionSpec("--no-color", aliases: ["--no-colour"], value: .none { $0.options.run.layout.color = false },
                   english: ["no colours (also when NO_COLOR is set)"],
                   spanish: ["sin colores (también con NO_COLOR)"]),
        OptionSpec("--images", value: .choice { (draft, setting: ImagesSetting) in draft.options.run.images = setting },
                   english: ["how images are drawn: auto (the best the terminal has: its own pixels in kitty,",
                             "iTerm2 or sixel terminals, outside tmux), kitty, sixel or iterm2 (force that",
                             "protocol), symbols (coloured cells), or off (their alt text); kitty pictures go by",
                             "temporary file where kitty reads them (STORIES_TUI_KITTY_TRANSFER=direct: never)"],
                   spanish: ["cómo se dibujan las imágenes: auto (lo mejor que tenga la terminal: sus propios",
                             "píxeles en terminales kitty, iTerm2 o sixel, fuera de tmux), kitty, sixel o iterm2",
                             "(fuerza ese protocolo), symbols (celdas de color) u off (su texto alternativo); kitty",
                             "recibe un archivo temporal si lo lee (STORIES_TUI_KITTY_TRANSFER=direct: nunca)"]),
        OptionSpec("--colors", value: .choice { (draft, setting: ColorsSetting) in draft.options.run.colors = setting },
                   english: ["colour depth: auto (from COLORTERM, TMUX and terminfo), or force truecolor, 256,",
                             "16 or 8"],
                   spanish: ["profundidad de color: auto (según COLORTERM, TMUX y terminfo), o fuerza truecolor,",
                             "256, 16 u 8"]),
        OptionSpec("--key-release",
                   value: .choice { (draft, setting: KeyReleaseSetting) in draft.options.run.keyRelease = setting },
                   english: ["auto: a held space ends on the terminal's key-release report where it sends one;",
                             "off: always tell a hold from key repeats"],
                   spanish: ["auto: el espacio mantenido termina con el aviso de tecla soltada si la terminal",
                             "lo envía; off: distingue siempre la pausa mantenida por las repeticiones"]),
        OptionSpec("--resume", value: .none { $0.options.run.resume = true },
                   english: ["start at the first story not seen to its end in an earlier run of DECK"],
                   spanish: ["empieza en la primera historia no vista hasta el final en una ejecución anterior"]),
        OptionSpec("--format", value: .choice { (draft, format: CheckFormat) in draft.format = format },
                   english: ["with --check: PATH:LINE:COLUMN: error: MESSAGE lines, or one JSON object a problem"],
                   spanish: ["con --check: líneas RUTA:LÍNEA:COLUMNA: error: MENSAJE, o un objeto JSON por problema"]),
        OptionSpec("--completions",
                   value: .choice { (draft, shell: CompletionShell) in draft.completions = shell },
                   english: ["print a completion script for that shell"],
                   spanish: ["imprime un script de completado para esa shell"]),
        OptionSpec("-h", "--help", value: .none { $0.help = true },
                   english: ["show this help"],
                   spanish: ["muestra esta ayuda"]),
        OptionSpec("--version", value: .none { $0.version = true },
                   english: ["show the version"],
                   spanish: ["muestra la versión"]),
    ]

    /// The option spelled `name` (a name or an alias), if any.
    static func spec(named name: String) -> OptionSpec? {
        byName[name]
    }

    private static let byName: [String: OptionSpec] = {
        var table: [String: OptionSpec] = [:]
        for spec in all {
            for name in spec.acceptedNames { table[name] = spec }
        }
        return table
    }()

    /// The option nearest to an unknown one, for "did you mean". Names are compared without their
    /// dashes (so `-check` finds `--check`), and closely: one edit for names of up to 5 letters, else two,
    /// so that `--nope` is not taken for `--once`. One-letter names are never suggested (`-v` is not `-h`).
    static func suggestion(for unknown: String) -> String? {
        let typed = String(unknown.drop { $0 == "-" })
        guard let found = KeySuggester.suggestion(for: typed, among: suggestible.map { $0.bare },
                                                  allowedEdits: { $0 <= 5 ? 1 : 2 }) else { return nil }
        return suggestible.first { $0.bare == found }?.name
    }

    /// Every accepted name of more than one letter, with and without its dashes.
    private static let suggestible: [(name: String, bare: String)] = all.flatMap { $0.acceptedNames }
        .map { ($0, String($0.drop { $0 == "-" })) }
        .filter { $0.bare.count > 1 }
}
