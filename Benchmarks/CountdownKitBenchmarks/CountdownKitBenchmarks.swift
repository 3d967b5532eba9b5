import AirdateCore
import Benchmark
import CountdownKit
import Foundation

// Sorting and filtering 1,000,000 countdowns through CountdownKit, next to a hand-written
// `sorted(by:)` / `filter` on the same key. The target: within 2× of the hand-written code.

private func makeCountdowns(_ count: Int) -> [Countdown] {
    var generator = SplitMix64(seed: 42)
    let base = Date(timeIntervalSince1970: 1_750_000_000)
    let tagPool = CountdownTag.normalized(["TV", "Anime", "Film", "Cons", "Games", "Books"])
    return (0..<count).compactMap { i in
        let day = CalendarDay(daysSince1970: 20_000 + Int(generator.next() % 2_000))
        let tags = Array(tagPool.prefix(Int(generator.next() % 4)))
        return try? Countdown(
            title: "Countdown \(generator.next() % 100_000)", target: .allDay(day), tags: tags,
            created: base.addingTimeInterval(TimeInterval(generator.next() % 10_000_000)),
            archived: i % 10 == 0 ? base : nil)
    }
}

private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(10), maxIterations: 5)
    let countdowns = makeCountdowns(1_000_000)
    let zone = TimeZone(identifier: "UTC") ?? .current
    let reference = ViewerClock.fixed(at: Date(timeIntervalSince1970: 1_760_000_000), timeZone: zone)
    let tv = CountdownTag("TV")

    Benchmark("sort 1M by created (CountdownSort)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(CountdownSort(.created).sorted(countdowns, in: zone)) }
    }
    Benchmark("sort 1M by created (hand-written sorted(by:))") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(countdowns.sorted { $0.created < $1.created }) }
    }
    Benchmark("sort 1M by date descending (CountdownSort)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(CountdownSort(.date, .descending).sorted(countdowns, in: zone)) }
    }
    Benchmark("sort 1M by date descending (hand-written sorted(by:))") { benchmark in
        // The fair hand-written version computes each target's instant once, then sorts by it.
        for _ in benchmark.scaledIterations {
            let keyed = countdowns.map { ($0.target.start(in: zone), $0) }
            blackHole(keyed.sorted { $1.0 < $0.0 }.map(\.1))
        }
    }
    Benchmark("filter 1M active + has tag (CountdownFilter)") { benchmark in
        let filter = CountdownFilter.and([.scope(.active), tv.map { .hasTag($0) } ?? .everything])
        for _ in benchmark.scaledIterations { blackHole(filter.filter(countdowns, at: reference)) }
    }
    Benchmark("filter 1M active + has tag (hand-written filter)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(countdowns.filter { $0.archived == nil && tv.map($0.tags.contains) == true })
        }
    }
}
