#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every message about loading a deck, in English and Spanish: the one place where their words live.
///
/// A problem reads `PATH: message (line L, column C)`. Deck text quoted in a message (keys, values, ids, paths)
/// goes through `TextSanitizer.quoted`, so nothing from a deck reaches a terminal as a control sequence.
enum DeckMessageCatalogue {
    // MARK: Problems

    static func message(for problem: DeckProblem, in language: Language) -> String {
        var text = problem.path + ": " + describe(problem.kind, in: language)
        if let line = problem.line, let column = problem.column {
            switch language {
            case .english: text += " (line \(line), column \(column))"
            case .spanish: text += " (línea \(line), columna \(column))"
            }
        }
        return text
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func describe(_ kind: DeckProblemKind, in language: Language) -> String {
        let english = language == .english
        switch kind {
        case .invalidUTF8(let offset):
            return english
                ? "not valid UTF-8 at byte offset \(offset); save the deck as UTF-8"
                : "no es UTF-8 válido en el byte \(offset) (contando desde 0); guarda el mazo como UTF-8"
        case .encodedAsUTF16(let bigEndian):
            let order = bigEndian ? "big-endian" : "little-endian"
            return english
                ? "the deck must be UTF-8, but this file is UTF-16 (\(order)); save it as UTF-8"
                : "el mazo debe estar en UTF-8, pero este archivo está en UTF-16 (\(order)); guárdalo como UTF-8"
        case .emptyDocument:
            return english
                ? "the file is empty; a deck is a JSON array of stories, or an object with `stories` or `groups`"
                : "el archivo está vacío; un mazo es una lista JSON de historias, o un objeto con `stories` o `groups`"
        case .syntax(let expected, let found):
            return english
                ? "expected \(describe(expected, in: language)), found \(describe(found, in: language))"
                : "se esperaba \(describe(expected, in: language)), se encontró \(describe(found, in: language))"
        case .unescapedControlCharacter(let value):
            return english
                ? "control character \(codePoint(value)) inside a string; write it as an escape such as `\\n`"
                : "carácter de control \(codePoint(value)) dentro de un texto; escríbelo como un escape, p. ej. `\\n`"
        case .loneSurrogate(let value):
            return english
                ? "`\\u` escape \(codePoint(value)) is half of a surrogate pair without its other half"
                : "el escape `\\u` \(codePoint(value)) es media pareja sustituta sin la otra mitad"
        case .nestedTooDeeply(let limit):
            return english
                ? "nested too deeply (more than \(limit) levels of arrays and objects)"
                : "anidado a demasiada profundidad (más de \(limit) niveles de listas y objetos)"
        case .duplicateKey(let key, let line, let column):
            return english
                ? "duplicate key `\(quote(key))` (first at line \(line), column \(column))"
                : "clave repetida `\(quote(key))` (la primera está en la línea \(line), columna \(column))"
        case .notFinite(let text):
            return english
                ? "must be a finite number (got \(quote(text)))"
                : "debe ser un número finito (recibido \(quote(text)))"
        case .wrongType(let expected, let got):
            let types = list(expected.map { article($0, in: language) }, in: language)
            return english
                ? "must be \(types) (got \(article(got, in: language)))"
                : "debe ser \(types) (recibido \(article(got, in: language)))"
        case .mustBeGreaterThan(let limit, let got):
            return english
                ? "must be greater than \(number(limit)) (got \(number(got)))"
                : "debe ser mayor que \(number(limit)) (recibido \(number(got)))"
        case .mustBeAtLeast(let limit, let got):
            return english
                ? "must be at least \(number(limit)) (got \(number(got)))"
                : "debe ser al menos \(number(limit)) (recibido \(number(got)))"
        case .mustBeAtMost(let limit, let got):
            return english
                ? "must be at most \(number(limit)) (got \(number(got)))"
                : "debe ser como máximo \(number(limit)) (recibido \(number(got)))"
        case .notOneOf(let allowed, let got):
            let choices = list(allowed.map { "`\($0)`" }, in: language)
            return english
                ? "must be \(choices) (got `\(quote(got))`)"
                : "debe ser \(choices) (recibido `\(quote(got))`)"
        case .unknownKey(_, let suggestion):
            guard let suggestion else { return english ? "unknown key" : "clave desconocida" }
            return english
                ? "unknown key; did you mean `\(suggestion)`?"
                : "clave desconocida; ¿quisiste decir `\(suggestion)`?"
        case .missingStoriesOrGroups:
            return english
                ? "needs `stories` (an array of stories) or `groups`"
                : "necesita `stories` (una lista de historias) o `groups`"
        case .storiesAndGroupsTogether:
            return english
                ? "`stories` and `groups` cannot be used together; use one of them"
                : "`stories` y `groups` no pueden usarse juntos; usa solo uno"
        case .missingKey(let key):
            return english ? "missing required key `\(key)`" : "falta la clave obligatoria `\(key)`"
        case .noStories:
            return english ? "must hold at least one story" : "debe contener al menos una historia"
        case .noGroups:
            return english ? "must hold at least one group" : "debe contener al menos un grupo"
        case .emptyID:
            return english ? "must not be empty" : "no puede estar vacío"
        case .nothingToShow:
            return english
                ? "has nothing to show; give it a `title`, `caption`, `art` or `image`"
                : "no tiene nada que mostrar; dale un `title`, `caption`, `art` o `image`"
        case .duplicateID(let id, let firstPath, let firstIsDefault):
            if firstIsDefault {
                return english
                    ? "duplicate id `\(quote(id))`: it is already the default id (the position) of \(firstPath)"
                    : "id repetido `\(quote(id))`: ya es el id por defecto (la posición) de \(firstPath)"
            }
            return english
                ? "duplicate id `\(quote(id))`, already used by \(firstPath)"
                : "id repetido `\(quote(id))`, ya usado en \(firstPath)"
        case .defaultIDTaken(let id, let byPath):
            return english
                ? "its default id `\(quote(id))` (its position) is already used by \(byPath); give this story an id"
                : "su id por defecto `\(quote(id))` (su posición) ya se usa en \(byPath); dale un id a esta historia"
        case .startNotPosition(let got):
            return english
                ? "must be a story id or a whole number of 1 or more (got \(number(got)))"
                : "debe ser un id de historia o un número entero de 1 en adelante (recibido \(number(got)))"
        case .startUnknownID(let id):
            return english
                ? "no story has the id `\(quote(id))`"
                : "ninguna historia tiene el id `\(quote(id))`"
        case .startOutOfRange(let got, let count):
            let stories = english
                ? (count == 1 ? "1 story" : "\(count) stories")
                : (count == 1 ? "1 historia" : "\(count) historias")
            return english
                ? "names story \(number(got)), but the deck has \(stories)"
                : "indica la historia \(number(got)), pero el mazo tiene \(stories)"
        }
    }

    static func describe(_ expectation: SyntaxExpectation, in language: Language) -> String {
        let english = language == .english
        switch expectation {
        case .value:
            return english
                ? "a value (an object, array, string, number, true, false or null)"
                : "un valor (objeto, lista, texto, número, true, false o null)"
        case .key: return english ? "a key in double quotes" : "una clave entre comillas dobles"
        case .colon: return "`:`"
        case .commaOrClosingBracket: return english ? "`,` or `]`" : "`,` o `]`"
        case .commaOrClosingBrace: return english ? "`,` or `}`" : "`,` o `}`"
        case .digit: return english ? "a digit" : "un dígito"
        case .hexDigit: return english ? "a hexadecimal digit" : "un dígito hexadecimal"
        case .escape:
            return english
                ? "one of `\"` `\\` `/` `b` `f` `n` `r` `t` `u` after a backslash"
                : "uno de `\"` `\\` `/` `b` `f` `n` `r` `t` `u` tras una barra invertida"
        case .closingQuote: return english ? "`\"` to end the string" : "`\"` para cerrar el texto"
        case .endOfInput: return english ? "the end of the file" : "el final del archivo"
        }
    }

    static func describe(_ token: SyntaxToken, in language: Language) -> String {
        switch token {
        case .endOfInput: return language == .english ? "the end of the file" : "el final del archivo"
        case .text(let text): return "`\(quote(text))`"
        case .scalar(let value): return codePoint(value)
        }
    }

    static func article(_ type: DeckValueType, in language: Language) -> String {
        let english = language == .english
        switch type {
        case .string: return english ? "a string" : "un texto"
        case .number: return english ? "a number" : "un número"
        case .integer: return english ? "a whole number" : "un número entero"
        case .boolean: return english ? "true or false" : "true o false"
        case .null: return "null"
        case .array: return english ? "an array" : "una lista"
        case .object: return english ? "an object" : "un objeto"
        }
    }

    // MARK: Load errors

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
        case .invalid(let problems, let omitted):
            return problems.map { $0.message(in: language) } + (omitted > 0 ? [moreProblems(omitted, in: language)] : [])
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

    /// A file named in a message: standard input for `-`, else the sanitised, shortened path in backticks.
    static func file(_ path: String, in language: Language) -> String {
        if path == "-" { return language == .english ? "standard input" : "la entrada estándar" }
        return "`" + TextSanitizer.quoted(path, limit: 120) + "`"
    }

    static func quote(_ text: String) -> String {
        TextSanitizer.quoted(text)
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

    /// `16 MiB`, or bytes when not a whole number of MiB.
    static func size(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024
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
        return TextSanitizer.quoted(description, limit: 120) + " (errno \(code))"
    }
}
