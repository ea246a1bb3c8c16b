/// Messages about decks that are not JSON: the wrong kind of file given as a deck, Markdown decks and folders.
extension DeckMessageCatalogue {
    /// What the program reads, said after "the file is empty" and after the wrong kind of file.
    static func whatIsRead(in language: Language) -> String {
        language == .english
            ? "stories-tui reads a JSON deck, a Markdown deck (.md) or a folder of pictures"
            : "stories-tui lee un mazo JSON, un mazo Markdown (.md) o una carpeta de imágenes"
    }

    /// The description of a problem of a deck that is not JSON, or nil for any other problem.
    static func describeSource(_ kind: DeckProblemKind, in language: Language) -> String? {
        let english = language == .english
        switch kind {
        case .notADeck(let found):
            return describe(notADeck: found, in: language)
        case .unclosedCodeBlock:
            return english
                ? "this code block is never closed: end it with a line of ``` (a line of --- inside it does not end the story)"
                : "este bloque de código no se cierra nunca: termínalo con una línea ``` (una línea --- dentro de él no termina la historia)"
        case .unclosedComment:
            return english
                ? "this comment is never closed: end it with -->"
                : "este comentario no se cierra nunca: termínalo con -->"
        case .secondPicture(let line):
            return english
                ? "a story shows one picture, and this story already has one (line \(line)); separate stories with a line of ---"
                : "una historia muestra una sola imagen, y esta ya tiene una (línea \(line)); separa las historias con una línea ---"
        default:
            return nil
        }
    }

    private static func describe(notADeck found: FileKind, in language: Language) -> String {
        let english = language == .english
        let name = found.formatName
        let article = englishArticle(found)
        if found.isPicture {
            return english
                ? "this is \(article) \(name) picture, not a deck; to play pictures, give their folder: stories-tui FOLDER"
                : "esto es una imagen \(name), no un mazo; para ver imágenes, indica su carpeta: stories-tui CARPETA"
        }
        if found.isVideo {
            return english
                ? "this is \(article) \(name) video, not a deck; to play videos and pictures, give their folder: stories-tui FOLDER"
                : "esto es un vídeo \(name), no un mazo; para ver vídeos e imágenes, indica su carpeta: stories-tui CARPETA"
        }
        switch found {
        case .markdown:
            return english
                ? "this looks like Markdown; name the file with .md (or .markdown) to play it as a Markdown deck"
                : "esto parece Markdown; pon al archivo la extensión .md (o .markdown) para verlo como mazo Markdown"
        case .text:
            return english
                ? "this is text, but not JSON (a JSON deck starts with { or [); \(whatIsRead(in: language)) (stories-tui --help shows one)"
                : "esto es texto, pero no JSON (un mazo JSON empieza por { o [); \(whatIsRead(in: language)) (stories-tui --help muestra uno)"
        case .yaml, .html, .xml:
            return english
                ? "this looks like \(name), not a deck; \(whatIsRead(in: language)) (stories-tui --help shows one)"
                : "esto parece \(name), no un mazo; \(whatIsRead(in: language)) (stories-tui --help muestra uno)"
        default:
            let what = found == .binary ? (english ? "a binary file" : "un archivo binario")
                : (english ? "\(article) \(name) file" : "un archivo \(name)")
            return english
                ? "this is \(what), not a deck; \(whatIsRead(in: language))"
                : "esto es \(what), no un mazo; \(whatIsRead(in: language))"
        }
    }

    /// "an" before a format name said with a vowel sound (MP4 is "em-pee-four", ELF "elf"), else "a".
    private static func englishArticle(_ kind: FileKind) -> String {
        switch kind {
        case .mp4, .executable: return "an"
        default: return "a"
        }
    }
}

/// Messages about folder decks: no pictures, and the notes on entries that could not be read.
extension DeckMessageCatalogue {
    static func noPictures(_ folder: String, unreadable: Int, in language: Language) -> [String] {
        let english = language == .english
        var lines = [english
            ? "\(folder) holds no picture or video to show (PNG, JPEG, GIF, WebP, MP4, MOV, WebM or MKV, directly in it) and no stories.json"
            : "\(folder) no tiene ninguna imagen ni vídeo que mostrar (PNG, JPEG, GIF, WebP, MP4, MOV, WebM o MKV, directamente en ella) ni stories.json"]
        if unreadable > 0 {
            lines.append(english
                ? "\(unreadable) entries could not be read (stories-tui --check FOLDER lists them)"
                : "\(unreadable) entradas no se pudieron leer (stories-tui --check CARPETA las lista)")
        }
        lines.append(english
            ? "give a folder of pictures, a JSON deck or a Markdown deck (.md)"
            : "indica una carpeta de imágenes, un mazo JSON o un mazo Markdown (.md)")
        return lines
    }

    static func message(for note: DeckNote, in language: Language) -> String {
        let english = language == .english
        switch note {
        case .unreadable(let entry):
            let reason = systemError(entry.errno ?? 0)
            return english
                ? "\(quoted(entry.name)) left out: it cannot be read (\(reason))"
                : "\(quoted(entry.name)) omitido: no se puede leer (\(reason))"
        }
    }
}
