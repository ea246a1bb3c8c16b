/// Messages about the text of a deck file: its encoding and its JSON syntax, each named by its cause.
extension DeckMessageCatalogue {
    /// The description of an encoding or syntax problem, or nil for a rule of the format.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    static func describeText(_ kind: DeckProblemKind, in language: Language) -> String? {
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
                ? "the file is empty; a deck is a JSON array of stories, or an object with \(quoted("stories")) or \(quoted("groups")); \(whatIsRead(in: language))"
                : "el archivo está vacío; un mazo es una lista JSON de historias, o un objeto con \(quoted("stories")) o \(quoted("groups")); \(whatIsRead(in: language))"
        case .emptyMarkdown:
            return english
                ? "the file is empty; a Markdown deck is stories between lines of ---, each a # title, a caption, a picture ![alt](path) or <!-- key: value --> settings; \(whatIsRead(in: language))"
                : "el archivo está vacío; un mazo Markdown son historias entre líneas ---, cada una un # título, un texto, una imagen ![alt](ruta) o ajustes <!-- clave: valor -->; \(whatIsRead(in: language))"
        case .syntax(let expected, let found):
            return english
                ? "expected \(describe(expected, in: language)), found \(describe(found, in: language))"
                : "se esperaba \(describe(expected, in: language)), se encontró \(describe(found, in: language))"
        case .unterminatedString(let line, let column, let atEndOfFile):
            if atEndOfFile {
                return english
                    ? "unterminated string (it starts at line \(line), column \(column)): the file ends before its closing \""
                    : "texto sin cerrar (empieza en la línea \(line), columna \(column)): el archivo termina antes de la \" que lo cierra"
            }
            return english
                ? "unterminated string (it starts at line \(line), column \(column)): end it with \" before the line break, or write the line break as \\n"
                : "texto sin cerrar (empieza en la línea \(line), columna \(column)): ciérralo con \" antes del salto de línea, o escribe el salto como \\n"
        case .trailingComma:
            return english
                ? "trailing comma: JSON allows no ',' after the last item; remove it"
                : "coma final: JSON no admite ',' tras el último elemento; quítala"
        case .comment:
            return english
                ? "comments are not JSON; remove the comment"
                : "los comentarios no son JSON; quita el comentario"
        case .singleQuotes:
            return english
                ? "strings and keys take double quotes (\"), not single quotes (')"
                : "los textos y las claves van entre comillas dobles (\"), no simples (')"
        case .unquotedKey(let word):
            let key = MessageText.clean(word)
            return english
                ? "the key \(quoted(word)) needs double quotes: \"\(key)\""
                : "la clave \(quoted(word)) necesita comillas dobles: \"\(key)\""
        case .missingComma(let beforeKey):
            if beforeKey {
                return english ? "missing ',' before this key" : "falta ',' antes de esta clave"
            }
            return english ? "missing ',' before this value" : "falta ',' antes de este valor"
        case .secondTopLevelValue:
            return english
                ? "a second value after the end of the deck; a deck is one JSON array or object (put the stories in one array)"
                : "un segundo valor tras el final del mazo; un mazo es una sola lista u objeto JSON (pon las historias en una lista)"
        case .unescapedControlCharacter(let value):
            let escape = "\\u" + String(codePoint(value).dropFirst(2)).lowercased()
            return english
                ? "control character \(codePoint(value)) inside a string; write it as the escape \(escape)"
                : "carácter de control \(codePoint(value)) dentro de un texto; escríbelo como el escape \(escape)"
        case .loneSurrogate(let value):
            return english
                ? "the '\\u' escape \(codePoint(value)) is half of a surrogate pair without its other half"
                : "el escape '\\u' \(codePoint(value)) es media pareja sustituta sin la otra mitad"
        case .nestedTooDeeply(let limit):
            return english
                ? "nested too deeply (more than \(limit) levels of arrays and objects)"
                : "anidado a demasiada profundidad (más de \(limit) niveles de listas y objetos)"
        case .notFinite(let text):
            return english
                ? "must be a finite number (got \(MessageText.clean(text)))"
                : "debe ser un número finito (recibido \(MessageText.clean(text)))"
        default:
            return nil
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
        case .colon: return "':'"
        case .commaOrClosingBracket: return english ? "',' or ']'" : "',' o ']'"
        case .commaOrClosingBrace: return english ? "',' or '}'" : "',' o '}'"
        case .digit: return english ? "a digit" : "un dígito"
        case .hexDigit: return english ? "a hexadecimal digit" : "un dígito hexadecimal"
        case .escape:
            return english
                ? "one of \" \\ / b f n r t u after a backslash"
                : "uno de \" \\ / b f n r t u tras una barra invertida"
        case .endOfInput: return english ? "the end of the file" : "el final del archivo"
        }
    }

    static func describe(_ token: SyntaxToken, in language: Language) -> String {
        switch token {
        case .endOfInput: return language == .english ? "the end of the file" : "el final del archivo"
        case .text(let text): return quoted(text)
        case .scalar(let value): return codePoint(value)
        }
    }
}
