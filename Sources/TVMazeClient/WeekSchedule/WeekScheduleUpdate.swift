public import AirdateHTTP

/// What a ``WeekSchedule`` tells its observers.
public enum WeekScheduleUpdate: Sendable {
    /// Loading a week: `loaded` of `total` requests are done.
    case progress(loaded: Int, total: Int)
    /// A complete, fresh listing (after the first load, a refresh, or the week rolling over).
    case listing(WeekListing)
    /// Loading failed; the service tries again after `retryIn`.
    case failed(APIClientError, retryIn: Duration)
}
