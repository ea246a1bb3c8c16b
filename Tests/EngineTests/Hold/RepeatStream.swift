/// The times at which a held key's spaces reach the program: the press, the initial delay, then
/// repeats every `interval`, each delayed by a random 0…`jitter` s and delivered in order (as over
/// ssh: a late space holds back the ones behind it, so they arrive bunched). A `stall` delays one
/// space (by index; 0 is the press) by at least 250 ms.
struct RepeatStream {
    var press: Double
    var initialDelay: Double
    var interval: Double
    var until: Double
    var jitter = 0.0
    var stall: Int?

    /// The arrival times, in order.
    func times(_ random: inout SplitMix64) -> [Double] {
        var sent = [press]
        var t = press + initialDelay
        while t <= until + 1e-9 {
            sent.append(t)
            t += interval
        }
        var arrivals: [Double] = []
        for (index, time) in sent.enumerated() {
            var delay = jitter > 0 ? random.double(in: 0...jitter) : 0
            if index == stall { delay = max(delay, 0.25) }
            arrivals.append(max(arrivals.last ?? -Double.infinity, time + delay))
        }
        return arrivals
    }
}
