import AirdateCore
import AnimePlanner
import Benchmark
import Foundation

/// 200 shows of 12 to 50 episodes of 3 to 48 minutes, a quarter of them still airing weekly,
/// deterministic. At 210 minutes a day the combined schedule spans about two years (see README.md).
private func shows() -> [AnimeShow] {
    var state: UInt64 = 42
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33)
    }
    let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
    let asOf = Date(timeIntervalSince1970: 1_740_960_000)  // 2025-03-03T00:00:00Z
    return (1...200).map { id in
        let episodes = 12 + next() % 39
        let minutes = [3, 12, 24, 24, 24, 24, 30, 48][next() % 8]
        var release = ReleaseSchedule.allReleased
        if id % 4 == 0, let time = try? TimeOfDay(hour: next() % 24, minute: 30) {
            let weekday = Weekday(rawValue: 1 + next() % 7) ?? .sunday
            release = .weekly(slot: BroadcastSlot(weekday: weekday, time: time, timeZone: tokyo),
                              releasedEpisodes: next() % 6, asOf: asOf)
        }
        return AnimeShow(id: id, title: "Show \(id)", episodeCount: episodes, episodeLength: .seconds(minutes * 60),
                         release: release)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 50
    )

    let list = shows()
    let planner = ViewingPlanner(clock: .fixed(at: Date(timeIntervalSince1970: 1_740_960_000), timeZone: TimeZone(identifier: "Europe/London") ?? .gmt))
    let start = CalendarDay(daysSince1970: 20_150)  // 2025-03-03
    Benchmark("schedule 200 shows, 210 min a day") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? planner.schedule(list, minutesPerDay: 210, options: PlanOptions(start: start)))
        }
    }
    Benchmark("schedule 200 shows, 210 min a day, weekends only") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? planner.schedule(list, minutesPerDay: 210,
                                            options: PlanOptions(start: start, weekdays: [.saturday, .sunday])))
        }
    }
    Benchmark("plan 200 shows one by one, finish in two years") { benchmark in
        let finish = start.adding(days: 730)
        for _ in benchmark.scaledIterations {
            for show in list { blackHole(try? planner.plan(show, goal: .finish(by: finish), options: PlanOptions(start: start))) }
        }
    }
}
