import Glibc

/// The catalogue's part for pictures: why one cannot be shown.
extension Messages {
    func imageFailure(_ failure: ImageFailure) -> String {
        switch failure {
        case .missing:
            return pick("the file does not exist", "el archivo no existe")
        case .notRegularFile:
            return pick("not a regular file", "no es un archivo normal")
        case .unreadable(let code):
            let reason = String(cString: strerror(code))
            return pick("cannot be read (\(reason))", "no se puede leer (\(reason))")
        case .fileTooLarge(let bytes, let limit):
            return pick("\(bytes / 1_048_576) MiB, over the \(limit / 1_048_576) MiB limit",
                        "\(bytes / 1_048_576) MiB, más que el límite de \(limit / 1_048_576) MiB")
        case .tooManyPixels(let width, let height, let limit):
            return pick("\(width)×\(height) pixels, over the \(limit)-megapixel limit",
                        "\(width)×\(height) píxeles, más que el límite de \(limit) megapíxeles")
        case .notAnImage:
            return pick("not a PNG or JPEG picture", "no es una imagen PNG ni JPEG")
        case .undecodable(let reason):
            return pick("cannot be decoded (\(reason))", "no se puede decodificar (\(reason))")
        case .workerFailed(let reason):
            return pick("the picture helper failed (\(reason))", "el proceso de imágenes falló (\(reason))")
        }
    }
}
