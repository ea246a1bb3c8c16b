import Engine

/// The catalogue: every word the program prints, in English and Spanish. No message text is
/// built anywhere else.
package struct Messages: Sendable {
    package let language: Language

    package init(language: Language) {
        self.language = language
    }

    package func pick(_ english: String, _ spanish: String) -> String {
        language == .spanish ? spanish : english
    }

    // MARK: Screen

    package var paused: String { pick("Paused", "En pausa") }
    package var tooSmall: String { pick("Terminal too small", "Terminal demasiado pequeña") }
    /// The second half of the too-small message: the smallest size drawn.
    package func minimumSize(width: Int, height: Int, ascii: Bool) -> String {
        let size = "\(width)\(ascii ? "x" : "×")\(height)"
        return pick("at least \(size)", "mínimo \(size)")
    }
    /// The too-small message in one line, where the width holds it (SPEC 3): `Terminal too small, at least 20×6`.
    package func tooSmallLine(width: Int, height: Int, ascii: Bool) -> String {
        tooSmall + ", " + minimumSize(width: width, height: height, ascii: ascii)
    }
    /// The leeway counting down on the second row.
    package func startsIn(seconds: Int) -> String { pick("Starts in \(seconds)", "Empieza en \(seconds)") }
    /// After a caption cut short: the key that shows it whole follows.
    package var more: String { pick("more", "más") }
    package var helpTitle: String { pick("Keys", "Teclas") }
    package var storyListTitle: String { pick("Stories", "Historias") }
    /// The title of the whole-caption panel for a story without a title.
    package var captionTitle: String { pick("Caption", "Texto") }

    /// The last line of a panel, in parts that wrap whole: how to scroll (when it scrolls), move
    /// and jump (the list), close and quit.
    package func panelFooter(closeKeys: String, scrolls: Bool, list: Bool = false, ascii: Bool) -> [String] {
        var parts: [String] = []
        let arrows = ascii ? pick("Up/Down", "Arriba/Abajo") : "↑↓"
        if list {
            parts.append(pick("\(arrows) move", "\(arrows) mover"))
            parts.append(pick("Enter jump", "Enter saltar"))
        } else if scrolls {
            parts.append(pick("\(arrows) scroll", "\(arrows) desplazar"))
        }
        parts.append(pick("\(closeKeys) close", "\(closeKeys) cerrar"))
        parts.append(pick("q quit", "q salir"))
        return parts
    }

    package func image(_ path: String) -> String { pick("[image: \(path)]", "[imagen: \(path)]") }
    /// A moving picture in plain text, with one run's length: `[animation: a spinning globe, 1.2s]`.
    package func animation(_ text: String, length: Double) -> String {
        pick("[animation: \(text), \(duration(length))]", "[animación: \(text), \(duration(length))]")
    }
    /// A video story's stand-in (plain mode, its alt text while no frame is drawn, the story list); in plain mode with
    /// one run's length when it is known, as an animation's: `[video: colour bars, 2s]`.
    package func video(_ text: String, length: Double? = nil) -> String {
        let shown = length.map { "\(text), \(duration($0))" } ?? text
        return pick("[video: \(shown)]", "[vídeo: \(shown)]")
    }
    /// A story's picture stand-in: `[image: …]`, or `[video: …]` for a video.
    package func picture(_ text: String, of story: Story) -> String { story.isVideo ? video(text) : image(text) }
    /// Why a picture cannot be shown, under its alt text: the words `--check` uses (`no such file`); a missing
    /// file is named, as written in the deck (the alt text above it says what it shows, not where it is).
    package func pictureProblem(_ problem: ImageProblem, path: String? = nil) -> String {
        guard problem == .missing, let path, !path.isEmpty else { return problem.message(in: language) }
        return problem.message(in: language) + ": " + path
    }

    /// The story list's preview of a story with nothing to quote (art without a title, caption or alt).
    package var artPreview: String { pick("(art)", "(dibujo)") }

    /// A duration as the story list shows it: `5s`, `2.5s`, `1m 30s`, `1h 5m`.
    package func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "" }
        if seconds < 60 {
            let tenths = (seconds * 10).rounded()
            let whole = tenths.truncatingRemainder(dividingBy: 10) == 0
            return whole ? "\(Int(tenths / 10))s" : "\(Int(tenths) / 10).\(Int(tenths) % 10)s"
        }
        let total = Int(seconds.rounded())
        let hours = total / 3600, minutes = total % 3600 / 60, rest = total % 60
        if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
        return rest > 0 ? "\(minutes)m \(rest)s" : "\(minutes)m"
    }

    package func reloadFailed(_ detail: String) -> String {
        // Short, so that the problem itself fits on the line; the last good deck stays on screen.
        pick("Reload failed: \(detail)", "Error al recargar: \(detail)")
    }

    /// The seen-stories file could not be read as one: it is ignored (and replaced at the next write).
    package func seenStoriesDamaged(path: String) -> String {
        pick("Seen stories start afresh: \(path) was damaged.",
             "Las historias vistas empiezan de cero: \(path) estaba dañado.")
    }

    /// The seen-stories file or its folder cannot be read or written: this run is not remembered.
    package func seenStoriesUnusable(path: String, reason: String) -> String {
        pick("Seen stories are not remembered: cannot use \(path) (\(reason)).",
             "Las historias vistas no se recuerdan: no se puede usar \(path) (\(reason)).")
    }

    /// Why a file the program reads or writes by itself is left alone: it is a FIFO, a device…
    package func notARegularFile(_ found: FileType) -> String {
        pick("it is \(fileType(found)), not a regular file", "es \(fileType(found)), no un archivo normal")
    }

    /// Why there is no folder for seen stories at all.
    package var noStateFolder: String { pick("neither XDG_STATE_HOME nor HOME is set", "no hay XDG_STATE_HOME ni HOME") }

    /// The help overlay: each row's keys (from the key-binding table) and what they do, then the mouse.
    package func helpEntries(ascii: Bool) -> [(keys: String, action: String)] {
        let space = pick("space", "espacio")
        return HelpRow.all.map { row in
            (row.label(ascii: ascii, spaceName: space), helpDescription(row.actions.first ?? .quit))
        } + [(pick("mouse", "ratón"),
              pick("click left/right half: previous/next; hold: pause; in a panel: click picks, wheel scrolls",
                   "clic mitad izquierda/derecha: anterior/siguiente; mantener: pausa; "
                       + "en un panel: clic elige, rueda desplaza"))]
    }

    /// What a help row does, named by its first action.
    package func helpDescription(_ action: ViewerAction) -> String {
        switch action {
        case .next: return pick("next story", "historia siguiente")
        case .previous: return pick("previous story", "historia anterior")
        case .hold: return pick("hold: pause while held; tap: pause/resume",
                                "mantener: pausa mientras se mantiene; pulsar: pausa/reanudar")
        case .togglePause: return pick("pause/resume", "pausa/reanudar")
        case .nextGroup, .previousGroup: return pick("next/previous group", "grupo siguiente/anterior")
        case .first, .last: return pick("first/last story", "primera/última historia")
        case .storyList: return pick("story list", "lista de historias")
        case .caption: return pick("the whole caption", "el texto entero")
        case .help: return pick("this help", "esta ayuda")
        case .reload: return pick("reload the deck", "recargar el mazo")
        case .quit, .interrupt, .abort: return pick("quit", "salir")
        case .pause, .resume, .suspend, .close, .choose, .lineDown, .lineUp, .pageDown, .pageUp, .top, .bottom:
            // Not on the story screen: the panels name theirs in their last line, control lines in the man page.
            return ""
        }
    }

    /// `--help`'s key list: each help row's keys and a word or two, in lines of at most 80 columns.
    package var keyList: String {
        let space = pick("space", "espacio")
        let rows = HelpRow.all.map { row in
            row.label(ascii: false, spaceName: space, between: " / ") + " " + keyListName(row.actions.first ?? .quit)
        }
        // A row is never split: the parts are the rows, each with its comma (the last with a full stop).
        let parts = rows.indices.map { rows[$0] + ($0 == rows.count - 1 ? "." : ",") }
        return TextWrapper.join([pick("Keys:", "Teclas:")] + parts, separator: " ", width: 80).joined(separator: "\n")
    }

    /// What a help row does, in `--help`'s few words.
    private func keyListName(_ action: ViewerAction) -> String {
        switch action {
        case .hold: return pick("hold/tap to pause", "mantener/pulsar pausa")
        case .togglePause: return pick("pause", "pausa")
        case .nextGroup, .previousGroup: return pick("groups", "grupos")
        case .storyList: return pick("story list", "lista")
        case .caption: return pick("whole caption", "texto entero")
        case .help: return pick("help", "ayuda")
        case .reload: return pick("reload", "recargar")
        case .next: return pick("next", "siguiente")
        case .previous: return pick("previous", "anterior")
        case .first, .last: return pick("first/last", "primera/última")
        default: return helpDescription(action)
        }
    }

    package var cannotReloadStandardInput: String {
        pick("A deck read from standard input cannot be reloaded.",
             "Un mazo leído de la entrada estándar no se puede recargar.")
    }
}
