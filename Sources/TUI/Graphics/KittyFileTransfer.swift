import ViewerCore

/// A kitty picture made for a temporary file (`PixelPayload.kittyTransmission == .file`: the command's keys up
/// to their `;`, then the file's data) turned into what the terminal is sent at display time
/// (docs/IMAGES.md, "Kitty pictures by file"): the data in a new temporary file (`KittyTemporaryFiles`; a picture
/// shown again writes a new one, as kitty deletes each file it read) and the keys with the file's path in
/// base64, one short command; where no file could be written, the same data directly (`t=d`, base64 in chunks),
/// which the writer sends in pieces as any large picture.
enum KittyFileTransfer {
    /// The base64 characters of one direct chunk (the encoder's `CIMG_KITTY_CHUNK`).
    static let chunkCharacters = 4096

    /// The command that transmits and places `payload`'s picture, by a new file, else directly.
    static func command(_ payload: [UInt8], files: (ArraySlice<UInt8>) -> String? = KittyTemporaryFiles.create)
        -> [UInt8] {
        guard let separator = payload.firstIndex(of: UInt8(ascii: ";")) else { return [] }
        let keys = payload[..<separator]
        let data = payload[(separator + 1)...]
        if let path = files(data) {
            return Array(keys) + [UInt8(ascii: ";")] + Base64.encode(Array(path.utf8)) + [0x1B, UInt8(ascii: "\\")]
        }
        return direct(keys: keys, data: data)
    }

    /// `data` sent directly under `keys` (their `t=t` dropped): base64 in chunks of `chunkCharacters`, the first
    /// with the keys and `m=1`, the rest `m=1,q=2`, the last `m=0` (as the encoder writes a direct picture).
    static func direct(keys: ArraySlice<UInt8>, data: ArraySlice<UInt8>) -> [UInt8] {
        let kept = keys.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .filter { !$0.elementsEqual("t=t".utf8) }
        let head = Array(kept.joined(separator: [UInt8(ascii: ",")]))
        let encoded = Base64.encode(data)
        var out: [UInt8] = []
        out.reserveCapacity(encoded.count + encoded.count / chunkCharacters * 16 + head.count + 16)
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkCharacters)
            let more = end < encoded.count ? "1" : "0"
            out += start == 0 ? head + Array(",m=\(more);".utf8) : Array("\u{1B}_Gm=\(more),q=2;".utf8)
            out += encoded[start..<end]
            out += [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < encoded.count
        return out
    }
}
