/// Every message about loading a deck, in English and Spanish: the one place where their words live
/// (`DeckProblemKind` holds facts only).
///
/// A problem's message is its JSON path and what is wrong: `stories[2].duration: must be greater than 0 (got -1)`;
/// the path is left out for a syntax or encoding problem of the whole file, and reads `the deck` for a rule about
/// the whole deck. Names and deck text are quoted one way, `'x'`, through `MessageText.quoted` (cleaned and cut),
/// so nothing from a deck reaches a terminal as a control sequence.
enum DeckMessageCatalogue {
    // MARK: Problems

    /// `JSONPATH: description`, or the description alone (see the type's summary).
    static func message(for problem: DeckProblem, in language: Language) -> String {
        let description = describe(problem.kind, in: language)
        if !problem.path.isEmpty { return problem.path + ": " + description }
        if isAboutTheText(problem.kind) { return description }
        return (language == .english ? "the deck: " : "el mazo: ") + description
    }

    /// Whether a problem is about the text of the file (encoding, syntax) rather than a rule of the format.
    static func isAboutTheText(_ kind: DeckProblemKind) -> Bool {
        switch kind {
        case .invalidUTF8, .encodedAsUTF16, .emptyDocument, .emptyMarkdown, .syntax, .unterminatedString, .trailingComma, .comment,
             .singleQuotes, .unquotedKey, .missingComma, .secondTopLevelValue, .unescapedControlCharacter,
             .loneSurrogate, .nestedTooDeeply, .notFinite, .notADeck, .unclosedCodeBlock, .unclosedComment:
            return true
        default:
            return false
        }
    }

