/// PLACEHOLDER until the input lane's decoder lands: decodes printable UTF-8, C0 keys, CSI arrows
/// and Home/End, SGR mouse, and a lone Esc after a timeout.
struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pendingSince: Double?
    static let escapeTimeout = 0.05

    var escapeDeadline: Double? { pendingSince.map { $0 + Self.escapeTimeout } }

    mutating func feed(_ bytes: some Collection<UInt8>, at now: Double) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                guard index + 1 < pending.count else { break }
                if pending[index + 1] == 0x5B {
                    var end = index + 2
                    while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
                    guard end < pending.count else { break }
                    events += csi(Array(pending[(index + 2)..<end]), final: pending[end])
                    index = end + 1
                    continue
                }
                events.append(.key(KeyEvent(.escape)))
                index += 1
                continue
            }
            switch byte {
            case 0x09: events.append(.key(KeyEvent(.tab)))
            case 0x0A, 0x0D: events.append(.key(KeyEvent(.enter)))
            case 0x20...0x7E: events.append(.key(KeyEvent(.character(Character(Unicode.Scalar(byte))))))
            default: break
            }
            index += 1
        }
        pending.removeFirst(index)
        pendingSince = pending.isEmpty ? nil : (pendingSince ?? now)
        return events
    }

    mutating func flush(at now: Double) -> [InputEvent] {
        guard let since = pendingSince, now >= since + Self.escapeTimeout else { return [] }
        let lone = pending == [0x1B]
        pending.removeAll()
        pendingSince = nil
        return lone ? [.key(KeyEvent(.escape))] : []
    }

    private func csi(_ parameters: [UInt8], final: UInt8) -> [InputEvent] {
        let text = String(decoding: parameters, as: UTF8.self)
        switch final {
        case 0x41: return [.key(KeyEvent(.up))]
        case 0x42: return [.key(KeyEvent(.down))]
        case 0x43: return [.key(KeyEvent(.right))]
        case 0x44: return [.key(KeyEvent(.left))]
        case 0x48: return [.key(KeyEvent(.home))]
        case 0x46: return [.key(KeyEvent(.end))]
        case 0x5A: return [.key(KeyEvent(.backTab))]
        case 0x4D, 0x6D:
            guard text.hasPrefix("<") else { return [] }
            let numbers = text.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3 else { return [] }
            let button: MouseEvent.Button = numbers[0] & 3 == 0 ? .left : .right
            return [.mouse(MouseEvent(action: final == 0x4D ? .press : .release, button: button,
                                      column: numbers[1] - 1, row: numbers[2] - 1))]
        default: return []
        }
    }
}
