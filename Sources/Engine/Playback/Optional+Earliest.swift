/// The earlier of two optional times, where nil means "never": how every `nextDeadline` and
/// `nextWake` combines its candidates, without building an array on each wake-up.
extension Optional where Wrapped == Double {
    /// The earlier of `self` and `other`; nil only when both are nil.
    @inlinable
    public func earliest(_ other: Double?) -> Double? {
        guard let self else { return other }
        guard let other else { return self }
        return Swift.min(self, other)
    }
}