    static func describe(_ kind: DeckProblemKind, in language: Language) -> String {
        if let text = describeText(kind, in: language) { return text }
        if let text = describeSource(kind, in: language) { return text }
        return describeRule(kind, in: language)
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func describeRule(_ kind: DeckProblemKind, in language: Language) -> String {
        let english = language == .english
        switch kind {
        case .duplicateKey(let key, let line, let column):
            return english
                ? "duplicate key \(quoted(key)) (first at line \(line), column \(column))"
                : "clave repetida \(quoted(key)) (la primera está en la línea \(line), columna \(column))"
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
        case .notOneOf(let allowed, let got, let suggestion):
            let choices = list(allowed.map { quoted($0) }, in: language)
            return (english
                ? "must be \(choices) (got \(quoted(got)))"
                : "debe ser \(choices) (recibido \(quoted(got)))") + didYouMean(suggestion, in: language)
        case .invalidColor(let got, let suggestion, let gradientHint):
            let gradient = !gradientHint ? "" : english
                ? "; a gradient is 2 or 3 colours, top to bottom: an array in JSON, a list in Markdown (#ff0000, #0000ff)"
                : "; un degradado son 2 o 3 colores, de arriba abajo: una lista JSON, o en Markdown separados por comas (#ff0000, #0000ff)"
            if got.hasPrefix("#") {
                return (english
                    ? "a colour written with # needs six hexadecimal digits, #RRGGBB (got \(quoted(got)))"
                    : "un color escrito con # necesita seis dígitos hexadecimales, #RRGGBB (recibido \(quoted(got)))") + gradient
            }
            let names = DeckColor.names.prefix(8).joined(separator: ", ")
            return (english
                ? "must be a colour: \(names), each also as bright-NAME, or #RRGGBB (got \(quoted(got)))"
                : "debe ser un color: \(names), cada uno también como bright-NOMBRE, o #RRGGBB (recibido \(quoted(got)))")
                + gradient + didYouMean(suggestion, in: language)
        case .linkScheme(let got):
            return english
                ? "must be an http://, https:// or mailto: link (got \(quoted(got)))"
                : "debe ser un enlace http://, https:// o mailto: (recibido \(quoted(got)))"
        case .linkCharacter(let scalar):
            let name = codePoint(scalar)
            return english
                ? "holds \(name); a link may hold no control characters or spaces (write a space as %20)"
                : "contiene \(name); un enlace no puede contener caracteres de control ni espacios (escribe un espacio como %20)"
        case .linkTooLong(let length, let limit):
            return english
                ? "is too long (\(length) characters; a link may have at most \(limit))"
                : "es demasiado largo (\(length) caracteres; un enlace puede tener como máximo \(limit))"
        case .linkWithoutAddress:
            return english
                ? "names no address: write the host after // (https://example.com/page) or the address after mailto:"
                : "no indica ninguna dirección: escribe el host tras // (https://example.com/page) o la dirección tras mailto:"
        case .gradientCount(let count, let maximum):
            return english
                ? "a gradient needs from 2 to \(maximum) colours, top to bottom (got \(count))"
                : "un degradado necesita de 2 a \(maximum) colores, de arriba abajo (recibidos \(count))"
        case .unknownKey(let key, let suggestion):
            // A deck's own setting in a story or a group: say where it goes (in Markdown, the first block).
            if deckSettings.contains(key) {
                return english
                    ? "unknown key; \(quoted(key)) is a setting of the whole deck: put it at the top of the deck (in a Markdown deck, in the first block, before the first ---)"
                    : "clave desconocida; \(quoted(key)) es un ajuste de todo el mazo: ponlo al principio del mazo (en un mazo Markdown, en el primer bloque, antes del primer ---)"
            }
            return (english ? "unknown key" : "clave desconocida") + didYouMean(suggestion, in: language)
        case .missingStoriesOrGroups:
            return english
                ? "needs \(quoted("stories")) (an array of stories) or \(quoted("groups"))"
                : "necesita \(quoted("stories")) (una lista de historias) o \(quoted("groups"))"
        case .storiesAndGroupsTogether:
            return english
                ? "\(quoted("stories")) and \(quoted("groups")) cannot be used together; use one of them"
                : "\(quoted("stories")) y \(quoted("groups")) no pueden usarse juntos; usa solo uno"
        case .missingKey(let key):
            return english ? "missing required key \(quoted(key))" : "falta la clave obligatoria \(quoted(key))"
        case .noStories:
            return english ? "must hold at least one story" : "debe contener al menos una historia"
        case .noGroups:
            return english ? "must hold at least one group" : "debe contener al menos un grupo"
        case .emptyID:
            return english ? "must not be empty" : "no puede estar vacío"
        case .nothingToShow:
            let keys = list(["title", "caption", "art", "image", "video"].map { quoted($0) }, in: language)
            return english
                ? "has nothing to show; give it a \(keys) that is not blank"
                : "no tiene nada que mostrar; dale un \(keys) que no esté en blanco"
        case .imageAndVideo:
            return english
                ? "a story shows one picture: give it an \(quoted("image")) or a \(quoted("video")), not both"
                : "una historia muestra una sola imagen: dale \(quoted("image")) o \(quoted("video")), no los dos"
        case .duplicateID(let id, let firstPath, let firstIsDefault):
            if firstIsDefault {
                return english
                    ? "duplicate id \(quoted(id)): it is already the default id (the position) of \(firstPath)"
                    : "id repetido \(quoted(id)): ya es el id por defecto (la posición) de \(firstPath)"
            }
            return english
                ? "duplicate id \(quoted(id)), already used by \(firstPath)"
                : "id repetido \(quoted(id)), ya usado en \(firstPath)"
        case .defaultIDTaken(let id, let byPath):
            return english
                ? "its default id \(quoted(id)) (its position) is already used by \(byPath); give this story an id"
                : "su id por defecto \(quoted(id)) (su posición) ya se usa en \(byPath); dale un id a esta historia"
        case .startNotPosition(let got):
            return english
                ? "must be a story id or a whole number of 1 or more (got \(number(got)))"
                : "debe ser un id de historia o un número entero de 1 en adelante (recibido \(number(got)))"
        case .startUnknownID(let id):
            return english ? "no story has the id \(quoted(id))" : "ninguna historia tiene el id \(quoted(id))"
        case .startOutOfRange(let got, let count):
            let stories = english
                ? (count == 1 ? "1 story" : "\(count) stories")
                : (count == 1 ? "1 historia" : "\(count) historias")
            return english
                ? "names story \(number(got)), but the deck has \(stories)"
                : "indica la historia \(number(got)), pero el mazo tiene \(stories)"
        case .image(let problem, let path):
            return english
                ? "cannot show the image \(file(path, in: language)): \(describe(problem, in: language))"
                : "no se puede mostrar la imagen \(file(path, in: language)): \(describe(problem, in: language))"
        case .video(let problem, let path):
            return english
                ? "cannot play the video \(file(path, in: language)): \(describe(problem, in: language))"
                : "no se puede reproducir el vídeo \(file(path, in: language)): \(describe(problem, in: language))"
        default:
            return describeText(kind, in: language) ?? ""
        }
    }

    static func describe(_ problem: ImageProblem, in language: Language) -> String {
        let english = language == .english
        switch problem {
        case .missing:
            return english ? "no such file" : "no existe"
        case .notRegularFile:
            return english
                ? "not a regular file (a folder, FIFO or device)"
                : "no es un archivo normal (es una carpeta, FIFO o dispositivo)"
        case .unreadable(let code):
            return english ? "cannot be read: \(systemError(code))" : "no se puede leer: \(systemError(code))"
        case .fileTooLarge(let bytes, let limit):
            return english
                ? "the file is too large (\(bytes) bytes; at most \(size(limit)))"
                : "el archivo es demasiado grande (\(bytes) bytes; como máximo \(size(limit)))"
        case .tooManyPixels(let width, let height, let limit):
            return english
                ? "too many pixels (\(width)×\(height); an image may have at most \(limit) megapixels)"
                : "demasiados píxeles (\(width)×\(height); una imagen puede tener como máximo \(limit) megapíxeles)"
        case .tooManyFrames(let limit):
            return english
                ? "too many frames (a moving picture may have at most \(limit))"
                : "demasiados fotogramas (una imagen animada puede tener como máximo \(limit))"
        case .notAnImage:
            return english
                ? "not a PNG, JPEG, GIF or WebP image (by its first bytes, whatever its name)"
                : "no es una imagen PNG, JPEG, GIF ni WebP (por sus primeros bytes, sea cual sea su nombre)"
        case .undecodable(let reason):
            return english
                ? "the image cannot be decoded (\(MessageText.clean(reason, width: MessageText.pathWidth)))"
                : "la imagen no se puede decodificar (\(MessageText.clean(reason, width: MessageText.pathWidth)))"
        case .helperFailed(let reason):
            return english
                ? "the image helper failed on it (\(MessageText.clean(reason, width: MessageText.pathWidth)))"
                : "el proceso de imágenes falló con ella (\(MessageText.clean(reason, width: MessageText.pathWidth)))"
        case .videoLibrariesMissing:
            let install = "apt install " + VideoLimits.installPackages.joined(separator: " ")
            return english ? "FFmpeg is missing: \(install)" : "falta FFmpeg: \(install)"
        case .noVideoStream:
            return english
                ? "the file has no video stream (sound only: a terminal plays no sound)"
                : "el archivo no tiene pista de vídeo (solo sonido: una terminal no reproduce sonido)"
        case .videoTooLong(let seconds, let limit):
            return english
                ? "the video is too long (\(seconds) s; a video may last at most \(limit) s)"
                : "el vídeo es demasiado largo (\(seconds) s; un vídeo puede durar como máximo \(limit) s)"
        }
    }

    /// The deck's keys that only the deck takes and that set how it plays (`strategy`, `leeway`, `start`).
    static let deckSettings = Set(DeckValidator.deckKeys).subtracting(DeckValidator.storyKeys)
        .subtracting(["stories", "groups", "$schema"])

    /// `; did you mean 'x'?`, or nothing without a suggestion.
    static func didYouMean(_ suggestion: String?, in language: Language) -> String {
        guard let suggestion else { return "" }
        return language == .english ? "; did you mean \(quoted(suggestion))?" : "; ¿quisiste decir \(quoted(suggestion))?"
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
}
