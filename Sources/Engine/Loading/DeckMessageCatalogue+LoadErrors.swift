#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages about a deck that could not be read, and the pieces every message is made of.
extension DeckMessageCatalogue {
    /// The error as lines for a person: what went wrong, then what to do; for an invalid deck, each problem
    /// with its position in words (`… (line 4, column 32)`) and the count of problems left out.
    static func lines(for error: DeckLoadError, in language: Language) -> [String] {
        let english = language == .english
        switch error {
        case .notFound(let path):
            return english
                ? ["cannot open \(file(path, in: language)): no such file",
                   "check the path, or give - to read the deck from standard input"]
                : ["no se puede abrir \(file(path, in: language)): no existe",
                   "comprueba la ruta, o usa - para leer el mazo de la entrada estándar"]
        case .isDirectory(let path):
            return english
                ? ["\(file(path, in: language)) is a folder, not a deck file", "give the path of a JSON deck file"]
                : ["\(file(path, in: language)) es una carpeta, no un archivo de mazo",
                   "indica la ruta de un archivo de mazo JSON"]
        case .permissionDenied(let path):
            return english
                ? ["cannot open \(file(path, in: language)): permission denied",
                   "check that you may read it (ls -l)"]
                : ["no se puede abrir \(file(path, in: language)): permiso denegado",
                   "comprueba que tienes permiso de lectura (ls -l)"]
        case .tooLarge(let path, let limit):
            return english
                ? ["\(file(path, in: language)) is too large: a deck may be at most \(size(limit))"]
                : ["\(file(path, in: language)) es demasiado grande: un mazo puede ocupar como máximo \(size(limit))"]
        case .cannotOpen(let path, let code):
            return english
                ? ["cannot open \(file(path, in: language)): \(systemError(code))"]
                : ["no se puede abrir \(file(path, in: language)): \(systemError(code))"]
        case .readFailed(let path, let code):
            return english
                ? ["cannot read \(file(path, in: language)): \(systemError(code))"]
                : ["no se puede leer \(file(path, in: language)): \(systemError(code))"]
        case .noPictures(let path, let unreadable):
            return noPictures(file(path, in: language), unreadable: unreadable, in: language)
        case .invalid(let problems, let omitted):
            return problems.map { problem in
                let text = problem.message(in: language)
                guard let line = problem.line, let column = problem.column else { return text }
                return english ? "\(text) (line \(line), column \(column))" : "\(text) (línea \(line), columna \(column))"
            } + (omitted > 0 ? [moreProblems(omitted, in: language)] : [])
        }
    }

    /// The line after the problems listed when there were more.
    static func moreProblems(_ count: Int, in language: Language) -> String {
        let shown = DeckLimits.maximumReportedProblems
        switch language {
        case .english:
            return count == 1
                ? "and 1 more problem (only the first \(shown) are listed)"
                : "and \(count) more problems (only the first \(shown) are listed)"
        case .spanish:
            return count == 1
                ? "y 1 problema más (solo se muestran los \(shown) primeros)"
                : "y \(count) problemas más (solo se muestran los \(shown) primeros)"
        }
    }

    // MARK: Pieces

    /// A file named in a message: standard input for `-`, else the path quoted, cleaned and cut.
    static func file(_ path: String, in language: Language) -> String {
        if path == "-" { return language == .english ? "standard input" : "la entrada estándar" }
        return MessageText.quoted(path, width: MessageText.pathWidth)
    }

    /// A name or deck text in a message: `'title'`.
    static func quoted(_ text: String) -> String {
        MessageText.quoted(text)
    }

    /// `U+000A`.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A number as a person writes it: `5`, `-1`, `0.5`, `86400` (no trailing `.0`).
    static func number(_ value: Double) -> String {
        NumberText.plain(value)
    }

    /// `4 GiB`, `16 MiB`, or bytes when not a whole number of MiB.
    static func size(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024, gibibyte = 1024 * mebibyte
        if bytes > 0, bytes % gibibyte == 0 { return "\(bytes / gibibyte) GiB" }
        return bytes % mebibyte == 0 ? "\(bytes / mebibyte) MiB" : "\(bytes) bytes"
    }

    static func list(_ items: [String], in language: Language) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        let conjunction = language == .english ? " or " : " o "
        return items.dropLast().joined(separator: ", ") + conjunction + last
    }

    /// The system's description of `code`, with the number (the words may be in the C library's language).
    static func systemError(_ code: Int32) -> String {
        let description = strerror(code).map { String(cString: $0) } ?? "error"
        return MessageText.clean(description, width: MessageText.pathWidth) + " (errno \(code))"
    }
}
